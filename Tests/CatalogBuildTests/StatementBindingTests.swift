import CatalogSQLite
import Foundation
import Testing
import TestSupport

/// Bound text is read by SQLite in place from the statement's own buffer: what is stored must be
/// exactly what was bound, however the values change from one run to the next.
struct StatementBindingTests {
    @Test func textComesBackAsBoundAcrossRunsOfEverySize() throws {
        let dir = TempDirectory()
        let db = try Database(path: dir.path + "/t.sqlite")
        try db.execute("CREATE TABLE t (n INTEGER, a TEXT, b TEXT, c TEXT)")
        let insert = try db.prepare("INSERT INTO t (n, a, b, c) VALUES (?, ?, ?, ?)")
        var expected: [[SQLValue]] = []
        for n in 0..<200 {
            // Empty (not NULL), small, with NUL characters, non-ASCII, and growing past the buffer.
            let big = String(repeating: "x\u{E9}", count: n * 37)
            let values: [SQLValue] = [.int(Int64(n)), .text(n % 3 == 0 ? "" : "s\(n)"), .text("a\u{0}b\(n)"), n % 5 == 0 ? .null : .text(big)]
            try insert.run(values)
            expected.append(values)
        }
        // Fewer values than parameters: the rest are NULL, not what the last run bound.
        try insert.run([.int(1000), .text("only")])
        expected.append([.int(1000), .text("only"), .null, .null])
        #expect(try db.rows("SELECT n, a, b, c FROM t ORDER BY n") == expected)
        #expect(try db.rows("SELECT count(*) FROM t WHERE a IS NULL") == [[.int(0)]])
        // A bound parameter of a query keeps reading right while its rows are stepped.
        let query = try db.prepare("SELECT n FROM t WHERE b = ?")
        try query.bind([.text("a\u{0}b42")])
        #expect(try query.step())
        #expect(query.int(0) == 42)
        #expect(try !query.step())
    }

    /// Values bound one by one (`run(textBytes:)`) come back as `run([SQLValue])` stores them.
    @Test func valuesBoundOneByOneComeBackAsAnArrayBindsThem() throws {
        let dir = TempDirectory()
        let db = try Database(path: dir.path + "/t.sqlite")
        try db.execute("CREATE TABLE t (n INTEGER, a TEXT, b TEXT, c TEXT, d INTEGER)")
        let insert = try db.prepare("INSERT INTO t (n, a, b, c, d) VALUES (?, ?, ?, ?, ?)")
        var expected: [[SQLValue]] = []
        for n in 0..<200 {
            let big = String(repeating: "x\u{E9}", count: n * 37)
            // A bridged (non-native) string too: its bytes are not contiguous in place.
            let a = n % 3 == 0 ? "" : "s\(n)"
            let c: String? = n % 5 == 0 ? nil : (n % 7 == 0 ? String(describing: NSString(string: big)) : big)
            let d: Int? = n % 4 == 0 ? nil : n * 1000
            try insert.run(textBytes: a.utf8.count + 4 + String(n).utf8.count + (c?.utf8.count ?? 0)) { (bind) throws(SQLiteError) in
                try bind.int(Int64(n))
                try bind.text(a)
                try bind.text("a\u{0}b\(n)")
                try bind.text(c)
                try bind.int(d)
            }
            expected.append([.int(Int64(n)), .text(a), .text("a\u{0}b\(n)"), c.map { .text($0) } ?? .null, d.map { .int(Int64($0)) } ?? .null])
        }
        #expect(try db.rows("SELECT n, a, b, c, d FROM t ORDER BY n") == expected)
    }
}
