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
    public func importRelease(source: String, adapter: String, htmlFields: Set<String>, files: [SnapshotMeta.InputFile],
                              records: [UpstreamRecord], dryRun: Bool, date: String) throws(CatalogError) -> ImportResult {
        if let problem = RecordID.sourceNameProblem(source) { throw CatalogError(.usage, "source name '\(source)' \(problem)") }
        let html = htmlFields.sorted()
        if FileSystem.exists(layout.metaFile(source)) {
            let previous = try meta(source)
            if Set(previous.htmlFields) != htmlFields {
                throw CatalogError(.usage, "source \(source) was imported as \(previous.adapter), whose fields are read differently from \(adapter); import into another --source")
            }
        }
        let old = try snapshot(source)
        let fields = config.fingerprintFields
        let diff = SnapshotDiff(old: old, new: records) { CanonicalText(record: $0, fields: fields, htmlFields: htmlFields).fingerprint }
        var result = ImportResult(source: source, adapter: adapter, dryRun: dryRun, diff: diff, written: [])
        guard !dryRun else { return result }

        let snapshotBytes = Snapshot.encode(diff.merged)
        let snapshotSha256 = SHA256.hex(snapshotBytes)
        // The same release again: leave both files (and their import date) as they are.
        if let previous = try? meta(source), previous.snapshotSha256 == snapshotSha256, previous.files == files,
           previous.adapter == adapter, SHA256.hex(try FileSystem.read(layout.snapshotFile(source))) == snapshotSha256 {
            return result
        }
        let meta = SnapshotMeta(
            source: source, adapter: adapter, htmlFields: html, files: files, importedAt: date,
            total: diff.merged.count, removed: diff.merged.count - records.count,
            fieldCounts: diff.fieldCounts, snapshotSha256: snapshotSha256, release: SnapshotMeta.Release(diff))
        try FileSystem.createDirectory(layout.upstreamDirectory)
        try FileSystem.writeAtomically(layout.snapshotFile(source), snapshotBytes)
        try FileSystem.writeAtomically(layout.metaFile(source), JSONWriter.string(meta.json, style: .pretty))
        result.written = [layout.relative(layout.snapshotFile(source)), layout.relative(layout.metaFile(source))]
        return result
    }
}
