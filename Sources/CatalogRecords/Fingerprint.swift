import CatalogJSON
import CatalogModel

/// A record's canonical text v1 (DESIGN.md §4) and its fingerprint; `CanonicalText.bytes`
/// (CatalogCore) is the one function that writes it from a record.
public struct CanonicalText: Sendable, Equatable {
    /// The text, each line ending in `\n`.
    public let text: String
    /// Its fingerprint when the maker already had it (an import hashes every text once).
    private let known: Fingerprint?

    /// A canonical text computed earlier (the index stores them), with its fingerprint if known.
    public init(storedText: String, fingerprint: Fingerprint? = nil) {
        text = storedText
        known = fingerprint
    }

    public static func == (lhs: CanonicalText, rhs: CanonicalText) -> Bool { lhs.text == rhs.text }

    /// The fingerprint of this text.
    public var fingerprint: Fingerprint { known ?? Fingerprint(canonicalText: text) }
}

/// `fp1:` + lowercase hex SHA-256 of the UTF-8 canonical text. Held as the 32 digest bytes (no
/// allocation: an import makes a million and copies each several times); `value` spells it.
public struct Fingerprint: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let prefix = "fp1:"
    /// The digest's bytes in order (a tuple: laid out in order; SIMD4 would ask for an alignment
    /// of 32 that heap storage does not give).
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init(canonicalText: String) {
        var text = canonicalText
        self = text.withUTF8 { Fingerprint(hashing: UnsafeRawBufferPointer($0)) }
    }

    /// The fingerprint of canonical text given as its UTF-8 bytes.
    public init(canonicalBytes: [UInt8]) {
        self = canonicalBytes.withUnsafeBytes { Fingerprint(hashing: $0) }
    }

    private init(hashing text: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &words) { SHA256.digest(text, into: $0) }
    }

    /// A fingerprint from its 32 digest bytes, as `withDigest` gives them (missing bytes, which
    /// nothing writes, read as zeros: such a fingerprint matches no text).
    public init(digest: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: digest.prefix(32))) }
    }

    /// Parses a stored fingerprint; nil unless it is `fp1:` and 64 lowercase hex digits.
    public init?(_ string: String) {
        var string = string
        let parsed = string.withUTF8 { utf8 -> Bool in
            let start = Self.prefix.utf8.count
            guard utf8.count == start + 64, utf8.starts(with: Self.prefix.utf8) else { return false }
            return withUnsafeMutableBytes(of: &words) { digest in
                for i in 0..<32 {
                    guard let high = Hex.value(utf8[start + 2 * i]), let low = Hex.value(utf8[start + 2 * i + 1]) else { return false }
                    digest[i] = high << 4 | low
                }
                return true
            }
        }
        if !parsed { return nil }
    }

    /// The 32 digest bytes, for storing.
    public func withDigest<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBytes(of: words, body)
    }

    /// `fp1:` and the digest in lowercase hex.
    public var value: String { withDigest { SHA256.hexString($0, prefix: Self.prefix) } }

    public var description: String { value }

    public static func == (lhs: Fingerprint, rhs: Fingerprint) -> Bool { lhs.words == rhs.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// The order of `value`: the digests' bytes compared in order.
    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        let (a, b) = (lhs.words, rhs.words)
        return (a.0.bigEndian, a.1.bigEndian, a.2.bigEndian, a.3.bigEndian) < (b.0.bigEndian, b.1.bigEndian, b.2.bigEndian, b.3.bigEndian)
    }
}
