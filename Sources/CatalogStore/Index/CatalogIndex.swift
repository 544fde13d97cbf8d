import CatalogCore
import Foundation
import CatalogSQLite

/// The local SQLite index under `.catalog/`: derived from the catalog's files, refreshed when
/// they change (by size, mtime and inode, and the fingerprint settings), safe to delete.
/// A row points at its record's line in the snapshot (offset and length) rather than copying it.
public final class CatalogIndex {
    let database: Database
    let layout: CatalogLayout
    let fields: [String]

    /// How long a command waits for another's index write: an import of a million records holds
    /// its write transaction for its whole run (about 15 s), and waiting beats failing.
    static let busyTimeoutMs: Int32 = 120_000

    init(path: String, layout: CatalogLayout, fields: [String]) throws {
        var database = try Database(path: path, busyTimeoutMs: Self.busyTimeoutMs)
        if try Migrations.isForeign(database) {
            // Written by another version: it is derived, so start again from the files.
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            database = try Database(path: path, busyTimeoutMs: Self.busyTimeoutMs)
        }
        self.database = database
        self.layout = layout
        self.fields = fields
        // 16 KB pages (set before a new file's first write; an older index keeps its own): fewer
        // page splits and less per-page work for the million rows an import inserts in id order.
        try database.execute("PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -16000")
        try Migrations.apply(to: database)
    }

    /// One indexed record; its upstream record and canonical text are read from the snapshot
    /// line the row points at, when asked for.
    public struct Entry: Sendable {
        public var source: String
        public var id: String
        public var name: String
        public var removed: Bool
        public var fingerprint: String
        public var state: RecordState
        public var autoPlan: Bool
        public var hasReview: Bool
        var reasonsText: String
        let lineOffset: Int
        let lineLength: Int
        /// The planner fields the review sets (`PlannerValues.text`), and its lint errors.
        public let planner: String
        public let lintErrors: Int
        let snapshot: LineFile?
        let fields: [String]
        let htmlFields: Set<String>

        public var reasons: JSONValue { (try? JSONParser.parse(reasonsText)) ?? .array([]) }

        /// The record as its snapshot line states it; nil when the snapshot changed under us.
        public var upstream: UpstreamRecord? {
            guard let bytes = try? snapshot?.line(offset: lineOffset, count: lineLength),
                  let record = try? UpstreamRecord(json: try JSONParser.parse(bytes)), record.id == id else { return nil }
            return record
        }

        /// The canonical text of this entry's record (`upstream`, read once by the caller).
        public func canonicalText(of record: UpstreamRecord) -> String {
            CanonicalText(record: record, fields: fields, htmlFields: htmlFields).text
        }
    }

    // MARK: - Refresh

    /// Bumped whenever the rules or eligibility change meaning, so that rows evaluated by an
    /// older binary are evaluated again (v4: manual-only records are exempt from the planner's
    /// plausibility rules; equipment `kindOf`; the planner-scoring fields and VARIANT).
    static let rulesVersion = "v4"

