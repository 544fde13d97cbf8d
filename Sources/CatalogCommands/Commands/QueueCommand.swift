import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogViews

enum QueueCommand {
    static let command = Command(
        name: "queue",
        abstract: "What to review next: stale first, similar records together",
        usage: "queue [--state stale|unreviewed|blocked]... [--reason CODE]... [--group G]... [--group-by pattern|target|equipment] [--limit N] [--json]",
        discussion: """
            Lists the member source's records that need an editor: stale reviews first, then
            unreviewed records, then reviewed records that are still blocked (missing or invalid
            fields, low confidence). Records are grouped so that similar ones come together:
            by movement pattern (reviewed, else suggested; the default), or by upstream target
            or equipment. Confirm a whole group with `catalog review --from-suggestions --group G`.
            --state, --reason and --group keep the records in any of the values given (repeat them,
            or separate values with commas); --stale and --unreviewed are --state stale and
            --state unreviewed. The counts per group come first, and, on a terminal, the list
            goes through $PAGER (default `less -FRX`).
            JSON keys: total, groupBy, items [{id, source, name, state, reasons, group}],
            groups [{group, count}].
            """,
        options: [
            .option("state", "STATE", "only records in this state: stale, unreviewed or blocked", repeatable: true),
            .option("reason", "CODE", "only records with this reason code (FIELD_MISSING, LOW_CONFIDENCE, …)", repeatable: true),
            .option("group", "G", "only records of this group (of --group-by's kind)", repeatable: true),
            .flag("stale", "only stale reviews (--state stale)"),
            .flag("unreviewed", "only records without a review (--state unreviewed)"),
            .option("group-by", "KEY", "pattern (default), target or equipment"),
            .option("limit", "N", "show at most N records"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            _ = try args.positionals(0, "")
            let kind = try RecordGroup.Kind(option: args.option("group-by") ?? "pattern")
            let filter = try QueueFilter(args)
            let catalog = try context.catalog()
            let all = try QueueView(catalog, groupBy: kind, states: filter.indexStates)
            let queue = all.filtered { filter.admits(priority: $0.priority, reasons: $0.reasons, group: $0.group) }
            if args.flag("json") {
                context.console.json(.object(queue.json(limit: filter.limit)))
                return 0
            }
            let source = queue.source, total = queue.items.count
            let shown = Array(queue.items.prefix(filter.limit))
            let console = context.console
            guard let first = queue.items.first else {
                console.print("nothing to review in \(source)" + filter.groupHint(among: Set(all.items.map(\.group)).sorted()))
                return 0
            }
            console.page()
            console.print("\(LintCommand.plural(total, "record")) of \(source) to review" + (shown.count < total ? " (showing \(shown.count))" : ""))
            console.print(countsLine(queue.items.map(\.group), kind: kind.rawValue))
            var heading = ""
            for item in shown {
                let state = QueueFilter.states[item.priority], label = "\(state) · \(kind.rawValue) \(item.group)"
                if label != heading {
                    heading = label
                    console.print("")
                    console.print([(state, Console.style(state: state)), (" · \(kind.rawValue) \(item.group)", nil)])
                }
                let typed = typedID(source, item.id, memberSource: catalog.config.memberSource)
                console.print([("  \(typed)  \(item.name)  [", nil), (item.reasons.map(\.rawValue).joined(separator: " "), .cyan), ("]", nil)])
            }
            console.print("\n" + next(priority: first.priority, group: first.group, kind: kind, typedID: typedID(source, first.id, memberSource: catalog.config.memberSource)))
            return 0
        })
}
