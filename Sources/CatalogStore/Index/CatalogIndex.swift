import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import Foundation

/// The local SQLite index under `.catalog/`: derived from the catalog's files, refreshed when
/// they change (by size, mtime and inode, and the fingerprint settings), safe to delete.
/// A row points at its record's line in the snapshot (offset and length) rather than copying it.
public final class CatalogIndex {
    let database: Database
    /// Where the index is: `.catalog/index.sqlite`, the cache folder's copy when that cannot be
    /// written, or ":memory:".
    let path: String
    let layout: CatalogLayout
    let fields: [String]

    /// What a refresh did: the sources whose rows it rebuilt, those whose review files it
    /// stat'ed, and how many rows it evaluated again for a review that moved. A current index
    /// does none of it (tests check that a command that wrote reviews left nothing to do).
    public struct RefreshStats: Sendable, Equatable {
        public var rebuilt: [String] = []
        public var rescanned: [String] = []
        public var reviewsEvaluated = 0

        public init() {}
    }

    public private(set) var lastRefresh = RefreshStats()

    /// How long a command waits for another's index write: an import of a million records holds
    /// its write transaction for its whole run (about 15 s), and waiting beats failing.
    static let busyTimeoutMs: Int32 = 120_000

    /// Opens the index at `path`. Anything the migrations did not make (written by another
    /// version, or edited: a trigger, a view, another table or column) is not guessed at: the
    /// index is derived, so it is deleted and made again from the files. The schema's SQL is
    /// never trusted meanwhile (`Database.distrustSchema`).
    init(path: String, layout: CatalogLayout, fields: [String]) throws {
        var database = try Self.open(path)
        if try Migrations.isForeign(database) || !Migrations.isOwn(database) {
            database = try Self.open(path, anew: true)
        }
        self.database = database
        self.path = path
        self.layout = layout
        self.fields = fields
    }