    /// What a source's rows are derived from, besides its review files: the snapshot, the
    /// vocabularies and the settings (size, mtime in ns and inode of each file, hashed together).
    /// `snapshot`: the signature of a snapshot file about to be renamed into place.
    static func signature(_ catalog: Catalog, source: String, meta: SnapshotMeta, snapshot: String? = nil) -> String? {
        guard let snapshot = snapshot ?? FileSystem.signature(catalog.layout.snapshotFile(source)) else { return nil }
        var parts = [Self.rulesVersion, snapshot, catalog.config.fingerprintFields.joined(separator: ","), meta.htmlFields.joined(separator: ","),
                     String(catalog.config.confidenceThreshold)]
        for name in Vocabulary.files {
            parts.append(name + "=" + (FileSystem.signature(catalog.layout.vocabDirectory + "/" + name) ?? "-"))
        }
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// The review folder's own stamp. Every way a review file is written in place of another —
    /// `catalog`, git, editors that save by renaming — or added or removed changes the folder,
    /// so an unchanged stamp spares a stat of every review file (a million at scale).
    static func reviewsSignature(_ catalog: Catalog, source: String) -> FileStamp {
        FileSystem.stamp(catalog.layout.reviewsDirectory + "/" + source, now: FileSystem.now()) ?? .settled("-")
    }

    /// Brings every source's rows up to date with the files; returns the sources re-indexed.
    /// `thorough`: also stat every review file even when its folder looks unchanged (catches an
    /// editor that rewrote a file in place).
    @discardableResult
    func refresh(_ catalog: Catalog, thorough: Bool = false, progress: @escaping (String) -> Void = { _ in }) throws -> [String] {
        let sources = catalog.sources()
        var stored: [String: (signature: String, reviews: FileStamp)] = [:]
        for row in try database.rows("SELECT source, signature, reviewsSignature FROM sources") {
            if let s = row[0].text, let sig = row[1].text, let reviews = row[2].text { stored[s] = (sig, FileStamp(stored: reviews)) }
        }
        var refreshed: [String] = []
        for source in sources {
            // A first look without the write lock: most commands find nothing to do.
            var reviewsSignature = Self.reviewsSignature(catalog, source: source)
            let reviewsMoved = thorough || !reviewsSignature.matches(stored[source]?.reviews)
            if reviewsMoved {
                // The folder changed: what a killed writer left there goes first.
                FileSystem.removeStaleTemporaries(in: catalog.layout.reviewsDirectory + "/" + source)
                reviewsSignature = Self.reviewsSignature(catalog, source: source)
            }
            guard let signature = Self.signature(catalog, source: source, meta: try catalog.meta(source)) else { continue }
            if stored[source]?.signature == signature && !reviewsMoved { continue }
            // Decided again under the write lock: an import may have committed its rows while this
            // command waited, before renaming its snapshot into place.
            let rebuilt = try database.inTransaction { () throws -> Bool in
                try refreshLocked(catalog, source: source, thorough: thorough, progress: progress)
            }
            if rebuilt { refreshed.append(source) }
        }
        for gone in Set(stored.keys).subtracting(sources) {
            try database.inTransaction {
                for table in ["records", "sources"] {
                    try database.prepare("DELETE FROM \(table) WHERE source = ?").run([.text(gone)])
                }
            }
        }
        return refreshed
    }

    /// `refresh` of one source inside the write transaction, from what is stored now: rebuilds the
    /// rows (true), evaluates moved reviews again, or finds another command did it already.
    private func refreshLocked(_ catalog: Catalog, source: String, thorough: Bool, progress: @escaping (String) -> Void) throws -> Bool {
        let stored = try database.rows("SELECT signature, reviewsSignature FROM sources WHERE source = ?", [.text(source)]).first
        let meta = try catalog.meta(source)
        let reviewsSignature = Self.reviewsSignature(catalog, source: source)
        guard let signature = Self.signature(catalog, source: source, meta: meta) else { return false }
        if stored?[0].text == signature {
            if thorough || !reviewsSignature.matches(stored?[1].text.map(FileStamp.init(stored:))) {
                try rescanReviews(catalog, source: source, meta: meta, reviewsSignature: reviewsSignature, progress: progress)
            }
            return false
        }
        let evaluator = try catalog.evaluator(source: source, htmlFields: Set(meta.htmlFields))
        let writer = try RowWriter(self, source: source)
        // On a failure the caller rolls back: no row may be going in then.
        defer { writer.drain() }
        let path = catalog.layout.snapshotFile(source)
        _ = try FeedReader(evaluator: evaluator, progress: progress).read(
            .snapshot(path: path, file: catalog.layout.relative(path), currentOnly: false), restart: {}, consume: { row, _ throws(CatalogError) in
                do { try writer.insert(row) } catch { throw CatalogError.index(error) }
            })
        try writer.finish(signature: signature, meta: meta, reviewsSignature: reviewsSignature)
        return true
    }

    /// Re-evaluates the rows whose review file was added, removed or changed since it was read.
    private func rescanReviews(_ catalog: Catalog, source: String, meta: SnapshotMeta, reviewsSignature: FileStamp, progress: (String) -> Void) throws {
        let evaluator = try catalog.evaluator(source: source, htmlFields: Set(meta.htmlFields))
        // The review files in the rows' order (SQLite orders ids by their bytes), each stamped as
        // the walk reaches its row: only the names are held, not a table of a million stamps.
        let files = evaluator.reviewed.sorted { $0.precedesInUTF8($1) }
        progress("checking \(files.count) review files")
        // The rows to evaluate again, with where their lines are: the walk reads them already.
        var changed: [(id: String, offset: Int, length: Int)] = []
        let folder = FileSystem.Folder(catalog.layout.reviewsDirectory + "/" + source)
        let rows = try database.prepare("SELECT id, reviewStamp, lineOffset, lineLength FROM records WHERE source = ? ORDER BY id")
        try rows.bind([.text(source)])
        var next = 0
        while try rows.step() {
            let id = rows.text(0)
            let stored: FileStamp? = rows.isNull(1) ? nil : FileStamp(stored: rows.text(1))
            // Files before this row name no record: lint reports them.
            while next < files.count, files[next].precedesInUTF8(id) { next += 1 }
            var stamp: FileStamp?
            if next < files.count, files[next].sameUTF8(id) {
                stamp = folder?.stamp(id + ".json", now: evaluator.now) ?? .racy
                next += 1
            }
            // A review added, removed or moved, or one whose stamp was not to be trusted.
            if stamp != stored || stored == .racy { changed.append((id, rows.int(2), rows.int(3))) }
        }
        let update = try database.prepare("""
            UPDATE records SET state = ?, autoPlan = ?, hasReview = ?, reasonMask = ?, reasons = ?, planner = ?, lintErrors = ?, reviewStamp = ?
            WHERE source = ? AND id = ?
            """)
        let snapshot = try? LineFile(catalog.layout.snapshotFile(source))
        let snapshotName = catalog.layout.relative(catalog.layout.snapshotFile(source))
        var racy = false
        // Evaluated on all cores a batch at a time (after a bulk review, every row changed).
        for start in stride(from: 0, to: changed.count, by: 8192) {
            let batch = Array(changed[start..<min(start + 8192, changed.count)])
            let rows = Parallel.map(batch.count) { i -> RecordRow? in
                guard let bytes = try? snapshot?.line(offset: batch[i].offset, count: batch[i].length),
                      let record = try? UpstreamRecord(json: JSONParser.parse(bytes)), record.id == batch[i].id else { return nil }
                return bytes.withUnsafeBufferPointer { evaluator.row(record, line: $0) }
            }
            for (target, row) in zip(batch, rows) {
                guard let row else {
                    throw CatalogError(.dataError, "the snapshot changed while indexing; run the command again", .init(file: snapshotName, record: target.id))
                }
                racy = racy || row.reviewStamp == .racy
                try update.run { (bind) throws(SQLiteError) in
                    try bind.text(row.state.rawValue)
                    try bind.int(row.autoPlan ? 1 : 0)
                    try bind.int(row.hasReview ? 1 : 0)
                    try bind.int(Int64(row.reasonMask))
                    try bind.text(row.reasons)
                    try bind.text(row.planner)
                    try bind.int(Int64(row.lintErrors))
                    try bind.text(row.reviewStamp?.stored)
                    try bind.text(source)
                    try bind.text(target.id)
                }
            }
            progress("evaluated \(min(start + 8192, changed.count)) of \(changed.count) changed reviews")
        }
        // A racy row is looked at again next time, whatever the folder says.
        try database.prepare("UPDATE sources SET reviewsSignature = ? WHERE source = ?").run([.text(racy ? FileStamp.racy.stored : reviewsSignature.stored), .text(source)])
    }

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

        init(_ index: CatalogIndex, source: String) throws {
            self.index = index
            self.source = source
            try index.database.prepare("DELETE FROM records WHERE source = ?").run([.text(source)])
            func insert(rows: Int) throws -> Statement {
                let values = Array(repeating: "(" + Array(repeating: "?", count: 18).joined(separator: ", ") + ")", count: rows)
                return try index.database.prepare("""
                    INSERT INTO records (source, id, name, removed, fingerprint, lineDigest, lineOffset, lineLength, mediaSha256,
                                         mediaFrames, state, autoPlan, hasReview, reasonMask, reasons, planner, lintErrors, reviewStamp)
                    VALUES \(values.joined(separator: ", "))
                    """)
            }
            statement = try insert(rows: 1)
            statements = try insert(rows: Self.rowsPerStatement)
        }

        deinit { drain() }

        /// Waits for the rows handed over so far (a failure among them is for `finish` to report);
        /// rows still queued here are not inserted.
        func drain() {
            try? worker.drain()
        }

        /// Queues `row`; throws a failure of rows queued before.
        func insert(_ row: RecordRow) throws {
            if row.reviewStamp == .racy { racy = true }
            batch.append(row)
            if batch.count == 1024 { try flush() }
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
            try bind.text(row.state.rawValue)
            try bind.int(row.autoPlan ? 1 : 0)
            try bind.int(row.hasReview ? 1 : 0)
            try bind.int(Int64(row.reasonMask))
            try bind.text(row.reasons)
            try bind.text(row.planner)
            try bind.int(Int64(row.lintErrors))
            try bind.text(row.reviewStamp?.stored)
        }

        func finish(signature: String, meta: SnapshotMeta, reviewsSignature: FileStamp) throws {
            try flush()
            try worker.drain()
            try index.database.prepare("""
                INSERT OR REPLACE INTO sources (source, signature, adapter, importedAt, htmlFields, reviewsSignature) VALUES (?, ?, ?, ?, ?, ?)
                """).run([.text(source), .text(signature), .text(meta.adapter), .text(meta.importedAt), .text(meta.htmlFields.joined(separator: "\n")),
                          .text(racy ? FileStamp.racy.stored : reviewsSignature.stored)])
        }
    }

