import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The triage corpus (Tests/Triage/pairs.json): pairs of old and new field text the team wrote,
/// with the kind each should get. It measures the classifier's two error rates; the README
/// states them (`make triage` prints them).
@Suite struct TriageCorpusTests {
    struct Pair {
        var field: String, old: String, new: String, kind: ChangeKind, repaired: String?, note: String
    }

    static let pairs: [Pair] = {
        let path = TestPaths.packageRoot + "/Tests/Triage/pairs.json"
        guard let data = FileManager.default.contents(atPath: path), let list = try? JSONParser.parse(Array(data)).arrayValue else { return [] }
        return list.compactMap { value in
            guard let o = value.objectValue, let field = o["field"]?.stringValue, let old = o["old"]?.stringValue,
                  let new = o["new"]?.stringValue, let kind = o["kind"]?.stringValue.flatMap(ChangeKind.init(rawValue:)) else { return nil }
            return Pair(field: field, old: old, new: new, kind: kind, repaired: o["repaired"]?.stringValue, note: o["note"]?.stringValue ?? "")
        }
    }()

    /// The lexicon names are judged with, as a catalog of the real sources has it: the words of
    /// ExerciseDB's and free-exercise-db's names and instructions (../shared/data/upstream) and
    /// the default vocabularies' words; without the real data, the project's sample catalog's.
    static let lexicon: CatalogLexicon = {
        var lexicon = CatalogLexicon(terms: CatalogLexicon.terms(of: try! Vocabulary.load(DefaultVocabulary.documents, directory: "defaults")))
        let files = TestPaths.upstream.map { [$0 + "/exercisedb/exercises.json", $0 + "/free-exercise-db/acd61f7.json"] }
            ?? [TestPaths.packageRoot + "/catalog/sample/exercisedb-sample.json"]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let records = try? JSONParser.parse(Array(data)).arrayValue else { continue }
            for record in records.compactMap(\.objectValue) {
                for value in [record["name"], record["instructions"]] {
                    for text in value?.arrayValue?.compactMap(\.stringValue) ?? value?.stringValue.map { [$0] } ?? [] { lexicon.add(text) }
                }
            }
        }
        return lexicon
    }()

    /// Every pair of the file is read: one with a misspelt kind or a missing key would otherwise
    /// be left out of the figures without a word.
    @Test func everyPairOfTheCorpusIsRead() throws {
        let data = try #require(FileManager.default.contents(atPath: TestPaths.packageRoot + "/Tests/Triage/pairs.json"))
        let raw = try #require(try JSONParser.parse(Array(data)).arrayValue)
        #expect(raw.count >= 100)
        #expect(Self.pairs.count == raw.count, "\(raw.count - Self.pairs.count) pairs of pairs.json do not read")
    }

    static let harmless: Set<ChangeKind> = [.encodingRepair, .punctuation, .spelling]

    @Test func theCorpusIsLargeAndCoversEveryKindAndCodePage() {
        #expect(Self.pairs.count >= 100)
        for kind in [ChangeKind.encodingRepair, .punctuation, .spelling, .substantive] {
            #expect(Self.pairs.filter { $0.kind == kind }.count >= 15, "\(kind.rawValue)")
        }
        // Names: typos put right, and one-letter changes that make another exercise.
        let names = Self.pairs.filter { $0.field == "name" }
        #expect(names.count >= 80 && names.filter { $0.kind == .spelling }.count >= 30 && names.filter { $0.kind == .substantive }.count >= 40)
        let repaired = Self.pairs.compactMap(\.repaired)
        for page in ["windows-1252", "iso-8859-1", "windows-1251", "case-changed", "twice"] {
            #expect(repaired.filter { $0.contains(page) }.count >= 4, "\(page)")
        }
        // Windows-1252's five unassigned bytes, carried as C1 controls.
        for byte: UInt32 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(Self.pairs.contains { $0.kind == .encodingRepair && $0.old.unicodeScalars.contains(Unicode.Scalar(byte)!) }, "0x\(String(byte, radix: 16))")
        }
    }

    @Test func noSubstantiveChangeIsClassedHarmlessAndHarmlessOnesAreRight() {
        var confusion: [ChangeKind: [ChangeKind: Int]] = [:]
        var wrongHarmless: [String] = []
        var missed: [String] = []
        for pair in Self.pairs {
            let got = FieldChange.classify(field: pair.field, old: pair.old, new: pair.new, lexicon: Self.lexicon)
            confusion[pair.kind, default: [:]][got.kind, default: 0] += 1
            if pair.kind == .substantive && got.kind != .substantive { wrongHarmless.append("\(pair.field): \(pair.old) → \(pair.new) (\(got.kind.rawValue))") }
            if Self.harmless.contains(pair.kind) && got.kind != pair.kind { missed.append("\(pair.field): \(pair.old) → \(pair.new): \(got.kind.rawValue) \(got.details), expected \(pair.kind.rawValue)") }
            if let repaired = pair.repaired, got.kind == .encodingRepair {
                #expect(got.details.first == "repaired: \(repaired)", "\(pair.old)")
            }
        }
        let harmlessCount = Self.pairs.filter { Self.harmless.contains($0.kind) }.count
        let substantiveCount = Self.pairs.count - harmlessCount
        let right = harmlessCount - missed.count
        let names = Self.pairs.filter { $0.field == "name" }
        print("triage corpus: \(Self.pairs.count) pairs (\(harmlessCount) harmless, \(substantiveCount) substantive; \(names.count) of names)")
        for expected in ChangeKind.allCases where confusion[expected] != nil {
            let row = ChangeKind.allCases.compactMap { got in confusion[expected]![got].map { "\($0) \(got.rawValue)" } }
            print("  expected \(expected.rawValue): classed " + row.joined(separator: ", "))
        }
        print("  substantive classed harmless: \(wrongHarmless.count) of \(substantiveCount)")
        print("  harmless classed right: \(right) of \(harmlessCount) (\(String(format: "%.1f", 100 * Double(right) / Double(max(1, harmlessCount))))%)")
        for line in missed { print("  missed: \(line)") }
        #expect(wrongHarmless.isEmpty, "\(wrongHarmless)")
        #expect(Double(right) >= 0.95 * Double(harmlessCount), "\(missed)")
    }

    /// Every corpus pair's diff rebuilds both texts exactly.
    @Test func everyCorpusDiffRebuildsBothTexts() {
        for pair in Self.pairs {
            let diff = WordDiff(old: pair.old, new: pair.new)
            #expect(Array(diff.oldText.utf8) == Array(pair.old.utf8) && Array(diff.newText.utf8) == Array(pair.new.utf8), "\(pair.old)")
        }
    }
}
