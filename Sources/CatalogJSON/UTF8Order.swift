import Foundation

extension String {
    /// Whether `self`'s UTF-8 bytes come before `other`'s: the order of snapshot lines, of index
    /// rows (SQLite's BINARY collation), of JSON keys and of review file names beside rows. The
    /// bytes are compared in place (`utf8.lexicographicallyPrecedes` steps through them one
    /// index at a time: several times slower, measured in sorts of a catalog's review names).
    public func precedesInUTF8(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in UTF8Order.precedes(a, b) }
        }
        if let compared, let result = compared { return result }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// Whether `self` and `other` have the same UTF-8 bytes (`==` also calls canonically
    /// equivalent text equal: "é" and "e\u{301}"; SQLite keys and file names do not).
    public func sameUTF8(_ other: String) -> Bool {
        !precedesInUTF8(other) && !other.precedesInUTF8(self)
    }
}

public enum UTF8Order {
    /// `strings` in the order of `precedesInUTF8`, sorted first on their first 8 bytes read as
    /// one number (zeros past the end): a review name or an id differs there, and numbers
    /// compare without reaching the bytes (a million review names: a sort several times faster).
    public static func sorted<S: Sequence<String>>(_ strings: S) -> [String] {
        var keyed = strings.map { (key: prefix($0), string: $0) }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.string.precedesInUTF8($1.string) }
        return keyed.map(\.string)
    }

    /// The first 8 bytes, the first the most significant: numbers that differ order as the
    /// texts do (a text that ends first is followed by zeros, and so comes before any other).
    static func prefix(_ string: String) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 56
        for byte in string.utf8.prefix(8) {
            key |= UInt64(byte) << shift
            shift &-= 8
        }
        return key
    }

    /// Byte order: the first differing byte decides, else the shorter comes first.
    public static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(a.count, b.count)
        if common > 0 {
            let c = memcmp(a.baseAddress!, b.baseAddress!, common)
            if c != 0 { return c < 0 }
        }
        return a.count < b.count
    }
}