    /// A connection to the index at `path` with the migrations applied (`anew`: the file deleted first).
    static func open(_ path: String, anew: Bool = false) throws -> Database {
        if anew, path != ":memory:" { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let database = try Database(path: path, busyTimeoutMs: Self.busyTimeoutMs)
        try database.distrustSchema()
        // 16 KB pages (set before a new file's first write; an older index keeps its own): fewer
        // page splits and less per-page work for the million rows an import inserts in id order.
        try database.execute("PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -16000")
        if try !Migrations.isForeign(database) { try Migrations.apply(to: database) }
        return database
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
        /// The planner fields the review sets, and its lint errors.
        let plannerFields: PlannerFields
        public let lintErrors: Int
        let snapshot: LineFile?
        let fields: [String]
        let htmlFields: Set<String>

        public var reasons: JSONValue { (try? JSONParser.parse(reasonsText)) ?? .array([]) }

        /// The planner fields as the index stores them (`PlannerValues.text`).
        public var planner: String { plannerFields.text }

        /// The planner fields; nil when an index row's do not read.
        public var plannerValues: PlannerValues? { plannerFields.values }

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
    /// plausibility rules; equipment `kindOf`; the planner-scoring fields and VARIANT; v5: the
    /// row's planner fields carry the review's confidence, which builds publish).
    static let rulesVersion = "v5"

    /// What a source's rows are derived from, besides its review files: the snapshot, the
    /// vocabularies and the settings (size, mtime in ns and inode of each file, hashed together).
    /// `snapshot`: the signature of a snapshot file about to be renamed into place.
    static func signature(_ inputs: IndexInputs, source: String, meta: SnapshotMeta, snapshot: String? = nil) -> String? {
        guard let snapshot = snapshot ?? FileSystem.signature(inputs.layout.snapshotFile(source)) else { return nil }
        var parts = [Self.rulesVersion, snapshot, inputs.fingerprintFields.joined(separator: ","), meta.htmlFields.joined(separator: ","),
                     String(inputs.confidenceThreshold)]
        for name in Vocabulary.files {
            parts.append(name + "=" + (FileSystem.signature(inputs.layout.vocabDirectory + "/" + name) ?? "-"))
        }
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// The review folder's own stamp. Every way a review file is written in place of another —
    /// `catalog`, git, editors that save by renaming — or added or removed changes the folder,
    /// so an unchanged stamp spares a stat of every review file (a million at scale).
    static func reviewsSignature(_ inputs: IndexInputs, source: String) -> FileStamp {
        FileSystem.stamp(inputs.layout.reviewsDirectory + "/" + source, now: inputs.fileClock.now()) ?? .settled("-")
    }

    /// Brings every source's rows up to date with the files; returns the sources re-indexed.
    /// `thorough`: also stat every review file even when its folder looks unchanged (catches an
    /// editor that rewrote a file in place).
    @discardableResult
    func refresh(_ inputs: IndexInputs, thorough: Bool = false, progress: @escaping (String) -> Void = { _ in }) throws -> [String] {
        lastRefresh = RefreshStats()
        let sources = inputs.sources()
        var stored: [String: (signature: String, reviews: FileStamp)] = [:]
        for row in try database.rows("SELECT source, signature, reviewsSignature FROM sources") {
            if let s = row[0].text, let sig = row[1].text, let reviews = row[2].text { stored[s] = (sig, FileStamp(stored: reviews)) }
        }
        var refreshed: [String] = []
        for source in sources {
            // A first look without the write lock: most commands find nothing to do.
            var reviewsSignature = Self.reviewsSignature(inputs, source: source)
            let reviewsMoved = thorough || !reviewsSignature.matches(stored[source]?.reviews)
            if reviewsMoved {
                // The folder changed: what a killed writer left there goes first, and in the
                // source's history folder, written right after the reviews by the same writer.
                FileSystem.removeStaleTemporaries(in: inputs.layout.reviewsDirectory + "/" + source)
                FileSystem.removeStaleTemporaries(in: inputs.layout.historyDirectory + "/" + source)
                reviewsSignature = Self.reviewsSignature(inputs, source: source)
            }
            guard let signature = Self.signature(inputs, source: source, meta: try inputs.meta(source)) else { continue }
            if stored[source]?.signature == signature && !reviewsMoved { continue }
            // Decided again under the write lock: an import may have committed its rows while this
            // command waited, before renaming its snapshot into place.
            let rebuilt = try database.inTransaction { () throws -> Bool in
                try refreshLocked(inputs, source: source, thorough: thorough, progress: progress)
            }
            if rebuilt { refreshed.append(source) }
            lastRefresh.rebuilt = refreshed
        }
        for gone in Set(stored.keys).subtracting(sources) {
            try database.inTransaction {
                for table in ["records", "sources", "lexicon", "lexiconSources"] {
                    try database.prepare("DELETE FROM \(table) WHERE source = ?").run([.text(gone)])
                }
            }
        }
        return refreshed
    }

    /// `refresh` of one source inside the write transaction, from what is stored now: rebuilds the
    /// rows (true), evaluates moved reviews again, or finds another command did it already.
    private func refreshLocked(_ inputs: IndexInputs, source: String, thorough: Bool, progress: @escaping (String) -> Void) throws -> Bool {
        let stored = try database.rows("SELECT signature, reviewsSignature FROM sources WHERE source = ?", [.text(source)]).first
        let meta = try inputs.meta(source)
        let reviewsSignature = Self.reviewsSignature(inputs, source: source)
        guard let signature = Self.signature(inputs, source: source, meta: meta) else { return false }
        if stored?[0].text == signature {
            if thorough || !reviewsSignature.matches(stored?[1].text.map(FileStamp.init(stored:))) {
                try rescanReviews(inputs, source: source, meta: meta, reviewsSignature: reviewsSignature, progress: progress)
            }
            return false
        }
        let evaluator = try inputs.evaluator(source: source, htmlFields: Set(meta.htmlFields))
        let writer = try RowWriter(self, source: source)
        // On a failure the caller rolls back: no row may be going in then.
        defer { writer.drain() }
        let path = inputs.layout.snapshotFile(source)
        // The workers read each record's review and evaluate it.
        _ = try FeedReader(evaluator: evaluator, progress: progress).read(
            .snapshot(path: path, file: inputs.layout.relative(path), currentOnly: false, readingReviews: true, countingFields: false), restart: {},
            consume: { row, _ throws(CatalogError) in try writer.insert(row) })
        try writer.finish(signature: signature, meta: meta, reviewsSignature: reviewsSignature)
        return true
    }

    /// Re-evaluates the rows whose review file was added, removed or changed since it was read.
    private func rescanReviews(_ inputs: IndexInputs, source: String, meta: SnapshotMeta, reviewsSignature: FileStamp, progress: (String) -> Void) throws {
        let evaluator = try inputs.evaluator(source: source, htmlFields: Set(meta.htmlFields))
        // The review files in the rows' order (SQLite orders ids by their bytes), stamped a
        // chunk of rows at a time on all cores as the walk reaches them: only the names are
        // held, not a table of a million stamps.
        let files = UTF8Order.sorted(evaluator.reviews.reviewed)
        progress("checking \(files.count) review files")
        lastRefresh.rescanned.append(source)
        // The rows to evaluate again, with where their lines are: the walk reads them already.
        var changed: [Moved] = []
        let folder = FileSystem.Folder(inputs.layout.reviewsDirectory + "/" + source)
        let rows = try database.prepare("SELECT id, reviewStamp, lineOffset, lineLength FROM records WHERE source = ? ORDER BY id")
        try rows.bind([.text(source)])
        var chunk: [(id: String, stored: FileStamp?, offset: Int, length: Int, reviewed: Bool)] = []
        func check() {
            let now = evaluator.reviews.now, rows = chunk
            let stamps = Parallel.map(rows.count) { i in rows[i].reviewed ? folder?.stamp(rows[i].id + ".json", now: now) ?? .racy : nil }
            // A review added, removed or moved, or one whose stamp was not to be trusted.
            for (row, stamp) in zip(rows, stamps) where Self.hasMoved(stamp, since: row.stored) { changed.append((row.id, row.offset, row.length)) }
            chunk.removeAll(keepingCapacity: true)
        }
        var next = 0
        while try rows.step() {
            let id = rows.text(0)
            // Files before this row name no record: lint reports them.
            while next < files.count, files[next].precedesInUTF8(id) { next += 1 }
            let reviewed = next < files.count && files[next].sameUTF8(id)
            if reviewed { next += 1 }
            chunk.append((id, rows.isNull(1) ? nil : FileStamp(stored: rows.text(1)), rows.int(2), rows.int(3), reviewed))
            if chunk.count == 8192 { check() }
        }
        check()
        let update = try ReviewUpdate(database, source: source)
        let snapshot = try? LineFile(inputs.layout.snapshotFile(source))
        let snapshotName = inputs.layout.relative(inputs.layout.snapshotFile(source))
        var racy = false
        // Evaluated on all cores a batch at a time (after a bulk review, every row changed), the
        // lines and review files read here first.
        for start in stride(from: 0, to: changed.count, by: 8192) {
            let batch = Array(changed[start..<min(start + 8192, changed.count)])
            for (target, row) in zip(batch, Self.evaluateAgain(batch, snapshot: snapshot, evaluator: evaluator)) {
                guard let row else {
                    throw CatalogError(.dataError, "the snapshot changed while indexing; run the command again", .init(file: snapshotName, record: target.id))
                }
                racy = racy || row.reviewStamp == .racy
                try update.run(id: target.id, row.columns, stamp: row.reviewStamp)
            }
            lastRefresh.reviewsEvaluated += batch.count
            progress("evaluated \(min(start + 8192, changed.count)) of \(changed.count) changed reviews")
        }
        // A racy row is looked at again next time, whatever the folder says.
        try database.prepare("UPDATE sources SET reviewsSignature = ? WHERE source = ?").run([.text(racy ? FileStamp.racy.stored : reviewsSignature.stored), .text(source)])
    }

    /// A row whose review file moved since it was stamped, and where its snapshot line is.
    typealias Moved = (id: String, offset: Int, length: Int)

    /// Whether a review file's stamp now says it was added, removed or changed since its row's
    /// stamp was stored, or the stored one was not to be trusted.
    static func hasMoved(_ stamp: FileStamp?, since stored: FileStamp?) -> Bool {
        stamp != stored || stored == .racy
    }

    /// The rows of `moved`, evaluated again from their snapshot lines and their review files as
    /// they are now (nil for a line that is not its record's).
    static func evaluateAgain(_ moved: [Moved], snapshot: LineFile?, evaluator: RecordEvaluator) -> [RecordRow?] {
        evaluator.rowsReadingReviews(moved.map { ($0.id, (try? snapshot?.line(offset: $0.offset, count: $0.length)) ?? []) })
    }

    /// Brings the rows of `ids` up to date with their review files where a file's stamp moved
    /// since its row was stamped: the thorough refresh's check of every file, for a few. `show`
    /// looks at one record, so an edit in place that the folder does not show is seen there at
    /// once. Only these files are stat'ed and read; the folder is not listed. It is a check made
    /// when it can be: while another command holds the index's write lock, or where the index
    /// cannot be written, the rows stay as they are (it does not wait).
    func recheck(_ inputs: IndexInputs, source: String, ids: [String]) throws(CatalogError) {
        try mapped {
            // Most files have not moved: that is seen without the write lock.
            guard try !moved(inputs, source: source, ids: ids).isEmpty else { return }
            try database.execute("PRAGMA busy_timeout = 0")
            defer { try? database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMs)") }
            do {
                // Decided again under the write lock, like a refresh: an import commits its rows
                // before it renames its snapshot into place, so the rows are checked only while they
                // are the files' rows.
                try database.inTransaction { () throws in
                    guard let signature = Self.signature(inputs, source: source, meta: try inputs.meta(source)),
                          try database.rows("SELECT signature FROM sources WHERE source = ?", [.text(source)]).first?[0].text == signature else { return }
                    try recheckLocked(inputs, source: source, moved: try moved(inputs, source: source, ids: ids))
                }
            } catch is SQLiteError {
                return
            }
        }
    }

    /// The rows of `ids` whose review file moved since they were stamped.
    private func moved(_ inputs: IndexInputs, source: String, ids: [String]) throws -> [Moved] {
        let select = try database.prepare("SELECT reviewStamp, lineOffset, lineLength FROM records WHERE source = ? AND id = ?")
        let now = inputs.fileClock.now()
        var moved: [Moved] = []
        for id in ids {
            try select.bind([.text(source), .text(id)])
            defer { select.reset() }
            guard try select.step() else { continue }
            let stored = select.isNull(0) ? nil : FileStamp(stored: select.text(0))
            let stamp = FileSystem.stamp(inputs.layout.reviewFile(source: source, id: id), now: now)
            if Self.hasMoved(stamp, since: stored) { moved.append((id, select.int(1), select.int(2))) }
        }
        return moved
    }

    private func recheckLocked(_ inputs: IndexInputs, source: String, moved: [Moved]) throws {
        guard !moved.isEmpty, let snapshot = try? LineFile(inputs.layout.snapshotFile(source)) else { return }
        // Reviewed as the folder's listing would say it: any entry of the name, a link too.
        let reviewed = Set(moved.map(\.id).filter { id in
            let path = inputs.layout.reviewFile(source: source, id: id)
            return FileSystem.exists(path) || FileSystem.isSymbolicLink(path)
        })
        let evaluator = try inputs.evaluator(source: source, htmlFields: Set(try inputs.meta(source).htmlFields), reviewed: reviewed)
        let update = try ReviewUpdate(database, source: source)
        for (target, row) in zip(moved, Self.evaluateAgain(moved, snapshot: snapshot, evaluator: evaluator)) {
            guard let row else { continue }
            try update.run(id: target.id, row.columns, stamp: row.reviewStamp)
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
            columns: ReviewColumns(
                state: RecordState(rawValue: statement.text(9)) ?? .unreviewed, autoPlan: statement.int(10) != 0,
                hasReview: statement.int(11) != 0, reasonMask: statement.int(12), reasons: statement.isNull(13) ? nil : statement.text(13),
                planner: statement.text(14), lintErrors: statement.int(15)),
            reviewStamp: statement.isNull(16) ? nil : FileStamp(stored: statement.text(16)))
    }

    /// Sets the review columns of one row after another (a refresh's changed reviews, the reviews a
    /// command wrote), inside the caller's transaction.
    struct ReviewUpdate {
        let statement: Statement
        let source: String

        init(_ database: Database, source: String) throws(SQLiteError) {
            statement = try database.prepare("""
                UPDATE records SET state = ?, autoPlan = ?, hasReview = ?, reasonMask = ?, reasons = ?, planner = ?, lintErrors = ?, reviewStamp = ?
                WHERE source = ? AND id = ?
                """)
            self.source = source
        }

        func run(id: String, _ columns: ReviewColumns, stamp: FileStamp?) throws(SQLiteError) {
            try statement.run { (bind) throws(SQLiteError) in
                try columns.bind(stamp: stamp, into: &bind)
                try bind.text(source)
                try bind.text(id)
            }
        }
    }
}
