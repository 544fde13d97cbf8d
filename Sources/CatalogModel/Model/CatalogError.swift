import CatalogJSON

/// An error a user can act on: what went wrong, where, and the exit code it maps to.
///
/// Printed as `error: <what> (<where>)`; `where` names the file, record, field and line known.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Findings: lint errors, a failed verification, a release gate (exit 1).
        case findings
        /// Bad command line (exit 64).
        case usage
        /// Bad input data (exit 65).
        case dataError
        /// A missing input file (exit 66).
        case noInput
        /// An output that cannot be written (exit 73).
        case cannotWrite
        /// A file changed by someone else since it was read; nothing written (exit 73).
        case conflict
        /// A bug or an environment failure (exit 70).
        case internalError

        public var exitCode: Int32 {
            switch self {
            case .findings: return 1
            case .usage: return 64
            case .dataError: return 65
            case .noInput: return 66
            case .cannotWrite, .conflict: return 73
            case .internalError: return 70
            }
        }
    }

    /// Where the problem is; every part is optional, the most precise known are filled in.
    public struct Location: Sendable, Equatable {
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var record: String?
        public var field: String?

        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, record: String? = nil, field: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.record = record
            self.field = field
        }

        public var isEmpty: Bool { file == nil && line == nil && record == nil && field == nil }

        public var description: String {
            var parts: [String] = []
            if let file {
                var f = file
                if let line { f += ":\(line)" + (column.map { ":\($0)" } ?? "") }
                parts.append(f)
            } else if let line {
                parts.append("line \(line)")
            }
            if let record { parts.append("record \(record)") }
            if let field { parts.append("field \(field)") }
            return parts.joined(separator: ", ")
        }
    }

    public var kind: Kind
    public var message: String
    public var location: Location

    public init(_ kind: Kind, _ message: String, _ location: Location = Location()) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// One line, whatever upstream put in its ids and keys: control characters (and bidi controls) are escaped and
    /// long values shortened, so a message can neither break lines nor drive a terminal.
    public var description: String {
        let what = Self.printable(message, limit: 1000)
        return location.isEmpty ? "error: \(what)" : "error: \(what) (\(Self.printable(location.description, limit: 1000)))"
    }

    /// `text` with control characters as `\u{…}` escapes (line breaks and tabs kept when asked),
    /// cut to `limit` characters.
    public static func printable(_ text: String, limit: Int = 200, keepLineBreaks: Bool = false) -> String {
        // The usual text (a million JSON lines at scale): nothing to escape, nothing to cut.
        if limit == .max || text.utf8.count <= limit {
            var copy = text
            let clean = copy.withUTF8 { bytes -> Bool in
                var i = 0
                while i < bytes.count {
                    let b = bytes[i]
                    if b < 0x20 || b == 0x7F {
                        if !(keepLineBreaks && (b == 0x0A || b == 0x09)) { return false }
                    } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                        return false  // a C1 control
                    } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80 || bytes[i + 1] == 0x81,
                              TerminalControls.isEscaped(0x2000 + (UInt32(bytes[i + 1] & 0x3F) << 6) + UInt32(bytes[i + 2] & 0x3F)) {
                        return false  // U+2028, U+2029, a bidi control
                    } else if b == 0xD8, i + 1 < bytes.count, bytes[i + 1] == 0x9C {
                        return false  // U+061C, the Arabic letter mark
                    }
                    i += 1
                }
                return true
            }
            if clean { return text }
        }
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            let v = scalar.value
            let kept = keepLineBreaks && (scalar == "\n" || scalar == "\t")
            if !kept && (v < 0x20 || (v >= 0x7F && v <= 0x9F) || TerminalControls.isEscaped(v)) {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// `text` with its bidirectional controls written as `\u{…}` escapes and nothing else
    /// changed (for text that goes into a page as text).
    public static func neutralisingBidi(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { TerminalControls.isBidiControl($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TerminalControls.isBidiControl(scalar.value) { out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16) + "}").unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// A value quoted inside a message: escaped and shortened.
    public static func quote(_ value: String) -> String { printable(value, limit: 80) }

    public static func data(_ message: String, file: String? = nil, line: Int? = nil, record: String? = nil, field: String? = nil) -> CatalogError {
        CatalogError(.dataError, message, Location(file: file, line: line, record: record, field: field))
    }

    /// A JSON syntax error in `file`, located by line, column and record index.
    public static func json(_ error: JSONParseError, file: String, lineOffset: Int = 0) -> CatalogError {
        var field: String?
        var record: String?
        if let index = error.recordIndex {
            record = "#\(index)"
            let rest = Array(error.path.dropFirst())
            if !rest.isEmpty { field = JSONPathComponent.render(rest) }
        } else if !error.path.isEmpty {
            field = JSONPathComponent.render(error.path)
        }
        return CatalogError(.dataError, "invalid JSON: \(error.message)",
                            Location(file: file, line: error.line + lineOffset, column: error.column, record: record, field: field))
    }
}
