import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

/// Merges a release, id by id in order, with the previous snapshot's records (`OldRecord`, a
/// sequence in id order: `PreviousSnapshot` streams them from the snapshot file): writes the
/// merged snapshot's lines and the new index rows as it goes, and builds the diff. Reviews are
/// read here, on the merging thread (`ReviewSource`): the workers that evaluated the release
/// left every reviewed record's row pending, and most keep their old row's eligibility.
final class SnapshotMerge {
    let evaluator: RecordEvaluator
    let output: StagedFile
    let writer: CatalogIndex.RowWriter?
    /// Animations to attach, by id; nil: records keep the ones the current snapshot gives them.
    let attached: [String: MediaInfo]?
    /// The rows' review stamps hold (`ImportSession.stampsHold`): a pending row takes its old row's.
    let stampsHold: Bool
    private let old: () throws(CatalogError) -> OldRecord?
    private let snapshotName: String
    private var nextOld: OldRecord?
    private(set) var diff = SnapshotDiff()
    private(set) var total = 0
    private(set) var mediaRecords = 0
    private(set) var mediaFrames = 0

    /// `old`: the previous snapshot's records in id order, then nil.
    init(old: @escaping () throws(CatalogError) -> OldRecord?, snapshotName: String, evaluator: RecordEvaluator, output: StagedFile,
         writer: CatalogIndex.RowWriter?, attached: [String: MediaInfo]?, stampsHold: Bool) throws(CatalogError) {
        self.old = old
        self.evaluator = evaluator
        self.output = output
        self.writer = writer
        self.attached = attached
        self.snapshotName = snapshotName
        self.stampsHold = stampsHold
        nextOld = try old()
    }

    /// The next old record, taken out of `nextOld` (not copied: a copy costs a retain per field).
    private func takeOld() throws(CatalogError) -> OldRecord {
        var taken: OldRecord?
        swap(&taken, &nextOld)
        nextOld = try old()
        if let next = nextOld, !taken!.id.precedesInUTF8(next.id) {
            throw .data("records out of order or duplicated (\(next.id) after \(taken!.id))", file: snapshotName, record: next.id)
        }
        return taken!
    }

    /// Adds the release's record `row` (ids must come in increasing order), whose snapshot line is
    /// `line`; leaves `row` as written (where its line is in the output).
    func add(_ row: inout RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        try flushOld(before: row.id)
        let before = nextOld?.id == row.id ? try takeOld() : nil
        // The animation: as attached now, else as the current snapshot has it.
        var media: MediaInfo?
        var rewrite = false
        if let attached {
            media = attached[row.id]
            rewrite = media != nil || row.mediaSha256 != nil
        } else if let before, before.side.mediaSha256 != nil, row.mediaSha256 == nil {
            media = try before.record(snapshotName).media
            rewrite = true
        }
        if row.reviewUnstamped && !stampsHold {
            row.reviewStamp = evaluator.reviews.stamp(row.id)
            row.reviewUnstamped = false
        }
        if row.reviewPending, !rewrite, let kept = before?.row, row.canKeepEligibility(of: kept) {
            // Same record, same review file: the old row's eligibility still holds.
            row = row.keepingEligibility(of: kept)
        } else if !rewrite, let release = row.release {
            // Its line stands: the record the adapter read is evaluated with its review.
            let reviews = evaluator.reviews
            row = evaluator.row(release.record, text: release.text, line: UnsafeBufferPointer(rebasing: line.dropLast()),
                                review: reviews.reviewed.contains(row.id) ? reviews.load(row.id) : nil)
        } else if rewrite || row.reviewPending {
            // A new animation, or a streamed or snapshot record: its line read back, evaluated, written again.
            var record: UpstreamRecord
            if let carried = row.release?.record { record = carried } else { record = try readBack(line, id: row.id) }
            if rewrite { record.media = media }
            let line: [UInt8]
            (row, line) = evaluated(record)
            _ = diff.match(id: row.id, old: before?.side, new: row.side)
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try emit(&row, line: line) }
            return
        }
        row.release = nil
        _ = diff.match(id: row.id, old: before?.side, new: row.side)
        try emit(&row, line: line)
    }

    /// The record of a snapshot line (an index refresh's feed, or a line to rewrite).
    private func readBack(_ line: UnsafeBufferPointer<UInt8>, id: String) throws(CatalogError) -> UpstreamRecord {
        do { return try UpstreamRecord(json: JSONParser.parse(line)) } catch {
            throw CatalogError(.internalError, "import: a snapshot line does not read back: \(error)", .init(file: snapshotName, record: id))
        }
    }

    /// Keeps every old record before `id` (all of them when nil) as a tombstone.
    func flushOld(before id: String?) throws(CatalogError) {
        while let next = nextOld?.id, id.map({ next.precedesInUTF8($0) }) ?? true {
            let old = try takeOld()
            var record = try old.record(snapshotName)
            if case .tombstone(newlyRemoved: true) = diff.match(id: old.id, old: old.side, new: nil) { record.removed = true }
            var (row, line) = evaluated(record)
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try emit(&row, line: line) }
        }
    }

    /// `record`'s row, with its review read now, and its line.
    private func evaluated(_ record: UpstreamRecord) -> (row: RecordRow, line: [UInt8]) {
        let reviews = evaluator.reviews
        return evaluator.release(record, review: reviews.reviewed.contains(record.id) ? reviews.load(record.id) : nil)
    }

    private func emit(_ row: inout RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        // Every reader of the snapshot stops at a longer line: import writes none.
        guard line.count - 1 <= UpstreamRecord.maxLineBytes else {
            throw CatalogError(.dataError, "the record's snapshot line would be \(line.count - 1) bytes, above the limit of \(UpstreamRecord.maxLineBytes)",
                               .init(record: row.id))
        }
        row.lineOffset = try output.append(line)
        row.lineLength = line.count - 1
        if !row.removed, let frames = row.mediaFrames {
            mediaRecords += 1
            mediaFrames += frames
        }
        try writer?.insert(row)
        total += 1
    }

    func finish(fieldCounts: [String: Int], previous: [String: Int]?, hadCurrent: Bool) throws(CatalogError) {
        try flushOld(before: nil)
        diff.finish(fieldCounts: fieldCounts, previous: hadCurrent ? previous : nil)
    }
}
