import CatalogCore
import Foundation
import Testing
import TestSupport

/// The vocabularies embedded in the binary are the project's own catalog/vocab/ files, and
/// `vocab --update`'s merge adds what is new without touching what a catalog has.
@Suite struct DefaultVocabularyTests {
    static let generated = TestPaths.packageRoot + "/Sources/CatalogCore/Vocabulary/DefaultVocabulary+Files.swift"

    /// The generated file for the texts of catalog/vocab/ (what `make vocab-defaults` writes).
    static func source(_ texts: [(String, String)]) -> String {
        var out = "// Generated from catalog/vocab/ by `make vocab-defaults`: do not edit by hand.\n"
        out += "// DefaultVocabularyTests holds these texts equal to the files.\n"
        out += "extension DefaultVocabulary {\n    static let texts: [(name: String, text: String)] = [\n"
        for (name, text) in texts {
            precondition(!text.contains("\"\"\"####"), "\(name) holds the literal's delimiter")
            out += "        (\"\(name)\", ####\"\"\"\n\(text)\n\"\"\"####),\n"
        }
        return out + "    ]\n}\n"
    }

    @Test func theEmbeddedVocabulariesAreTheProjectsOwnFiles() throws {
        let texts = try Vocabulary.files.map { name in
            (name, try String(contentsOfFile: TestPaths.packageRoot + "/catalog/vocab/" + name, encoding: .utf8))
        }
        let expected = Self.source(texts)
        if ProcessInfo.processInfo.environment["UPDATE_DEFAULT_VOCABULARY"] == "1" {
            try expected.write(toFile: Self.generated, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOfFile: Self.generated, encoding: .utf8)
        #expect(current == expected, "catalog/vocab/ changed: run `make vocab-defaults` and rebuild")
        for (name, text) in texts { #expect(DefaultVocabulary.documents[name].map { $0 == Array(text.utf8) } == true, "\(name) differs from the embedded copy") }
        let vocabulary = try Vocabulary.load(DefaultVocabulary.documents, directory: "defaults")
        #expect(vocabulary.patterns.count >= 20 && vocabulary.equipment.count >= 40 && vocabulary.levels == ["beginner", "intermediate", "advanced"])
    }

    @Test func bareVocabulariesLoadEmpty() throws {
        let vocabulary = try Vocabulary.load(DefaultVocabulary.bare, directory: "bare")
        #expect(vocabulary.patterns.isEmpty && vocabulary.equipment.isEmpty && vocabulary.muscles.isEmpty && vocabulary.levels.isEmpty)
    }

    @Test func mergeAddsWhatIsNewAndKeepsWhatTheCatalogHas() {
        let mine: JSONValue = ["formatVersion": 1, "items": [
            ["id": "bench", "definition": "my own words", "setupSeconds": 25],
            ["id": "my-sled", "definition": "a local addition"],
        ], "synonyms": ["exercisedb": ["body weight": []]]]
        let defaults: JSONValue = ["formatVersion": 2, "items": [
            ["id": "bench", "definition": "a flat bench", "setupSeconds": 20, "loadStepKg": nil],
            ["id": "incline-bench", "definition": "an incline bench", "kindOf": ["bench"]],
        ], "synonyms": ["exercisedb": ["body weight": ["floor"], "leverage machine": ["weight-machine"]]]]
        let (merged, added) = DefaultVocabulary.merge(mine, defaults: defaults)
        #expect(added == ["items[bench].loadStepKg", "items[incline-bench]", "synonyms.exercisedb.leverage machine"])
        let items = merged.objectValue?["items"]?.arrayValue ?? []
        #expect(items.map { $0.objectValue?["id"] } == ["bench", "my-sled", "incline-bench"])
        #expect(items[0].objectValue?["definition"] == "my own words")
        #expect(items[0].objectValue?["setupSeconds"] == 25)
        #expect(merged.objectValue?["formatVersion"] == 1)
        #expect(merged.objectValue?["synonyms"]?.objectValue?["exercisedb"]?.objectValue?["body weight"] == [])
        // Merging again adds nothing.
        #expect(DefaultVocabulary.merge(merged, defaults: defaults).1.isEmpty)
    }
}
