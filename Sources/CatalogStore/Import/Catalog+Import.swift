import CatalogCore
import CatalogSQLite
import Foundation

/// The outcome of importing one upstream release into a source.
public struct ImportResult: Sendable {
    public var source: String
    public var adapter: String
    public var dryRun: Bool
    public var diff: SnapshotDiff
    /// Files written (relative to the root); empty on a dry run or when nothing changed.
    public var written: [String]
    /// Current records with an animation, and their frames.
    public var mediaRecords = 0
    public var mediaFrames = 0
    /// Records in the release.
    public var records = 0

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("source", .string(source)),
            JSONMember("adapter", .string(adapter)),
            JSONMember("dryRun", .bool(dryRun)),
            JSONMember("added", .int(diff.added.count + diff.returned.count)),
            JSONMember("changed", .int(diff.changed.count)),
            JSONMember("removed", .int(diff.removed.count)),
            JSONMember("unchanged", .int(diff.unchangedCount)),
            JSONMember("returned", .int(diff.returned.count)),
            JSONMember("touched", .int(diff.touched.count)),
            JSONMember("schemaChanges", .array(diff.schemaChanges.map(\.json))),
            JSONMember("media", .object(JSONObject([
                JSONMember("records", .int(mediaRecords)),
                JSONMember("frames", .int(mediaFrames)),
                JSONMember("changed", .strings(diff.mediaChanged)),
            ]))),
            JSONMember("ids", .object(JSONObject([
                JSONMember("added", .strings(diff.added)),
                JSONMember("returned", .strings(diff.returned)),
                JSONMember("changed", .strings(diff.changed)),
                JSONMember("removed", .strings(diff.removed)),
            ]))),
            JSONMember("written", .strings(written)),
        ]))
    }
}

/// One upstream release to import into a source.
public struct ReleaseImport {
    public var source: String
    public var adapter: String
    public var htmlFields: Set<String>
    public var feed: RecordFeed
    /// The input files as the meta lists them; nil: as the feed read them.
    public var files: [SnapshotMeta.InputFile]?
    /// Attaches animations: given the release's ids, sorted, the animation found for each.
    /// nil: records keep the animations the current snapshot gives them.
    public var attachMedia: (([String]) throws(CatalogError) -> [String: MediaInfo])?
    public var dryRun: Bool
    public var date: String

    public init(source: String, adapter: String, htmlFields: Set<String>, feed: RecordFeed, files: [SnapshotMeta.InputFile]? = nil,
                attachMedia: (([String]) throws(CatalogError) -> [String: MediaInfo])? = nil, dryRun: Bool, date: String) {
        self.source = source
        self.adapter = adapter
        self.htmlFields = htmlFields
        self.feed = feed
        self.files = files
        self.attachMedia = attachMedia
        self.dryRun = dryRun
        self.date = date
    }
}

