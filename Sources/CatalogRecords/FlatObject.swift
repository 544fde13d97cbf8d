import CatalogJSON
import Foundation

/// A JSON object read without building a tree, when it is of the plain kind most records are:
/// every member a string or a list of strings, every key and string plain text (`plainStringEnd`:
/// printable ASCII and the Latin letters and signs up to U+02FF) with no escape. For such an
/// object the bytes between the quotes are the text, and the canonical writer (`JSONWriter`)
/// writes them unchanged.
///
/// Anything else (an escape, a number, `null`, a nested object, other non-ASCII text, a duplicate key,
/// JSON that is not valid) makes `scanMembers` return false (`hasDuplicateKeys` true), and the caller parses the object with the
/// strict `JSONParser`, which decides what it means or says what is wrong. Keeping no opinion
/// about such input is what lets the fast path give exactly the strict path's results.
///
/// A scanner is reused from object to object: it allocates only when an object has more
/// members or list items than any before it.
public struct FlatObject: Sendable {
    public struct Member: Sendable {
        /// The key's bytes, between its quotes.
        public var key: Range<Int>
        /// A string's bytes between its quotes; for a list, `items` indices of its strings.
        public var value: Range<Int>
        public var isList: Bool
    }

    public private(set) var members: [Member] = []
    /// Objects with more members are not read here.
    public static let maxMembers = 32
    /// The strings of every list, in order, each between its quotes.
    public private(set) var items: [Range<Int>] = []

    public init() {}

    /// Reads `bytes` (one JSON value, surrounding whitespace allowed) as a flat object, duplicate
    /// keys allowed (`hasDuplicateKeys`); false when it is not one.
    public mutating func scanMembers(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        members.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        let n = bytes.count
        var i = 0

        @inline(__always) func skipSpace() {
            while i < n {
                let b = bytes[i]
                guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
                i += 1
            }
        }
        /// At an opening quote: the string's bytes, with `i` after its closing quote.
        @inline(__always) func plainString() -> Range<Int>? {
            guard i < n, bytes[i] == 0x22, let base = bytes.baseAddress else { return nil }
            let start = i + 1
            // The next quote ends the string unless a backslash escapes it, and a backslash
            // before it is not plain anyway.
            guard let end = Self.plainStringEnd(base, from: start, count: n) else { return nil }
            i = end + 1
            return start..<end
        }

        /// After a value: true at `close` (passed), false at a comma (passed, and the space after
        /// it); nil at anything else.
        @inline(__always) func separator(closing close: UInt8) -> Bool? {
            skipSpace()
            guard i < n else { return nil }
            if bytes[i] == close {
                i += 1
                return true
            }
            guard bytes[i] == 0x2C else { return nil }
            i += 1
            skipSpace()
            return false
        }

        skipSpace()
        guard i < n, bytes[i] == 0x7B else { return false }
        i += 1
        skipSpace()
        guard i < n, bytes[i] != 0x7D else { return false }  // `{}`: no id, for the parser to say
        while true {
            guard let key = plainString() else { return false }
            skipSpace()
            guard i < n, bytes[i] == 0x3A else { return false }
            i += 1
            skipSpace()
            guard i < n else { return false }
            if bytes[i] == 0x5B {
                i += 1
                let first = items.count
                skipSpace()
                if i < n, bytes[i] == 0x5D {
                    i += 1
                } else {
                    while true {
                        guard let item = plainString() else { return false }
                        items.append(item)
                        guard let closed = separator(closing: 0x5D) else { return false }
                        if closed { break }
                    }
                }
                members.append(Member(key: key, value: first..<items.count, isList: true))
            } else {
                guard let value = plainString() else { return false }
                members.append(Member(key: key, value: value, isList: false))
            }
            guard let closed = separator(closing: 0x7D) else { return false }
            if closed { break }
        }
        skipSpace()
        // More members than a record has: the parser, which checks duplicates by hashing, not
        // the pairwise check (quadratic in a hostile element of 100,000 members).
        return i == n && members.count <= Self.maxMembers
    }

    /// Whether two members of the object just scanned have the same key (an error the parser
    /// reports). A caller that knows the keys (the same as an object's before) can skip this.
    public func hasDuplicateKeys(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for a in members.indices.dropFirst() {
            for b in 0..<a where Self.equal(bytes, members[a].key, members[b].key) { return true }
        }
        return false
    }

    /// Where the string starting at `p[start]` ends: the offset of the first `"` at or after it,
    /// when every byte before that quote is plain text; nil when one is not, or no quote comes
    /// before `count`. Plain text is printable ASCII or DEL other than `\` (control characters
    /// are invalid in JSON strings, a backslash starts an escape: both for the parser), and the
    /// letters and signs from U+00A1 to U+02FF (Latin-1 Supplement to Spacing Modifier Letters:
    /// "°", "é", "ß", "ł"...) in well-formed UTF-8. None of those is whitespace, combines with a
    /// neighbour or changes under NFC, so text made of them needs no more normalising than ASCII
    /// does (`FlatObjectTests` checks each against the normaliser).
    ///
    /// One pass, eight bytes at a time while they are plain ASCII (`ByteWords.skipPlainText`); the
    /// byte it stops at is then looked at on its own.
    package static func plainStringEnd(_ p: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int? {
        var i = start
        while true {
            guard ByteWords.skipPlainText(p, &i, count: n) else { return nil }
            let b = p[i]
            if b == 0x22 { return i }
            if b < 0x80 {
                if b < 0x20 || b == 0x5C { return nil }
                i += 1
            } else {
                // Two bytes, U+00A1 to U+02FF: a lead byte of 0xC2 to 0xCB, then a continuation
                // byte (after 0xC2, from 0xA1: U+0080 to U+00A0 hold controls and the no-break space).
                guard b >= 0xC2, b <= 0xCB, i + 1 < n else { return nil }
                let c = p[i + 1]
                guard c & 0xC0 == 0x80, b != 0xC2 || c >= 0xA1 else { return nil }
                i += 2
            }
        }
    }

    /// Whether two ranges of `bytes` hold the same bytes.
    public static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0
    }

    /// Whether `bytes[range]` holds `text`'s UTF-8.
    public static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: [UInt8]) -> Bool {
        range.count == text.count && (text.isEmpty || text.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + range.lowerBound, $0.baseAddress!, range.count) == 0 })
    }
}
