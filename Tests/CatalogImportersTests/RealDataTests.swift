import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation
import TestSupport
import Testing

/// The real upstream datasets in ../shared/data/upstream (skipped when absent).
@Suite(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
struct RealDataTests {
    func file(_ relative: String) throws -> FileFixture {
        let root = try #require(TestPaths.upstream)
        let path = root + "/" + relative
        return FileFixture(path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func exerciseDBJSON() throws -> [UpstreamRecord] {
        try importRecords([file("exercisedb/exercises.json")])
    }

    @Test func exerciseDBJSONHas1324RecordsWithUniqueIds() throws {
        let input = try file("exercisedb/exercises.json")
        #expect(try detectedFormat([input]) == "exercisedb")
        let records = try importRecords([input])
        #expect(records.count == 1_324)
        #expect(Set(records.map(\.id)).count == 1_324)
        #expect(records.first?.id == "0001")
        #expect(records.allSatisfy { !TextNormalizer.normalize($0.name).isEmpty })
        #expect(records.allSatisfy { $0.extra["gifUrl"]?.stringValue != nil })
    }

    @Test func exerciseDBCSVHasTheSameIdsAndFingerprintsAsTheJSON() throws {
        let input = try file("exercisedb/kaggle-fitness-exercises.csv")
        #expect(try detectedFormat([input]) == "exercisedb-csv")
        let csv = try importRecords([input])
        let json = try exerciseDBJSON()
        #expect(csv.count == 1_324)
        #expect(csv.map(\.id) == json.map(\.id))
        let csvPrints = fingerprints(csv, format: "exercisedb-csv")
        let jsonPrints = fingerprints(json, format: "exercisedb")
        let differing = json.map(\.id).filter { csvPrints[$0] != jsonPrints[$0] }
        #expect(differing.isEmpty, "fingerprints differ for \(differing.prefix(10))")
    }

    @Test func freeExerciseDBHas873Records() throws {
        let input = try file("free-exercise-db/acd61f7.json")
        #expect(try detectedFormat([input]) == "free-exercise-db")
        let records = try importRecords([input])
        #expect(records.count == 873)
        #expect(Set(records.map(\.id)).count == 873)
        #expect(records.allSatisfy { $0.list("target") != nil && $0.extra["level"] != nil })
    }

    @Test func wgerHas872EnglishRecordsWithNames() throws {
        let inputs = try ["translations.json", "exercise-base-data.json", "categories.json", "equipment.json", "muscles.json", "languages.json"]
            .map { try file("wger/" + $0) }
        #expect(try detectedFormat(inputs) == "wger")
        let records = try importRecords(inputs)
        #expect(records.count == 872)
        #expect(Set(records.map(\.id)).count == 872)
        #expect(records.allSatisfy { !TextNormalizer.normalize($0.name).isEmpty })
        // Every English translation has its exercise base data, so every category is resolved.
        #expect(records.allSatisfy { $0.string("bodyPart") != nil && $0.extra["exercise"] != nil })
        // No HTML markup survives into canonical text.
        let texts = records.map { canonical($0, format: "wger").text }
        #expect(!texts.contains { $0.contains("<p>") || $0.contains("&nbsp;") || $0.contains("\u{00A0}") })
    }

    @Test func wgerGermanThroughTheLanguageFixture() throws {
        let inputs = try ["translations.json", "languages.json"].map { try file("wger/" + $0) }
        let records = try importRecords(inputs, options: ImportOptions(language: "de"))
        #expect(records.count == 214)
    }
}
