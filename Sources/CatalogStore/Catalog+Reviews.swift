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
        let file = layout.relativeReviewFile(source: source, id: id)
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
    /// `eligibility`, `indexing`: what the review makes of its record, for its index row.
    /// `history`: who writes it and through which door, for the entry appended to its history.
    public func saveReview(_ review: Review, expected: String?, eligibility: Eligibility? = nil, indexing: ReviewIndexing? = nil,
                           history: HistoryContext) throws(CatalogError) {
        if let problem = RecordID.problem(with: review.id) { throw .data("invalid id \"\(CatalogError.quote(review.id))\": \(problem)", record: review.id, field: "id") }
        let path = layout.reviewFile(source: review.source, id: review.id)
        try Self.checkReviewTarget(path, file: layout.relative(path))
        let write = ReviewWrite(review, expected: expected, eligibility: eligibility)
        try Self.checkSize(write, layout: layout)
        let old = FileSystem.exists(path) ? try FileSystem.read(path) : nil
        let current = old.map { SHA256.hex($0) }
        guard current == expected else {
            throw CatalogError(.conflict, "the review changed on disk since it was read (someone else saved it); nothing written, run the command again",
                               .init(file: layout.relative(path), record: "\(review.source):\(review.id)"))
        }
        try FileSystem.writeAtomically(path, write.bytes)
        indexing?.wrote([write])
        try Self.recordHistory([(write, old)], history, layout: layout)
    }

    /// Removes the review file of `source:id` (an undo of its creation), unless it changed since
    /// it was read (`expected`). Call inside `withReviewLock`.
    func removeReview(source: String, id: String, expected: String, history: HistoryContext) throws(CatalogError) {
        let path = layout.reviewFile(source: source, id: id)
        try Self.checkReviewTarget(path, file: layout.relative(path))
        let old = try FileSystem.read(path, limit: Self.maxReviewBytes)
        guard SHA256.hex(old) == expected else {
            throw CatalogError(.conflict, "the review changed on disk since it was read (someone else saved it); nothing written, run the command again",
                               .init(file: layout.relative(path), record: "\(source):\(id)"))
        }
        guard unlink(path) == 0 else { throw CatalogError(.cannotWrite, "cannot remove: \(String(cString: strerror(errno)))", .init(file: layout.relative(path))) }
        FileSystem.syncDirectory(of: path)
        if let entry = try history.entry(old: old, new: nil) {
            try ReviewHistory(layout: layout).append([(source, id, entry)])
        }
    }

    /// Appends the history entry of each review written (`old`: the file it replaced, nil when new).
    static func recordHistory(_ written: [(write: ReviewWrite, old: [UInt8]?)], _ history: HistoryContext,
                              layout: CatalogLayout) throws(CatalogError) {
        let entries = try Parallel.map(written.count) { i throws(CatalogError) -> HistoryEntry? in
            try history.entry(old: written[i].old, new: written[i].write.bytes)
        }
        let items = zip(written, entries).compactMap { item, entry in entry.map { (item.write.source, item.write.id, $0) } }
        guard !items.isEmpty else { return }
        do { try ReviewHistory(layout: layout).append(items) } catch {
            throw CatalogError(error.kind, "the reviews were written, but not their history entries: \(error.message)", error.location)
        }
    }

    /// `saveReview` for many reviews, flushed to disk together; a review whose file changed
    /// since it was read, or a new one whose file someone made meanwhile, is left alone and
    /// listed in `conflicts` (`allOrNothing`: then none is written, and the error names them; a
    /// file made while the others were being written is named in the error too). `indexing`
    /// takes the rows of those written. Call inside `withReviewLock`.
    @discardableResult
    public func saveReviews(_ items: [(review: Review, expected: String?)], allOrNothing: Bool = false,
                            indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        // Each file's text made on all cores.
        try saveReviews(Parallel.map(items.count) { i in ReviewWrite(items[i].review, expected: items[i].expected) }, allOrNothing: allOrNothing,
                        indexing: indexing, history: history)
    }

    /// `saveReviews` of reviews whose files' text is made already (on the workers that drafted them).
    @discardableResult
    public func saveReviews(_ items: [ReviewWrite], allOrNothing: Bool = false,
                            indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        try reviewStore.save(items, allOrNothing: allOrNothing, indexing: indexing, history: history)
    }

    /// Refuses (65) a review whose file would be larger than any command reads back
    /// (`maxReviewBytes`): checked before a byte is written, at every door.
    static func checkSize(_ write: ReviewWrite, layout: CatalogLayout) throws(CatalogError) {
        guard write.bytes.count > maxReviewBytes else { return }
        throw .data("the review would take \(write.bytes.count) bytes, above the limit of \(maxReviewBytes) for a review file (a long note?); nothing written",
                    file: layout.relativeReviewFile(source: write.source, id: write.id))
    }

    /// The review files, for code without the catalog at hand (on the workers, or a thread of its own).
    public var reviewStore: ReviewStore { ReviewStore(layout: layout) }

    /// `saveReviews` without a catalog at hand.
    fileprivate static func saveReviews(_ items: [ReviewWrite], layout: CatalogLayout, allOrNothing: Bool,
                            indexing: ReviewIndexing?, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        for item in items {
            if let problem = RecordID.problem(with: item.id) { throw .data("invalid id \"\(CatalogError.quote(item.id))\": \(problem)", record: item.id, field: "id") }
            try checkSize(item, layout: layout)
        }
        // Each source's folder opened once (never through a link); its files looked at by name.
        var folders: [String: FileSystem.Folder] = [:]
        for item in items where folders[item.source] == nil {
            let folder = layout.reviewsDirectory + "/" + item.source
            if let link = folderLink(folder) {
                throw CatalogError(.cannotWrite, "\(link): a review is written only inside the catalog; nothing written", .init(file: layout.relativeReviewFile(source: item.source, id: item.id)))
            }
            folders[item.source] = try FileSystem.Folder(writing: folder)
        }
        // Each file's check (is it still what was read?), on all cores. A new file needs none
        // unless all or none are written: it is created only where its name is still free.
        let opened = folders
        // The files replaced are kept until written: their history entries say what changed.
        let checked = try Parallel.map(items.count) { i throws(CatalogError) -> (ok: Bool, old: [UInt8]?) in
            let item = items[i], folder = opened[item.source]!, name = item.id + ".json"
            if item.expected == nil && !allOrNothing { return (true, nil) }
            let found: [UInt8]?
            switch folder.kind(name) {
            case .missing: found = nil
            case .link: throw CatalogError(.cannotWrite, "the file is a symbolic link: a review is written only inside the catalog; nothing written",
                                           .init(file: layout.relativeReviewFile(source: item.source, id: item.id)))
            case .regular, .other: found = try folder.read(name)
            }
            return (found.map { SHA256.hex($0) } == item.expected, found)
        }
        let current = checked.map(\.ok)
        let stale = zip(items, current).filter { !$1 }.map(\.0.id)
        if allOrNothing && !stale.isEmpty {
            throw CatalogError(.conflict, "\(stale.count) of the \(items.count) reviews changed on disk since they were read (someone else saved them): \(stale.prefix(20).joined(separator: " ")); nothing written, run the command again")
        }
        var files: [String: [FileSystem.Folder.FileWrite]] = [:]
        for (item, ok) in zip(items, current) where ok {
            files[item.source, default: []].append(FileSystem.Folder.FileWrite(item.id + ".json", item.bytes, create: item.expected == nil))
        }
        let sources = files.keys.sorted()
        // The history entries, written in the same flush, each named after its review file and
        // dropped when that file's name was taken (`follows`).
        let group = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, $0) })
        let toWrite = zip(items, checked).filter(\.1.ok)
        let entries = try Parallel.map(toWrite.count) { i throws(CatalogError) -> HistoryEntry? in
            try history.entry(old: toWrite[i].1.old, new: toWrite[i].0.bytes)
        }
        let told = zip(toWrite, entries).compactMap { pair, entry in entry.map { (pair.0, $0) } }
        let historyFiles = try ReviewHistory(layout: layout).writes(told.map { ($0.0.source, $0.0.id, $0.1) },
                                                                   follows: told.map { (group[$0.0.source]!, $0.0.id + ".json") })
        let taken = try FileSystem.Folder.write(sources.map { (opened[$0]!, files[$0]!) } + historyFiles)
        // A new file whose name was taken meanwhile (by a writer that ignores the lock) is left as
        // it is: it, like a file changed since it was read, is a conflict.
        let appeared = Set(zip(sources, taken).flatMap { source, names in names.map { source + "/" + $0 } })
        var written: [ReviewWrite] = []
        var conflicts: [String] = []
        for (item, check) in zip(items, checked) {
            if check.ok && (appeared.isEmpty || !appeared.contains(item.source + "/" + item.id + ".json")) {
                written.append(item)
            } else {
                conflicts.append(item.id)
            }
        }
        if allOrNothing && !conflicts.isEmpty {
            indexing?.wrote(written)
            throw CatalogError(.conflict, "\(conflicts.count) of the \(items.count) review files appeared on disk while the others were written (someone else saved them) and were left as they are: \(conflicts.prefix(20).joined(separator: " "))")
        }
        indexing?.wrote(written)
        return (written.map(\.id), conflicts)
    }
}

