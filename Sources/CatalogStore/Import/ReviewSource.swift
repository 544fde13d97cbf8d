import CatalogCore

/// The only code an evaluation looks at `reviews/<source>/` through: which ids have a review
/// file (listed once), each file's stamp, and the review it holds.
struct ReviewSource: Sendable {
    let source: String
    let layout: CatalogLayout
    /// Ids with a review file.
    let reviewed: Set<String>
    /// When the review files are looked at (for `FileSystem.stamp`).
    let now = FileSystem.now()

    /// A review file's stamp (`.racy` for one gone since the folder was listed).
    func stamp(_ id: String) -> FileStamp {
        FileSystem.stamp(layout.reviewFile(source: source, id: id), now: now) ?? .racy
    }

    /// A review file as read: stamped before it is read, so a change in between shows as a
    /// different stamp next time.
    func read(_ id: String) -> ReviewRead {
        let stamp = stamp(id)
        do { return ReviewRead(stamp: stamp, review: try Catalog.readReview(layout: layout, source: source, id: id).review, error: nil) } catch {
            return ReviewRead(stamp: stamp, review: nil, error: error)
        }
    }
}

/// A review file as `ReviewSource` read it: its stamp, and its review or why it does not read.
struct ReviewRead: Sendable {
    var stamp: FileStamp
    var review: Review?
    var error: CatalogError?
}
