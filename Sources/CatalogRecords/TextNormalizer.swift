import CatalogJSON
import CatalogModel
import Foundation

/// The value normalisation of fingerprint v1: Unicode NFC, whitespace runs collapsed to one
/// space, trimmed. Case, punctuation and spelling are text and are left alone.
public enum TextNormalizer {
    /// Whether `normalize(text)` is empty (only White_Space), without building it.
    public static func isBlank(_ text: String) -> Bool {
        for b in text.utf8 where b < 0x80 && !(b == 0x20 || (b >= 0x09 && b <= 0x0D)) { return false }
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    public static func normalize(_ text: String) -> String {
        var text = text
        let ascii = text.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
        if ascii { return collapseASCII(text) }
        return collapse(text.precomposedStringWithCanonicalMapping)
    }

    private static func collapseASCII(_ text: String) -> String {
        var text = text
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        text.withUTF8 { _ = appendCollapsedASCII($0, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes` normalised, when they are ASCII (which is NFC already): whitespace runs
    /// collapsed to one space, trimmed. False, with `out` as it was, at the first non-ASCII byte.
    package static func appendCollapsedASCII(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        // The usual value: words with single spaces between them, copied whole (collapsing
        // would copy it as it is).
        if isPlainASCII(bytes) {
            out.append(contentsOf: bytes)
            return true
        }
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        collapsing(bytes, isSpace: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }, space: 0x20) { out.append($0) }
        return true
    }

    /// Whether `bytes` are ASCII without a byte below 0x0E, a leading or trailing space, or a
    /// double space (not empty): text that collapsing leaves as it is. Eight bytes at a time (one
    /// call into CatalogJSON each, whose word helpers are not inlined across modules).
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n > 0, let p = bytes.baseAddress, p[0] != 0x20, p[n - 1] != 0x20 else { return false }
        return ByteWords.isASCII(p, count: n, notBelow: 0x0E) && !ByteWords.hasDoubleSpace(p, count: n)
    }

    /// `normalize` for bytes known to be plain text (`FlatObject.plainStringEnd`: no control character
    /// and no whitespace but the space; NFC already), written at `out`, which has room for them
    /// all; how many bytes it wrote. Values usually need nothing done: no leading, trailing or
    /// double space, found eight bytes at a time, and the bytes are copied whole.
    package static func copyCollapsedPlain(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let n = bytes.count
        guard n > 0, let p = bytes.baseAddress else { return 0 }
        if p[0] != 0x20 && p[n - 1] != 0x20 && !ByteWords.hasDoubleSpace(p, count: n) {
            out.update(from: p, count: n)
            return n
        }
        var written = 0
        collapsing(bytes, isSpace: { $0 == 0x20 }, space: 0x20) { b in
            out[written] = b
            written += 1
        }
        return written
    }

    /// Collapses every run of Unicode White_Space (spaces, tabs, line breaks, no-break spaces...).
    private static func collapse(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        collapsing(text.unicodeScalars, isSpace: \.properties.isWhitespace, space: " ") { out.append($0) }
        return String(out)
    }

    /// The whitespace rule of fingerprint v1 on any kind of unit (bytes, scalars), the one loop
    /// behind every normaliser here: each run of `isSpace` units between kept units becomes one
    /// `space`, and none is kept at either end. `emit` gets the units of the result in order.
    @inline(__always)
    private static func collapsing<Units: Sequence>(_ units: Units, isSpace: (Units.Element) -> Bool, space: Units.Element,
                                                    _ emit: (Units.Element) -> Void) {
        var pendingSpace = false
        var started = false
        for unit in units {
            if isSpace(unit) {
                pendingSpace = started
            } else {
                if pendingSpace {
                    emit(space)
                    pendingSpace = false
                }
                emit(unit)
                started = true
            }
        }
    }
}
