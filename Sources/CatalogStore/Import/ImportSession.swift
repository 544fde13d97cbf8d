import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite

/// One import's steps over the state they share (`Catalog.importRelease`): `read` streams the
/// release and merges it with the previous snapshot (sorting first when it is not in id order),
/// `commit` writes the rows, the meta and the snapshot. Made and used under the import lock.
final class ImportSession {
    /// What the index is made from (the catalog's files and settings, its vocabularies as read).
    let inputs: IndexInputs
    /// Where the import reports how far it got (`Catalog.progress`).
    let progress: (String) -> Void
    let release: ReleaseImport
    let previous: SnapshotMeta?
    let index: CatalogIndex
    let reviewsSignature: FileStamp
    let evaluator: RecordEvaluator
    let snapshotPath: String
    let snapshotName: String
    /// A second connection whose read transaction keeps seeing the index as it was: the old rows
    /// (a saving beside the previous snapshot, `PreviousSnapshot`) come from it, the new ones go
    /// in through `index`.
    let reader: Database
    /// The rows' review stamps hold when the review folder has not moved since they were taken
    /// (as an index refresh judges them): reviewed records need no stat each, then.
    let stampsHold: Bool
    /// Every merge's row writer inserts on a thread of its own: each is drained before the
    /// connection is used for anything else (a new merge's DELETE, the rollback of a failure).
    private var writers: [CatalogIndex.RowWriter] = []

    /// What `read` gives: the merge (its output, diff and rows), and what the feed read.
    struct Read {
        let merge: SnapshotMerge
        let fieldCounts: [String: Int]
        let files: [SnapshotMeta.InputFile]
        let count: Int
    }

    /// `inputs`: the catalog's (`Catalog.indexInputs`); `index`: opens the catalog's index, once
    /// the release is known to fit the source.
    init(_ release: ReleaseImport, inputs: IndexInputs, index openIndex: () throws(CatalogError) -> CatalogIndex,
         progress: @escaping (String) -> Void) throws(CatalogError) {
        let source = release.source, layout = inputs.layout
        if let problem = RecordID.sourceNameProblem(source) { throw CatalogError(.usage, "source name '\(source)' \(problem)") }
        var previous: SnapshotMeta?
        if FileSystem.exists(layout.metaFile(source)) {
            previous = try inputs.meta(source)
            if Set(previous!.htmlFields) != release.htmlFields {
                throw CatalogError(.usage, "source \(source) was imported as \(previous!.adapter), whose fields are read differently from \(release.adapter); import into another --source")
            }
        }
        self.inputs = try inputs.withVocabularyRead()
        self.progress = progress
        self.release = release
        self.previous = previous
        // Rows must point into the current snapshot, with their review state up to date: most
        // records keep it (a release changes few), the rest are evaluated again in the merge.
        index = try openIndex()
        reviewsSignature = CatalogIndex.reviewsSignature(self.inputs, source: source)
        evaluator = try self.inputs.evaluator(source: source, htmlFields: release.htmlFields)
        snapshotPath = layout.snapshotFile(source)
        snapshotName = layout.relative(snapshotPath)
        // The old rows are read through a second connection to the index the catalog opened
        // (it may be the cache folder's); one held in memory has no second connection.
        guard index.path != ":memory:" else {
            throw CatalogError(.cannotWrite, "the index could not be written in .catalog/ or the cache folder, and an import needs one on disk",
                               .init(file: layout.relative(layout.indexFile)))
        }
        (reader, stampsHold) = try CatalogIndex.mapped { [index, reviewsSignature] in
            let reader = try Database(path: index.path, busyTimeoutMs: CatalogIndex.busyTimeoutMs)
            try reader.distrustSchema()
            try reader.execute("BEGIN; SELECT COUNT(*) FROM sources")
            let stored = try reader.rows("SELECT reviewsSignature FROM sources WHERE source = ?", [.text(source)]).first?[0].text
            return (reader, reviewsSignature.matches(stored.map(FileStamp.init(stored:))))
        }
    }

