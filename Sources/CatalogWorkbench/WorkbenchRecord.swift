import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews

/// A record as the workbench shows it, from one opening of the catalog: the record's view (what
/// `catalog show` shows), the suggestions with their evidence, the diff of a stale review, the
/// other sources' records of the same name, and the ETag a save must name.
struct WorkbenchRecord {
    let catalog: Catalog
    let view: RecordView
    let record: UpstreamRecord
    let suggestions: RecordSuggestions
    /// The diff against the review's basis (nil unless the record is stale).
    let stale: StaleRecord?
    let matches: [NameMatch]
    let etag: String

    init(_ catalog: Catalog, name: String) throws(CatalogError) {
        self.catalog = catalog
        view = try RecordView(catalog, name: name)
        let (source, id) = (view.source, view.id)
        // A record whose snapshot line does not read has nothing to draft from: the store says so.
        let record: UpstreamRecord
        if let upstream = view.upstream { record = upstream } else { record = try catalog.upstreamRecord(source: source, id: id).record }
        self.record = record
        suggestions = try catalog.suggester().suggest(record, source: source, vocabularyKey: try catalog.vocabularyKey(source))
        let loaded = try view.loaded.get()
        stale = loaded.review != nil && view.entry.state == .stale ? try view.stale(catalog) : nil
        matches = try NameMatch.all(catalog, source: source, name: view.name)
        etag = Workbench.etag(review: loaded.sha256, upstream: Workbench.upstreamTag(CanonicalText(storedText: view.canonicalText), media: record.media?.digest))
    }

    /// `GET /api/records/SOURCE:ID`: `show --json`'s keys, then `suggestions` (the fields of
    /// `suggest --json`, with evidence), `stale` (as `revalidate --json` gives a stale record,
    /// or null), `matches` and `etag`.
    var json: JSONValue {
        var document = view.json
        document["suggestions"] = suggestions.fieldsJSON
        document["stale"] = stale?.json ?? .null
        document["matches"] = .array(matches.map(\.json))
        document["etag"] = .string(etag)
        return .object(document)
    }
}
