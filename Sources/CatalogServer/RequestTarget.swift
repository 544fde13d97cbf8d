/// The request target and the Cookie header as the client sent them, read by the workbench
/// itself (libmicrohttpd hands over the raw target): the path percent-decoded, the query split at
/// `&` and `=` with `+` as a space, cookies split at `;`. The first value of a repeated name counts.
public enum RequestTarget {
    /// A target longer than this, or with more query parameters than `maxParameters`, is 414.
    public static let maxBytes = 8 << 10
    public static let maxParameters = 256

    /// The decoded path and query of `raw`, or nil when it is over a limit.
    public static func parse(_ raw: String) -> (path: String, query: [String: String])? {
        let bytes = Array(raw.utf8)
        guard bytes.count <= maxBytes else { return nil }
        let mark = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        let path = decode(bytes[..<mark], plusIsSpace: false)
        guard mark < bytes.count else { return (path, [:]) }
        // Empty pieces count: libmicrohttpd keeps a record for each.
        let pieces = bytes[(mark + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        guard pieces.count <= maxParameters else { return nil }
        var query: [String: String] = [:]
        for piece in pieces where !piece.isEmpty {
            let equals = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.endIndex
            let name = decode(piece[..<equals], plusIsSpace: true)
            let value = equals < piece.endIndex ? decode(piece[(equals + 1)...], plusIsSpace: true) : ""
            if query[name] == nil { query[name] = value }
        }
        return (path, query)
    }

    /// `%XX` as the byte it names (a `%` not followed by two hex digits stays as it is), `+` as a
    /// space in a query; bytes that are not UTF-8 become U+FFFD.
    public static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
                continue
            }
            out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `name=value; name2="value 2"`: names and values trimmed of spaces and tabs, a value's
    /// quotes dropped. Read by bytes, as the target is: a `;`, `=` or space followed by a
    /// combining mark is still a separator.
    public static func cookies(_ header: String) -> [String: String] {
        var out: [String: String] = [:]
        for part in Array(header.utf8).split(separator: UInt8(ascii: ";")) {
            let equals = part.firstIndex(of: UInt8(ascii: "=")) ?? part.endIndex
            let name = trimmed(part[..<equals])
            guard !name.isEmpty else { continue }
            var value = equals < part.endIndex ? trimmed(part[(equals + 1)...]) : []
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") { value = value.dropFirst().dropLast() }
            let key = String(decoding: name, as: UTF8.self)
            if out[key] == nil { out[key] = String(decoding: value, as: UTF8.self) }
        }
        return out
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else { return [] }
        return bytes[first...last]
    }
}
