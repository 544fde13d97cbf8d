import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
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

extension ReviewFolder {
    /// Writes `review` atomically, unless its file changed since it was read (`expected` is the
    /// digest read then, nil when there was no file): no update is ever lost. Call inside
    /// `withLock`.
    /// `eligibility`, `indexing`: what the review makes of its record, for its index row.
    /// `history`: who writes it and through which door, for the entry appended to its history.
    public func save(_ review: Review, expected: String?, eligibility: Eligibility? = nil, indexing: ReviewIndexing? = nil,
                     history: HistoryContext) throws(CatalogError) {
        if let problem = RecordID.problem(with: review.id) { throw .data("invalid id \"\(CatalogError.quote(review.id))\": \(problem)", record: review.id, field: "id") }
        let path = layout.reviewFile(source: review.source, id: review.id)
        try checkTarget(path)
        let write = ReviewWrite(review, expected: expected, eligibility: eligibility)
        try checkSize(write)
        let old = FileSystem.exists(path) ? try FileSystem.read(path) : nil
        let current = old.map { SHA256.hex($0) }
        guard current == expected else {
            throw CatalogError(.conflict, "the review changed on disk since it was read (someone else saved it); nothing written, run the command again",
                               .init(file: layout.relative(path), record: "\(review.source):\(review.id)"))
        }
        try FileSystem.writeAtomically(path, write.bytes)
        indexing?.wrote([write])
        try recordHistory([(write, old)], history)
    }

    /// Removes the review file of `source:id` (an undo of its creation), unless it changed since
    /// it was read (`expected`). Call inside `withLock`.
    func remove(source: String, id: String, expected: String, history: HistoryContext) throws(CatalogError) {
        let path = layout.reviewFile(source: source, id: id)
        try checkTarget(path)
        let old = try FileSystem.read(path, limit: Self.maxBytes)
        guard SHA256.hex(old) == expected else {
            throw CatalogError(.conflict, "the review changed on disk since it was read (someone else saved it); nothing written, run the command again",
                               .init(file: layout.relative(path), record: "\(source):\(id)"))
        }
        guard unlink(path) == 0 else { throw CatalogError(.cannotWrite, "cannot remove: \(String(cString: strerror(errno)))", .init(file: layout.relative(path))) }
        FileSystem.syncDirectory(of: path)
        if let line = try history.line(old: old, new: nil) {
            try ReviewHistory(layout: layout).append([(source, id, line)])
        }
    }

    /// Appends the history entry of each review written (`old`: the file it replaced, nil when new).
    func recordHistory(_ written: [(write: ReviewWrite, old: [UInt8]?)], _ history: HistoryContext) throws(CatalogError) {
        let lines = try Parallel.map(written.count) { i throws(CatalogError) -> [UInt8]? in
            try history.line(old: written[i].old, new: written[i].write.review)
        }
        try recordHistory(zip(written, lines).compactMap { item, line in line.map { (item.write.source, item.write.id, $0) } })
    }

    /// Appends each line to its record's history file.
    private func recordHistory(_ items: [(source: String, id: String, line: [UInt8])]) throws(CatalogError) {
        guard !items.isEmpty else { return }
        do { try ReviewHistory(layout: layout).append(items) } catch {
            throw CatalogError(error.kind, "the reviews were written, but not their history entries: \(error.message)", error.location)
        }
    }

    /// The entries whose history file was made after its folder was listed (`HistoryContext.listed`)
    /// and so was taken (`taken`: by history folder, sorted by source, as `ReviewHistory.writes`
    /// gives them), appended to those files, each looked up by name.
    private func appendTaken(_ taken: [[String]], of items: [(source: String, id: String, line: [UInt8])]) throws(CatalogError) {
        guard taken.contains(where: { !$0.isEmpty }) else { return }
        let sources = Set(items.map(\.source)).sorted()
        let names = Set(zip(sources, taken).flatMap { source, names in names.map { source + "/" + $0 } })
        try recordHistory(items.filter { names.contains($0.source + "/" + $0.id + ".jsonl") })
    }

    /// Refuses (65) a review whose file would be larger than any command reads back
    /// (`maxReviewBytes`): checked before a byte is written, at every door.
    func checkSize(_ write: ReviewWrite) throws(CatalogError) {
        guard write.bytes.count > Self.maxBytes else { return }
        throw .data("the review would take \(write.bytes.count) bytes, above the limit of \(Self.maxBytes) for a review file (a long note?); nothing written",
                    file: layout.relativeReviewFile(source: write.source, id: write.id))
    }

    /// `save` for many reviews, flushed to disk together; a review whose file changed since it
    /// was read, or a new one whose file someone made meanwhile, is left alone and listed in
    /// `conflicts` (`allOrNothing`: then none is written, and the error names them; a file made
    /// while the others were being written is named in the error too). `indexing` takes the rows
    /// of those written. Call inside `withLock`.
    @discardableResult
    public func save(_ items: [ReviewWrite], allOrNothing: Bool = false,
                     indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        for item in items {
            if let problem = RecordID.problem(with: item.id) { throw .data("invalid id \"\(CatalogError.quote(item.id))\": \(problem)", record: item.id, field: "id") }
            try checkSize(item)
        }
        // Each source's folder opened once (never through a link); its files looked at by name.
        var folders: [String: FileSystem.Folder] = [:]
        for item in items where folders[item.source] == nil {
            let folder = layout.reviewsDirectory + "/" + item.source
            if let link = Self.folderLink(folder) {
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
        let lines = try Parallel.map(toWrite.count) { i throws(CatalogError) -> [UInt8]? in
            try history.line(old: toWrite[i].1.old, new: toWrite[i].0.review)
        }
        let told = zip(toWrite, lines).compactMap { pair, line in line.map { (pair.0, $0) } }
        let historyFiles = try ReviewHistory(layout: layout).writes(told.map { ($0.0.source, $0.0.id, $0.1) },
                                                                   follows: told.map { (group[$0.0.source]!, $0.0.id + ".json") }, listed: history.listed)
        let taken = try FileSystem.Folder.write(sources.map { (opened[$0]!, files[$0]!) } + historyFiles)
        try appendTaken(Array(taken.dropFirst(sources.count)), of: told.map { ($0.0.source, $0.0.id, $0.1) })
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
public final class ReviewWrite: Sendable {
    public let source: String
    public let id: String
    /// The review, for its history entry (`HistoryEntry.changes`), and its file's bytes.
    let review: Review
    let bytes: [UInt8]
    /// `SnapshotDiff.lineDigest` of `bytes`: what `ReviewIndexing` checks the file still holds.
    let digest: Int64
    public let expected: String?
    let columns: ReviewColumns?

    /// `eligibility`: what the review makes of its record (against the record's canonical text today).
    public init(_ review: Review, expected: String?, eligibility: Eligibility? = nil) {
        source = review.source
        id = review.id
        self.review = review
        bytes = review.fileBytes
        digest = bytes.withUnsafeBytes { SnapshotDiff.lineDigest($0) }
        self.expected = expected
        columns = eligibility.map { ReviewColumns($0, review: review) }
    }
}

