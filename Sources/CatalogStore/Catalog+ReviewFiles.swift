import CatalogCore
import Foundation

/// The rules for the files under `reviews/` (issue 16): an editor's review is read and written
/// only as a regular file in a real folder of the catalog, never through a symbolic link (a link
/// would let a checkout read, export or overwrite a file anywhere), at most 1 MiB, and named in
/// Unicode NFC, the form record ids have.
extension Catalog {
    /// The largest review file read (a review is about 1 kB).
    public static let maxReviewBytes = 1 << 20

    /// The bytes of the review file at `path`, refused (65) when it or its folder is a link,
    /// when it is not a regular file, or when it is larger than `maxReviewBytes`.
    static func readReviewFile(_ path: String, file: String) throws(CatalogError) -> [UInt8] {
        if let link = reviewLink(path) { throw .data("\(link): a review is read only from a regular file inside the catalog", file: file) }
        do { return try FileSystem.read(path, limit: maxReviewBytes) } catch {
            // A finding on that name (lint's, as export's gate counts it), not the end of lint.
            if FileSystem.isDirectory(path) { throw .data("is a folder, not a review file", file: file) }
            throw error
        }
    }

    /// The bytes of the review file for `id`, to be edited or evaluated; nil when there is none.
    /// Through a link it could be written back anywhere, so a link is refused as a write would be
    /// (73), with one look at the file and its folder.
    static func reviewBytes(layout: CatalogLayout, source: String, id: String) throws(CatalogError) -> [UInt8]? {
        let path = layout.reviewFile(source: source, id: id)
        guard FileSystem.exists(path) else { return nil }
        try checkReviewTarget(path, file: layout.relative(path))
        return try FileSystem.read(path, limit: maxReviewBytes)
    }

    /// Why the review file of `source:id` does not read, as lint reads it (a link, dangling or
    /// not, a special or oversized file, a file that does not parse or names another record); nil
    /// when it reads or there is none.
    public func reviewProblem(source: String, id: String) -> CatalogError? {
        let path = layout.reviewFile(source: source, id: id)
        guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { return nil }
        do throws(CatalogError) {
            _ = try Self.parseReview(try Self.readReviewFile(path, file: layout.relative(path)), layout: layout, source: source, id: id)
            return nil
        } catch {
            return error
        }
    }

    /// Refuses (73) to write the review file at `path` through a link.
    static func checkReviewTarget(_ path: String, file: String) throws(CatalogError) {
        if let link = reviewLink(path) { throw CatalogError(.cannotWrite, "\(link): a review is written only inside the catalog; nothing written", .init(file: file)) }
    }

    /// Which of the review file at `path` and its folder is a symbolic link, if one is.
    static func reviewLink(_ path: String) -> String? {
        if let link = folderLink(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])) { return link }
        return FileSystem.isSymbolicLink(path) ? "the file is a symbolic link" : nil
    }

    /// Why the review folder `folder` (`reviews/<source>`) is not to be read or written through,
    /// if it or `reviews/` itself is a link.
    static func folderLink(_ folder: String) -> String? {
        let reviews = (folder as NSString).deletingLastPathComponent
        return [reviews, folder].first(where: FileSystem.isSymbolicLink).map { "its folder \(CatalogError.quote(($0 as NSString).lastPathComponent)) is a symbolic link" }
    }

    /// Why the review file for `id` cannot be matched with its record by name, if it cannot:
    /// a name outside NFC (macOS and some git setups write names decomposed) is a different
    /// file name for the same-looking id, and would be silently passed over.
    static func fileNameProblem(id: String, layout: CatalogLayout, source: String) -> String? {
        let nfc = id.precomposedStringWithCanonicalMapping
        guard !nfc.utf8.elementsEqual(id.utf8) else { return nil }
        let twin = FileSystem.exists(layout.reviewFile(source: source, id: nfc))
        return "the file name is not in Unicode NFC, so it names no record; rename it to \(CatalogError.quote(nfc)).json"
            + (twin ? " (which exists too: two files for one record)" : "")
    }
}
