import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Rows of a statement copied out as SQLite holds them: each column's type and value, the text
/// as its bytes in one shared buffer. A batch of a few thousand rows costs two allocations
/// instead of a String for each text column, can be handed to other threads (it is never
/// written again), and its text compared byte for byte without being decoded. `value` gives
/// back exactly what `Statement.column` reads.
public struct RowBatch: Sendable {
    enum Kind: UInt8, Sendable { case null, int, double, text }

    struct Cell: Sendable {
        var kind: Kind
        /// The integer, the double's bit pattern, or the text's offset in `bytes`.
        var bits: Int64
        var count: Int32
    }

    /// Columns per row.
    public let columns: Int
    private var cells: [Cell] = []
    private var bytes: [UInt8] = []

    public init(columns: Int, capacity: Int) {
        self.columns = columns
        cells.reserveCapacity(columns * capacity)
    }

    /// Empties the batch, keeping its room for the next rows (when no copy of it is kept).
    public mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Rows in the batch.
    public var count: Int { columns == 0 ? 0 : cells.count / columns }
    public var isEmpty: Bool { cells.isEmpty }

    /// Copies the statement's current row (which must have `columns` columns).
    mutating func append(_ statement: Statement) {
        for column in 0..<Int32(columns) {
            switch statement.read(column) {
            case .null: cells.append(Cell(kind: .null, bits: 0, count: 0))
            case .int(let v): cells.append(Cell(kind: .int, bits: v, count: 0))
            case .double(let v): cells.append(Cell(kind: .double, bits: Int64(bitPattern: v.bitPattern), count: 0))
            case .text(let text):
                cells.append(Cell(kind: .text, bits: Int64(bytes.count), count: Int32(text.count)))
                bytes.append(contentsOf: text)
            }
        }
    }

    /// Column `column` of row `row`, as `Statement.column` reads it.
    public func value(_ row: Int, _ column: Int) -> SQLValue {
        let cell = cells[row * columns + column]
        switch cell.kind {
        case .null: return .null
        case .int: return .int(cell.bits)
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: cell.bits)))
        case .text: return .text(withText(row, column) { String(decoding: $0, as: UTF8.self) }!)
        }
    }

    /// Row `row` as `Statement.row` reads it.
    public func row(_ row: Int) -> [SQLValue] { (0..<columns).map { value(row, $0) } }

    /// `body` on the bytes of a text column; nil when the column is no text.
    public func withText<R>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let cell = cells[row * columns + column]
        guard cell.kind == .text else { return nil }
        return try bytes.withUnsafeBufferPointer { all in try body(UnsafeBufferPointer(rebasing: all[Int(cell.bits)..<Int(cell.bits) + Int(cell.count)])) }
    }

    /// Whether the column holds exactly `value`: the same type, text byte for byte. True
    /// implies `value(row, column) == value`; text that differs only in its bytes (two spellings
    /// Swift compares equal) is false, and is for the caller to decide by `value`.
    public func holds(_ row: Int, _ column: Int, _ value: SQLValue) -> Bool {
        let cell = cells[row * columns + column]
        switch (cell.kind, value) {
        case (.null, .null): return true
        case (.int, .int(let v)): return cell.bits == v
        case (.double, .double(let v)): return Double(bitPattern: UInt64(bitPattern: cell.bits)) == v
        case (.text, .text(var s)):
            return s.withUTF8 { want in
                withText(row, column) { have in have.count == want.count && (want.isEmpty || memcmp(have.baseAddress!, want.baseAddress!, want.count) == 0) }!
            }
        default: return false
        }
    }
}

extension Statement {
    /// A column of the current row as SQLite holds it; text (and a BLOB, read as text) valid
    /// until the statement steps, resets or is read otherwise.
    enum Read {
        case null, int(Int64), double(Double), text(UnsafeBufferPointer<UInt8>)
    }

    func read(_ index: Int32) -> Read {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .int(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .double(sqlite3_column_double(handle, index))
        case SQLITE_NULL: return .null
        default:
            guard let text = sqlite3_column_text(handle, index) else { return .null }
            return .text(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
        }
    }

    /// Steps through more rows into `batch` (emptied first) until it holds `limit`; true when
    /// the statement is done (the batch then short, or empty).
    public func rows(_ limit: Int, into batch: inout RowBatch) throws(SQLiteError) -> Bool {
        batch.removeAll()
        while batch.count < limit {
            guard try step() else { return true }
            batch.append(self)
        }
        return false
    }
}
