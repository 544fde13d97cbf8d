import CatalogSQLite
import Foundation
import Testing
import TestSupport

/// Bound text is read by SQLite in place from the statement's own buffers: what is stored must be
/// exactly what was bound, however the values change from one run to the next, and whether they
/// come as an array (`run([SQLValue])`) or one by one (`run(_:)` with a `Binder`).
struct StatementBindingTests {
    /// 200 rows: empty (not NULL), small, with NUL characters, non-ASCII, NULL, a bridged
    /// (non-native) string whose bytes are not contiguous in place, and text growing past the
    /// buffer in the middle of a row (after two texts already bound).
    static let rows: [[SQLValue]] = (0..<200).map { n in
        let big = String(repeating: "x\u{E9}", count: n * 37)
        let c: SQLValue = n % 5 == 0 ? .null : .text(n % 7 == 0 ? String(describing: NSString(string: big)) : big)
        return [.int(Int64(n)), .text(n % 3 == 0 ? "" : "s\(n)"), .text("a\u{0}b\(n)"), c, n % 4 == 0 ? .null : .double(Double(n) / 8)]
    }

    /// A table for the rows, and its INSERT.
    static func table() throws -> (dir: TempDirectory, db: Database, insert: Statement) {
        let dir = TempDirectory()
        let db = try Database(path: dir.path + "/t.sqlite")
        try db.execute("CREATE TABLE t (n INTEGER, a TEXT, b TEXT, c TEXT, d REAL)")
        return (dir, db, try db.prepare("INSERT INTO t (n, a, b, c, d) VALUES (?, ?, ?, ?, ?)"))
    }

    @Test func textComesBackAsBoundAcrossRunsOfEverySize() throws {
        let (dir, db, insert) = try Self.table()
        defer { withExtendedLifetime(dir) {} }
        for values in Self.rows { try insert.run(values) }
        // Fewer values than parameters: the rest are NULL, not what the last run bound.
        try insert.run([.int(1000), .text("only")])
        #expect(try db.rows("SELECT n, a, b, c, d FROM t ORDER BY n") == Self.rows + [[.int(1000), .text("only"), .null, .null, .null]])
        #expect(try db.rows("SELECT count(*) FROM t WHERE a IS NULL") == [[.int(0)]])
        // A bound parameter of a query keeps reading right while its rows are stepped.
        let query = try db.prepare("SELECT n FROM t WHERE b = ?")
        try query.bind([.text("a\u{0}b42")])
        #expect(try query.step())
        #expect(query.int(0) == 42)
        #expect(try !query.step())
    }

    @Test func valuesBoundOneByOneComeBackAsAnArrayBindsThem() throws {
        let (dir, db, insert) = try Self.table()
        defer { withExtendedLifetime(dir) {} }
        for values in Self.rows {
            try insert.run { (bind) throws(SQLiteError) in
                for value in values { try bind.value(value) }
            }
        }
        #expect(try db.rows("SELECT n, a, b, c, d FROM t ORDER BY n") == Self.rows)
    }
}
