import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The vocabularies embedded in the binary are the project's own catalog/vocab/ files, and
/// `vocab --update`'s merge adds what is new without touching what a catalog has.
@Suite struct DefaultVocabularyTests {
    /// Where `make vocab-defaults` writes one Swift file per vocabulary.
    static let folder = TestPaths.packageRoot + "/Sources/CatalogCore/Vocabulary/Defaults"

    /// `patterns.json` → `patterns` (the file's base name, and its literal is `patternsText`).
    static func base(_ name: String) -> String { String(name.prefix { $0 != "." }) }

    static func fileName(_ name: String) -> String { "DefaultVocabulary+\(base(name)).swift" }

    /// The generated file for one vocabulary: the file's exact text as one raw string literal,
    /// its line breaks written `\####n` and its source lines 120 characters long (each ends in
    /// the continuation `\####`), so the binary holds the file's bytes and the source stays
    /// short. The same text always gives the same file: a conflict in it is resolved by
    /// generating it again.
    static func source(name: String, text: String) -> String {
        precondition(!text.contains("\"\"\"####") && !text.contains("\\####"), "\(name) holds the literal's delimiter or escape")
        var lines: [String] = []
        var current = ""
        for character in text {
            let piece = character == "\n" ? "\\####n" : String(character)
            if current.count + piece.count > 120 {
                lines.append(current + "\\####")
                current = ""
            }
            current += piece
        }
        lines.append(current)
        var out = "// Generated from catalog/vocab/\(name) by `make vocab-defaults`: do not edit by hand.\n"
        out += "// DefaultVocabularyTests holds this text equal to the file.\n"
        out += "extension DefaultVocabulary {\n    static let \(base(name))Text = ####\"\"\"\n"
        return out + lines.joined(separator: "\n") + "\n\"\"\"####\n}\n"
    }

    @Test func theEmbeddedVocabulariesAreTheProjectsOwnFiles() throws {
        let texts = try Vocabulary.files.map { name in
            (name, try String(contentsOfFile: TestPaths.packageRoot + "/catalog/vocab/" + name, encoding: .utf8))
        }
        let update = ProcessInfo.processInfo.environment["UPDATE_DEFAULT_VOCABULARY"] == "1"
        if update { try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true) }
        for (name, text) in texts {
            let path = Self.folder + "/" + Self.fileName(name), expected = Self.source(name: name, text: text)
            if update { try expected.write(toFile: path, atomically: true, encoding: .utf8) }
            let current = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(current == expected, "catalog/vocab/\(name) changed: run `make vocab-defaults` and rebuild")
            #expect(expected.split(separator: "\n", omittingEmptySubsequences: false).count <= 400, "\(Self.fileName(name)) is over 400 lines")
        }
        // No generated file of a vocabulary that is gone.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".swift") }
        #expect(Set(files) == Set(Vocabulary.files.map(Self.fileName)))
        #expect(Set(DefaultVocabulary.documents.keys) == Set(Vocabulary.files))
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
