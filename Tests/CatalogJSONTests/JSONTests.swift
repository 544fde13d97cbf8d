import CatalogJSON
import Testing

@Suite struct TerminalSafeJSONTests {
    /// Characters a terminal acts on but JSON allows raw become `\u` escapes: the document
    /// still parses, to the same value; output without them comes back as it was.
    @Test func escapesWhatATerminalWouldActOnAndKeepsTheValue() throws {
        let text = "a\u{7F}b\u{80}c\u{85}d\u{9F}e\u{A0}f\u{2028}g\u{2029}h\u{2027}é°\u{1F600}"
        let value = JSONValue.object(JSONObject([JSONMember("name", .string(text)), JSONMember("n", .array([.string("\u{85}"), .int(1)]))]))
        let written = JSONWriter.bytes(value, style: .pretty)
        let safe = JSONWriter.escapingTerminalControls(written)
        #expect(try JSONParser.parse(safe) == value)
        let shown = String(decoding: safe, as: UTF8.self)
        #expect(shown.contains(#"a\u007fb\u0080c\u0085d\u009fe"#) && shown.contains(#"\u2028g\u2029h"#))
        #expect(!shown.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 })
        #expect(shown.contains("\u{A0}f") && shown.contains("\u{2027}é°\u{1F600}"))
        // Nothing to escape, at every length and offset around the eight-byte words.
        for length in 0..<20 {
            let plain = Array(String(repeating: "xé", count: length).utf8.prefix(length))
            #expect(JSONWriter.escapingTerminalControls(plain) == plain)
            for at in 0..<length {
                var bytes = [UInt8](repeating: 0x61, count: length)
                bytes[at] = 0x7F
                #expect(JSONWriter.escapingTerminalControls(bytes) == Array(bytes[..<at]) + Array("\\u007f".utf8) + Array(bytes[(at + 1)...]))
            }
        }
    }
}

@Suite struct JSONParserTests {
    @Test func parsesAllValueKindsAndKeepsNumberLexemes() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.50, 3e+2, true, false, null], "b": "x\ty\u00e9\ud83d\ude00"}"#)
        #expect(value == ["a": [.number("1"), .number("-2.50"), .number("3e+2"), true, false, nil], "b": .string("x\tyé😀")])
    }

    @Test func keepsMemberOrderAndWritesSortedCanonicalJSON() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": {"y": [], "b": {}}}"#)
        #expect(value.objectValue?.keys == ["z", "a"])
        #expect(JSONWriter.string(value) == #"{"a":{"b":{},"y":[]},"z":1}"#)
        #expect(JSONWriter.string(value, style: .pretty) == "{\n  \"a\": {\n    \"b\": {},\n    \"y\": []\n  },\n  \"z\": 1\n}\n")
    }

    @Test func roundTripsEscapes() throws {
        let text = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} é <script>"
        let written = JSONWriter.string(.string(text))
        #expect(written == #""quote \" backslash \\ newline \n tab \t nul \u0000 bell \u0007 é <script>""#)
        #expect(try JSONParser.parse(written) == .string(text))
    }

    /// Strings are copied a run at a time between escapes: every escape at every offset around
    /// the eight-byte words, alone and next to another, is written as one byte at a time writes it.
    @Test func escapesAtEveryOffsetAreWrittenAsOneByteAtATime() throws {
        func oneByteAtATime(_ bytes: [UInt8]) -> [UInt8] {
            let short: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74, 0x08: 0x62, 0x0C: 0x66]
            return [0x22] + bytes.flatMap { b -> [UInt8] in
                if let s = short[b] { return [0x5C, s] }
                let hex = Array("0123456789abcdef".utf8)
                return b < 0x20 ? [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]] : [b]
            } + [0x22]
        }
        for length in 0..<20 {
            for at in 0..<max(length, 1) {
                for escaped: [UInt8] in [[0x22], [0x5C], [0x0A], [0x01], [0x1F], [0x0A, 0x0A], [0x22, 0x7F, 0x5C]] {
                    var bytes = Array(String(repeating: "xé", count: length).utf8.prefix(length))
                    if at < length { bytes.replaceSubrange(at..<min(length, at + escaped.count), with: escaped.prefix(length - at)) }
                    let text = String(decoding: bytes, as: UTF8.self)
                    var out: [UInt8] = []
                    JSONWriter.writeString(text, into: &out)
                    #expect(out == oneByteAtATime(Array(text.utf8)), "\(length) \(at) \(escaped)")
                }
            }
        }
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    }

    @Test(arguments: [
        ("", "empty document"),
        ("[1, 2", "unexpected end of input"),
        ("[\"abc", "unterminated string"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\""),
        ("[01]", "expected ',' or ']'"),
        ("[1.]", "invalid number"),
        ("[tru]", "invalid literal"),
        ("[\"\\ud800\"]", "lone surrogate"),
        ("[\"\\x\"]", "invalid escape"),
        ("[\"a\nb\"]", "control character"),
        ("[1] [2]", "after the end of the document"),
        ("{\"a\" 1}", "expected ':'"),
    ])
    func rejectsMalformedDocuments(input: String, message: String) {
        #expect {
            try JSONParser.parse(input)
        } throws: { error in
            (error as? JSONParseError)?.message.contains(message) == true
        }
    }

    @Test func reportsLineColumnAndPathOfTheFailure() {
        let input = "[\n  {\"id\": \"1\"},\n  {\"id\": \"2\", \"instructions\": [\"a\", tru]}\n]"
        do {
            _ = try JSONParser.parse(input)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.recordIndex == 1)
            #expect(JSONPathComponent.render(error.path) == "[1].instructions[1]")
        }
    }

    @Test func rejectsInvalidUTF8InStringsWithItsOffset() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "invalid UTF-8 in a string")
            #expect(error.offset == 4)
        }
        // Overlong encoding of '/' and a UTF-16 surrogate encoded in UTF-8 are invalid too.
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)) }
    }

    @Test func limitsNestingDepth() throws {
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }
}
