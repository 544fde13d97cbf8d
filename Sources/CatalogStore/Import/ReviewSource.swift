import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

/// The only code an evaluation looks at `reviews/<source>/` through: which ids have a review
/// file (listed once), each file's stamp, and its bytes. It runs on the reading side (an import's
/// merge, an index refresh's batches), never on the workers, which only parse and evaluate what
/// it read (`RecordEvaluator.row(_:line:review:)`).
struct ReviewSource: Sendable {
    let source: String
    let folder: ReviewFolder
    /// Ids with a review file.
    let reviewed: Set<String>
    /// When the review files are looked at (for `FileSystem.stamp`).
    let now: Int64

    /// A review file's stamp (`.racy` for one gone since the folder was listed).
    func stamp(_ id: String) -> FileStamp {
        FileSystem.stamp(folder.layout.reviewFile(source: source, id: id), now: now) ?? .racy
    }

    /// A review file as read: stamped before it is read, so a change in between shows as a
    /// different stamp next time.
    func load(_ id: String) -> ReviewFile {
        let stamp = stamp(id)
        do throws(CatalogError) { return ReviewFile(stamp: stamp, bytes: try folder.bytes(source: source, id: id), error: nil) } catch {
            // A file behind a link is refused whatever it holds, and its stamp is its target's,
            // which putting the real folder back need not change: its row is never trusted.
            let linked = ReviewFolder.link(folder.layout.reviewFile(source: source, id: id)) != nil
            return ReviewFile(stamp: linked ? .racy : stamp, bytes: nil, error: error)
        }
    }

    /// The review a file as loaded holds, or why it does not read: pure (workers run it).
    func parse(_ file: ReviewFile, id: String) -> ReviewRead {
        guard let bytes = file.bytes else { return ReviewRead(review: nil, error: file.error) }
        do throws(CatalogError) { return ReviewRead(review: try folder.parse(bytes, source: source, id: id), error: nil) } catch {
            return ReviewRead(review: nil, error: error)
        }
    }
}

/// A review file as `ReviewSource` loaded it: its stamp, and its bytes or why they did not read
/// (neither: there is no such file).
struct ReviewFile: Sendable {
    var stamp: FileStamp
    var bytes: [UInt8]?
    var error: CatalogError?
}

/// A review file as parsed: its review, or why it does not read (neither: no file).
struct ReviewRead: Sendable {
    var review: Review?
    var error: CatalogError?
}

extension RecordEvaluator {
    /// The rows of records whose reviews are read now, from their snapshot lines (newline
    /// excluded): the review files are read on this thread, the reading side, then each line is
    /// parsed and evaluated with its review on all cores. nil for a line that is not its record's.
    func rowsReadingReviews(_ lines: [(id: String, line: [UInt8])]) -> [RecordRow?] {
        let files = lines.map { reviews.reviewed.contains($0.id) ? reviews.load($0.id) : nil }
        return Parallel.map(lines.count) { i in
            lines[i].line.withUnsafeBufferPointer { line -> RecordRow? in
                guard let record = try? UpstreamRecord(json: JSONParser.parse(line)), record.id == lines[i].id else { return nil }
                return row(record, line: line, review: files[i])
            }
        }
    }
}

/// Rows on their way into the index, a batch at a time, with the reviews of the pending ones
/// (`RecordRow.reviewPending`) read and evaluated first (`rowsReadingReviews`); `body` gets every
/// row in the order they came.
final class ReviewedRows {
    private let evaluator: RecordEvaluator
    private let file: String
    private let body: (RecordRow) throws(CatalogError) -> Void
    private var rows: [RecordRow] = []
    private var pending: [(index: Int, line: (id: String, line: [UInt8]))] = []

    /// `file`: the snapshot the lines are from, for errors.
    init(_ evaluator: RecordEvaluator, file: String, body: @escaping (RecordRow) throws(CatalogError) -> Void) {
        self.evaluator = evaluator
        self.file = file
        self.body = body
    }

    /// `row`, whose line is `line` (newline included or not).
    func add(_ row: RecordRow, line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        if row.reviewPending {
            let end = line.last == 0x0A ? line.count - 1 : line.count
            pending.append((rows.count, (row.id, Array(line[..<end]))))
        }
        rows.append(row)
        if rows.count >= 4096 { try flush() }
    }

    /// Hands on every row added.
    func flush() throws(CatalogError) {
        let made = evaluator.rowsReadingReviews(pending.map(\.line))
        for (k, row) in zip(pending.map(\.index), made) {
            guard var row else {
                throw CatalogError(.dataError, "the snapshot changed while indexing; run the command again", .init(file: file, record: rows[k].id))
            }
            row.lineOffset = rows[k].lineOffset
            rows[k] = row
        }
        for row in rows { try body(row) }
        rows.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }
}
