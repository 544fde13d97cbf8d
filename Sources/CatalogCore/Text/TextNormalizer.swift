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
    public static func appendCollapsedASCII(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        // The usual value: words with single spaces between them, copied whole.
        var plain = true
        var previousSpace = true  // a leading space counts as a run
        for b in bytes {
            if b >= 0x80 || (b >= 0x09 && b <= 0x0D) { plain = false; break }
            let space = b == 0x20
            if space && previousSpace { plain = false; break }
            previousSpace = space
        }
        if plain && !previousSpace {
            out.append(contentsOf: bytes)
            return true
        }
        let start = out.count
        var pendingSpace = false
        for b in bytes {
            if b >= 0x80 {
                out.removeLast(out.count - start)
                return false
            }
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                pendingSpace = out.count > start
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(b)
            }
        }
        return true
    }

    /// Collapses every run of Unicode White_Space (spaces, tabs, line breaks, no-break spaces...).
    private static func collapse(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" "); pendingSpace = false }
                out.append(scalar)
            }
        }
        return String(out)
    }
}
