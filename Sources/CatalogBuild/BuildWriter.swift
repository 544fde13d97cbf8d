import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite
import Foundation

/// Writes a build's `catalog.json` and `catalog.sqlite` a batch of records at a time, in id
/// order, so a build of a million records is never held whole. Deterministic: catalog.json is
/// `CatalogJSON`'s bytes; catalog.sqlite is a new file with a fixed page size, the same
/// statements in the same order (rows by id, metadata and indexes last) in one transaction,
/// so the same records give the same bytes (the rebuild tests compare them).
///
/// The SQLite rows of a share of records, encoded by the worker that rendered them
/// (`EncodedRows`), are inserted on a thread of their own (`SerialWorker`) while the caller
/// makes the next. The connection and statements are used by that worker only (and by `finish`
/// once it is drained), one share after another; hence `@unchecked Sendable`.
final class BuildWriter: @unchecked Sendable {
    let directory: String
    private let json: StagedFile
    private let database: Database
    private let insert: RowInsert
    private let muscle: RowInsert
    private let item: RowInsert
    private let joint: RowInsert
    private let reason: RowInsert
    private(set) var count = 0
    private let rows = SerialWorker<CatalogError>(label: "catalog.build.sqlite")
    /// The page cache while the indexes are made (`finish`), in KB.
    private let indexCacheKB: Int

    /// `rowCacheKB`, `indexCacheKB`: SQLite's page cache while the records go in (large, so
    /// that a page is written once) and while the indexes are made. They change no byte.
    init(directory: String, name: String, rowCacheKB: Int = 32_000, indexCacheKB: Int = 2_000) throws(CatalogError) {
        self.directory = directory
        self.indexCacheKB = indexCacheKB
        json = try StagedFile(directory + "/catalog.json")
        try json.append(CatalogJSON.header(name: name))
        let path = directory + "/catalog.sqlite"
        unlink(path)
        do {
            database = try Database(path: path)
            // No journal and no syncs while building a file nobody reads yet; one fsync at the end.
            try database.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA encoding = 'UTF-8'; PRAGMA cache_size = -\(rowCacheKB)")
            // The indexes are sorted on all cores (the sorter's helper threads): the same bytes.
            try database.execute("PRAGMA threads = \(Parallel.workers)")
            try database.execute("BEGIN")
            try database.execute(BuildTables.schema)
            let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
            insert = RowInsert(database, "INSERT INTO exercises (\(columns.joined(separator: ", ")))", width: columns.count)
            muscle = RowInsert(database, "INSERT OR IGNORE INTO muscles (exercise_id, muscle, role, credit)", width: 4)
            item = RowInsert(database, "INSERT OR IGNORE INTO equipment (exercise_id, item)", width: 2)
            joint = RowInsert(database, "INSERT OR IGNORE INTO joint_stress (exercise_id, joint)", width: 2)
            reason = RowInsert(database, "INSERT INTO reasons (exercise_id, code, details)", width: 3)
        } catch {
            throw Self.failure(error, path)
        }
    }

    static func failure(_ error: SQLiteError, _ path: String) -> CatalogError {
        CatalogError(.cannotWrite, "cannot write: \(error.message)", .init(file: path))
    }

    /// Records in their two forms, made on any thread (`render`): their bytes in catalog.json,
    /// and their rows in catalog.sqlite's tables, encoded.
    struct Rendered: Sendable {
        var pretty: [UInt8]
        var rows: EncodedRows
        /// Where each record's compact JSON is in `rows.bytes` (changes.json takes it from there).
        var records: [Range<Int>] = []
    }

    /// Records that follow one another in id order, the first of them number `start` (from 0)
    /// of the build, rendered.
    static func render(_ exercises: [Exercise], start: Int) -> Rendered {
        var rendered = Rendered(pretty: [], rows: EncodedRows(capacity: exercises.count * 1024))
        rendered.pretty.reserveCapacity(exercises.count * 1536)
        for i in exercises.indices {
            // catalog.json's bytes are the compact record's with the layout added (as verify
            // makes them), not the record written a second time. (By index: no record copied.)
            let record = rendered.rows.add(exercises[i])
            rendered.records.append(record)
            rendered.rows.bytes.withUnsafeBufferPointer { bytes in
                CatalogJSON.record(compact: UnsafeBufferPointer(rebasing: bytes[record]), index: start + i, into: &rendered.pretty)
            }
        }
        return rendered
    }

    /// Appends records that follow the ones appended before in id order, rendered (`render`):
    /// catalog.json's bytes here, the SQLite rows on the writer's thread, each table's rows of a
    /// record bound one by one into one statement.
    func append(_ rendered: Rendered) throws(CatalogError) {
        try json.append(rendered.pretty)
        let rows = rendered.rows
        try self.rows.submit { [self] () throws(CatalogError) in
            var failure: SQLiteError?
            rows.bytes.withUnsafeBytes { raw in
                do throws(SQLiteError) { try insert(rows.count, from: raw) } catch { failure = error }
            }
            if let failure { throw Self.failure(failure, directory + "/catalog.sqlite") }
        }
        count += rows.count
    }

