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
        Self.diagnostic("error", message, at: location.isEmpty ? nil : location.description)
    }

    /// `LEVEL: what (where)`, the form every diagnostic is printed in (errors, warnings, notes):
    /// one line whatever its parts hold (a file name with a line feed, upstream text), as
    /// `printable` escapes every control, line feeds and carriage returns included.
    public static func diagnostic(_ level: String, _ what: String, at place: String? = nil) -> String {
        let line = level + ": " + printable(what, limit: 1000)
        return place.map { line + " (" + printable($0, limit: 1000) + ")" } ?? line
    }

    /// A value (a file name, a review's note) inside a line printed for people: every control
    /// escaped, line feeds included, so it cannot start a line of its own; nothing cut.
    public static func oneLine(_ value: String) -> String { printable(value, limit: .max) }

    /// `text` with control characters as `\u{…}` escapes (line breaks and tabs kept when asked),
    /// cut to `limit` characters.
    public static func printable(_ text: String, limit: Int = 200, keepLineBreaks: Bool = false) -> String {
        // The usual text (a million JSON lines at scale): nothing to escape, nothing to cut.
        let c0: TerminalControls.C0 = keepLineBreaks ? .allButLineBreaks : .all
        if limit == .max || text.utf8.count <= limit {
            var copy = text
            if copy.withUTF8({ TerminalControls.first(in: $0, c0: c0) == nil }) { return text }
        }
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if TerminalControls.isControl(scalar.value, c0: c0) {
                out += TerminalControls.escape(scalar.value)
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
            if TerminalControls.isBidiControl(scalar.value) { out.append(contentsOf: TerminalControls.escape(scalar.value).unicodeScalars) } else { out.append(scalar) }
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
