import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

/// The only code an evaluation looks at `reviews/<source>/` through: which ids have a review
/// file (listed once), each file's stamp, and its bytes. Files are read where their records are
/// evaluated (an import's merge; the workers of a snapshot walk that reads every review, and of
/// an index refresh's moved reviews); parsing and evaluating what was read is pure
/// (`RecordEvaluator.row(_:line:review:)`).
struct ReviewSource: Sendable {
    let source: String
    let folder: ReviewFolder
    /// Ids with a review file.
    let reviewed: Set<String>
    /// When the review files are looked at (for `FileSystem.stamp`).
    let now: Int64
    /// `reviews/<source>/` held open, when neither it nor `reviews/` is a link: a regular file
    /// in it is read with one open (`load`).
    private let files: FileSystem.Folder?

    init(source: String, folder: ReviewFolder, reviewed: Set<String>, now: Int64) {
        self.source = source
        self.folder = folder
        self.reviewed = reviewed
        self.now = now
        let path = folder.layout.reviewsDirectory + "/" + source
        files = ReviewFolder.folderLink(path) == nil ? FileSystem.Folder(path) : nil
    }

    /// A review file's stamp (`.racy` for one gone since the folder was listed).
    func stamp(_ id: String) -> FileStamp {
        FileSystem.stamp(folder.layout.reviewFile(source: source, id: id), now: now) ?? .racy
    }

    /// A review file as read: stamped before it is read, so a change in between shows as a
    /// different stamp next time. A regular file of at most `ReviewFolder.maxBytes` is opened
    /// once, not through a link, and stamped from that open file; anything else (no file, a
    /// link, a special or oversized file, a folder that is a link) is looked at path by path,
    /// which says why it does not read.
    func load(_ id: String) -> ReviewFile {
        if let read = files?.readStamped(id + ".json", now: now, limit: ReviewFolder.maxBytes) {
            return ReviewFile(stamp: read.stamp, bytes: read.bytes, error: nil)
        }
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
    /// excluded): on all cores, each line parsed, its review file read and both evaluated. nil
    /// for a line that is not its record's.
    func rowsReadingReviews(_ lines: [(id: String, line: [UInt8])]) -> [RecordRow?] {
        Parallel.map(lines.count) { i in
            lines[i].line.withUnsafeBufferPointer { line -> RecordRow? in
                guard let record = try? UpstreamRecord(json: JSONParser.parse(line)), record.id == lines[i].id else { return nil }
                return row(record, line: line, review: reviews.reviewed.contains(record.id) ? reviews.load(record.id) : nil)
            }
        }
    }
}
