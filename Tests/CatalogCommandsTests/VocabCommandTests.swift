import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog vocab`: updating the default vocabularies, and what there is to map.
@Suite struct VocabCommandTests: CommandFixtures {
    @Test func vocabUpdateAddsNewDefaultsAndKeepsTheCatalogsOwn() throws {
        let dir = TempDirectory()
        #expect(runInProcess(["init"], in: dir.path).status == 0)
        // An older catalog: no kindOf, no sled; its own wording and its own item.
        var equipment = try #require(try JSONParser.parse(Array(dir.read("catalog/vocab/equipment.json")!.utf8)).objectValue)
        var items = equipment["items"]!.arrayValue!.filter { $0.objectValue?["id"] != "sled" }.map { item -> JSONValue in
            var o = item.objectValue!
            o["kindOf"] = nil
            if o["id"] == "bench" { o["definition"] = "our gym's flat bench" }
            return .object(o)
        }
        items.append(["id": "our-sled", "definition": "the sled by the door"])
        equipment["items"] = .array(items)
        _ = dir.write("catalog/vocab/equipment.json", JSONWriter.string(.object(equipment), style: .pretty))
        try? FileManager.default.removeItem(atPath: dir.path + "/catalog/vocab/levels.json")
        let before = dir.read("catalog/vocab/equipment.json")

        let dry = runInProcess(["vocab", "--update", "--dry-run"], in: dir.path)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("items[sled]") && dry.stdout.contains("items[incline-bench].kindOf"))
        #expect(dir.read("catalog/vocab/equipment.json") == before)

        let update = try json(runInProcess(["vocab", "--update", "--json"], in: dir.path).stdout)
        let files = update["files"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(files.map { $0["file"] } == ["catalog/vocab/equipment.json", "catalog/vocab/levels.json"])
        #expect(files.first?["added"] == ["items[incline-bench].kindOf", "items[decline-bench].kindOf", "items[squat-rack].kindOf", "items[smith-machine].kindOf", "items[assisted-pullup-machine].kindOf", "items[suspension-trainer].kindOf", "items[gymnastic-rings].kindOf", "items[sled]"])
        #expect(files.last?["created"] == true)
        let after = dir.read("catalog/vocab/equipment.json") ?? ""
        #expect(after.contains("our gym's flat bench") && after.contains("our-sled") && after.contains("\"sled\""))
        #expect(runInProcess(["vocab", "--update"], in: dir.path).stdout.contains("nothing changed"))
    }

    @Test func vocabBeforeAnyImportSaysThereIsNothingToMapYet() throws {
        let dir = try newCatalog()
        let result = runInProcess(["vocab"], in: dir.path)
        #expect(result.status == 0 && result.stdout.contains("no upstream source imported yet"), "\(result.stdout)")
        #expect(!result.stdout.contains("is mapped"))
    }
}
