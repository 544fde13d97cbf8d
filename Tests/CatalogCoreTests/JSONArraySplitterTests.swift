@testable import CatalogCore
@testable import CatalogJSON
import Testing
import TestSupport

/// The splitter that lets an import read a release a chunk at a time: it must find exactly the
/// elements a strict parse finds, wherever the chunks happen to end, and stop on anything else.
@Suite struct JSONArraySplitterTests {
    /// Feeds `text` in chunks of `size` bytes the way the import does; the elements as text.
    func split(_ text: String, chunk size: Int) -> (elements: [String], state: JSONArraySplitter.State) {
        var splitter = JSONArraySplitter()
        let input = Array(text.utf8)
        var buffer: [UInt8] = []
        var scanned = 0
        var found: [String] = []
        var offset = 0
        repeat {
            let more = offset < input.count
            if more {
                buffer += input[offset..<min(offset + size, input.count)]
                offset += size
            }
            let (ranges, consumed, upTo) = buffer.withUnsafeBufferPointer { splitter.scan($0, from: scanned) }
            found += ranges.map { String(decoding: buffer[$0], as: UTF8.self) }
            if !more {
                splitter.end()
                break
            }
            buffer.removeFirst(consumed)
            scanned = upTo - consumed
        } while splitter.state != .malformed
        return (found, splitter.state)
    }

    static let document = """
        \u{FEFF}[
          {"id": "1", "name": "a \\"quoted\\" [name] {x}", "list": ["]", "}", "\\\\"]},
          {"id": "2", "nested": {"a": [1, [2, {"b": null}]]}},
          42, -1.5e3, true, null, "text, with ] and }",
          []
        ]

        """

    @Test(arguments: Array(1...48) + [64, 4096])
    func findsTheSameElementsWhateverTheChunkSize(size: Int) throws {
        let (elements, state) = split(Self.document, chunk: size)
        #expect(state == .finished)
        let strict = try #require(JSONParser.parse(String(Self.document.dropFirst())).arrayValue)
        #expect(elements.count == strict.count)
        for (text, value) in zip(elements, strict) {
            #expect(try JSONParser.parse(text) == value, "\(text)")
        }
    }

    @Test(arguments: [
        "{\"id\": 1}",                 // not an array
        "[1 2]",                       // missing comma
        "[1,]",                        // trailing comma
        "[,1]",                        // leading comma
        "[1] x",                       // text after the array
        "[{\"a\": 1}}]",               // more closing than opening
        "[{\"a\": \"unterminated}]",   // never ends
        "[1,",                         // truncated
    ])
    func stopsOnWhatIsNotAnArrayOfValues(text: String) {
        for size in [1, 3, 4096] {
            #expect(split(text, chunk: size).state == .malformed, "\(text) in chunks of \(size)")
        }
    }

    /// The word-at-a-time search for what ends a string finds the first `"` or `\` from any
    /// offset, as a byte-by-byte search does: quotes and backslashes at every position of a word,
    /// bytes that differ from them by one bit, high bytes, and the end of the buffer.
    @Test func theEndOfAStringIsFoundAsByteByByte() {
        var rng = SeededGenerator(seed: 3)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x23, 0x21, 0x5D, 0x5B, 0xA2, 0xDC, 0x02, 0x61, 0x20, 0x00, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &rng)
            let rare = Int.random(in: 0...3, using: &rng)
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<10, using: &rng) < rare ? alphabet[Int.random(in: 0..<2, using: &rng)] : alphabet[Int.random(in: 2..<alphabet.count, using: &rng)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for from in 0...count {
                    let expected = (from..<count).first { bytes[$0] == 0x22 || bytes[$0] == 0x5C } ?? count
                    #expect(JSONArraySplitter.quoteOrBackslash(buffer, from: from) == expected)
                }
            }
        }
    }

    @Test func anEmptyArrayFinishesWithNoElements() {
        let (elements, state) = split(" [ ] \n", chunk: 2)
        #expect(elements.isEmpty)
        #expect(state == .finished)
    }
}
