import CatalogCore
import CatalogViews
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
            let kind = try RecordGroup.Kind(option: args.option("group-by") ?? "pattern")
            var limit = Int.max
            if let text = args.option("limit") {
                guard let n = Int(text), n > 0 else { throw CatalogError(.usage, "--limit takes a positive number, not '\(text)'") }
                limit = n
            }
            if args.flag("stale") && args.flag("unreviewed") { throw CatalogError(.usage, "--stale and --unreviewed exclude each other") }
            let catalog = try context.catalog()
            var states: [RecordState] = [.stale, .unreviewed, .current]
            if args.flag("stale") { states = [.stale] }
            if args.flag("unreviewed") { states = [.unreviewed] }
            let queue = try QueueView(catalog, groupBy: kind, states: states)
            if args.flag("json") {
                context.console.json(.object(queue.json(limit: limit)))
                return 0
            }
            let source = queue.source, total = queue.items.count
            let shown = Array(queue.items.prefix(limit))
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
                let typed = ShellQuote.word(RecordName.typed(source: source, id: item.id, memberSource: catalog.config.memberSource))
                console.print("  \(typed)  \(item.name)  [\(item.reasons.map(\.rawValue).joined(separator: " "))]")
            }
            return 0
        })
}
