/// Writes JSON deterministically: keys sorted by their UTF-8 bytes, fixed escaping and layout.
/// Output is assembled as UTF-8 bytes (appending to a String costs several times more).
public enum JSONWriter {
    public enum Style: Sendable {
        /// One line, no spaces: the `.jsonl` snapshot form.
        case compact
        /// Two-space indent, one member per line, trailing newline: files editors read.
        case pretty
    }

    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, style: style, into: &out)
        return out
    }

    /// JSON for a terminal: `json` (the writer's output) with the characters JSON allows raw but a
    /// terminal acts on (DEL, the C1 controls U+0080–U+009F, U+2028, U+2029, the bidi controls) written as `\u`
    /// escapes: the same document, still valid, and safe to print. Nearly all output has no byte
    /// of 0x7F or more outside plain text, found eight bytes at a time and returned as it is.
    public static func escapingTerminalControls(_ json: [UInt8]) -> [UInt8] {
        json.withUnsafeBufferPointer { bytes in
            guard var hit = TerminalControls.first(in: bytes, c0: .none) else { return json }
            var out: [UInt8] = []
            out.reserveCapacity(json.count + 64)
            var i = 0
            while true {
                out.append(contentsOf: bytes[i..<hit.offset])
                appendUnicodeEscape(hit.scalar, into: &out)
                i = hit.offset + hit.length
                guard let next = TerminalControls.first(in: bytes, from: i, c0: .none) else { break }
                hit = next
            }
            out.append(contentsOf: bytes[i...])
            return out
        }
    }

    /// `\u` and the four lowercase hex digits of `v` (a code point of the Basic Multilingual Plane).
    @inline(__always) static func appendUnicodeEscape(_ v: UInt32, into out: inout [UInt8]) {
        out.append(contentsOf: [0x5C, 0x75, Hex.digit(UInt8(v >> 12 & 0xF)), Hex.digit(UInt8(v >> 8 & 0xF)),
                                Hex.digit(UInt8(v >> 4 & 0xF)), Hex.digit(UInt8(v & 0xF))])
    }

    /// Appends `value` to `out` (with the trailing newline of the pretty style).
    public static func write(_ value: JSONValue, style: Style, into out: inout [UInt8]) {
        write(value, style: style, indent: 0, into: &out)
        if style == .pretty { out.append(0x0A) }
    }

    static func sortedMembers(_ object: JSONObject) -> [JSONMember] {
        isSorted(object.members) ? object.members : object.members.sorted { $0.key.precedesInUTF8($1.key) }
    }

    /// Whether `members` are in key order already (objects made to be written usually are):
    /// n - 1 comparisons instead of a sort and its copy.
    static func isSorted(_ members: [JSONMember]) -> Bool {
        var i = 1
        while i < members.count {
            if !members[i - 1].key.precedesInUTF8(members[i].key) { return false }
            i += 1
        }
        return true
    }

    /// Appends `value` as it is written at nesting level `indent` of a document (no trailing newline).
    public static func write(_ value: JSONValue, style: Style, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let b): append(b ? "true" : "false", to: &out)
        case .number(var n): n.withUTF8 { out.append(contentsOf: $0) }  // a short number has no contiguous utf8 view
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            writeArray(elements.count, style: style, indent: indent, into: &out) { i, out in
                write(elements[i], style: style, indent: indent + 1, into: &out)
            }
        case .object(let object):
            var writer = ObjectWriter(style: style, indent: indent, into: &out)
            for member in sortedMembers(object) {
                writer.key(member.key)
                write(member.value, style: style, indent: indent + 1, into: &writer.out)
            }
            out = writer.close()
        }
    }

    /// A list of `count` elements at nesting level `indent`, each written by `element` (at
    /// `indent + 1`): how `write` lays out every array.
    @inline(__always)
    public static func writeArray(_ count: Int, style: Style, indent: Int, into out: inout [UInt8], element: (Int, inout [UInt8]) -> Void) {
        if count == 0 { out.append(contentsOf: [0x5B, 0x5D]); return }
        out.append(0x5B)
        for i in 0..<count {
            if i > 0 { out.append(0x2C) }
            newline(style, indent + 1, &out)
            element(i, &out)
        }
        newline(style, indent, &out)
        out.append(0x5D)
    }

    /// One object's members written in the order the caller gives (`write` gives them sorted),
    /// laid out as `write` lays out every object: for a value written member by member without
    /// being built first (a build writes a million records twice). Takes `out` over; `close`
    /// hands it back.
    public struct ObjectWriter {
        let style: Style
        let indent: Int
        public var out: [UInt8]
        var count = 0

        public init(style: Style, indent: Int, into out: inout [UInt8]) {
            self.style = style
            self.indent = indent
            self.out = out
            out = []
            self.out.append(0x7B)
        }

        /// A member's key; its value follows, written into `out` at `indent + 1`.
        /// (Disfavoured, so that a literal key goes to the `StaticString` one below: Swift would
        /// otherwise make every literal a `String`, and scan it for escapes.)
        @_disfavoredOverload
        public mutating func key(_ key: String) {
            separate()
            writeString(key, into: &out)
            colon()
        }

        /// A key that is a plain ASCII literal, copied as is.
        public mutating func key(_ key: StaticString) {
            assert(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount).allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C },
                   "a literal key needs no escape")
            separate()
            out.append(0x22)
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            out.append(0x22)
            colon()
        }

        private mutating func separate() {
            if count > 0 { out.append(0x2C) }
            count += 1
            newline(style, indent + 1, &out)
        }

        private mutating func colon() {
            out.append(0x3A)
            if style == .pretty { out.append(0x20) }
        }

        /// `value` as the current member's value.
        public mutating func value(_ value: JSONValue) { write(value, style: style, indent: indent + 1, into: &out) }

        public mutating func null() { append("null", to: &out) }

        public mutating func bool(_ value: Bool) { append(value ? "true" : "false", to: &out) }

        public mutating func string(_ value: String) { writeString(value, into: &out) }

        public mutating func optional(_ value: String?) {
            if let value { writeString(value, into: &out) } else { null() }
        }

        /// A number already in its JSON form.
        public mutating func number(_ text: String) { out.append(contentsOf: text.utf8) }

        public mutating func strings(_ values: [String]) {
            writeArray(values.count, style: style, indent: indent + 1, into: &out) { i, out in writeString(values[i], into: &out) }
        }

        /// An object member by member: `body` writes its members into the writer it is given.
        public mutating func object(_ body: (inout ObjectWriter) -> Void) {
            var inner = ObjectWriter(style: style, indent: indent + 1, into: &out)
            body(&inner)
            out = inner.close()
        }

        /// Ends the object; returns the bytes.
        public mutating func close() -> [UInt8] {
            if count > 0 { newline(style, indent, &out) }
            out.append(0x7D)
            return out
        }
    }

    static func newline(_ style: Style, _ indent: Int, _ out: inout [UInt8]) {
        guard style == .pretty else { return }
        var spaces = indent * 2, from = 0  // the line feed and up to 32 spaces in one copy, then spaces
        repeat {
            let n = min(spaces, 32)
            lineBlanks.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[from...n])) }
            (spaces, from) = (spaces - n, 1)
        } while spaces > 0
    }

    static let lineBlanks = [0x0A] + [UInt8](repeating: 0x20, count: 32)

    /// `null`, `true` or `false`, copied without making an array of them first.
    @inline(__always) static func append(_ text: StaticString, to out: inout [UInt8]) { out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or \u00XX,
    /// everything else (non-ASCII included) as UTF-8.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { writeString($0, into: &out) }
    }

    /// The offset of the first byte at or after `start` that is a control character, `"` or `\`:
    /// eight bytes at a time.
    static func nextEscape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let p = bytes.baseAddress else { return nil }
        var i = start
        while i + 8 <= bytes.count {
            let w = ByteWords.load(p + i)
            let marks = ByteWords.marks(w, below: 0x20) | ByteWords.marks(w, equalTo: 0x22) | ByteWords.marks(w, equalTo: 0x5C)
            if marks != 0 { return i + ByteWords.first(marks) }
            i += 8
        }
        while i < bytes.count {
            if p[i] < 0x20 || p[i] == 0x22 || p[i] == 0x5C { return i }
            i += 1
        }
        return nil
    }

    static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(0x22)
        // The runs between escapes (most strings are one run) copied whole.
        var start = 0
        while let hit = nextEscape(bytes, from: start) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<hit]))
            switch bytes[hit] {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x08: out.append(0x5C); out.append(0x62)
            case 0x0C: out.append(0x5C); out.append(0x66)
            case let b: appendUnicodeEscape(UInt32(b), into: &out)
            }
            start = hit + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        out.append(0x22)
    }
}