    static let rowColumns = """
        id, name, removed, fingerprint, lineDigest, lineOffset, lineLength, mediaSha256, mediaFrames, state, autoPlan, \
        hasReview, reasonMask, reasons, planner, lintErrors, reviewStamp
        """

    /// A row as `rowColumns` select it.
    static func row(_ statement: Statement) -> RecordRow {
        RecordRow(
            id: statement.text(0), name: statement.text(1), removed: statement.int(2) != 0,
            fingerprint: Fingerprint(digest: statement.blob(3)),
            lineDigest: Int64(statement.int(4)), lineOffset: statement.int(5), lineLength: statement.int(6),
            mediaSha256: statement.isNull(7) ? nil : statement.text(7),
            mediaFrames: statement.isNull(8) ? nil : statement.int(8),
            state: RecordState(rawValue: statement.text(9)) ?? .unreviewed, autoPlan: statement.int(10) != 0,
            hasReview: statement.int(11) != 0, reasonMask: statement.int(12), reasons: statement.isNull(13) ? nil : statement.text(13),
            planner: statement.text(14), lintErrors: statement.int(15),
            reviewStamp: statement.isNull(16) ? nil : FileStamp(stored: statement.text(16)))
    }

    // MARK: - Queries

    /// Counts by state and reason, overall and per source.
    public struct Counts: Sendable, Equatable {
        public var records = 0
        public var autoPlan = 0
        public var states: [RecordState: Int] = [:]
        public var reasons: [ReasonCode: Int] = [:]
        /// Records with an animation attached, and their frames in all.
        public var mediaRecords = 0
        public var mediaFrames = 0

