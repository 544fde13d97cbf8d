import CatalogCore
import CatalogSQLite

/// Merges a release, id by id in order, with the current snapshot's index rows: writes the
/// merged snapshot's lines and the new index rows as it goes, and builds the diff. Old rows are
/// read from a second connection, which still sees the index as it was before this import.
final class SnapshotMerge {
    let evaluator: RecordEvaluator
    let output: StagedFile
    let writer: CatalogIndex.RowWriter?
    /// Animations to attach, by id; nil: records keep the ones the current snapshot gives them.
    let attached: [String: MediaInfo]?
    private let oldRows: Statement
    private let oldLines: LineFile?
    private let snapshotName: String
    private var nextOld: RecordRow?
    private(set) var diff = SnapshotDiff()
    private(set) var total = 0
    private(set) var mediaRecords = 0
    private(set) var mediaFrames = 0

    init(index: CatalogIndex, reader: Database, source: String, snapshotPath: String, snapshotName: String, evaluator: RecordEvaluator,
         output: StagedFile, writeRows: Bool, attached: [String: MediaInfo]?) throws(CatalogError) {
        self.evaluator = evaluator
        self.output = output
        self.attached = attached
        self.snapshotName = snapshotName
        do {
            oldRows = try reader.prepare("SELECT \(CatalogIndex.rowColumns) FROM records WHERE source = ? ORDER BY id")
            try oldRows.bind([.text(source)])
            nextOld = try oldRows.step() ? CatalogIndex.row(oldRows) : nil
            writer = writeRows ? try CatalogIndex.RowWriter(index, source: source) : nil
        } catch {
            throw CatalogError.index(error)
        }
        oldLines = nextOld == nil ? nil : try LineFile(snapshotPath)
    }

    private func advanceOld() throws(CatalogError) {
        do { nextOld = try oldRows.step() ? CatalogIndex.row(oldRows) : nil } catch { throw CatalogError.index(error) }
    }

    /// Adds the release's record `row` (ids must come in increasing order), whose snapshot line is
    /// `line`; leaves `row` as written (where its line is in the output).
    func add(_ row: inout RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        try flushOld(before: row.id)
        var before: RecordRow?
        if let old = nextOld, old.id == row.id {
            before = old
            try advanceOld()
        }
        // The animation: as attached now, else as the current snapshot has it.
        var media: MediaInfo?
        var rewrite = false
        if let attached {
            media = attached[row.id]
            rewrite = media != nil || row.mediaSha256 != nil
        } else if let before, before.mediaSha256 != nil, row.mediaSha256 == nil {
            media = try oldRecord(before).media
            rewrite = true
        }
        if row.reviewPending, !rewrite, let before, row.canKeepEligibility(of: before) {
            // Same record, same review file: the old row's eligibility still holds.
            row = row.keepingEligibility(of: before)
        } else if rewrite || row.reviewPending {
            var record: UpstreamRecord
            do { record = try UpstreamRecord(json: JSONParser.parse(line)) } catch {
                throw CatalogError(.internalError, "import: a line written in this run does not read back: \(error)", .init(file: snapshotName, record: row.id))
            }
            if rewrite { record.media = media }
            let line: [UInt8]
            (row, line) = evaluator.release(record)
            _ = diff.match(id: row.id, old: before?.side, new: row.side)
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try emit(&row, line: line) }
            return
        }
        _ = diff.match(id: row.id, old: before?.side, new: row.side)
        try emit(&row, line: line)
    }

    /// Keeps every old record before `id` (all of them when nil) as a tombstone.
    func flushOld(before id: String?) throws(CatalogError) {
        while let old = nextOld, id.map({ old.id.precedesInUTF8($0) }) ?? true {
            var record = try oldRecord(old)
            if case .tombstone(newlyRemoved: true) = diff.match(id: old.id, old: old.side, new: nil) { record.removed = true }
            var (row, line) = evaluator.release(record)
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try emit(&row, line: line) }
            try advanceOld()
        }
    }

    private func emit(_ row: inout RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        row.lineOffset = try output.append(line)
        row.lineLength = line.count - 1
        if !row.removed, let frames = row.mediaFrames {
            mediaRecords += 1
            mediaFrames += frames
        }
        do { try writer?.insert(row) } catch { throw CatalogError.index(error) }
        total += 1
    }

    /// An old record, read back from the current snapshot.
    private func oldRecord(_ row: RecordRow) throws(CatalogError) -> UpstreamRecord {
        func changed(_ why: String) -> CatalogError {
            CatalogError(.dataError, "the snapshot changed while importing (\(why)); run the import again", .init(file: snapshotName, record: row.id))
        }
        guard let lines = oldLines else { throw changed("it is gone") }
        let bytes: [UInt8]
        do { bytes = try lines.line(offset: row.lineOffset, count: row.lineLength) } catch { throw changed(error.message) }
        guard let record = try? UpstreamRecord(json: try JSONParser.parse(bytes)), record.id == row.id else {
            throw changed("the line of record \(row.id) is no longer there")
        }
        return record
    }

    func finish(fieldCounts: [String: Int], previous: [String: Int]?, hadCurrent: Bool) throws(CatalogError) {
        try flushOld(before: nil)
        diff.finish(fieldCounts: fieldCounts, previous: hadCurrent ? previous : nil)
    }
}
