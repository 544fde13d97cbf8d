import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

/// The queue as the workbench asks for it: `QueueView` filtered by state, group, reason and a
/// search by name or id, then paged. `total` counts the filtered items.
struct QueueSlice {
    let view: QueueView
    /// The page's items.
    let items: [QueueView.Item]
    let total: Int
    let offset: Int
    let limit: Int

    /// `query`: state (stale, unreviewed or current), group, reason, q, groupBy, offset, limit.
    init(_ catalog: Catalog, _ query: [String: String]) throws(CatalogError) {
        var states: [RecordState] = [.stale, .unreviewed, .current]
        switch query["state"] ?? "" {
        case "", "current": break
        case "stale": states = [.stale]
        case "unreviewed": states = [.unreviewed]
        case let other: throw CatalogError(.usage, "state takes stale, unreviewed or current, not '\(other)'")
        }
        view = try QueueView(catalog, groupBy: try RecordGroup.Kind(option: query["groupBy"] ?? "pattern"), states: states)
        var items = view.items
        if query["state"] == "current" { items = items.filter { $0.state == .current } }
        if let group = query["group"], !group.isEmpty { items = items.filter { $0.group == group } }
        if let reason = query["reason"], !reason.isEmpty { items = items.filter { $0.reasons.contains { $0.rawValue == reason } } }
        // A search by name or id: every word typed, anywhere in either, case ignored.
        let words = TextNormalizer.normalize(query["q"] ?? "").lowercased().split(separator: " ")
        if !words.isEmpty {
            items = items.filter { item in
                let text = (item.name + " " + item.id).lowercased()
                return words.allSatisfy { text.contains($0) }
            }
        }
        offset = try Self.number(query["offset"], "offset", default: 0)
        limit = try Self.number(query["limit"], "limit", default: 100)
        total = items.count
        self.items = Array(items.dropFirst(offset).prefix(limit))
    }

    /// `queue --json`'s keys with the page's items, `total` the filtered count, then offset and limit.
    var json: JSONValue {
        var document = view.json(limit: 0)
        document["total"] = .int(total)
        document["items"] = .array(items.map(\.json))
        document["offset"] = .int(offset)
        document["limit"] = .int(limit)
        return .object(document)
    }

    static func number(_ text: String?, _ name: String, default value: Int) throws(CatalogError) -> Int {
        guard let text, !text.isEmpty else { return value }
        guard let n = Int(text), n >= 0, n <= 1_000_000 else { throw CatalogError(.usage, "\(name) takes a whole number, not '\(text)'") }
        return n
    }
}
