import CatalogFiles
import CatalogJSON
import CatalogModel

/// Where a catalog keeps its files (DESIGN.md §3, a contract).
public struct CatalogLayout: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    }

    public var catalogDirectory: String { root + "/catalog" }
    public var configFile: String { catalogDirectory + "/catalog.json" }
    public var vocabDirectory: String { catalogDirectory + "/vocab" }
    public var upstreamDirectory: String { catalogDirectory + "/upstream" }
    public var reviewsDirectory: String { root + "/reviews" }
    /// `history/<source>/<id>.jsonl`: every change to a review (`ReviewHistory`).
    public var historyDirectory: String { root + "/history" }
    public var indexDirectory: String { root + "/.catalog" }
    public var indexFile: String { indexDirectory + "/index.sqlite" }
    public var distDirectory: String { root + "/dist" }

    public func snapshotFile(_ source: String) -> String { upstreamDirectory + "/\(source).jsonl" }
    /// The journal of an import's two-file replace (snapshot and meta), while it lasts.
    public var importJournal: String { upstreamDirectory + "/.import-journal" }
    public func metaFile(_ source: String) -> String { upstreamDirectory + "/\(source).meta.json" }
    public func reviewFile(source: String, id: String) -> String { reviewsDirectory + "/\(source)/\(id).json" }

    /// A path relative to the root, for messages and reports.
    public func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The review file of `source:id` as messages and reports name it (relative to the root).
    public func relativeReviewFile(source: String, id: String) -> String { relative(reviewFile(source: source, id: id)) }
}
