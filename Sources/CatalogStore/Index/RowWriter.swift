import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite

extension CatalogIndex {
    /// Replaces a source's rows, inside the caller's transaction. Rows go to SQLite 1,024 at a
    /// time on a thread of their own (`SerialWorker`), beside the caller's work: the caller must
    /// not use the connection until `finish` or `drain` returns (a writer let go early drains
    /// too, as a last guard). Only that thread uses the statements meanwhile.
    final class RowWriter {
        let index: CatalogIndex
        let source: String
        /// An INSERT of one row, and one of `rowsPerStatement` rows: rows go in 32 to a statement,
        /// whose table cursor stays on the last page from one row to the next, so rows coming in
        /// key order skip the descent from the root (1M rows in C: 2.5 s → 1.4 s).
        private let statement: Statement
        private let statements: Statement
        static let rowsPerStatement = 32
        /// Eight batches may wait (about 3 MB): the SQLite thread's pace varies with the B-tree's
        /// page splits, and a short queue stalls the import behind it.
        private let worker = SerialWorker<SQLiteError>(label: "catalog.index.rows", depth: 8)
        private var batch: [RecordRow] = []
        /// A row's review file was too recent to trust its stamp.
        private var racy = false

        init(_ index: CatalogIndex, source: String) throws(CatalogError) {
            self.index = index
            self.source = source
            func insert(rows: Int) throws(SQLiteError) -> Statement {
                let values = Array(repeating: "(" + Array(repeating: "?", count: 18).joined(separator: ", ") + ")", count: rows)
                return try index.database.prepare("""
                    INSERT INTO records (source, id, name, removed, fingerprint, lineDigest, lineOffset, lineLength, mediaSha256,
                                         mediaFrames, state, autoPlan, hasReview, reasonMask, reasons, planner, lintErrors, reviewStamp)
                    VALUES \(values.joined(separator: ", "))
                    """)
            }
            (statement, statements) = try index.mapped {
                try index.database.prepare("DELETE FROM records WHERE source = ?").run([.text(source)])
                return (try insert(rows: 1), try insert(rows: Self.rowsPerStatement))
            }
        }

        deinit { drain() }

        /// Waits for the rows handed over so far (a failure among them is for `finish` to report);
        /// rows still queued here are not inserted.
        func drain() {
            try? worker.drain()
        }

        /// Queues `row`; throws a failure of rows queued before.
        func insert(_ row: RecordRow) throws(CatalogError) {
            if row.reviewStamp == .racy { racy = true }
            batch.append(row)
            if batch.count == 1024 { try index.mapped { try flush() } }
        }

        private func flush() throws(SQLiteError) {
            guard !batch.isEmpty else { return }
            let rows = batch
            batch = []
            batch.reserveCapacity(1024)
            // The statements and source, not the writer: the work never keeps the writer alive.
            let one = SendableStatement(statement), many = SendableStatement(statements), source = self.source
            try worker.submit { () throws(SQLiteError) in
                var start = 0
                while rows.count - start >= Self.rowsPerStatement {
                    try many.statement.run { (bind) throws(SQLiteError) in
                        for row in rows[start..<(start + Self.rowsPerStatement)] { try Self.bind(row, source: source, with: &bind) }
                    }
                    start += Self.rowsPerStatement
                }
                for row in rows[start...] {
                    try one.statement.run { (bind) throws(SQLiteError) in try Self.bind(row, source: source, with: &bind) }
                }
            }
        }

        /// Binds one row's values, one by one, after the values bound before.
        static func bind(_ row: RecordRow, source: String, with bind: inout Statement.Binder) throws(SQLiteError) {
            try bind.text(source)
            try bind.text(row.id)
            try bind.text(row.name)
            try bind.int(row.removed ? 1 : 0)
            try row.fingerprint.withDigest { (digest) throws(SQLiteError) in try bind.blob(digest) }
            try bind.int(row.lineDigest)
            try bind.int(Int64(row.lineOffset))
            try bind.int(Int64(row.lineLength))
            try bind.text(row.mediaSha256)
            try bind.int(row.mediaFrames)
            try row.columns.bind(stamp: row.reviewStamp, into: &bind)
        }

        func finish(signature: String, meta: SnapshotMeta, reviewsSignature: FileStamp) throws(CatalogError) {
            try index.mapped { try finishRows(signature: signature, meta: meta, reviewsSignature: reviewsSignature) }
        }

        private func finishRows(signature: String, meta: SnapshotMeta, reviewsSignature: FileStamp) throws(SQLiteError) {
            try flush()
            try worker.drain()
            try index.database.prepare("""
                INSERT OR REPLACE INTO sources (source, signature, adapter, importedAt, htmlFields, reviewsSignature) VALUES (?, ?, ?, ?, ?, ?)
                """).run([.text(source), .text(signature), .text(meta.adapter), .text(meta.importedAt), .text(meta.htmlFields.joined(separator: "\n")),
                          .text(racy ? FileStamp.racy.stored : reviewsSignature.stored)])
        }
    }
}
