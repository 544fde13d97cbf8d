import CatalogCore
import Foundation

/// A review as read from disk, with the digest of the bytes it was read from (nil: no file), so a
/// later write can tell whether someone else changed the file in between.
public struct LoadedReview: Sendable {
    public var review: Review?
    public var sha256: String?

    public init(review: Review?, sha256: String?) {
        self.review = review
        self.sha256 = sha256
    }
}

extension Catalog {
    // MARK: - Vocabulary

    /// The vocabularies of `catalog/vocab/`, read once per process.
    public func vocabulary() throws(CatalogError) -> Vocabulary {
        if let cachedVocabulary { return cachedVocabulary }
        // Taken before the files are read: a change while they are read shows as another signature.
        let files = vocabularyFiles
        var documents: [String: [UInt8]] = [:]
        for name in Vocabulary.files {
            let path = layout.vocabDirectory + "/" + name
            if FileSystem.exists(path) { documents[name] = try FileSystem.read(path) }
        }
        let vocab = try Vocabulary.load(documents, directory: layout.relative(layout.vocabDirectory))
        cachedVocabulary = vocab
        loadedVocabularyFiles = files
        return vocab
    }

    /// The vocabularies' files as they are now (size, mtime and inode of each).
    var vocabularyFiles: String {
        Vocabulary.files.map { FileSystem.signature(layout.vocabDirectory + "/" + $0) ?? "-" }.joined(separator: "\n")
    }

    // MARK: - Review files

    /// Ids with a review file under `reviews/<source>/`, sorted.
    public func reviewedIDs(_ source: String) -> [String] {
        FileSystem.list(layout.reviewsDirectory + "/" + source).compactMap(Self.reviewedID)
    }

    /// `reviewedIDs` as a set (no sort: a million names at scale).
    public func reviewedIDSet(_ source: String) -> Set<String> {
        Self.reviewedIDSet(layout: layout, source)
    }

    static func reviewedIDSet(layout: CatalogLayout, _ source: String) -> Set<String> {
        Set(FileSystem.names(in: layout.reviewsDirectory + "/" + source).lazy.compactMap(reviewedID))
    }

    /// The id a review file's name is for (`<id>.json`, not hidden), if it is one.
    private static func reviewedID(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count > 5, bytes[0] != 0x2E, bytes.suffix(5).elementsEqual(".json".utf8) else { return nil }
            return String(decoding: bytes.dropLast(5), as: UTF8.self)
        }
    }

    /// Reads one review; a file that does not parse, or names another record, is an error
    /// naming the file and field.
    public func loadReview(source: String, id: String) throws(CatalogError) -> LoadedReview {
        try Self.readReview(layout: layout, source: source, id: id)
    }

    /// `loadReview` without a catalog at hand (index workers read reviews in parallel).
    static func readReview(layout: CatalogLayout, source: String, id: String) throws(CatalogError) -> LoadedReview {
        guard let bytes = try reviewBytes(layout: layout, source: source, id: id) else { return LoadedReview(review: nil, sha256: nil) }
        return LoadedReview(review: try parseReview(bytes, layout: layout, source: source, id: id), sha256: SHA256.hex(bytes))
    }

    /// Parses the bytes of `reviews/<source>/<id>.json`, checking the file names its own record.
    static func parseReview(_ bytes: [UInt8], layout: CatalogLayout, source: String, id: String) throws(CatalogError) -> Review {
        let file = layout.relative(layout.reviewFile(source: source, id: id))
        let review = try Review.parse(bytes, file: file)
        guard review.source == source, review.id == id else {
            throw .data("the file is named for \(source):\(id) but says \(review.source):\(review.id)", file: file, field: review.source == source ? "id" : "source")
        }
        return review
    }

    /// Runs `body` holding the catalog's review lock, so that the check for a concurrent change
    /// and the write that follows it are one step for every process.
    public func withReviewLock<T>(_ body: () throws -> T) throws -> T {
        try withLock("reviews", body)
    }

    /// Runs `body` holding the exclusive lock `.catalog/<name>.lock` (waiting for other processes).
    public func withLock<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try FileSystem.createDirectory(layout.indexDirectory)
        let path = layout.indexDirectory + "/\(name).lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CatalogError(.cannotWrite, "cannot open the review lock", .init(file: layout.relative(path))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CatalogError(.cannotWrite, "cannot lock", .init(file: layout.relative(path))) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Writes `review` atomically, unless its file changed since it was read (`expected` is the
    /// digest read then, nil when there was no file): no update is ever lost. Call inside
    /// `withReviewLock`.
    public func saveReview(_ review: Review, expected: String?) throws(CatalogError) {
        if let problem = RecordID.problem(with: review.id) { throw .data("invalid id \"\(CatalogError.quote(review.id))\": \(problem)", record: review.id, field: "id") }
        let path = layout.reviewFile(source: review.source, id: review.id)
        try Self.checkReviewTarget(path, file: layout.relative(path))
        let current = FileSystem.exists(path) ? SHA256.hex(try FileSystem.read(path)) : nil
        guard current == expected else {
            throw CatalogError(.conflict, "the review changed on disk since it was read (someone else saved it); nothing written, run the command again",
                               .init(file: layout.relative(path), record: "\(review.source):\(review.id)"))
        }
        try FileSystem.writeAtomically(path, review.fileText)
    }

    /// `saveReview` for many reviews, flushed to disk together; a review whose file changed
    /// since it was read is left alone and listed in `conflicts` (`allOrNothing`: then none is
    /// written, and the error names them). `indexing` takes the rows of those written. Call
    /// inside `withReviewLock`.
    @discardableResult
    public func saveReviews(_ items: [(review: Review, expected: String?)], allOrNothing: Bool = false,
                            indexing: ReviewIndexing? = nil) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        for (review, _) in items {
            if let problem = RecordID.problem(with: review.id) { throw .data("invalid id \"\(CatalogError.quote(review.id))\": \(problem)", record: review.id, field: "id") }
        }
        // Each file's check (is it still what was read?) and new text, on all cores.
        let layout = layout
        let prepared = try Parallel.map(items.count) { i throws(CatalogError) -> (path: String, bytes: [UInt8], digest: Int64)? in
            let (review, expected) = items[i]
            let path = layout.reviewFile(source: review.source, id: review.id)
            try Self.checkReviewTarget(path, file: layout.relative(path))
            let current = FileSystem.exists(path) ? SHA256.hex(try FileSystem.read(path)) : nil
            guard current == expected else { return nil }
            let bytes = Array(review.fileText.utf8)
            return (path, bytes, bytes.withUnsafeBytes { SnapshotDiff.lineDigest($0) })
        }
        var files: [(path: String, bytes: [UInt8])] = []
        var written: [(id: String, digest: Int64)] = []
        var conflicts: [String] = []
        for (item, file) in zip(items, prepared) {
            if let file {
                files.append((file.path, file.bytes))
                written.append((item.review.id, file.digest))
            } else {
                conflicts.append(item.review.id)
            }
        }
        if allOrNothing && !conflicts.isEmpty {
            throw CatalogError(.conflict, "\(conflicts.count) of the \(items.count) reviews changed on disk since they were read (someone else saved them): \(conflicts.prefix(20).joined(separator: " ")); nothing written, run the command again")
        }
        try FileSystem.writeAtomically(many: files)
        indexing?.wrote(written)
        return (written.map(\.id), conflicts)
    }
}
