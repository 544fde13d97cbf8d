@testable import CatalogCore
import Testing

/// The word-at-a-time checks of `FlatObject`, against the byte-at-a-time rule they stand for.
struct FlatObjectTests {
    static func plainByBytes(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x5C }
    }

    @Test func isPlainAgreesWithTheByteRuleForEveryByteAtEveryPosition() {
        // Each byte value at each position of strings of 1 to 19 bytes (words, tails, both).
        for length in 1...19 {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = UInt8(value)
                    let fast = bytes.withUnsafeBufferPointer { FlatObject.isPlain($0.baseAddress!, count: length) }
                    #expect(fast == Self.plainByBytes(bytes), "byte \(value) at \(position) of \(length)")
                }
            }
        }
        // Neighbours that could borrow into each other: every pair of bytes around the limits.
        let edges: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xFF]
        for a in edges {
            for b in edges {
                let bytes: [UInt8] = [0x61, 0x61, 0x61, a, b, 0x61, 0x61, 0x61]
                let fast = bytes.withUnsafeBufferPointer { FlatObject.isPlain($0.baseAddress!, count: 8) }
                #expect(fast == Self.plainByBytes(bytes), "\(a) \(b)")
            }
        }
    }

    @Test func scanFindsMembersListsAndTheirBytes() {
        let json = Array(#" { "a" : "x y" , "b":[ "1","", "3" ],"c":[] } "#.utf8)
        var object = FlatObject()
        #expect(json.withUnsafeBufferPointer { object.scan($0) })
        let text = { (r: Range<Int>) in String(decoding: json[r], as: UTF8.self) }
        #expect(object.members.map { text($0.key) } == ["a", "b", "c"])
        #expect(object.members.map(\.isList) == [false, true, true])
        #expect(text(object.members[0].value) == "x y")
        #expect(object.items[object.members[1].value].map(text) == ["1", "", "3"])
        #expect(object.members[2].value.isEmpty)
        // The same scanner, reused for a smaller object, keeps nothing of the first.
        let small = Array(#"{"z":"1"}"#.utf8)
        #expect(small.withUnsafeBufferPointer { object.scan($0) })
        #expect(object.members.count == 1 && object.items.isEmpty)
    }
}
