import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// A table of `catalog.sqlite` whose rows belong to an exercise (muscles, equipment,
/// joint_stress, reasons): the rows a record makes in it, as export writes them.
struct ChildTable: Sendable {
    enum Kind: Sendable { case muscles, equipment, jointStress, reasons }

    let kind: Kind
    let name: String
    /// Its columns after `exercise_id`, the first `keys` of them its primary key's rest.
    let columns: [String]
    let keys: Int

    /// The child tables of a build of `schema`.
    static func all(schema: Int) -> [ChildTable] {
        [ChildTable(kind: .muscles, name: "muscles", columns: ["muscle", "role", "credit"], keys: 2),
         ChildTable(kind: .equipment, name: "equipment", columns: ["item"], keys: 1)]
            + (schema >= 2 ? [ChildTable(kind: .jointStress, name: "joint_stress", columns: ["joint"], keys: 1)] : [])
            + [ChildTable(kind: .reasons, name: "reasons", columns: ["code", "details"], keys: 1)]
    }

    /// The rows `e` has in the table, encoded (`RowCode`) onto `rows`: one per key (the first,
    /// as `INSERT OR IGNORE` keeps).
    func encode(_ e: Exercise, into rows: inout RowList) {
        rows.startRecord()
        switch kind {
        case .muscles:
            BuildTables.muscleRows(e) { m, r, c in
                rows.add { RowCode.text(m, &$0); RowCode.text(r, &$0) } rest: { RowCode.double(c, &$0) }
            }
        case .equipment, .jointStress:
            for item in (kind == .equipment ? e.equipment : e.jointStress) ?? [] { rows.add { RowCode.text(item, &$0) } rest: { _ in } }
        case .reasons:
            for reason in e.reasons {
                rows.add { RowCode.text(reason.code.rawValue, &$0) } rest: { RowCode.text(JSONWriter.string(reason.details, style: .compact), &$0) }
            }
        }
    }
}

/// Encoded rows (`RowCode`) one after another, and where each ends; a record's rows added
/// one per key.
struct RowList: Sendable {
    var bytes: [UInt8] = []
    var ends: [Int] = []
    /// The record's first row, and where each of its rows' key ends.
    private var recordStart = 0
    private var keyEnds: [Int] = []

    func start(_ row: Int) -> Int { row == 0 ? 0 : ends[row - 1] }

    func row(_ row: Int) -> ArraySlice<UInt8> { bytes[start(row)..<ends[row]] }

    mutating func startRecord() {
        recordStart = ends.count
        keyEnds.removeAll(keepingCapacity: true)
    }

    /// A row whose key `key` writes and whose other values `rest` writes, unless a row of the
    /// record has that key already.
    mutating func add(key: (inout [UInt8]) -> Void, rest: (inout [UInt8]) -> Void) {
        let begin = bytes.count
        key(&bytes)
        let keyEnd = bytes.count
        for (i, end) in keyEnds.enumerated() where bytes[start(recordStart + i)..<end].elementsEqual(bytes[begin..<keyEnd]) {
            bytes.removeSubrange(begin...)
            return
        }
        keyEnds.append(keyEnd)
        rest(&bytes)
        ends.append(bytes.count)
    }

    /// A row as it is, its end marked.
    mutating func endRow() { ends.append(bytes.count) }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}

