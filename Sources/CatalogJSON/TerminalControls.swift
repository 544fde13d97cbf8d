/// The characters a terminal or a page acts on that JSON and text allow raw.
public enum TerminalControls {
    /// The line and paragraph separators and the bidirectional controls (U+061C, U+200E-F,
    /// U+202A-E, U+2066-9): printed as escapes, so upstream text can neither break a line nor
    /// turn the text after it around on a terminal or in a page (issue 16).
    @inline(__always) public static func isEscaped(_ v: UInt32) -> Bool {
        v == 0x2028 || v == 0x2029 || isBidiControl(v)
    }

    @inline(__always) public static func isBidiControl(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
