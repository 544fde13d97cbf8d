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
}
