import CatalogCore
import CatalogStore

enum QueueCommand {
    static let command = Command(
        name: "queue",
        abstract: "What to review next: stale first, similar records together",
        usage: "queue [--stale | --unreviewed] [--group-by pattern|target|equipment] [--limit N] [--json]",
        discussion: """
            Lists the member source's records that need an editor: stale reviews first, then
            unreviewed records, then reviewed records that are still blocked (missing or invalid
            fields, low confidence). Records are grouped so that similar ones come together:
            by movement pattern (reviewed, else suggested; the default), or by upstream target
            or equipment. Confirm a whole group with `catalog review --from-suggestions --group G`.
            JSON keys: total, groupBy, items [{id, source, name, state, reasons, group}],
            groups [{group, count}].
            """,
        options: [
            .flag("stale", "only stale reviews"),
            .flag("unreviewed", "only records without a review"),
            .option("group-by", "KEY", "pattern (default), target or equipment"),
            .option("limit", "N", "show at most N records"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            _ = try args.positionals(0, "")
            let groupBy = args.option("group-by") ?? "pattern"
            guard let kind = RecordGroup.Kind(rawValue: groupBy) else { throw CatalogError(.usage, "--group-by takes pattern, target or equipment, not '\(groupBy)'") }
            var limit = Int.max
            if let text = args.option("limit") {
                guard let n = Int(text), n > 0 else { throw CatalogError(.usage, "--limit takes a positive number, not '\(text)'") }
                limit = n
            }
            if args.flag("stale") && args.flag("unreviewed") { throw CatalogError(.usage, "--stale and --unreviewed exclude each other") }
            let catalog = try context.catalog()
            let source = catalog.config.memberSource
            let index = try catalog.index()
            var states: [RecordState] = [.stale, .unreviewed, .current]
            if args.flag("stale") { states = [.stale] }
            if args.flag("unreviewed") { states = [.unreviewed] }
            let entries: [CatalogIndex.Entry]
            entries = try index.entries(source: source, states: states)
            let suggester = kind == .pattern ? try catalog.suggester() : nil
            let key = try? catalog.vocabularyKey(source)
            struct Item { var entry: CatalogIndex.Entry; var priority: Int; var group: String }
            var items: [Item] = []
            for entry in entries {
                let priority: Int
                switch entry.state {
                case .stale: priority = 0
                case .unreviewed: priority = 1
                default:
                    guard !entry.autoPlan, reasonCodes(entry).contains(where: { [.fieldMissing, .fieldInvalid, .lowConfidence].contains($0) }) else { continue }
                    priority = 2
                }
                guard let record = entry.upstream else { continue }
                // The review's planner fields are in the index row: no review file is read.
                let reviewed = entry.hasReview ? PlannerValues(text: entry.planner) ?? PlannerValues(review: nil) : nil
                let suggestions = (reviewed == nil && suggester != nil && key != nil) ? suggester!.suggest(record, source: source, vocabularyKey: key!) : nil
                items.append(Item(entry: entry, priority: priority, group: RecordGroup.key(kind, record: record, reviewed: reviewed, suggestions: suggestions)))
            }
            items.sort { ($0.priority, $0.group, $0.entry.name, $0.entry.id) < ($1.priority, $1.group, $1.entry.name, $1.entry.id) }
            let total = items.count
            let shown = Array(items.prefix(limit))
            var groupCounts: [(String, Int)] = []
            for item in items {
                if let last = groupCounts.last, last.0 == item.group { groupCounts[groupCounts.count - 1].1 += 1 } else { groupCounts.append((item.group, 1)) }
            }
            if args.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("total", .int(total)),
                    JSONMember("groupBy", .string(kind.rawValue)),
                    JSONMember("items", .array(shown.map { item in .object(JSONObject([
                        JSONMember("id", .string(item.entry.id)), JSONMember("source", .string(source)), JSONMember("name", .string(item.entry.name)),
                        JSONMember("state", .string(item.entry.state.rawValue)), JSONMember("group", .string(item.group)),
                        JSONMember("reasons", .strings(reasonCodes(item.entry).map(\.rawValue))),
                    ])) })),
                    JSONMember("groups", .array(groupCounts.map { .object(JSONObject([JSONMember("group", .string($0.0)), JSONMember("count", .int($0.1))])) })),
                ])))
                return 0
            }
            let console = context.console
            if total == 0 {
                console.print("nothing to review in \(source)")
                return 0
            }
            console.print("\(LintCommand.plural(total, "record")) of \(source) to review" + (shown.count < total ? " (showing \(shown.count))" : ""))
            var heading = ""
            for item in shown {
                let label = "\(["stale", "unreviewed", "blocked"][item.priority]) · \(kind.rawValue) \(item.group)"
                if label != heading {
                    heading = label
                    console.print("\n\(label)")
                }
                // The id as it is typed back (`catalog review ID`): SOURCE:ID off the member source, quoted.
                let typed = ShellQuote.word(RecordName.typed(source: source, id: item.entry.id, memberSource: catalog.config.memberSource))
                console.print("  \(typed)  \(item.entry.name)  [\(reasonCodes(item.entry).map(\.rawValue).joined(separator: " "))]")
            }
            return 0
        })

    static func reasonCodes(_ entry: CatalogIndex.Entry) -> [ReasonCode] {
        (entry.reasons.arrayValue ?? []).compactMap { $0.objectValue?["code"]?.stringValue.flatMap(ReasonCode.init(rawValue:)) }
    }
}
