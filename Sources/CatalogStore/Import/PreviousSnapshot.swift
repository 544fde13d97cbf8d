import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import Foundation

/// The previous snapshot's records in id order, streamed from its file a chunk at a time: what
/// an import merges the release with (`SnapshotMerge`). The index's rows for the source, read
/// beside it in id order, are a saving only: a line the next row points at (same offset and
/// length) and describes (same XXH64) takes the row's fingerprint and eligibility; any other
/// line, or every line without rows, is parsed and fingerprinted here.
final class PreviousSnapshot {
    private var lines: Snapshot.Chunks?
    private let file: String
    private let evaluator: RecordEvaluator
    private let rows: (() throws(CatalogError) -> RecordRow?)?
    private var nextRow: RecordRow?
    /// The chunk the next line is in, and that line's place in its lines.
    private var chunk = Snapshot.Chunk(bytes: [], lines: [], offset: 0, linesRead: 0, megabytesRead: 0)
    private var nextIndex = 0

    /// `path`: the snapshot (none: no records). `rows`: the index's rows for it in id order, then nil.
    init(path: String, file: String, evaluator: RecordEvaluator, rows: (() throws(CatalogError) -> RecordRow?)?) throws(CatalogError) {
        lines = FileSystem.exists(path) ? Snapshot.Chunks(reader: try ChunkReader(path, hashing: false), file: file) : nil
        self.file = file
        self.evaluator = evaluator
        self.rows = rows
        nextRow = try rows?()
    }

    /// The index's rows for `source` in id order, read through `database` (a connection whose
    /// read transaction still sees the index as it was before the import).
    static func rows(_ database: Database, source: String) throws(CatalogError) -> () throws(CatalogError) -> RecordRow? {
        let statement = try CatalogIndex.mapped {
            let statement = try database.prepare("SELECT \(CatalogIndex.rowColumns) FROM records WHERE source = ? ORDER BY id")
            try statement.bind([.text(source)])
            return statement
        }
        return { () throws(CatalogError) -> RecordRow? in
            try CatalogIndex.mapped { try statement.step() ? CatalogIndex.row(statement) : nil }
        }
    }

    /// The next record, nil after the last.
    func next() throws(CatalogError) -> OldRecord? {
        guard let (range, offset, lineNumber) = try nextLine() else { return nil }
        let chunk = chunk.bytes
        let digest = chunk.withUnsafeBytes { SnapshotDiff.lineDigest(UnsafeRawBufferPointer(rebasing: $0[range])) }
        if nextRow?.lineOffset == offset, nextRow?.lineLength == range.count, nextRow?.lineDigest == digest {
            // Taken out of `nextRow`, not copied (a copy costs a retain per field).
            var row: RecordRow?
            swap(&row, &nextRow)
            nextRow = try rows?()
            return OldRecord(id: row!.id, chunk: chunk, range: range, side: row!.side, row: row)
        }
        // A line the index does not have (no index, or one behind the file): the line says it all.
        let record = try chunk.withUnsafeBufferPointer { (all) throws(CatalogError) in
            try Snapshot.record(UnsafeBufferPointer(rebasing: all[range]), file: file, line: lineNumber)
        }
        while let row = nextRow, !record.id.precedesInUTF8(row.id) { nextRow = try rows?() }
        let row = chunk.withUnsafeBufferPointer { evaluator.row(record, line: UnsafeBufferPointer(rebasing: $0[range])) }
        return OldRecord(id: record.id, chunk: chunk, range: range, side: row.side, row: nil)
    }

    /// The next non-empty line's place in `chunk` (newline excluded), offset in the file and number.
    private func nextLine() throws(CatalogError) -> (range: Range<Int>, offset: Int, number: Int)? {
        if nextIndex == chunk.lines.count {
            guard let following = try lines?.next() else { return nil }
            (chunk, nextIndex) = (following, 0)
        }
        let (range, number) = chunk.lines[nextIndex]
        nextIndex += 1
        return (range, chunk.offset + range.lowerBound, number)
    }
}

/// One record of the previous snapshot as the merge meets it: its line, what the diff compares,
/// and the index's row for it when the index has that very line, whose eligibility the merge
/// may keep. The line is the record; the row is only a saving.
struct OldRecord {
    let id: String
    /// The chunk of the snapshot the line is in (shared, not copied), and where.
    let chunk: [UInt8]
    let range: Range<Int>
    let side: SnapshotDiff.Side
    let row: RecordRow?

    /// The record the line states.
    func record(_ file: String) throws(CatalogError) -> UpstreamRecord {
        let record = chunk.withUnsafeBufferPointer { try? UpstreamRecord(json: try JSONParser.parse(UnsafeBufferPointer(rebasing: $0[range]))) }
        guard let record, record.id == id else {
            throw CatalogError(.dataError, "the line of record \(id) does not read as that record", .init(file: file, record: id))
        }
        return record
    }
}
