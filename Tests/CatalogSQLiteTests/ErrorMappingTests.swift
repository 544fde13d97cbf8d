import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite
import CatalogStore
import Foundation
import TestSupport
import Testing

/// SQLite's failures, met for real (not made up from a code), carry the primary result code and
/// become the documented exit codes in one place (`CatalogError.index`).
@Suite struct ErrorMappingTests {
    /// The failure `body` throws, which must be the SQLite layer's typed error.
    func failure(_ body: () throws -> Void) -> SQLiteError? {
        do { try body() } catch { return error as? SQLiteError }
        return nil
    }

    func database(in dir: TempDirectory) throws -> String {
        let path = dir.path + "/test.sqlite"
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        return path
    }

    @Test func aWriteToADatabaseOpenedReadOnlyIsCannotWrite() throws {
        let dir = TempDirectory()
        let path = try database(in: dir)
        let readOnly = try Database(path: path, readOnly: true)
        let error = try #require(failure { try readOnly.execute("INSERT INTO t VALUES (2)") })
        #expect(error.primaryCode == 8, "SQLITE_READONLY, got \(error.code)")
        #expect(error.cause == .cannotWrite)
        let mapped = CatalogError.index(error, file: "test.sqlite")
        #expect(mapped.kind.exitCode == 73)
        #expect(mapped.description.contains("cannot write the index"), "\(mapped)")
        #expect(mapped.location.file == "test.sqlite")
    }

    @Test func aDatabaseInAMissingFolderIsCannotWrite() {
        let dir = TempDirectory()
        let error = failure { _ = try Database(path: dir.path + "/no/such/folder/x.sqlite") }
        #expect(error?.primaryCode == 14, "SQLITE_CANTOPEN, got \(String(describing: error))")
        #expect(error.map { CatalogError.index($0).kind.exitCode } == 73)
    }

    /// Another connection holds the write lock past a short busy timeout: BUSY after the wait,
    /// "catalog busy" with exit 73.
    @Test func aLockHeldPastTheBusyTimeoutIsCatalogBusyAfterTheWait() throws {
        let dir = TempDirectory()
        let path = try database(in: dir)
        let holder = try Database(path: path)
        try holder.execute("PRAGMA journal_mode = WAL")
        try holder.execute("BEGIN IMMEDIATE")
        let waiter = try Database(path: path, busyTimeoutMs: 200)
        let start = Date()
        let error = try #require(failure { try waiter.execute("BEGIN IMMEDIATE") })
        #expect(Date().timeIntervalSince(start) >= 0.15, "gave up before the wait")
        #expect(error.primaryCode == 5, "SQLITE_BUSY, got \(error.code)")
        #expect(error.cause == .busy)
        let mapped = CatalogError.index(error)
        #expect(mapped.kind.exitCode == 73)
        #expect(mapped.message.hasPrefix("catalog busy:"), "\(mapped)")
        try holder.execute("COMMIT")
        try waiter.execute("BEGIN IMMEDIATE; COMMIT")
    }

    @Test func aFileThatIsNotADatabaseIsDamaged() throws {
        let dir = TempDirectory()
        let path = dir.write("junk.sqlite", String(repeating: "not a database ", count: 100))
        let db = try Database(path: path)
        let error = try #require(failure { _ = try db.rows("SELECT * FROM sqlite_master") })
        #expect(error.primaryCode == 26, "SQLITE_NOTADB, got \(error.code)")
        let mapped = CatalogError.index(error)
        #expect(mapped.kind.exitCode == 65)
        #expect(mapped.message.contains("delete .catalog/"), "\(mapped)")
    }

    @Test func anyOtherFailureStaysInternalWithSQLitesWords() throws {
        let dir = TempDirectory()
        let db = try Database(path: try database(in: dir))
        let error = try #require(failure { try db.execute("SELEKT 1") })
        #expect(error.primaryCode == 1, "SQLITE_ERROR, got \(error.code)")
        let mapped = CatalogError.index(error)
        #expect(mapped.kind.exitCode == 70)
        #expect(mapped.message.contains("SELEKT"), "\(mapped)")
    }

    /// An extended code maps by its primary code (READONLY_DBMOVED is READONLY).
    @Test func anExtendedCodeMapsByItsPrimaryCode() {
        let error = SQLiteError(code: 8 | 4 << 8, message: "moved", sql: nil)
        #expect(error.primaryCode == 8)
        #expect(CatalogError.index(error).kind.exitCode == 73)
    }
}
