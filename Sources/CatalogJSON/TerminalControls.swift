/// The characters a terminal or a page acts on that text and JSON allow raw, found in one place:
/// the C0 controls, DEL, the C1 controls (U+0080–U+009F), the line and paragraph separators and
/// the bidirectional controls (U+061C, U+200E-F, U+202A-E, U+2066-9). Everything printed shows
/// them as escapes, so upstream text can neither break a line nor turn the text after it
/// around on a terminal or in a page (issue 16).
public enum TerminalControls {
    /// Which C0 controls (U+0000–U+001F) count.
    public enum C0: Sendable {
        /// All of them.
        case all
        /// All but the line feed and the tab (text printed with its line breaks).
        case allButLineBreaks
        /// None (JSON escapes them itself, and its layout's line breaks stay).
        case none
    }

    /// The line and paragraph separators and the bidirectional controls.
    @inline(__always) public static func isEscaped(_ v: UInt32) -> Bool {
        v == 0x2028 || v == 0x2029 || isBidiControl(v)
    }

    @inline(__always) public static func isBidiControl(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Whether the code point `v` is one of the characters printed as an escape.
    @inline(__always) public static func isControl(_ v: UInt32, c0: C0 = .all) -> Bool {
        if v < 0x20 { return c0 == .all || (c0 == .allButLineBreaks && v != 0x0A && v != 0x09) }
        return (0x7F...0x9F).contains(v) || isEscaped(v)
    }

    /// `\u{…}`: how text shows a control (JSON writes its own `\uXXXX`).
    public static func escape(_ v: UInt32) -> String { "\\u{" + String(v, radix: 16) + "}" }

    /// The first character `isControl` names in the UTF-8 `bytes` at or after `start`: its offset,
    /// its length in bytes and its code point; nil when there is none. Words of eight plain
    /// bytes (below DEL, and not C0 when those count) are skipped whole.
    public static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, c0: C0) -> (offset: Int, length: Int, scalar: UInt32)? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = start
        while i < n {
            if i + 8 <= n {
                // A byte of 0x7F or more: its top bit, or the top bit of its low seven bits plus one.
                let w = ByteWords.load(p + i)
                var flags = (w | ((w & ~ByteWords.high) &+ ByteWords.ones)) & ByteWords.high
                if c0 != .none { flags |= ByteWords.marks(w, below: 0x20) }
                if flags == 0 {
                    i += 8
                    continue
                }
            }
            let b = p[i]
            if b < 0x20 {
                if isControl(UInt32(b), c0: c0) { return (i, 1, UInt32(b)) }
            } else if b == 0x7F {
                return (i, 1, 0x7F)
            } else if b == 0xC2, i + 1 < n, (0x80...0x9F).contains(p[i + 1]) {
                return (i, 2, UInt32(p[i + 1]))
            } else if b == 0xE2, i + 2 < n, p[i + 1] == 0x80 || p[i + 1] == 0x81 {
                let v = 0x2000 + (UInt32(p[i + 1] & 0x3F) << 6) + UInt32(p[i + 2] & 0x3F)
                if isEscaped(v) { return (i, 3, v) }
            } else if b == 0xD8, i + 1 < n, p[i + 1] == 0x9C {
                return (i, 2, 0x061C)
            }
            i += 1
        }
        return nil
    }
}