        public init() {}

        public var json: JSONValue {
            .object(JSONObject([
                JSONMember("records", .int(records)),
                JSONMember("states", .object(JSONObject(RecordState.allCases.map { JSONMember($0.rawValue, .int(states[$0] ?? 0)) }))),
                JSONMember("autoPlan", .int(autoPlan)),
                JSONMember("reasons", .object(JSONObject(reasons.keys.sorted().map { JSONMember($0.rawValue, .int(reasons[$0]!)) }))),
                JSONMember("media", .object(JSONObject([JSONMember("records", .int(mediaRecords)), JSONMember("frames", .int(mediaFrames))]))),
            ]))
        }
    }

    /// One pass over the rows (a million at scale), grouped by what the counts tell apart.
    public func counts() throws -> [String: Counts] {
        var out: [String: Counts] = [:]
        let sql = """
            SELECT source, state, reasonMask, removed, COUNT(*), SUM(autoPlan), COUNT(mediaFrames), SUM(mediaFrames)
            FROM records GROUP BY source, state, reasonMask, removed
            """
        for row in try database.rows(sql) {
            guard let source = row[0].text, let state = row[1].text.flatMap(RecordState.init(rawValue:)), let mask = row[2].int else { continue }
            let n = row[4].int ?? 0
            var counts = out[source] ?? Counts()
            counts.records += n
            counts.autoPlan += row[5].int ?? 0
            counts.states[state, default: 0] += n
            for (bit, code) in ReasonCode.allCases.enumerated() where mask & (1 << bit) != 0 { counts.reasons[code, default: 0] += n }
            if row[3].int == 0 {
                counts.mediaRecords += row[6].int ?? 0
                counts.mediaFrames += row[7].int ?? 0
            }
            out[source] = counts
        }
        return out
    }

