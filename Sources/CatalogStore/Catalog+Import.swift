import CatalogCore
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

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("source", .string(source)),
            JSONMember("adapter", .string(adapter)),
            JSONMember("dryRun", .bool(dryRun)),
            JSONMember("added", .int(diff.added.count + diff.returned.count)),
            JSONMember("changed", .int(diff.changed.count)),
            JSONMember("removed", .int(diff.removed.count)),
            JSONMember("unchanged", .int(diff.unchanged.count)),
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

extension Catalog {
    /// Replaces `source`'s snapshot with a new release (records sorted by id, unique), keeping
    /// removed records as tombstones. Writes the snapshot and its meta atomically, unless a dry run.
    /// With `mediaAttached` false the records keep the media the current snapshot gives them.
    public func importRelease(source: String, adapter: String, htmlFields: Set<String>, files: [SnapshotMeta.InputFile],
                              records: [UpstreamRecord], mediaAttached: Bool = false, dryRun: Bool, date: String) throws(CatalogError) -> ImportResult {
        // One import at a time: each compares against the snapshot the previous one wrote.
        do {
            return try withLock("import") { () throws -> ImportResult in
                try importLocked(source: source, adapter: adapter, htmlFields: htmlFields, files: files, records: records,
                                 mediaAttached: mediaAttached, dryRun: dryRun, date: date)
            }
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.internalError, "import: \(error)")
        }
    }

    private func importLocked(source: String, adapter: String, htmlFields: Set<String>, files: [SnapshotMeta.InputFile],
                              records: [UpstreamRecord], mediaAttached: Bool, dryRun: Bool, date: String) throws(CatalogError) -> ImportResult {
        if let problem = RecordID.sourceNameProblem(source) { throw CatalogError(.usage, "source name '\(source)' \(problem)") }
        let html = htmlFields.sorted()
        if FileSystem.exists(layout.metaFile(source)) {
            let previous = try meta(source)
            if Set(previous.htmlFields) != htmlFields {
                throw CatalogError(.usage, "source \(source) was imported as \(previous.adapter), whose fields are read differently from \(adapter); import into another --source")
            }
        }
        let old = try snapshot(source)
        var records = records
        if !mediaAttached {
            let previous = Dictionary(old.compactMap { r in r.media.map { (r.id, $0) } }, uniquingKeysWith: { a, _ in a })
            for i in records.indices where records[i].media == nil { records[i].media = previous[records[i].id] }
        }
        let fields = config.fingerprintFields
        var diff = SnapshotDiff(old: old, new: records) { CanonicalText(record: $0, fields: fields, htmlFields: htmlFields).fingerprint }
        let merged = diff.merged
        // The result reports counts and ids; the records themselves are not kept past this call.
        diff.merged = []
        var result = ImportResult(source: source, adapter: adapter, dryRun: dryRun, diff: diff, written: [])
        for record in merged where !record.removed {
            if let media = record.media {
                result.mediaRecords += 1
                result.mediaFrames += media.frames
            }
        }
        guard !dryRun else { return result }

        let snapshotBytes = Snapshot.encode(merged)
        let snapshotSha256 = SHA256.hex(snapshotBytes)
        // The same release again: leave both files (and their import date) as they are.
        if let previous = try? meta(source), previous.snapshotSha256 == snapshotSha256, previous.files == files,
           previous.adapter == adapter, SHA256.hex(try FileSystem.read(layout.snapshotFile(source))) == snapshotSha256 {
            return result
        }
        let meta = SnapshotMeta(
            source: source, adapter: adapter, htmlFields: html, files: files, importedAt: date,
            total: merged.count, removed: merged.count - records.count,
            fieldCounts: diff.fieldCounts, snapshotSha256: snapshotSha256, release: SnapshotMeta.Release(diff))
        try FileSystem.createDirectory(layout.upstreamDirectory)
        // The meta first: a source is found by its snapshot, which must never lack its meta.
        try FileSystem.replaceTogether([
            (layout.metaFile(source), JSONWriter.bytes(meta.json, style: .pretty)),
            (layout.snapshotFile(source), snapshotBytes),
        ], journal: layout.importJournal)
        result.written = [layout.relative(layout.snapshotFile(source)), layout.relative(layout.metaFile(source))]
        return result
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