    deinit {
        drain()
        try? reader.execute("ROLLBACK")
    }

    /// Waits for every row writer: after this the connection is the caller's again.
    func drain() {
        for writer in writers { writer.drain() }
    }

    /// Whether the source had a current record before (a schema change needs one), as its meta says.
    var hadCurrent: Bool { previous.map { $0.total > $0.removed } ?? false }

    /// A merge with the previous snapshot into `output`.
    func merge(into output: StagedFile, attached: [String: MediaInfo]?) throws(CatalogError) -> SnapshotMerge {
        drain()
        let old = try PreviousSnapshot(path: snapshotPath, file: snapshotName, evaluator: evaluator,
                                       rows: try PreviousSnapshot.rows(reader, source: release.source))
        let writer: CatalogIndex.RowWriter?
        writer = release.dryRun ? nil : try CatalogIndex.RowWriter(index, source: release.source)
        if let writer { writers.append(writer) }
        return try SnapshotMerge(old: { () throws(CatalogError) in try old.next() }, snapshotName: snapshotName, evaluator: evaluator,
                                 output: output, writer: writer, attached: attached, stampsHold: stampsHold)
    }

    /// `read`, held to the removal gate (`RemovalGate`) unless the release allows removals:
    /// inside the import's transaction, whose rollback leaves the rows as they were.
    func checkedRead() throws(CatalogError) -> Read {
        let read = try read()
        if !release.allowRemovals, let previous {
            try RemovalGate.check(removed: read.merge.diff.removed, current: previous.total - previous.removed, source: release.source, input: release.input)
        }
        return read
    }

    /// Reads and merges the release: streamed when it comes in id order and needs no animations
    /// attached (one pass, no copy, no sort), else sorted first.
    func read() throws(CatalogError) -> Read {
        if release.attachMedia == nil, let read = try read(streaming: true) { return read }
        guard let read = try read(streaming: false) else { throw CatalogError(.internalError, "import: no release read") }
        return read
    }
}

extension ImportSession {
    /// What one pass over the release produced, record by record (`take`): the merge it fed while
    /// records came in id order, and the rows (their lines in `lines`) to sort when they did not.
    struct Pass {
        /// Where the lines go: the streamed merge's output, then, from the first record out of
        /// id order on, each line as it comes (the rows say where).
        let lines: StagedFile
        /// Fed record by record while they come in id order; nil when they did not, or not streaming.
        var streamed: SnapshotMerge?
        /// A row per record, to sort; a streamed pass keeps them only up to `keptRows`.
        var rows: [RecordRow] = []
        var count = 0
        var lastID: String?
        /// Out of id order after the rows were dropped: the release must be read again, sorted.
        var outOfOrder = false
        var keepingRows = true
        static let keptRows = 250_000

        /// Takes the next record: merges it while they come in order, else keeps its row and line.
        mutating func take(_ row: inout RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
            guard !outOfOrder else { return }
            count += 1
            if let merging = streamed {
                if lastID.map({ !$0.precedesInUTF8(row.id) }) ?? false {
                    // Out of order: go on collecting rows (the lines so far stay in `lines`),
                    // unless they were not kept.
                    guard keepingRows else { outOfOrder = true; return }
                    streamed = nil
                } else {
                    lastID = row.id
                    try merging.add(&row, line: line)
                    if keepingRows { rows.append(row) }
                    if rows.count > Self.keptRows { keepingRows = false; rows = [] }
                    return
                }
            }
            row.lineOffset = try lines.append(line)
            rows.append(row)
        }
    }

    /// A pass from the first record on (streaming: into a merge).
    func pass(streaming: Bool) throws(CatalogError) -> Pass {
        let lines = try StagedFile(snapshotPath)
        return Pass(lines: lines, streamed: streaming ? try merge(into: lines, attached: nil) : nil)
    }

