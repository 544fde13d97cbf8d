/// Record ids are opaque strings ("0001" stays "0001"), but they name files
/// (`reviews/<source>/<id>.json`), so they are checked before anything is written.
public enum RecordID {
    public static let maxLength = 128

    /// Why `id` cannot be a record id, or nil when it can.
    public static func problem(with id: String) -> String? {
        if isPlainASCII(id) { return nil }
        if id.isEmpty { return "is empty" }
        if id.utf8.count > maxLength { return "is longer than \(maxLength) bytes" }
        if id == "." || id == ".." || id.contains("..") { return "contains '..'" }
        if id.hasPrefix(".") { return "starts with '.'" }
        for scalar in id.unicodeScalars {
            switch scalar {
            case "/", "\\": return "contains a path separator '\(scalar)'"
            case ":": return "contains ':' (reserved for SOURCE:ID)"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace && scalar != " " {
                    return "contains a control or line-break character"
                }
            }
        }
        if id.first == " " || id.last == " " { return "starts or ends with a space" }
        return nil
    }

    /// The common case, checked byte by byte: printable ASCII without separators, a leading
    /// dot or `..` (every rule below holds for such an id).
    static func isPlainASCII(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= maxLength, bytes[0] != UInt8(ascii: ".") else { return false }
            var previous: UInt8 = 0
            for b in bytes {
                if b < 0x21 || b > 0x7E || b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") || b == UInt8(ascii: ":") { return false }
                if b == UInt8(ascii: ".") && previous == b { return false }
                previous = b
            }
            return true
        }
    }

    /// Source names follow the same rules, so they can name folders and files too.
    public static func sourceNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        let allowed = name.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
        return allowed ? nil : "may hold only lowercase letters, digits, '-' and '_'"
    }
}
