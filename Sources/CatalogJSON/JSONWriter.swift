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
        guard let first = json.withUnsafeBufferPointer({ Self.firstControl(in: $0) }) else { return json }
        var out = Array(json[..<first])
        out.reserveCapacity(json.count + 64)
        var i = first
        func escape(_ scalar: Int) {
            out.append(contentsOf: [0x5C, 0x75])
            for shift in [12, 8, 4, 0] { out.append(hex[(scalar >> shift) & 0xF]) }
        }
        while i < json.count {
            let b = json[i]
            if b == 0x7F {
                escape(0x7F)
                i += 1
            } else if b == 0xC2, i + 1 < json.count, (0x80...0x9F).contains(json[i + 1]) {
                escape(Int(json[i + 1]))
                i += 2
            } else if b == 0xE2, i + 2 < json.count, let v = separatorOrBidi(json[i + 1], json[i + 2]) {
                escape(Int(v))
                i += 3
            } else if b == 0xD8, i + 1 < json.count, json[i + 1] == 0x9C {
                escape(0x061C)
                i += 2
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    /// The code point of a three-byte character starting 0xE2 `second` `third` when it is one
    /// `TerminalControls.isEscaped` names (a separator or bidi control).
    @inline(__always) private static func separatorOrBidi(_ second: UInt8, _ third: UInt8) -> UInt32? {
        guard second == 0x80 || second == 0x81 else { return nil }
        let v = 0x2000 + (UInt32(second & 0x3F) << 6) + UInt32(third & 0x3F)
        return TerminalControls.isEscaped(v) ? v : nil
    }

    /// The offset of the first character `escapingTerminalControls` escapes, if any: eight bytes
    /// at a time past words of ASCII below DEL, byte by byte in the others.
    private static func firstControl(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < bytes.count {
            if i + 8 <= bytes.count {
                // A byte of 0x7F or more: its top bit, or the top bit of its low seven bits plus one.
                let w = ByteWords.load(bytes.baseAddress! + i)
                if (w | ((w & ~ByteWords.high) &+ ByteWords.ones)) & ByteWords.high == 0 {
                    i += 8
                    continue
                }
            }
            let b = bytes[i]
            if b == 0x7F { return i }
            if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return i }
            if b == 0xE2, i + 2 < bytes.count, separatorOrBidi(bytes[i + 1], bytes[i + 2]) != nil { return i }
            if b == 0xD8, i + 1 < bytes.count, bytes[i + 1] == 0x9C { return i }
            i += 1
        }
        return nil
    }

    /// Appends `value` to `out` (with the trailing newline of the pretty style).
    public static func write(_ value: JSONValue, style: Style, into out: inout [UInt8]) {
        write(value, style: style, indent: 0, into: &out)
        if style == .pretty { out.append(0x0A) }
    }

    static func sortedMembers(_ object: JSONObject) -> [JSONMember] {
        object.members.sorted { $0.key.precedesInUTF8($1.key) }
    }

    /// Appends `value` as it is written at nesting level `indent` of a document (no trailing newline).
    public static func write(_ value: JSONValue, style: Style, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b): out.append(contentsOf: b ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .number(let n): out.append(contentsOf: n.utf8)
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
        public mutating func key(_ key: String) {
            separate()
            writeString(key, into: &out)
            colon()
        }

        /// A key that is a plain ASCII literal, copied as is.
        public mutating func key(_ key: StaticString) {
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

        public mutating func null() { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

        public mutating func bool(_ value: Bool) { out.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65]) }

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
        out.append(0x0A)
        for _ in 0..<(indent * 2) { out.append(0x20) }
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or \u00XX,
    /// everything else (non-ASCII included) as UTF-8.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { writeString($0, into: &out) }
    }

    static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(0x22)
        // Most strings need no escape: copy them whole.
        var plain = true
        for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C {
            plain = false
            break
        }
        if plain {
            out.append(contentsOf: bytes)
            out.append(0x22)
            return
        }
        for b in bytes {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x08: out.append(0x5C); out.append(0x62)
            case 0x0C: out.append(0x5C); out.append(0x66)
            case 0x00..<0x20:
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0x0F)]])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}
