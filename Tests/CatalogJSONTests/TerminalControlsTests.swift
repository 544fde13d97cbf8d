import CatalogJSON
import Testing
import TestSupport

/// The one scan for what a terminal acts on, against the rule it stands for: each scalar's
/// `isControl`, on text mixing plain words, other non-ASCII text and every kind of control.
@Suite struct TerminalControlsTests {
    static let pieces: [String] = [
        "squat", " ", "é", "ß", "\u{00A0}", "中", "😀", "\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}",
        "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{061C}", "\u{200F}", "\u{2027}", "\u{202F}", "\u{2070}", "a long plain run",
    ]

    /// The naive answer: the first scalar `isControl` names, as offset, length and code point.
    static func naive(_ text: String, from start: Int, c0: TerminalControls.C0) -> (offset: Int, length: Int, scalar: UInt32)? {
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if offset >= start && TerminalControls.isControl(scalar.value, c0: c0) { return (offset, length, scalar.value) }
            offset += length
        }
        return nil
    }

    @Test func theScanFindsWhatEachScalarsRuleNames() {
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            var copy = text
            for c0 in [TerminalControls.C0.all, .allButLineBreaks, .none] {
                var start = 0
                while true {
                    let expected = Self.naive(text, from: start, c0: c0)
                    let found = copy.withUTF8 { TerminalControls.first(in: $0, from: start, c0: c0) }
                    #expect(found?.offset == expected?.offset && found?.length == expected?.length && found?.scalar == expected?.scalar, "\(Array(text.unicodeScalars.map(\.value)))")
                    guard let found else { break }
                    start = found.offset + found.length
                }
            }
        }
    }

    @Test func terminalJSONEscapesExactlyThoseCharacters() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let json = JSONWriter.bytes(.object(JSONObject([JSONMember("name", .string(text))])), style: .pretty)
            let safe = JSONWriter.escapingTerminalControls(json)
            #expect(try JSONParser.parse(safe) == JSONParser.parse(json))
            var expected: [UInt8] = []
            for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
                if TerminalControls.isControl(scalar.value, c0: .none) {
                    expected += Array("\\u".utf8) + Array(String(scalar.value, radix: 16).leftPaddedTo4.utf8)
                } else {
                    expected += Array(String(scalar).utf8)
                }
            }
            #expect(safe == expected)
        }
    }
}

private extension String {
    var leftPaddedTo4: String { String(repeating: "0", count: max(0, 4 - count)) + self }
}
