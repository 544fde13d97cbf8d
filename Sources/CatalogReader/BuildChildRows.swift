import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// A table of `catalog.sqlite` whose rows belong to an exercise (muscles, equipment,
/// joint_stress, reasons): the rows a record makes in it, as export writes them.
struct ChildTable: Sendable {
    let name: String
    /// Its columns after `exercise_id`, the first `keys` of them its primary key's rest.
    let columns: [String]
    let keys: Int
    /// The rows a record makes, duplicates included, in the order export inserts them.
    let make: @Sendable (Exercise) -> [[SQLValue]]

    /// The child tables of a build of `schema`.
    static func all(schema: Int) -> [ChildTable] {
        var tables = [
            ChildTable(name: "muscles", columns: ["muscle", "role", "credit"], keys: 2) { e in
                var rows: [[SQLValue]] = []
                BuildTables.muscleRows(e) { rows.append([.text($0), .text($1), .double($2)]) }
                return rows
            },
            ChildTable(name: "equipment", columns: ["item"], keys: 1) { e in (e.equipment ?? []).map { [.text($0)] } },
            ChildTable(name: "reasons", columns: ["code", "details"], keys: 1) { e in
                e.reasons.map { [.text($0.code), .text(JSONWriter.string($0.details, style: .compact))] }
            },
        ]
        if schema >= 2 { tables.insert(ChildTable(name: "joint_stress", columns: ["joint"], keys: 1) { e in (e.jointStress ?? []).map { [.text($0)] } }, at: 2) }
        return tables
    }

    /// The rows `e` has in the table: one per key (the first, as `INSERT OR IGNORE` keeps), in
    /// the key's byte order, the order the table's primary key returns them in.
    func rows(_ e: Exercise) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        for row in make(e) where !rows.contains(where: { Self.compare($0, row, keys) == 0 }) { rows.append(row) }
        return rows.sorted { Self.compare($0, $1, keys) < 0 }
    }

    /// The first `keys` text values of two rows compared by their UTF-8 bytes: -1, 0 or 1.
    static func compare(_ a: [SQLValue], _ b: [SQLValue], _ keys: Int) -> Int {
        for k in 0..<keys {
            let (x, y) = (a[k].text ?? "", b[k].text ?? "")
            if x.precedesInUTF8(y) { return -1 }
            if y.precedesInUTF8(x) { return 1 }
        }
        return 0
    }
}

/// The rows a run of records makes in each child table, made on a worker beside the records'
/// check: each record's id, and per table its rows, flat, and where each record's end.
struct ChildRows: Sendable {
    var ids: [String] = []
    var rows: [[[SQLValue]]]
    var ends: [[Int]]

    init(tables: Int) {
        rows = Array(repeating: [], count: tables)
        ends = Array(repeating: [], count: tables)
    }

    mutating func add(_ e: Exercise, _ tables: [ChildTable]) {
        ids.append(e.id)
        for (t, table) in tables.enumerated() {
            rows[t] += table.rows(e)
            ends[t].append(rows[t].count)
        }
    }
}

/// One child table read in key order, a batch at a time, and held to the rows the records make
/// (`ChildRows`), record after record in id order: every row must be one a record makes, and
/// every row a record makes must be there, value for value and of the format's type.
final class ChildCursor {
    let table: ChildTable
    let path: String
    private let statement: Statement
    private var batch: RowBatch
    private var position = 0
    private var done = false

    init(_ table: ChildTable, database: Database, path: String) throws(CatalogError) {
        self.table = table
        self.path = path
        let columns = ["exercise_id"] + table.columns
        let order = columns.prefix(table.keys + 1).joined(separator: ", ")
        do { statement = try database.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(order)") } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        batch = RowBatch(columns: columns.count, capacity: 4096)
    }

    /// The row at hand, reading the next batch when the last is used up; nil at the end.
    private func current() throws(CatalogError) -> Int? {
        if position < batch.count { return position }
        guard !done else { return nil }
        do { done = try statement.rows(4096, into: &batch) } catch { throw .data("cannot be read: \(error.message)", file: path) }
        position = 0
        return batch.isEmpty ? nil : 0
    }

    /// Whether the row's exercise_id is `id` (-0), precedes it (-1) or follows it (1).
    private func order(_ row: Int, _ id: String) -> Int {
        var id = id
        return batch.withText(row, 0) { have in
            id.withUTF8 { want in
                have.lexicographicallyPrecedes(want) ? -1 : want.lexicographicallyPrecedes(have) ? 1 : 0
            }
        } ?? -1
    }

    /// The table's rows of the records `expected` names (table number `t` of it); a problem,
    /// naming the record and the table, at the first that differs.
    func check(_ expected: ChildRows, _ t: Int) throws(CatalogError) -> String? {
        var start = 0
        for (r, id) in expected.ids.enumerated() {
            let end = expected.ends[t][r]
            defer { start = end }
            if let row = try current(), order(row, id) < 0 {
                return "table \(table.name) holds a row of \(rowID(row)), which is no record of the build (or is out of order)"
            }
            for want in expected.rows[t][start..<end] {
                guard let row = try current(), order(row, id) == 0 else {
                    return "record \(CatalogError.quote(id)): table \(table.name) lacks the row \(Self.show(want)) its record makes"
                }
                guard want.indices.allSatisfy({ batch.holds(row, $0 + 1, want[$0]) }) else {
                    return "record \(CatalogError.quote(id)): table \(table.name) holds \(Self.show(Array(batch.row(row).dropFirst()))) where its record makes \(Self.show(want))"
                }
                position += 1
            }
            if let row = try current(), order(row, id) == 0 {
                return "record \(CatalogError.quote(id)): table \(table.name) holds a row its record does not make: \(Self.show(Array(batch.row(row).dropFirst())))"
            }
        }
        return nil
    }

    /// A problem when rows are left once every record's were met.
    func finish() throws(CatalogError) -> String? {
        guard let row = try current() else { return nil }
        return "table \(table.name) holds a row of \(rowID(row)), which is no record of the build (or is out of order)"
    }

    private func rowID(_ row: Int) -> String {
        batch.withText(row, 0) { CatalogError.quote(String(decoding: $0, as: UTF8.self)) } ?? "a row whose exercise_id is no text"
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