extension Catalog {
    /// Replaces `source`'s snapshot with a new release, keeping removed records as tombstones.
    ///
    /// The release is read a batch at a time (records evaluated on all cores, lines written to a
    /// file beside the snapshot), sorted by id if it was not, then merged in id order with the
    /// index's rows for the current snapshot: only tombstones and records whose animation
    /// changes are parsed again. The snapshot, its meta and the index rows are written together
    /// (index first, in one transaction; then both files through the import journal), unless a
    /// dry run. Memory: a row per record (about 200 bytes), never the records themselves.
    public func importRelease(_ release: ReleaseImport) throws(CatalogError) -> ImportResult {
        // One import at a time: each compares against the snapshot the previous one wrote.
        do {
            return try withLock("import") { () throws -> ImportResult in try importLocked(release) }
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.internalError, "import: \(error)")
        }
    }

    private func importLocked(_ release: ReleaseImport) throws(CatalogError) -> ImportResult {
        let source = release.source
        if let problem = RecordID.sourceNameProblem(source) { throw CatalogError(.usage, "source name '\(source)' \(problem)") }
        var previous: SnapshotMeta?
        if FileSystem.exists(layout.metaFile(source)) {
            previous = try meta(source)
            if Set(previous!.htmlFields) != release.htmlFields {
                throw CatalogError(.usage, "source \(source) was imported as \(previous!.adapter), whose fields are read differently from \(release.adapter); import into another --source")
            }
        }
        // Rows must point into the current snapshot, with their review state up to date: most
        // records keep it (a release changes few), the rest are evaluated again in the merge.
        let index = try index()
        let reviewsSignature = CatalogIndex.reviewsSignature(self, source: source)
        let evaluator = try evaluator(source: source, htmlFields: release.htmlFields)
        let snapshotPath = layout.snapshotFile(source)
        let snapshotName = layout.relative(snapshotPath)
        let dryRun = release.dryRun

        // The old rows come from a second connection whose read transaction keeps seeing the
        // index as it was; the new rows go in through the first, in one write transaction.
        let reader: Database
        do {
            reader = try Database(path: layout.indexFile, busyTimeoutMs: CatalogIndex.busyTimeoutMs)
            try reader.execute("BEGIN; SELECT COUNT(*) FROM sources")
            if !dryRun { try index.database.execute("BEGIN IMMEDIATE") }
        } catch {
            throw CatalogError.index(error)
        }
        var committed = false
        // Every merge's row writer inserts on a thread of its own: each is drained before the
        // connection is used for anything else (a new merge's DELETE, the rollback of a failure).
        var writers: [CatalogIndex.RowWriter] = []
        defer {
            for writer in writers { writer.drain() }
            try? reader.execute("ROLLBACK")
            if !dryRun && !committed { try? index.database.execute("ROLLBACK") }
        }
        var hadCurrent = false
        // The rows' review stamps hold when the review folder has not moved since they were taken
        // (as an index refresh judges them): reviewed records need no stat each, then.
        var stampsHold = false
        do {
            hadCurrent = !(try reader.rows("SELECT 1 FROM records WHERE source = ? AND removed = 0 LIMIT 1", [.text(source)])).isEmpty
            let stored = try reader.rows("SELECT reviewsSignature FROM sources WHERE source = ?", [.text(source)]).first?[0].text
            stampsHold = reviewsSignature.matches(stored.map(FileStamp.init(stored:)))
        } catch {
            throw CatalogError.index(error)
        }
        func merge(into output: StagedFile, attached: [String: MediaInfo]?) throws(CatalogError) -> SnapshotMerge {
            for writer in writers { writer.drain() }
            let merge = try SnapshotMerge(index: index, reader: reader, source: source, snapshotPath: snapshotPath, snapshotName: snapshotName,
                                          evaluator: evaluator, output: output, writeRows: !dryRun, attached: attached)
            if let writer = merge.writer { writers.append(writer) }
            return merge
        }

        /// Reads the release. Streaming: merges records as they come. Else, or from the first record
        /// out of id order on: keeps a row per record, sorts them, then merges. A streamed import
        /// keeps its rows too, up to `keptRows` (beyond, a late disorder means reading again: nil).
        func readRelease(streaming: Bool) throws(CatalogError) -> (merge: SnapshotMerge, fieldCounts: [String: Int], files: [SnapshotMeta.InputFile], count: Int)? {
            var first = try StagedFile(snapshotPath)
            var streamed = streaming ? try merge(into: first, attached: nil) : nil
            var rows: [RecordRow] = []
            var count = 0
            var lastID: String?
            var outOfOrder = false
            let keptRows = 250_000
            var keepingRows = true
            var deferring = evaluator
            deferring.defersReviews = true
            deferring.keepsIndexStamps = stampsHold
            let summary = try FeedReader(evaluator: deferring, progress: progress).read(release.feed, restart: { () throws(CatalogError) in
                streamed = nil
                first = try StagedFile(snapshotPath)
                streamed = streaming ? try merge(into: first, attached: nil) : nil
                rows = []
                count = 0
                lastID = nil
                keepingRows = true
            }, consume: { row, line throws(CatalogError) in
                guard !outOfOrder else { return }
                count += 1
                if let merging = streamed {
                    if lastID.map({ !$0.precedesInUTF8(row.id) }) ?? false {
                        // Out of order: go on collecting rows (the lines so far stay in `first`),
                        // unless they were not kept.
                        guard keepingRows else { outOfOrder = true; return }
                        streamed = nil
                    } else {
                        lastID = row.id
                        try merging.add(&row, line: line)
                        if keepingRows { rows.append(row) }
                        if rows.count > keptRows { keepingRows = false; rows = [] }
                        return
                    }
                }
                row.lineOffset = try first.append(line)
                rows.append(row)
            })
            if outOfOrder { return nil }
            let fieldCounts = summary.fieldCounts
            let files = summary.files
            if let streamed {
                try streamed.finish(fieldCounts: fieldCounts, previous: previous?.fieldCounts, hadCurrent: hadCurrent)
                return (streamed, fieldCounts, files, count)
            }
            progress("sorting \(rows.count) records by id")
            var order = Array(rows.indices)
            order.sort { rows[$0].id.precedesInUTF8(rows[$1].id) }
            try checkUnique(rows, order: order, feed: release.feed)
            let attached = try release.attachMedia?(order.map { rows[$0].id })
            let merged = try merge(into: try StagedFile(snapshotPath), attached: attached)
            for k in order {
                let line = try first.read(offset: rows[k].lineOffset, count: rows[k].lineLength + 1)
                try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try merged.add(&rows[k], line: line) }
            }
            try merged.finish(fieldCounts: fieldCounts, previous: previous?.fieldCounts, hadCurrent: hadCurrent)
            return (merged, fieldCounts, files, count)
        }

        // Releases usually come sorted by id: merged in one pass, no copy, no sort.
        var read = release.attachMedia == nil ? try readRelease(streaming: true) : nil
        if read == nil { read = try readRelease(streaming: false) }
        guard let (merged, fieldCounts, feedFiles, count) = read else { throw CatalogError(.internalError, "import: no release read") }
        var result = ImportResult(source: source, adapter: release.adapter, dryRun: dryRun, diff: merged.diff, written: [])
        result.records = count
        result.mediaRecords = merged.mediaRecords
        result.mediaFrames = merged.mediaFrames
        guard !dryRun else { return result }

        // The snapshot, its meta and the index rows, together.
        let snapshotSha256 = try merged.output.finish()
        let files = release.files ?? feedFiles
        if let previous, previous.snapshotSha256 == snapshotSha256, previous.files == files, previous.adapter == release.adapter,
           (try? ChunkReader.digest(snapshotPath).sha256) == snapshotSha256 {
            // The same release again: leave both files (and their import date) as they are.
            return result
        }
        let meta = SnapshotMeta(
            source: source, adapter: release.adapter, htmlFields: release.htmlFields.sorted(), files: files, importedAt: release.date,
            total: merged.total, removed: merged.total - count, fieldCounts: fieldCounts, snapshotSha256: snapshotSha256,
            release: SnapshotMeta.Release(merged.diff))
        guard let signature = CatalogIndex.signature(self, source: source, meta: meta, snapshot: merged.output.signature()) else {
            throw CatalogError(.cannotWrite, "cannot stat the new snapshot", .init(file: snapshotName))
        }
        do {
            try merged.writer?.finish(signature: signature, meta: meta, reviewsSignature: reviewsSignature)
            try index.database.execute("COMMIT")
            committed = true
        } catch {
            throw CatalogError.index(error)
        }
        // The meta first: a source is found by its snapshot, which must never lack its meta.
        let metaTemp = try FileSystem.stage(layout.metaFile(source), JSONWriter.bytes(meta.json, style: .pretty))
        try FileSystem.replaceTogether(staged: [(metaTemp, layout.metaFile(source)), (merged.output.keep(), snapshotPath)], journal: layout.importJournal)
        result.written = [snapshotName, layout.relative(layout.metaFile(source))]
        return result
    }

    /// Ids must be unique: names the first repeated one in the input's order, as adapters do.
    private func checkUnique(_ rows: [RecordRow], order: [Int], feed: RecordFeed) throws(CatalogError) {
        var repeated: (first: Int, second: Int)?
        for k in order.indices.dropFirst() where rows[order[k - 1]].id == rows[order[k]].id {
            let pair = (min(order[k - 1], order[k]), max(order[k - 1], order[k]))
            if repeated == nil || pair.1 < repeated!.second { repeated = pair }
        }
        guard let (first, second) = repeated else { return }
        let id = rows[second].id
        var file: String?
        if case .jsonArray(let path, _, _, _) = feed { file = path }
        throw .data("duplicate id \"\(CatalogError.quote(id))\" (first seen at record #\(first))", file: file, record: "\(id) (#\(second))", field: "id")
    }
}

extension Catalog {
    /// Where animations are kept by digest, for reports that show old and new side by side.
    public var mediaCacheDirectory: String { layout.indexDirectory + "/media" }

    /// Copies media files into the cache (digest → source path); derived data, safe to delete.
    public func cacheMedia(_ files: [String: String]) throws(CatalogError) {
        try FileSystem.createDirectory(mediaCacheDirectory)
        for (sha, path) in files {
            let target = mediaCacheDirectory + "/\(sha).gif"
            if FileSystem.exists(target) { continue }
            try FileSystem.writeAtomically(target, try FileSystem.read(path))
        }
    }

    /// A cached animation's bytes by digest (`sha256:HEX` or HEX), if at hand.
    public func cachedMedia(_ digest: String) -> [UInt8]? {
        let hex = digest.hasPrefix("sha256:") ? String(digest.dropFirst(7)) : digest
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        return try? FileSystem.read(mediaCacheDirectory + "/\(hex).gif")
    }
}