    /// Inserts `count` records' rows, encoded (`EncodedRows`).
    private func insert(_ count: Int, from raw: UnsafeRawBufferPointer) throws(SQLiteError) {
        var rows = EncodedRows.Reader(raw)
        for _ in 0..<count {
            var peek = rows
            let recordID = peek.text()
            try insert.run(1) { _, b throws(SQLiteError) in for _ in 0..<insert.width { try rows.bind(&b) } }
            try muscle.run(rows.count()) { _, b throws(SQLiteError) in
                try b.text(utf8: recordID); try rows.bind(&b); try rows.bind(&b); try rows.bind(&b)
            }
            try item.run(rows.count()) { _, b throws(SQLiteError) in try b.text(utf8: recordID); try rows.bind(&b) }
            try joint.run(rows.count()) { _, b throws(SQLiteError) in try b.text(utf8: recordID); try rows.bind(&b) }
            try reason.run(rows.count()) { _, b throws(SQLiteError) in try b.text(utf8: recordID); try rows.bind(&b); try rows.bind(&b) }
        }
    }

    /// Waits for the rows handed over, for a build that stops before its end: its files can then
    /// be removed with nothing writing them.
    func abandon() {
        try? rows.drain()
    }

    /// Ends both files once the version is known, each with the build's vocabularies; returns
    /// their manifest entries.
    func finish(version: SemanticVersion, metadata: [(String, String)], vocabulary: BuildVocabulary) throws(CatalogError) -> [String: Manifest.FileEntry] {
        try rows.drain()
        try json.append(CatalogJSON.trailer(count: count, version: version, vocabulary: vocabulary.json))
        let size = json.count
        let sha256 = try json.finish()
        guard rename(json.keep(), directory + "/catalog.json") == 0 else {
            throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(errno)))", .init(file: directory + "/catalog.json"))
        }
        let path = directory + "/catalog.sqlite"
        do {
            let meta = try database.prepare("INSERT INTO metadata (key, value) VALUES (?, ?)")
            for (key, value) in metadata.sorted(by: { $0.0 < $1.0 }) { try meta.run([.text(key), .text(value)]) }
            let document = try database.prepare("INSERT INTO vocabulary (name, document) VALUES (?, ?)")
            for member in vocabulary.documents { try document.run([.text(member.name), .text(JSONWriter.string(member.value))]) }
            // The indexes are sorted in pieces of the cache's size (SQLite's sorter): small
            // pieces sort in the processor's caches (1.26 s against 0.93 s at 100k records for
            // 32 MB against 2 MB). The cache's size changes no page, so no byte.
            try database.execute("PRAGMA cache_size = -\(indexCacheKB)")
            try database.execute(BuildTables.indexes)
            try database.execute("COMMIT")
        } catch {
            throw Self.failure(error, path)
        }
        // The file is flushed to disk on the writer's thread while it is read back for its
        // digest here (from the page cache): the two waits overlap.
        try rows.submit {
            let fd = open(path, O_RDONLY)
            if fd >= 0 {
                fsync(fd)
                close(fd)
            }
        }
        let digest = try ChunkReader.digest(path)
        try rows.drain()
        return ["catalog.json": .init(sha256: sha256, bytes: size), "catalog.sqlite": .init(sha256: digest.sha256, bytes: digest.bytes)]
    }
}

/// Rows inserted into one table by one statement, `INSERT ... VALUES (...), (...)`: a record's
/// rows of a table at once (one statement run instead of one per row, the same rows in the same
/// order, so the same bytes). A statement is prepared for each number of rows met.
final class RowInsert {
    private let database: Database
    private let head: String
    /// Values in a row.
    let width: Int
    private var statements: [Statement?] = []

    init(_ database: Database, _ head: String, width: Int) {
        self.database = database
        self.head = head
        self.width = width
    }

    /// Inserts `rows` rows, up to 64 to a statement; `bind(i, binder)` binds row i's values.
    func run(_ rows: Int, _ bind: (Int, inout Statement.Binder) throws(SQLiteError) -> Void) throws(SQLiteError) {
        var start = 0
        while start < rows {
            let end = min(rows, start + 64)
            try statement(end - start).run { (binder: inout Statement.Binder) throws(SQLiteError) in
                for i in start..<end { try bind(i, &binder) }
            }
            start = end
        }
    }

    private func statement(_ rows: Int) throws(SQLiteError) -> Statement {
        if rows < statements.count, let statement = statements[rows] { return statement }
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let statement = try database.prepare(head + " VALUES " + Array(repeating: row, count: rows).joined(separator: ", "))
        if statements.count <= rows { statements += Array(repeating: nil, count: rows + 1 - statements.count) }
        statements[rows] = statement
        return statement
    }
}
