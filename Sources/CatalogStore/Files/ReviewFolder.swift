import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// The review files under `reviews/` (DESIGN.md §3): their names, how they are read, parsed and
/// listed, the lock writers hold, and how they are saved with their history (`ReviewFolder+Save`).
/// A value over the catalog's layout, so code without the catalog at hand (workers, the index,
/// an import's merge) reads reviews the one way every command does.
///
/// The rules (issue 16): an editor's review is read and written only as a regular file in a real
/// folder of the catalog, never through a symbolic link (a link would let a checkout read, export
/// or overwrite a file anywhere), at most `maxBytes`, and named in Unicode NFC, the form record
/// ids have. A review is checked (its size, and by the writer its rules) before a byte is written.
public struct ReviewFolder: Sendable {
    public let layout: CatalogLayout

    public init(layout: CatalogLayout) {
        self.layout = layout
    }

    /// The largest review file read or written (a review is about 1 kB).
    public static let maxBytes = 1 << 20

    // MARK: - Names

    /// Ids with a review file under `reviews/<source>/`, sorted.
    public func sortedIDs(_ source: String) -> [String] {
        FileSystem.list(layout.reviewsDirectory + "/" + source).compactMap(Self.id(ofFile:))
    }

    /// `sortedIDs` as a set (no sort: a million names at scale).
    public func ids(_ source: String) -> Set<String> {
        Set(FileSystem.names(in: layout.reviewsDirectory + "/" + source).lazy.compactMap(Self.id(ofFile:)))
    }

    /// The id a review file's name is for (`<id>.json`, not hidden), if it is one.
    static func id(ofFile name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count > 5, bytes[0] != 0x2E, bytes.suffix(5).elementsEqual(".json".utf8) else { return nil }
            return String(decoding: bytes.dropLast(5), as: UTF8.self)
        }
    }

    /// Why the review file for `id` cannot be matched with its record by name, if it cannot:
    /// a name outside NFC (macOS and some git setups write names decomposed) is a different
    /// file name for the same-looking id, and would be silently passed over.
    func fileNameProblem(id: String, source: String) -> String? {
        let nfc = id.precomposedStringWithCanonicalMapping
        guard !nfc.utf8.elementsEqual(id.utf8) else { return nil }
        let twin = FileSystem.exists(layout.reviewFile(source: source, id: nfc))
        return "the file name is not in Unicode NFC, so it names no record; rename it to \(CatalogError.quote(nfc)).json"
            + (twin ? " (which exists too: two files for one record)" : "")
    }

    // MARK: - Reading

    /// Reads one review; a file that does not parse, or names another record, is an error
    /// naming the file and field.
    public func load(source: String, id: String) throws(CatalogError) -> LoadedReview {
        guard let bytes = try bytes(source: source, id: id) else { return LoadedReview(review: nil, sha256: nil) }
        return LoadedReview(review: try parse(bytes, source: source, id: id), sha256: SHA256.hex(bytes))
    }

    /// The bytes of the review file for `id`, to be edited or evaluated; nil when there is none.
    /// Through a link it could be written back anywhere, so a link is refused as a write would be
    /// (73), with one look at the file and its folder.
    func bytes(source: String, id: String) throws(CatalogError) -> [UInt8]? {
        let path = layout.reviewFile(source: source, id: id)
        guard FileSystem.exists(path) else { return nil }
        try checkTarget(path)
        return try FileSystem.read(path, limit: Self.maxBytes)
    }

    /// Parses the bytes of `reviews/<source>/<id>.json`, checking the file names its own record.
    func parse(_ bytes: [UInt8], source: String, id: String) throws(CatalogError) -> Review {
        // The file's name is made for a message only (export parses every review file).
        let review = try Review.parse(bytes, file: layout.relativeReviewFile(source: source, id: id))
        guard review.source == source, review.id == id else {
            throw .data("the file is named for \(source):\(id) but says \(review.source):\(review.id)", file: layout.relativeReviewFile(source: source, id: id),
                        field: review.source == source ? "id" : "source")
        }
        return review
    }

    /// The bytes of the review file at `path`, as lint reads it: refused (65) when it or its
    /// folder is a link, when it is not a regular file, or when it is larger than `maxBytes`.
    func lintBytes(_ path: String) throws(CatalogError) -> [UInt8] {
        let file = layout.relative(path)
        if let link = Self.link(path) { throw .data("\(link): a review is read only from a regular file inside the catalog", file: file) }
        do { return try FileSystem.read(path, limit: Self.maxBytes) } catch {
            // A finding on that name (lint's, as export's gate counts it), not the end of lint.
            if FileSystem.isDirectory(path) { throw .data("is a folder, not a review file", file: file) }
            throw error
        }
    }

    /// Why the review file of `source:id` does not read, as lint reads it (a link, dangling or
    /// not, a special or oversized file, a file that does not parse or names another record); nil
    /// when it reads or there is none.
    public func problem(source: String, id: String) -> CatalogError? {
        let path = layout.reviewFile(source: source, id: id)
        guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { return nil }
        do throws(CatalogError) {
            _ = try parse(try lintBytes(path), source: source, id: id)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Links

    /// Refuses (73) to write the review file at `path` through a link.
    func checkTarget(_ path: String) throws(CatalogError) {
        if let link = Self.link(path) { throw CatalogError(.cannotWrite, "\(link): a review is written only inside the catalog; nothing written", .init(file: layout.relative(path))) }
    }

    /// Which of the review file at `path` and its folder is a symbolic link, if one is.
    static func link(_ path: String) -> String? {
        if let link = folderLink(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])) { return link }
        return FileSystem.isSymbolicLink(path) ? "the file is a symbolic link" : nil
    }

    /// Why the review folder `folder` (`reviews/<source>`) is not to be read or written through,
    /// if it or `reviews/` itself is a link.
    static func folderLink(_ folder: String) -> String? {
        let reviews = (folder as NSString).deletingLastPathComponent
        return [reviews, folder].first(where: FileSystem.isSymbolicLink).map { "its folder \(CatalogError.quote(($0 as NSString).lastPathComponent)) is a symbolic link" }
    }

    // MARK: - Lock

    /// Runs `body` holding the catalog's review lock, so that the check for a concurrent change
    /// and the write that follows it are one step for every process.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try layout.withLock("reviews", body)
    }
}

extension CatalogLayout {
    /// Runs `body` holding the exclusive lock `.catalog/<name>.lock` (waiting for other processes).
    public func withLock<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try FileSystem.createDirectory(indexDirectory)
        let path = indexDirectory + "/\(name).lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CatalogError(.cannotWrite, "cannot open the review lock", .init(file: relative(path))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CatalogError(.cannotWrite, "cannot lock", .init(file: relative(path))) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