    /// Whether any record of `source` has a review (the first row with one answers).
    public func hasReviews(source: String) throws -> Bool {
        try !database.rows("SELECT 1 FROM records WHERE source = ? AND hasReview = 1 LIMIT 1", [.text(source)]).isEmpty
    }

    /// The sources that hold `id`.
    public func sources(holding id: String) throws -> [String] {
        let statement = try database.prepare("SELECT 1 FROM records WHERE source = ? AND id = ?")
        return try database.rows("SELECT source FROM sources ORDER BY source").compactMap { $0[0].text }.filter { source in
            try statement.bind([.text(source), .text(id)])
            defer { statement.reset() }
            return try statement.step()
        }
    }

    static let entryColumns = "source, id, name, removed, fingerprint, state, autoPlan, hasReview, reasons, lineOffset, lineLength, planner, lintErrors, reasonMask"

    public func entry(source: String, id: String) throws -> Entry? {
        let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND id = ?")
        try statement.bind([.text(source), .text(id)])
        guard try statement.step() else { return nil }
        return try entry(statement, context: context(source))
    }

    /// Every record of `source` in one of `states`, by id.
    public func entries(source: String, states: [RecordState]) throws -> [Entry] {
        var out: [Entry] = []
        try forEachEntry(source: source, states: states) { out += $0 }
        return out
    }

    /// Every record of `source` in one of `states` (default: all), by id, `batch` at a time: a
    /// walk over a million records in bounded memory.
    public func forEachEntry(source: String, states: [RecordState] = RecordState.allCases, batch: Int = 2048, _ body: ([Entry]) throws -> Void) throws {
        let marks = states.map { _ in "?" }.joined(separator: ", ")
        let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND state IN (\(marks)) ORDER BY id")
        try statement.bind([.text(source)] + states.map { .text($0.rawValue) })
        let context = try context(source)
        var entries: [Entry] = []
        entries.reserveCapacity(batch)
        while try statement.step() {
            entries.append(try entry(statement, context: context))
            if entries.count == batch {
                try body(entries)
                entries.removeAll(keepingCapacity: true)
            }
        }
        if !entries.isEmpty { try body(entries) }
    }

