import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore

/// What to review next (`catalog queue`, the workbench's queue): the member source's stale
/// reviews, then unreviewed records, then reviewed records still blocked (missing or invalid
/// fields, low confidence), similar records together by `groupBy`.
public struct QueueView: Sendable {
    /// One record of the queue. `priority`: 0 stale, 1 unreviewed, 2 blocked.
    public struct Item: Sendable {
        public var id: String
        public var source: String
        public var name: String
        public var state: RecordState
        public var priority: Int
        public var group: String
        public var reasons: [ReasonCode]

        /// {id, source, name, state, group, reasons} as `queue --json` lists it.
        public var json: JSONValue {
            .object(JSONObject([
                JSONMember("id", .string(id)), JSONMember("source", .string(source)), JSONMember("name", .string(name)),
                JSONMember("state", .string(state.rawValue)), JSONMember("group", .string(group)),
                JSONMember("reasons", .strings(reasons.map(\.rawValue))),
            ]))
        }
    }

    /// The reasons that keep a reviewed record in the queue: an editor can mend them.
    public static let mendable: [ReasonCode] = [.fieldMissing, .fieldInvalid, .lowConfidence]

    public let source: String
    public let groupBy: RecordGroup.Kind
    /// Every record of the queue, in order.
    public let items: [Item]
    /// Each group with its records' count, in queue order.
    public let groups: [(group: String, count: Int)]

    /// The queue of the records in `states` (stale, unreviewed and current by default).
    public init(_ catalog: Catalog, groupBy: RecordGroup.Kind, states: [RecordState] = [.stale, .unreviewed, .current]) throws(CatalogError) {
        let source = catalog.config.memberSource
        let entries = try catalog.index().entries(source: source, states: states)
        let suggester = groupBy == .pattern ? try catalog.suggester() : nil
        let key = try? catalog.vocabularyKey(source)
        var items: [Item] = []
        for entry in entries {
            let priority: Int
            let reasons = Self.reasonCodes(entry)
            switch entry.state {
            case .stale: priority = 0
            case .unreviewed: priority = 1
            default:
                guard !entry.autoPlan, reasons.contains(where: Self.mendable.contains) else { continue }
                priority = 2
            }
            guard let record = entry.upstream else { continue }
            // The review's planner fields are in the index row: no review file is read.
            let reviewed = entry.hasReview ? entry.plannerValues ?? PlannerValues(review: nil) : nil
            let suggestions = (reviewed == nil && suggester != nil && key != nil) ? suggester!.suggest(record, source: source, vocabularyKey: key!) : nil
            items.append(Item(id: entry.id, source: source, name: entry.name, state: entry.state, priority: priority,
                              group: RecordGroup.key(groupBy, record: record, reviewed: reviewed, suggestions: suggestions), reasons: reasons))
        }
        items.sort { ($0.priority, $0.group, $0.name, $0.id) < ($1.priority, $1.group, $1.name, $1.id) }
        self.init(source: source, groupBy: groupBy, items: items)
    }

    init(source: String, groupBy: RecordGroup.Kind, items: [Item]) {
        self.source = source
        self.groupBy = groupBy
        self.items = items
        var groups: [(group: String, count: Int)] = []
        for item in items {
            if let last = groups.last, last.group == item.group { groups[groups.count - 1].count += 1 } else { groups.append((item.group, 1)) }
        }
        self.groups = groups
    }

    /// The queue of the items `keep` keeps, in the same order, its groups counted anew.
    public func filtered(_ keep: (Item) -> Bool) -> QueueView {
        QueueView(source: source, groupBy: groupBy, items: items.filter(keep))
    }

    /// `queue --json`: total, groupBy, the first `limit` items, groups.
    public func json(limit: Int = .max) -> JSONObject {
        JSONObject([
            JSONMember("total", .int(items.count)),
            JSONMember("groupBy", .string(groupBy.rawValue)),
            JSONMember("items", .array(items.prefix(limit).map(\.json))),
            JSONMember("groups", .array(groups.map { .object(JSONObject([JSONMember("group", .string($0.group)), JSONMember("count", .int($0.count))])) })),
        ])
    }

    static func reasonCodes(_ entry: CatalogIndex.Entry) -> [ReasonCode] {
        (entry.reasons.arrayValue ?? []).compactMap { $0.objectValue?["code"]?.stringValue.flatMap(ReasonCode.init(rawValue:)) }
    }
}