    /// Reads the release. Streaming: merges records as they come. Else, or from the first record
    /// out of id order on: keeps a row per record, sorts them, then merges. A streamed import
    /// keeps its rows too, up to `Pass.keptRows` (beyond, a late disorder means reading again: nil).
    func read(streaming: Bool) throws(CatalogError) -> Read? {
        var pass = try pass(streaming: streaming)
        let summary = try FeedReader(evaluator: evaluator, progress: progress).read(release.feed, restart: { () throws(CatalogError) in
            pass.streamed = nil
            pass = try self.pass(streaming: streaming)
        }, consume: { row, line throws(CatalogError) in try pass.take(&row, line: line) })
        if pass.outOfOrder { return nil }
        let merged: SnapshotMerge
        if let streamed = pass.streamed { merged = streamed } else { merged = try mergeSorted(&pass.rows, lines: pass.lines) }
        try merged.finish(fieldCounts: summary.fieldCounts, previous: previous?.fieldCounts, hadCurrent: hadCurrent)
        return Read(merge: merged, fieldCounts: summary.fieldCounts, files: summary.files, count: pass.count)
    }

    /// Merges `rows`, whose lines are in `lines`, in id order (animations attached now).
    private func mergeSorted(_ rows: inout [RecordRow], lines: StagedFile) throws(CatalogError) -> SnapshotMerge {
        progress("sorting \(rows.count) records by id")
        var order = Array(rows.indices)
        order.sort { [rows] in rows[$0].id.precedesInUTF8(rows[$1].id) }
        try checkUnique(rows, order: order)
        let attached = try release.attachMedia?(order.map { rows[$0].id })
        let merged = try merge(into: try StagedFile(snapshotPath), attached: attached)
        for k in order {
            let line = try lines.read(offset: rows[k].lineOffset, count: rows[k].lineLength + 1)
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try merged.add(&rows[k], line: line) }
        }
        return merged
    }

    /// Ids must be unique: names the first repeated one in the input's order, as adapters do.
    private func checkUnique(_ rows: [RecordRow], order: [Int]) throws(CatalogError) {
        var repeated: (first: Int, second: Int)?
        for k in order.indices.dropFirst() where rows[order[k - 1]].id == rows[order[k]].id {
            let pair = (min(order[k - 1], order[k]), max(order[k - 1], order[k]))
            if repeated == nil || pair.1 < repeated!.second { repeated = pair }
        }
        guard let (first, second) = repeated else { return }
        let id = rows[second].id
        var file: String?
        if case .jsonArray(let release, _, _) = release.feed { file = release.path }
        throw .data("duplicate id \"\(CatalogError.quote(id))\" (first seen at record #\(first))", file: file, record: "\(id) (#\(second))", field: "id")
    }

    /// The new snapshot's meta, or nil when the release is the one imported last (both files,
    /// and their import date, are left as they are).
    func meta(_ read: Read, snapshotSha256: String) throws(CatalogError) -> SnapshotMeta? {
        let files = release.files ?? read.files
        if let previous, previous.snapshotSha256 == snapshotSha256, previous.files == files, previous.adapter == release.adapter,
           (try? ChunkReader.digest(snapshotPath).sha256) == snapshotSha256 {
            return nil
        }
        let merged = read.merge
        return SnapshotMeta(
            source: release.source, adapter: release.adapter, htmlFields: release.htmlFields.sorted(), files: files, importedAt: release.date,
            total: merged.total, removed: merged.total - read.count, fieldCounts: read.fieldCounts, snapshotSha256: snapshotSha256,
            release: SnapshotMeta.Release(merged.diff))
    }

    /// Ends the rows with the source's row, for the new snapshot and `meta`.
    func finishRows(_ read: Read, meta: SnapshotMeta) throws(CatalogError) {
        guard let signature = CatalogIndex.signature(inputs, source: release.source, meta: meta, snapshot: read.merge.output.signature()) else {
            throw CatalogError(.cannotWrite, "cannot stat the new snapshot", .init(file: snapshotName))
        }
        try read.merge.writer?.finish(signature: signature, meta: meta, reviewsSignature: reviewsSignature)
    }
}
