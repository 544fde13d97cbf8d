import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore

/// One record as `catalog show` and the workbench's record page show it: the index row (state,
/// reasons, fingerprint, the upstream record), the canonical text, and the review, or why its
/// file did not read.
public struct RecordView: Sendable {
    public let source: String
    public let id: String
    public let entry: CatalogIndex.Entry
    /// The upstream record (nil when its snapshot line does not read), parsed once.
    public let upstream: UpstreamRecord?
    public let canonicalText: String
    /// The review file as read (its review and digest), or why it did not read.
    public let loaded: Result<LoadedReview, CatalogError>
    /// The review (nil when there is none or its file does not read).
    public let review: Review?
    /// Why the review file did not read (nil when it read or there is none).
    public let reviewError: CatalogError?
    /// The review file, relative to the root.
    public let file: String

    /// The record named `ID` or `SOURCE:ID`. Its review file is checked first, so an edit in
    /// place shows at once.
    public init(_ catalog: Catalog, name: String) throws(CatalogError) {
        (source, id) = try catalog.resolve(name)
        entry = try catalog.index(checking: [id], of: source).catalogEntry(source: source, id: id)
        upstream = entry.upstream
        canonicalText = upstream.map(entry.canonicalText(of:)) ?? ""
        // A review file that does not read has no review to show: the text output says so
        // (lint says why), the JSON says why (as lint does) in reviewError.
        let (source, id) = (source, id)
        loaded = Result { () throws(CatalogError) in try catalog.loadReview(source: source, id: id) }
        review = entry.hasReview ? (try? loaded.get())?.review : nil
        reviewError = entry.hasReview && review == nil ? catalog.reviewProblem(source: source, id: id) : nil
        file = catalog.layout.relativeReviewFile(source: source, id: id)
    }

    /// The record's name ("" when the snapshot row does not read).
    public var name: String { upstream?.name ?? "" }

    /// What changed since the review, against the text it was made on (nil when current).
    public func stale(_ catalog: Catalog) throws(CatalogError) -> StaleRecord? {
        guard let review else { return nil }
        return try catalog.staleRecord(review: review, name: entry.name, canonical: CanonicalText(storedText: canonicalText), media: upstream?.media)
    }

    /// `show --json`: id, source, record, canonicalText, fingerprint, state, autoPlan, reasons,
    /// review, reviewError ({message, file, and line and field where known}, or null).
    public var json: JSONObject {
        var problem: JSONValue = .null
        if let reviewError {
            var members = [JSONMember("message", .string(reviewError.message)), JSONMember("file", .string(file))]
            if let line = reviewError.location.line { members.append(JSONMember("line", .int(line))) }
            if let field = reviewError.location.field { members.append(JSONMember("field", .string(field))) }
            problem = .object(JSONObject(members))
        }
        return JSONObject([
            JSONMember("id", .string(entry.id)),
            JSONMember("source", .string(entry.source)),
            JSONMember("record", upstream?.json ?? .null),
            JSONMember("canonicalText", .string(canonicalText)),
            JSONMember("fingerprint", .string(entry.fingerprint)),
            JSONMember("state", .string(entry.state.rawValue)),
            JSONMember("autoPlan", .bool(entry.autoPlan)),
            JSONMember("reasons", entry.reasons),
            JSONMember("review", review?.json ?? .null),
            JSONMember("reviewError", problem),
        ])
    }
}

/// A record of another source with the same name (as the suggester matches names).
public struct NameMatch: Sendable {
    public var source: String
    public var id: String
    public var name: String
    public var state: RecordState

    public var json: JSONValue {
        .object(JSONObject([JSONMember("source", .string(source)), JSONMember("id", .string(id)),
                            JSONMember("name", .string(name)), JSONMember("state", .string(state.rawValue))]))
    }

    /// The records of sources other than `source` whose name normalises as `name`'s does.
    public static func all(_ catalog: Catalog, source: String, name: String) throws(CatalogError) -> [NameMatch] {
        let key = ExerciseName.normalized(name)
        let sources = catalog.sources().filter { $0 != source }
        guard !key.isEmpty, !sources.isEmpty else { return [] }
        var out: [NameMatch] = []
        let index = try catalog.index()
        for other in sources {
            try index.forEachEntry(source: other) { entries in
                for entry in entries where ExerciseName.normalized(entry.name) == key {
                    out.append(NameMatch(source: other, id: entry.id, name: entry.name, state: entry.state))
                }
            }
        }
        return out
    }
}
