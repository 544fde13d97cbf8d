import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore

/// A group of similar records of the member source (a movement pattern, `target:X` or
/// `equipment:X`) with their drafted fields: the workbench's group grid.
public struct GroupView: Sendable {
    /// A record of the group: its review's planner fields (nil without a review) and drafts.
    public struct Card: Sendable {
        public var record: UpstreamRecord
        public var suggestions: RecordSuggestions
        public var state: RecordState
        public var reviewed: PlannerValues?

        /// The least sure of the fields this card would confirm (drafted, not yet reviewed); 1 when none.
        public var confidence: Double {
            PlannerField.required.filter { reviewed?.value($0) == nil }.compactMap { suggestions.fields[$0]?.confidence }.min() ?? 1
        }
    }

    public let source: String
    public let group: RecordGroup
    public let cards: [Card]

    /// The group `text` names (`PATTERN`, `pattern:X`, `target:X` or `equipment:X`).
    public init(_ catalog: Catalog, group text: String) throws(CatalogError) {
        group = try RecordGroup(text)
        source = catalog.config.memberSource
        let suggester = try catalog.suggester()
        let key = try catalog.vocabularyKey(source)
        let index = try catalog.index()
        let entries: [CatalogIndex.Entry]
        entries = try index.entries(source: source, states: [.stale, .unreviewed, .current])
        var cards: [Card] = []
        for entry in entries {
            guard let record = entry.upstream else { continue }
            let suggestions = suggester.suggest(record, source: source, vocabularyKey: key)
            let reviewed = entry.hasReview ? entry.plannerValues : nil
            guard RecordGroup.key(group.kind, record: record, reviewed: reviewed, suggestions: suggestions) == group.value else { continue }
            cards.append(Card(record: record, suggestions: suggestions, state: entry.state, reviewed: reviewed))
        }
        self.cards = cards
    }
}

/// After an upstream release: the reviews that no longer hold, with their diffs (`catalog
/// revalidate`, the workbench's re-validation page).
public struct RevalidationView: Sendable {
    public let report: RevalidationReport

    /// `source` (the member source by default), which must have been imported.
    public init(_ catalog: Catalog, source: String? = nil) throws(CatalogError) {
        let source = source ?? catalog.config.memberSource
        guard catalog.sources().contains(source) else {
            throw CatalogError(.noInput, "source \(source) has not been imported", .init(file: catalog.layout.relative(catalog.layout.snapshotFile(source))))
        }
        report = try catalog.revalidation(source: source)
    }

    /// `revalidate --json`.
    public var json: JSONValue { report.json }
}