/// A review about to be written: its file's bytes and their digest (made where the review was,
/// on a worker), the digest of the file it replaces as that was read (nil: there was none), and
/// when the writer evaluated it, the review columns its index row takes (`ReviewIndexing`).
public struct ReviewWrite: Sendable {
    public let source: String
    public let id: String
    let bytes: [UInt8]
    /// `SnapshotDiff.lineDigest` of `bytes`: what `ReviewIndexing` checks the file still holds.
    let digest: Int64
    public let expected: String?
    let columns: ReviewColumns?

    /// `eligibility`: what the review makes of its record (against the record's canonical text today).
    public init(_ review: Review, expected: String?, eligibility: Eligibility? = nil) {
        source = review.source
        id = review.id
        bytes = review.fileBytes
        digest = bytes.withUnsafeBytes { SnapshotDiff.lineDigest($0) }
        self.expected = expected
        columns = eligibility.map { ReviewColumns($0, review: review) }
    }
}

/// `loadReview` and `saveReviews` for code without the catalog at hand: a bulk review reads the
/// reviews on the workers that draft them, and writes them on a thread of its own.
public struct ReviewStore: Sendable {
    let layout: CatalogLayout

    public func load(source: String, id: String) throws(CatalogError) -> LoadedReview {
        try Catalog.readReview(layout: layout, source: source, id: id)
    }

    /// As `Catalog.saveReviews`: call inside `withReviewLock`.
    public func save(_ items: [ReviewWrite], allOrNothing: Bool = false,
                     indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        try Catalog.saveReviews(items, layout: layout, allOrNothing: allOrNothing, indexing: indexing, history: history)
    }
}
