import CatalogCore
import Foundation
import Testing
import TestSupport

/// An editor's first hour (issue 17), run as an editor would: the built binary in fresh folders.
@Suite struct FirstHourTests {
    func json(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).objectValue)
    }

    @Test func initWritesWorkingDefaultVocabulariesAndAGitignore() throws {
        let dir = TempDirectory()
        let initialised = try runCatalog(["init"], in: dir.path)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        for name in Vocabulary.files {
            let project = try String(contentsOfFile: TestPaths.packageRoot + "/catalog/vocab/" + name, encoding: .utf8)
            #expect(dir.read("catalog/vocab/" + name) == project, "\(name) is the project's own")
        }
        #expect(dir.read(".gitignore") == ".catalog/\ndist/\n*.key\n")
        let vocab = try json(try runCatalog(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["patterns"] == 28)
        // The third step of the walkthrough works on a fresh catalog.
        #expect(try runCatalog(["import", TestPaths.sample], in: dir.path).status == 0)
        let review = try runCatalog(["review", "s001", "--set", "movementPattern=trunk-flexion", "--editor", "ana"], in: dir.path)
        #expect(review.status == 0, "\(review.stderr)")
        let suggest = try runCatalog(["suggest", "s001"], in: dir.path)
        #expect(!suggest.stdout.contains("(no suggestion)"))
    }

    @Test func initBareWritesEmptyVocabulariesAndKeepsAGitignoresLines() throws {
        let dir = TempDirectory()
        _ = dir.write(".gitignore", "node_modules/\ndist/")
        #expect(try runCatalog(["init", "--bare"], in: dir.path).status == 0)
        #expect(dir.read(".gitignore") == "node_modules/\ndist/\n.catalog/\n*.key\n")
        let vocab = try json(try runCatalog(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["patterns"] == 0)
        #expect(vocab["equipment"] == 0)
    }

    @Test func vocabUpdateAddsNewDefaultsAndKeepsTheCatalogsOwn() throws {
        let dir = TempDirectory()
        #expect(try runCatalog(["init"], in: dir.path).status == 0)
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

        let dry = try runCatalog(["vocab", "--update", "--dry-run"], in: dir.path)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("items[sled]") && dry.stdout.contains("items[incline-bench].kindOf"))
        #expect(dir.read("catalog/vocab/equipment.json") == before)

        let update = try json(try runCatalog(["vocab", "--update", "--json"], in: dir.path).stdout)
        let files = update["files"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(files.map { $0["file"] } == ["catalog/vocab/equipment.json", "catalog/vocab/levels.json"])
        #expect(files.first?["added"] == ["items[incline-bench].kindOf", "items[decline-bench].kindOf", "items[assisted-pullup-machine].kindOf", "items[sled]"])
        #expect(files.last?["created"] == true)
        let after = dir.read("catalog/vocab/equipment.json") ?? ""
        #expect(after.contains("our gym's flat bench") && after.contains("our-sled") && after.contains("\"sled\""))
        #expect(try runCatalog(["vocab", "--update"], in: dir.path).stdout.contains("nothing changed"))
    }
}
