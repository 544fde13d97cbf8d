import CatalogCore
import CatalogJSON
import CatalogModel

/// A CSV file (RFC 4180: quoted fields, doubled quotes, CRLF or LF): a header and rows of cells.
/// Every row must have as many cells as the header; each row remembers its line number.
public struct CSVTable: Sendable {
    public struct Row: Sendable {
        public var line: Int
        public var cells: [String]
    }

    public var header: [String]
    public var rows: [Row]

    public init(bytes: [UInt8], file: String) throws(CatalogError) {
        var body = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { body = bytes[3...] }
        if let bad = UTF8Validation.firstInvalidOffset(Array(body)) {
            let offset = bad + (body.startIndex)
            let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .data("invalid UTF-8 (byte offset \(offset))", file: file, line: line)
        }
        let parsed = try Self.rows(body, file: file)
        guard let first = parsed.first else { throw .data("empty file: no header", file: file) }
        header = first.cells
        rows = Array(parsed.dropFirst())
        var seen = Set<String>()
        for name in header {
            guard !name.isEmpty else { throw .data("empty column name in the header", file: file, line: first.line) }
            guard seen.insert(name).inserted else { throw .data("duplicate column '\(name)' in the header", file: file, line: first.line) }
        }
        for row in rows where row.cells.count != header.count {
            let what = row.cells.count > header.count ? "too many" : "too few"
            throw .data("\(what) cells: \(row.cells.count) where the header has \(header.count)", file: file, line: row.line)
        }
    }

    /// The rows of `body` (valid UTF-8), the header's first; blank lines carry no row.
    private static func rows(_ body: ArraySlice<UInt8>, file: String) throws(CatalogError) -> [Row] {
        var parsed: [Row] = []
        var cells: [String] = []
        var cell: [UInt8] = []
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var index = body.startIndex
        // The current cell was quoted, or has content: a quote may no longer open it.
        var cellStarted = false
        // Just after a closing quote: only a comma or the end of the row may follow.
        var closedQuote = false
        func endCell() {
            cells.append(String(decoding: cell, as: UTF8.self))
            cell.removeAll(keepingCapacity: true)
            cellStarted = false
            closedQuote = false
        }
        while index < body.endIndex {
            let b = body[index]
            if inQuotes {
                if b == UInt8(ascii: "\"") {
                    if index + 1 < body.endIndex, body[index + 1] == UInt8(ascii: "\"") {
                        cell.append(b)
                        index += 1
                    } else {
                        inQuotes = false
                        closedQuote = true
                    }
                } else {
                    if b == 0x0A { line += 1 }
                    if b == 0 { throw .data("NUL byte in CSV", file: file, line: line) }
                    cell.append(b)
                }
            } else {
                if closedQuote && b != UInt8(ascii: ",") && b != 0x0A && b != 0x0D {
                    throw .data("text after a closing quote", file: file, line: line, field: "column \(cells.count + 1)")
                }
                switch b {
                case UInt8(ascii: "\""):
                    guard cell.isEmpty && !cellStarted else {
                        throw .data("stray quote inside an unquoted cell", file: file, line: line, field: "column \(cells.count + 1)")
                    }
                    inQuotes = true
                    cellStarted = true
                case UInt8(ascii: ","):
                    endCell()
                case 0x0D where index + 1 < body.endIndex && body[index + 1] == 0x0A:
                    break
                case 0x0A:
                    endCell()
                    parsed.append(Row(line: rowLine, cells: cells))
                    cells.removeAll()
                    line += 1
                    rowLine = line
                default:
                    if b == 0 { throw .data("NUL byte in CSV", file: file, line: line) }
                    cell.append(b)
                    cellStarted = true
                }
            }
            index += 1
        }
        if inQuotes { throw .data("unterminated quoted cell (truncated file?)", file: file, line: rowLine) }
        if cellStarted || !cells.isEmpty {
            endCell()
            parsed.append(Row(line: rowLine, cells: cells))
        }
        parsed.removeAll { $0.cells == [""] }
        return parsed
    }
}
