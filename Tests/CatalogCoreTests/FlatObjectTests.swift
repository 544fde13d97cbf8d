@testable import CatalogCore
@testable import CatalogJSON
import CatalogModel
@testable import CatalogRecords
import TestSupport
import Testing

/// The word-at-a-time checks of `FlatObject`, against the byte-at-a-time rule they stand for.
struct FlatObjectTests {
    /// The rule `plainStringEnd` stands for, on decoded text: printable ASCII or DEL but `\\`,
    /// and U+00A1...U+02FF, in well-formed UTF-8.
    static func plainByBytes(_ bytes: [UInt8]) -> Bool {
        guard let text = String(validating: bytes, as: UTF8.self) else { return false }
        return text.unicodeScalars.allSatisfy { ($0.value >= 0x20 && $0.value < 0x80 && $0 != "\\") || (0xA1...0x2FF).contains($0.value) }
    }

    /// Where `plainStringEnd` ends `bytes` followed by a closing quote.
    static func end(_ bytes: [UInt8]) -> Int? {
        (bytes + [0x22]).withUnsafeBufferPointer { FlatObject.plainStringEnd($0.baseAddress!, from: 0, count: $0.count) }
    }

    /// The byte rule's answer: at the first quote, when the bytes before it are plain.
    static func endByBytes(_ bytes: [UInt8]) -> Int? {
        let quote = (bytes + [0x22]).firstIndex(of: 0x22)!
        return plainByBytes(Array(bytes[..<quote])) ? quote : nil
    }

    /// Every character the flat path takes beyond ASCII is its own NFC, not whitespace, and
    /// combines with no neighbour: beside ASCII and beside each other, the normaliser leaves it.
    @Test func nonASCIIPlainTextNeedsNoNormalising() {
        let taken = (0xA1...0x2FF).compactMap(Unicode.Scalar.init).map(String.init)
        for c in taken {
            let bytes = Array(c.utf8)
            #expect(Self.end(bytes) == bytes.count, "\(c)")
            #expect(!c.unicodeScalars.first!.properties.isWhitespace && c.unicodeScalars.first!.properties.canonicalCombiningClass == .notReordered)
            for context in ["a\(c)b", "\(c)\(c)", "e\(c)", "\(c)e", "A \(c) Z"] {
                #expect(TextNormalizer.normalize(context) == context, "\(context)")
            }
        }
        // Pairs of them, in every order that a composition could join (a sample of 20,000).
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<20_000 {
            let pair = taken.randomElement(using: &rng)! + taken.randomElement(using: &rng)!
            #expect(TextNormalizer.normalize(pair) == pair, "\(pair)")
        }
        // Around the range: the no-break space, C1 controls, combining marks, other letters.
        for scalar in [0x80, 0x85, 0xA0, 0x300, 0x301, 0x2019, 0x3000, 0xFEFF, 0x1F600] {
            let bytes = Array(String(Unicode.Scalar(scalar)!).utf8)
            #expect(Self.end(bytes) == nil, "U+\(String(scalar, radix: 16))")
        }
        // Malformed: a lead byte alone or at the end, a continuation byte alone, an overlong form.
        for bytes: [UInt8] in [[0xC3], [0x61, 0xC3], [0xC3, 0x61], [0xA9], [0xC1, 0xA9], [0xC0, 0x80], [0xCB, 0xC0]] {
            #expect(Self.end(bytes) == nil, "\(bytes)")
        }
    }

    @Test func theEndOfAPlainStringAgreesWithTheByteRuleForEveryByteAtEveryPosition() {
        // Each byte value at each position of strings of 1 to 19 bytes (words, tails, both).
        for length in 1...19 {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = UInt8(value)
                    #expect(Self.end(bytes) == Self.endByBytes(bytes), "byte \(value) at \(position) of \(length)")
                }
            }
        }
        // Neighbours that could borrow into each other: every pair of bytes around the limits.
        let edges: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for a in edges {
            for b in edges {
                let bytes: [UInt8] = [0x61, 0x61, 0x61, a, b, 0x61, 0x61, 0x61]
                #expect(Self.end(bytes) == Self.endByBytes(bytes), "\(a) \(b)")
            }
        }
        // No closing quote before the end: not a string.
        let open = Array("abcdefghij".utf8)
        #expect(open.withUnsafeBufferPointer { FlatObject.plainStringEnd($0.baseAddress!, from: 0, count: $0.count) } == nil)
    }

    @Test func scanFindsMembersListsAndTheirBytes() {
        let json = Array(#" { "a" : "x y" , "b":[ "1","", "3" ],"c":[] } "#.utf8)
        var object = FlatObject()
        #expect(json.withUnsafeBufferPointer { object.scanMembers($0) && !object.hasDuplicateKeys($0) })
        let text = { (r: Range<Int>) in String(decoding: json[r], as: UTF8.self) }
        #expect(object.members.map { text($0.key) } == ["a", "b", "c"])
        #expect(object.members.map(\.isList) == [false, true, true])
        #expect(text(object.members[0].value) == "x y")
        #expect(object.items[object.members[1].value].map(text) == ["1", "", "3"])
        #expect(object.members[2].value.isEmpty)
        // The same scanner, reused for a smaller object, keeps nothing of the first.
        let small = Array(#"{"z":"1"}"#.utf8)
        #expect(small.withUnsafeBufferPointer { object.scanMembers($0) })
        #expect(object.members.count == 1 && object.items.isEmpty)
        // Duplicate keys are scanned, and found by the separate check.
        let twice = Array(#"{"k":"1","j":[],"k":"2"}"#.utf8)
        #expect(twice.withUnsafeBufferPointer { object.scanMembers($0) && object.hasDuplicateKeys($0) })
    }
}
