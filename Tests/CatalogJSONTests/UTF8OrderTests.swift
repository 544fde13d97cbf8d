import CatalogJSON
import Foundation
import Testing

/// `precedesInUTF8` is UTF-8 byte order, which is what `utf8.lexicographicallyPrecedes` says.
struct UTF8OrderTests {
    @Test func agreesWithTheByteByByteOrder() {
        let words = ["", "a", "b", "ab", "aa", "a\u{0}", "0001", "0010", "s001", "S001", "x002",
                     "caf\u{E9}", "cafe\u{301}", "\u{1F3CB}", "z", "zz", "long-" + String(repeating: "q", count: 40),
                     "long-" + String(repeating: "q", count: 39) + "r", "\u{FFFF}", "\u{10000}"]
        // Native, small and bridged-from-bytes strings alike.
        let strings = words + words.map { String(decoding: Array($0.utf8), as: UTF8.self) } + words.map { $0 + "!" }
        for a in strings {
            for b in strings {
                #expect(a.precedesInUTF8(b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) vs \(b.debugDescription)")
                #expect(a.sameUTF8(b) == (Array(a.utf8) == Array(b.utf8)), "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        // NFD after NFC in byte order, though Swift's `<` calls them equal.
        #expect("caf\u{E9}".precedesInUTF8("cafe\u{301}") == false && "cafe\u{301}".precedesInUTF8("caf\u{E9}"))
        #expect("caf\u{E9}" == "cafe\u{301}" && !"caf\u{E9}".sameUTF8("cafe\u{301}"))
    }

    /// The sort on 8-byte prefixes gives the byte order, whether texts differ in their first 8
    /// bytes, past them, or in a NUL where another ends.
    @Test func sortingOnPrefixesIsTheByteOrder() {
        var words = ["", "a", "a\u{0}", "a\u{0}\u{0}", "a\u{0}b", "ab", "0000001", "00000010", "000000100", "0000001\u{0}x", "12345678", "12345678a",
                     "12345678\u{0}", "123456780", "caf\u{E9}", "cafe\u{301}", "\u{FF}\u{FF}", "\u{1F3CB}\u{1F3CB}", "z"]
        words += words.map { $0 + "!" } + (0..<200).map { String(format: "%07d", ($0 * 7919) % 1000) }
        let expected = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(UTF8Order.sorted(words.reversed()).map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        let set = Set(words)
        #expect(UTF8Order.sorted(set).map { Array($0.utf8) } == set.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { Array($0.utf8) })
    }
}