/// A row's values after exercise_id as bytes, so that a record's rows compare at once: each
/// value a tag (null, integer, real, text), then its 8 bytes or its length and UTF-8 bytes.
enum RowCode {
    static func text(_ value: String, _ out: inout [UInt8]) {
        var value = value
        value.withUTF8 { text($0, &out) }
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        out.append(3)
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: bytes)
    }

    static func double(_ value: Double, _ out: inout [UInt8]) {
        out.append(2)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { out.append(contentsOf: $0) }
    }

    static func int(_ value: Int64, _ out: inout [UInt8]) {
        out.append(1)
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    /// Encoded rows of `width` values each, back as values (for a message).
    static func decode(_ bytes: ArraySlice<UInt8>, width: Int) -> [[SQLValue]] {
        var rows: [[SQLValue]] = [], row: [SQLValue] = []
        var i = bytes.startIndex
        func number() -> UInt64 { bytes[i + 1..<i + 9].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0: row.append(.null); i += 1
            case 1: row.append(.int(Int64(bitPattern: number()))); i += 9
            case 2: row.append(.double(Double(bitPattern: number()))); i += 9
            default:
                let n = Int(bytes[i + 1..<i + 5].reversed().reduce(0) { $0 << 8 | UInt32($1) })
                row.append(.text(String(decoding: bytes[i + 5..<i + 5 + n], as: UTF8.self)))
                i += 5 + n
            }
            if row.count == width {
                rows.append(row)
                row = []
            }
        }
        return rows
    }
}

/// The rows a run of records makes in each child table, made on a worker beside the records'
/// check: each record's id, and per table their rows (`RowList`) and how many there are after
/// each record.
struct ChildRows: Sendable {
    var ids: [String] = []
    var rows: [RowList]
    var ends: [[Int]]

    init(tables: Int) {
        rows = Array(repeating: RowList(), count: tables)
        ends = Array(repeating: [], count: tables)
    }

    mutating func add(_ e: Exercise, _ tables: [ChildTable]) {
        ids.append(e.id)
        for (t, table) in tables.enumerated() {
            table.encode(e, into: &rows[t])
            ends[t].append(rows[t].ends.count)
        }
    }
}

/// One child table read in key order a row at a time (no copy of its values), and held to the rows the records make
/// (`ChildRows`), record after record in id order: every row must be one a record makes, and
/// every row a record makes must be there, value for value and of the format's type.
final class ChildCursor {
    let table: ChildTable
    let path: String
    private let statement: Statement
    /// Whether the statement is on a row (false before the first step and at the end).
    private var onRow = false
    private var started = false
    /// The rows of the record at hand, encoded, and whether each of the record's is among them.
    private var found = RowList()
    private var met: [Bool] = []

    init(_ table: ChildTable, database: Database, path: String) throws(CatalogError) {
        self.table = table
        self.path = path
        let columns = ["exercise_id"] + table.columns
        let order = columns.prefix(table.keys + 1).joined(separator: ", ")
        do { statement = try database.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(order)") } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
    }

    /// Whether a row is at hand, stepping to the first when none was read yet.
    private func current() throws(CatalogError) -> Bool {
        if !started { try advance() }
        return onRow
    }

    private func advance() throws(CatalogError) {
        started = true
        do { onRow = try statement.step() } catch { throw .data("cannot be read: \(error.message)", file: path) }
    }

    /// Whether the row's exercise_id is `id` (0), precedes it (-1) or follows it (1); a value
    /// that is no text precedes every id.
    private func order(_ id: String) -> Int {
        guard statement.isText(0) else { return -1 }
        let have = statement.blob(0)
        var id = id
        return id.withUTF8 { want in
            let n = memcmp(have.baseAddress ?? UnsafeRawPointer(want.baseAddress!), want.baseAddress!, min(have.count, want.count))
            return n != 0 ? (n < 0 ? -1 : 1) : have.count == want.count ? 0 : (have.count < want.count ? -1 : 1)
        }
    }

    /// The row's values after exercise_id, encoded (`RowCode`) onto `found`.
    private func encodeRow() {
        defer { found.endRow() }
        for column in 1..<Int32(table.columns.count + 1) {
            if statement.isText(column) {
                let bytes = statement.blob(column)
                RowCode.text(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count), &found.bytes)
            } else {
                switch statement.column(column) {
                case .double(let v): RowCode.double(v, &found.bytes)
                case .int(let v): RowCode.int(v, &found.bytes)
                default: found.bytes.append(0)
                }
            }
        }
    }

