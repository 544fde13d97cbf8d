@testable import CatalogCore
import CatalogJSON
import CatalogModel
import Testing

/// The cheaper paths `suggest --all` takes give what the plain ones give: the writer's
/// word-at-a-time escape check and sorted-object check, phrase indexes on a shared lexicon, the
/// memchr keyword search, the confidence table.
@Suite struct SuggestPathTests {
    /// `"`, `\` and control characters at every offset around the eight-byte words, and text
    /// that needs nothing (non-ASCII included), each written as the byte-by-byte rule says.
    @Test func stringEscapesAtEveryOffset() throws {
        let escapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\u{01}": "\\u0001", "\u{1F}": "\\u001f"]
        func expected(_ s: String) -> String { "\"" + s.unicodeScalars.map { escapes[$0] ?? String($0) }.joined() + "\"" }
        for length in 0..<20 {
            for special in ["\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "~", " "] {
                for at in 0...length {
                    let s = String(repeating: "a", count: at) + special + String(repeating: "b", count: length - at)
                    #expect(JSONWriter.string(.string(s)) == expected(s))
                    #expect(try JSONParser.parse(JSONWriter.bytes(.string(s))) == .string(s))
                }
            }
        }
    }

    @Test func objectsInKeyOrderAreWrittenAsTheSortedOnes() {
        let sorted = JSONValue.object(JSONObject([JSONMember("a", 1), JSONMember("b", 2), JSONMember("c", 3)]))
        let unsorted = JSONValue.object(JSONObject([JSONMember("c", 3), JSONMember("a", 1), JSONMember("b", 2)]))
        #expect(JSONWriter.string(sorted) == "{\"a\":1,\"b\":2,\"c\":3}")
        #expect(JSONWriter.string(unsorted) == JSONWriter.string(sorted))
        // UTF-8 order, not Character order: "Z" before "a", "é" after "z".
        let mixed = JSONValue.object(JSONObject([JSONMember("é", 1), JSONMember("a", 2), JSONMember("Z", 3), JSONMember("z", 4)]))
        #expect(JSONWriter.string(mixed) == "{\"Z\":3,\"a\":2,\"z\":4,\"é\":1}")
    }

    /// Indentation deeper than the writer's slice of blanks (32) is still two spaces a level.
    @Test func deepIndentation() {
        var value = JSONValue.string("x")
        for _ in 0..<20 { value = .array([value]) }
        let lines = JSONWriter.string(value, style: .pretty).split(separator: "\n")
        #expect(lines.count == 41)
        for (i, line) in lines.prefix(21).enumerated() {
            #expect(line == Substring(String(repeating: " ", count: 2 * i) + (i == 20 ? "\"x\"" : "[")))
        }
    }

    @Test func phraseIndexesOnOneLexiconFindWhatEachFindsAlone() {
        let first = [("bench press", 1), ("incline bench", 2), ("bench", 3)]
        let second = [("pull up", 10), ("press", 11), ("pull", 12)]
        var lexicon = Lexicon()
        let a = PhraseIndex(first, words: ExerciseName.rawWords, lexicon: &lexicon)
        let b = PhraseIndex(second, words: ExerciseName.rawWords, lexicon: &lexicon)
        let aloneA = PhraseIndex(first, words: ExerciseName.rawWords)
        let aloneB = PhraseIndex(second, words: ExerciseName.rawWords)
        for name in ["incline bench press", "bench press pull up", "pull", "unknown words only", "", "press bench incline", "bench bench"] {
            let words = ExerciseName.rawWords(name)
            let ids = lexicon.ids(words)
            for (shared, alone) in [(a, aloneA), (b, aloneB)] {
                let found = shared.hits(ids: ids).map { "\($0.payload) \($0.phrase) \($0.range) \($0.length)" }
                #expect(found == alone.hits(in: words).map { "\($0.payload) \($0.phrase) \($0.range) \($0.length)" }, "\(name)")
                #expect(shared.first(ids: ids)?.payload == alone.first(in: words)?.payload, "\(name)")
                #expect(shared.first(ids: ids)?.range == alone.first(in: words)?.range, "\(name)")
            }
        }
        let hits = a.hits(in: ExerciseName.rawWords("incline bench press"))
        #expect(hits.map(\.payload) == [2, 1, 3])
        #expect(PhraseIndex.longest(hits).map(\.payload) == [2])  // "incline bench" is longer than "bench press"
        #expect(lexicon.ids(["bench", "nothing"]) == [lexicon.ids(["bench"])[0], -1])
    }

    @Test func keywordSearchFindsEveryWholeWordOccurrence() {
        #expect(NameMatcher.ranges(of: "hold", in: "hhold hold, Hold holds hold") == [6..<10, 23..<27])
        #expect(NameMatcher.ranges(of: "hold for 5", in: "hold for 50 then hold for 5") == [17..<27])
        #expect(NameMatcher.ranges(of: "a", in: "a") == [0..<1])
        #expect(NameMatcher.ranges(of: "ab", in: "a").isEmpty)
        #expect(NameMatcher.ranges(of: "", in: "a").isEmpty)
        #expect(NameMatcher.ranges(of: "dip", in: "dip dip", first: true) == [0..<3])
        #expect(NameMatcher.ranges(of: "dip", in: "édip dip") == [6..<9])
    }

    @Test func rawWordsLowercaseEveryScript() {
        #expect(ExerciseName.rawWords("Farmer's Walk ÉLAN_Çurl 2x\u{2019}s") == ["farmers", "walk", "élan", "çurl", "2xs"])
        #expect(ExerciseName.rawWords("  --  ") == [])
        #expect(ExerciseName.words("Weighted Pull-Up Rack_Pulls") == ["weighted", "pullup", "rack", "pull"])
        #expect(ExerciseName.words(raw: ExerciseName.rawWords("Reverse Flyes")) == ExerciseName.words("Reverse Flyes"))
    }

    /// The table of hundredths gives what JSONNumber.format gives, and other values go to it.
    @Test func confidencesAreFormattedAsReviewFormatDoes() {
        for h in 0...100 {
            #expect(Suggestion.format(Double(h) / 100) == JSONNumber.format(Double(h) / 100))
        }
        for value in [0.123, 1e-7, 0.5000001, 1.5, -0.25, 0.07] {
            #expect(Suggestion.format(value) == JSONNumber.format(value))
        }
    }
}
