import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Word diffs are lossless edit scripts on every pair of texts at hand: the triage corpus (in
/// TriageCorpusTests), the sample's two releases, real records side by side, and 10,000 random
/// edits of real instruction lines.
@Suite struct DiffPropertyTests {
    static func holds(_ old: String, _ new: String) -> Bool {
        let diff = WordDiff(old: old, new: new)
        return Array(diff.oldText.utf8) == Array(old.utf8) && Array(diff.newText.utf8) == Array(new.utf8)
            && diff.hasChanges == !old.utf8.elementsEqual(new.utf8) && !diff.segments.contains { $0.text.isEmpty }
            && cutsKeepTokens(old, new)
    }

    /// Cutting off the common start and end keeps each text's own tokens.
    static func cutsKeepTokens(_ old: String, _ new: String) -> Bool {
        let ends = WordTokens.commonEnds(old, new)
        func bytes(_ tokens: [String]) -> [[UInt8]] { tokens.map { Array($0.utf8) } }
        let split = { (middle: String) in bytes(WordTokens.split(ends.prefix) + WordTokens.split(middle) + WordTokens.split(ends.suffix)) }
        return split(ends.old) == bytes(WordTokens.split(old)) && split(ends.new) == bytes(WordTokens.split(new))
    }

    /// Each record's fields as texts (a list's items one per line, as canonical text has them).
    static func fieldTexts(_ path: String) -> [String: [String: String]] {
        guard let data = FileManager.default.contents(atPath: path), let list = try? JSONParser.parse(Array(data)).arrayValue else { return [:] }
        var out: [String: [String: String]] = [:]
        for value in list {
            guard let o = value.objectValue, let id = o["id"]?.stringValue else { continue }
            var fields: [String: String] = [:]
            for member in o.members {
                if let s = member.value.stringValue { fields[member.key] = s }
                if let a = member.value.arrayValue { fields[member.key] = a.compactMap(\.stringValue).joined(separator: "\n") }
            }
            out[id] = fields
        }
        return out
    }

    @Test func theSampleReleasesDiffExactly() {
        let old = Self.fieldTexts(TestPaths.sample), new = Self.fieldTexts(TestPaths.sampleNext)
        #expect(old.count == 24)
        var pairs = 0
        for (id, fields) in old {
            for (field, text) in fields {
                #expect(Self.holds(text, new[id]?[field] ?? ""), "\(id) \(field)")
                #expect(Self.holds(new[id]?[field] ?? "", text), "\(id) \(field)")
                pairs += 2
            }
        }
        #expect(pairs > 300)
    }

    /// Real records next to each other are often variants of one exercise: real near-misses.
    @Test(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
    func realNeighboursDiffExactly() {
        for file in ["exercisedb/exercises.json", "free-exercise-db/acd61f7.json"] {
            let records = Self.fieldTexts(TestPaths.upstream! + "/" + file).sorted { $0.key < $1.key }.map(\.value)
            #expect(records.count > 800)
            for (a, b) in zip(records, records.dropFirst()) {
                for field in ["name", "instructions"] {
                    #expect(Self.holds(a[field] ?? "", b[field] ?? ""), "\(file) \(field)")
                }
            }
        }
    }

    /// Instruction lines to edit: the real ones when at hand, else the sample's.
    static let lines: [String] = {
        let path = TestPaths.upstream.map { $0 + "/exercisedb/exercises.json" } ?? TestPaths.sample
        return fieldTexts(path).sorted { $0.key < $1.key }.flatMap { ($0.value["instructions"] ?? "").split(separator: "\n").map(String.init) }
    }()

    @Test func tenThousandRandomEditsDiffExactlyAndClassifySafely() {
        var random = SeededGenerator(seed: 18)
        var counts: [String: Int] = [:]
        for _ in 0..<10_000 {
            let line = Self.lines[Int.random(in: 0..<Self.lines.count, using: &random)]
            let (old, edited, edit) = RandomEdit.apply(to: line, using: &random)
            counts[edit, default: 0] += 1
            #expect(Self.holds(old, edited), "\(edit): \(old) → \(edited)")
            let kind = FieldChange.classify(field: "instructions", old: old, new: edited, lexicon: .empty).kind
            switch edit {
            case "insert word", "delete word", "new mojibake": #expect(kind == .substantive, "\(edit): \(old) → \(edited)")
            case "mojibake": #expect(kind == .encodingRepair, "\(old) → \(edited)")
            default: break
            }
            if old != edited { #expect(FieldChange.classify(field: "equipment", old: old, new: edited, lexicon: .empty).kind == .substantive) }
        }
        #expect(counts.count == RandomEdit.kinds.count)
    }
}

/// Random edits of a line: the kinds a release makes, and noise.
enum RandomEdit {
    static let kinds = ["insert word", "delete word", "swap letters", "punctuation", "whitespace", "mojibake", "new mojibake", "unicode noise"]
    static let noise: [String] = ["é", "e\u{301}", "’", "“", "—", "…", "\u{A0}", "\u{9D}", "Â", "в°", "🏋️", "\r\n", "\n", "  ", "\t", "'", "-"]

    /// The old text, the new one, and the edit's name.
    static func apply(to line: String, using random: inout SeededGenerator) -> (String, String, String) {
        var tokens = WordTokens.split(line)
        let words = tokens.indices.filter { WordTokens.isWord(tokens[$0]) }
        let edit = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        guard let w = words.randomElement(using: &random) else { return (line, line + " x", "insert word") }
        switch edit {
        case "insert word": tokens.insert(contentsOf: ["brace", " "], at: w)
        case "delete word":
            guard words.count > 1 else { return (line, line + " x", "insert word") }
            tokens.remove(at: w)
        case "swap letters":
            var c = Array(tokens[w])
            if c.count >= 2 { let i = Int.random(in: 0..<(c.count - 1), using: &random); c.swapAt(i, i + 1) }
            tokens[w] = String(c)
        case "punctuation": tokens.insert([",", ";", "(", ".", "!"].randomElement(using: &random)!, at: w)
        case "whitespace": tokens.insert([" ", "  ", "\t"].randomElement(using: &random)!, at: w)
        case "mojibake":
            // The old text carried the line, with typography, as mojibake; the new one is repaired.
            let clean = line + " It’s 90°."
            return (Mojibake.misread(clean, as: [.windows1252, .windows1251].randomElement(using: &random)!), clean, edit)
        case "new mojibake": tokens.insert(contentsOf: [Mojibake.misread("’", as: .windows1252), " "], at: w)
        default: tokens.insert(noise.randomElement(using: &random)!, at: w)
        }
        return (line, tokens.joined(), edit)
    }
}
