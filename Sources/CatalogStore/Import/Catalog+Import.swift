import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
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
    /// Import even when the release would mark more than `RemovalGate.maxShare` of the source's
    /// current records removed.
    public var allowRemovals: Bool
    /// The input as the user named it (a path, or several joined), where the removal gate's error points.
    public var input: String?

    public init(source: String, adapter: String, htmlFields: Set<String>, feed: RecordFeed, files: [SnapshotMeta.InputFile]? = nil,
                attachMedia: (([String]) throws(CatalogError) -> [String: MediaInfo])? = nil, dryRun: Bool, date: String,
                allowRemovals: Bool = false, input: String? = nil) {
        self.source = source
        self.adapter = adapter
        self.htmlFields = htmlFields
        self.feed = feed
        self.files = files
        self.attachMedia = attachMedia
        self.dryRun = dryRun
        self.date = date
        self.allowRemovals = allowRemovals
        self.input = input
    }
}

/// The import's gate: a release that would mark more than `maxShare` of the source's current
/// records removed is most likely the wrong file (another source's release, a sample, a
/// truncated download), and is refused, as export's gates refuse, unless removals are allowed.
/// A first import removes nothing, so it is never refused.
public enum RemovalGate {
    public static let maxShare = 0.05

    /// Throws when `removed` (the ids the release would mark removed) is more than `maxShare` of
    /// the `current` records the source had.
    static func check(removed: [String], current: Int, source: String, input: String?) throws(CatalogError) {
        guard current > 0, Double(removed.count) > Double(current) * maxShare else { return }
        let share = Int((Double(removed.count) * 100 / Double(current)).rounded())
        let first = removed.prefix(10).joined(separator: " ") + (removed.count > 10 ? " …" : "")
        throw CatalogError(.findings, "import gate: the release would mark \(removed.count) of the \(current) current records of source \(source) removed (\(share)% > \(Int(maxShare * 100))% allowed): \(first); check that it is the right file, or pass --allow-removals; nothing was written",
                           .init(file: input))
    }
}

extension Catalog {
    /// Replaces `source`'s snapshot with a new release, keeping removed records as tombstones.
    ///
    /// The release is read a batch at a time (records evaluated on all cores, lines written to a
    /// file beside the snapshot), sorted by id if it was not, then merged in id order with the
    /// current snapshot, streamed from its file (`PreviousSnapshot`; the index's rows only spare
    /// fingerprinting the lines they match): only tombstones and records whose animation changes
    /// are parsed again. The snapshot, its meta and the index rows are written together (index
    /// first, in one transaction; then both files through the import journal), unless a dry run.
    /// Memory: a row per record (about 200 bytes), never the records themselves but the reviewed
    /// ones, each carried from the worker that decoded it to the merge that evaluates its review.
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
        let session = try importSession(release)
        let source = release.source
        func result(_ read: ImportSession.Read) -> ImportResult {
            var result = ImportResult(source: source, adapter: release.adapter, dryRun: release.dryRun, diff: read.merge.diff, written: [])
            result.records = read.count
            result.mediaRecords = read.merge.mediaRecords
            result.mediaFrames = read.merge.mediaFrames
            return result
        }
        if release.dryRun { return result(try session.checkedRead()) }
        let read: ImportSession.Read
        switch try importTransaction(session) {
        case .unchanged(let same):
            return result(same)
        case .written(let written, let meta):
            read = written
            // The meta first: a source is found by its snapshot, which must never lack its meta.
            let metaTemp = try FileSystem.stage(layout.metaFile(source), JSONWriter.bytes(meta.json, style: .pretty))
            try FileSystem.replaceTogether(staged: [(metaTemp, layout.metaFile(source)), (read.merge.output.keep(), session.snapshotPath)], journal: layout.importJournal)
        }
        var imported = result(read)
        imported.written = [session.snapshotName, layout.relative(layout.metaFile(source))]
        return imported
    }

    /// Reads and merges the release and writes its rows, in one write transaction: committed
    /// before the snapshot and its meta are replaced together; rolled back when the release is
    /// the one imported last (everything is left as it was).
    func importTransaction(_ session: ImportSession) throws(CatalogError) -> ImportOutcome {
        do {
            return try session.index.database.inTransaction(deciding: { () throws -> TransactionEnd<ImportOutcome> in
                // No row may be going in when the transaction ends, either way.
                defer { session.drain() }
                let read = try session.checkedRead()
                guard let meta = try session.meta(read, snapshotSha256: try read.merge.output.finish()) else { return .rollBack(.unchanged(read)) }
                try session.finishRows(read, meta: meta)
                return .commit(.written(read, meta: meta))
            })
        } catch {
            // The body throws only `CatalogError`s; the database's own are turned into one.
            throw CatalogError.unexpected(error)
        }
    }
}

/// What an import's transaction came to (`Catalog.importTransaction`).
enum ImportOutcome {
    /// The rows are in the index; the snapshot (staged) and `meta` are to be put in place.
    case written(ImportSession.Read, meta: SnapshotMeta)
    /// The release is the one imported last: the rows were rolled back, nothing is to be written.
    case unchanged(ImportSession.Read)
}

extension Catalog {
    /// Where animations are kept by digest, for reports that show old and new side by side.
    public var mediaCacheDirectory: String { layout.indexDirectory + "/media" }

    /// Copies media files into the cache (digest → source path); derived data, safe to delete.
    /// A file is read as the scan read it (at most `MediaInfo.maxBytes`), and one that changed
    /// since is left out: the cache holds only the bytes of its digest.
    public func cacheMedia(_ files: [String: String]) throws(CatalogError) {
        try FileSystem.createDirectory(mediaCacheDirectory)
        for (sha, path) in files {
            let target = mediaCacheDirectory + "/\(sha).gif"
            if FileSystem.exists(target) { continue }
            let bytes = try FileSystem.read(path, limit: MediaInfo.maxBytes)
            if SHA256.hex(bytes) == sha { try FileSystem.writeAtomically(target, bytes) }
        }
    }

    /// A cached animation's bytes by digest (`sha256:HEX` or HEX), if at hand.
    public func cachedMedia(_ digest: String) -> [UInt8]? {
        let hex = digest.hasPrefix("sha256:") ? String(digest.dropFirst(7)) : digest
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        return try? FileSystem.read(mediaCacheDirectory + "/\(hex).gif")
    }

    /// The session of one import of `release` into this catalog (`ImportSession`).
    func importSession(_ release: ReleaseImport) throws(CatalogError) -> ImportSession {
        try ImportSession(release, inputs: indexInputs, index: { () throws(CatalogError) in try index() }, progress: progress)
    }
}