    /// The table's rows of the records `expected` names (table number `t` of it): for each
    /// record, exactly the rows it makes, each once; a problem, naming the record and the
    /// table, at the first that differs.
    func check(_ expected: ChildRows, _ t: Int) throws(CatalogError) -> String? {
        let made = expected.rows[t]
        var first = 0
        for (r, id) in expected.ids.enumerated() {
            let last = expected.ends[t][r]
            defer { first = last }
            if try current(), order(id) < 0 {
                return "table \(table.name) holds a row of \(rowID()), which is no record of the build (or is out of order)"
            }
            found.removeAll()
            while try current(), order(id) == 0 {
                encodeRow()
                try advance()
            }
            met.removeAll(keepingCapacity: true)
            met.append(contentsOf: repeatElement(false, count: last - first))
            for row in found.ends.indices {
                guard let at = (first..<last).first(where: { !met[$0 - first] && made.row($0) == found.row(row) }) else {
                    return "record \(CatalogError.quote(id)): table \(table.name) holds a row its record does not make: \(show(found.row(row)))"
                }
                met[at - first] = true
            }
            if let missing = met.firstIndex(of: false) {
                return "record \(CatalogError.quote(id)): table \(table.name) lacks the row \(show(made.row(first + missing))) its record makes"
            }
        }
        return nil
    }

    private func show(_ row: ArraySlice<UInt8>) -> String { RowCode.decode(row, width: table.columns.count).first.map(Self.show) ?? "()" }

    /// A problem when rows are left once every record's were met.
    func finish() throws(CatalogError) -> String? {
        guard try current() else { return nil }
        return "table \(table.name) holds a row of \(rowID()), which is no record of the build (or is out of order)"
    }

    private func rowID() -> String {
        statement.isText(0) ? CatalogError.quote(statement.text(0)) : "a row whose exercise_id is no text"
    }

    static func show(_ row: [SQLValue]) -> String {
        "(" + row.map { value in
            switch value {
            case .null: return "NULL"
            case .int(let v): return "\(v)"
            case .double(let v): return "\(v)"
            case .text(let s): return "'\(CatalogError.quote(s))'"
            }
        }.joined(separator: ", ") + ")"
    }
}

/// The child tables checked on a thread of their own (`SerialWorker`), on a connection of
/// their own, beside the walk over the records: each run of records' rows as the walk hands
/// them over (`check`), then what is left (`finish`); the first problem of each table.
final class ChildCheck: @unchecked Sendable {
    let worker = SerialWorker<Never>(label: "catalog.verify.children", depth: 2)
    private let cursors: [ChildCursor]
    private var failed: [Bool]
    /// The problems found, read once the worker is drained.
    private(set) var problems: [PublishedCatalog.Problem] = []

    init(_ cursors: [ChildCursor]) {
        self.cursors = cursors
        failed = cursors.map { _ in false }
    }

    var tables: [ChildTable] { cursors.map(\.table) }

    /// Hands over the rows a run of records makes.
    func submit(_ rows: ChildRows) {
        worker.submit { [self] in each { (cursor, t) throws(CatalogError) in try cursor.check(rows, t) } }
    }

    /// Checks that no rows are left, and waits for the checks handed over.
    func finish() {
        worker.submit { [self] in each { (cursor, _) throws(CatalogError) in try cursor.finish() } }
        worker.drain()
    }

    private func each(_ body: (ChildCursor, Int) throws(CatalogError) -> String?) {
        for (t, cursor) in cursors.enumerated() where !failed[t] {
            do throws(CatalogError) {
                guard let message = try body(cursor, t) else { continue }
                problems.append(.init(file: "catalog.sqlite", message: message))
            } catch {
                problems.append(.init(file: "catalog.sqlite", message: error.message))
            }
            failed[t] = true
        }
    }
}