    /// What `lint` needs of each row of `source`, by id.
    public struct LintRow: Sendable {
        public var id: String
        public var name: String
        public var state: RecordState
        public var lintErrors: Int
    }

    /// Every row of `source` by id, with no more than lint needs (no snapshot line read).
    public func forEachRow(source: String, _ body: (LintRow) throws -> Void) throws {
        let statement = try database.prepare("SELECT id, name, state, lintErrors FROM records WHERE source = ? ORDER BY id")
        try statement.bind([.text(source)])
        while try statement.step() {
            try body(LintRow(id: statement.text(0), name: statement.text(1), state: RecordState(rawValue: statement.text(2)) ?? .unreviewed,
                             lintErrors: statement.int(3)))
        }
    }

    /// The records that need an editor's attention, in one pass: the stale and removed ones
    /// (entries) and the ids of unreviewed ones; with how many rows were not current.
    public func attention(source: String) throws -> (entries: [Entry], unreviewed: [String], notCurrent: Int) {
        let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND state != ? ORDER BY id")
        try statement.bind([.text(source), .text(RecordState.current.rawValue)])
        let context = try context(source)
        var entries: [Entry] = []
        var unreviewed: [String] = []
        var count = 0
        while try statement.step() {
            count += 1
            if statement.text(5) == RecordState.unreviewed.rawValue {
                unreviewed.append(statement.text(1))
            } else {
                entries.append(try entry(statement, context: context))
            }
        }
        return (entries, unreviewed, count)
    }

    /// Id → name of every record of `source`.
    public func names(source: String) throws -> [String: String] {
        var out: [String: String] = [:]
        let statement = try database.prepare("SELECT id, name FROM records WHERE source = ?")
        try statement.bind([.text(source)])
        while try statement.step() { out[statement.text(0)] = statement.text(1) }
        return out
    }

    /// The snapshot rows of `source` point into, and its HTML fields.
    func context(_ source: String) throws -> (snapshot: LineFile?, htmlFields: Set<String>) {
        let html = try database.rows("SELECT htmlFields FROM sources WHERE source = ?", [.text(source)]).first?[0].text ?? ""
        return (try? LineFile(layout.snapshotFile(source)), Set(html.split(separator: "\n").map(String.init)))
    }

    func entry(_ statement: Statement, context: (snapshot: LineFile?, htmlFields: Set<String>)) throws -> Entry {
        Entry(
            source: statement.text(0), id: statement.text(1), name: statement.text(2), removed: statement.int(3) != 0,
            fingerprint: Fingerprint(digest: statement.blob(4)).value, state: RecordState(rawValue: statement.text(5)) ?? .unreviewed,
            autoPlan: statement.int(6) != 0, hasReview: statement.int(7) != 0, reasonsText: statement.isNull(8) ? RecordEvaluator.plainReasons(mask: statement.int(13)) : statement.text(8),
            lineOffset: statement.int(9), lineLength: statement.int(10), planner: statement.text(11), lintErrors: statement.int(12),
            snapshot: context.snapshot,
            fields: fields, htmlFields: context.htmlFields)
    }
}

extension CatalogIndex {
    /// Counts per source, mapping index failures to an internal error.
    public func catalogCounts() throws(CatalogError) -> [String: Counts] {
        do { return try counts() } catch { throw CatalogError.index(error) }
    }

    /// One record, or exit 66 naming it.
    public func catalogEntry(source: String, id: String) throws(CatalogError) -> Entry {
        let found: Entry?
        do { found = try entry(source: source, id: id) } catch { throw CatalogError.index(error) }
        guard let found else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: "\(source):\(id)")) }
        return found
    }
}
