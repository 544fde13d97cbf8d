/// Writes JSON deterministically: keys sorted by their UTF-8 bytes, fixed escaping and layout.
public enum JSONWriter {
    public enum Style: Sendable {
        /// One line, no spaces: the `.jsonl` snapshot form.
        case compact
        /// Two-space indent, one member per line, trailing newline: files editors read.
        case pretty
    }

    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        var out = ""
        write(value, style: style, indent: 0, into: &out)
        if style == .pretty { out += "\n" }
        return out
    }

    public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        Array(string(value, style: style).utf8)
    }

    static func sortedMembers(_ object: JSONObject) -> [JSONMember] {
        object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private static func write(_ value: JSONValue, style: Style, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                newline(style, indent + 1, &out)
                write(element, style: style, indent: indent + 1, into: &out)
            }
            newline(style, indent, &out)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in sortedMembers(object).enumerated() {
                if i > 0 { out += "," }
                newline(style, indent + 1, &out)
                writeString(member.key, into: &out)
                out += style == .pretty ? ": " : ":"
                write(member.value, style: style, indent: indent + 1, into: &out)
            }
            newline(style, indent, &out)
            out += "}"
        }
    }

    private static func newline(_ style: Style, _ indent: Int, _ out: inout String) {
        guard style == .pretty else { return }
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16, uppercase: false)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        out += "\""
    }
}
