import CatalogCore
import CatalogStore

enum SuggestCommand {
    static let command = Command(
        name: "suggest",
        abstract: "Draft planner fields from the upstream record, with confidence and evidence",
        usage: "suggest ID|--all [--json]",
        discussion: """
            Drafts movementPattern (keywords in the name), equipment (the synonym map, plus what
            the name implies), primary and secondary muscles (synonym maps), level (from a
            reference record with the same name, e.g. free-exercise-db) and setupSeconds (the
            slowest equipment to set up). Suggestions are never approvals: confirm them with
            `catalog review`. Upstream terms no synonym map covers are reported on stderr with
            counts (see also `catalog vocab`).
            JSON: a list of {id, source, fields: {FIELD: {value, confidence, evidence}}}.
            """,
        options: [.flag("all", "every record of the member source"), .flag("json", "print as JSON")],
        run: { context in
            let args = context.arguments
            let catalog = try context.catalog()
            let suggester = try catalog.suggester()
            let printer = args.flag("json") ? Console.JSONArrayPrinter(context.console) : nil
            var unmapped: [UnmappedTerm: Int] = [:]
            // Each record is printed as it is read: --all over a million records holds one at a time.
            func suggest(_ record: UpstreamRecord, _ s: RecordSuggestions, source: String) {
                for term in s.unmapped { unmapped[term, default: 0] += 1 }
                if let printer {
                    printer.append(s.json(id: record.id, source: source))
                } else {
                    context.console.print("\(source):\(record.id)  \(record.name)")
                    for field in PlannerField.allCases {
                        guard let suggestion = s.fields[field] else {
                            context.console.print("  \(field.rawValue): (no suggestion)")
                            continue
                        }
                        context.console.print("  \(field.rawValue): \(JSONWriter.string(suggestion.value))  confidence \(Review.format(suggestion.confidence))  ← \(suggestion.evidence.joined(separator: "; "))")
                    }
                }
            }
            if args.flag("all") {
                _ = try args.positionals(0, "")
                let source = catalog.config.memberSource
                let key = try catalog.vocabularyKey(source)
                // Suggestions are worked out on all cores, printed in id order.
                try catalog.forEachRecord(source, currentOnly: true, transform: { record in
                    (record, suggester.suggest(record, source: source, vocabularyKey: key))
                }) { suggest($0.0, $0.1, source: source) }
            } else {
                let (source, id) = try catalog.resolve(try args.positionals(1, "ID (or --all)")[0])
                let record = try catalog.upstreamRecord(source: source, id: id).record
                suggest(record, suggester.suggest(record, source: source, vocabularyKey: try catalog.vocabularyKey(source)), source: source)
            }
            printer?.finish()
            for term in unmapped.keys.sorted(by: { ($0.source, $0.field, $0.term) < ($1.source, $1.field, $1.term) }) {
                context.console.error("warning: unmapped \(term.source) \(term.field) term '\(term.term)' in \(unmapped[term]!) records (add it to catalog/vocab/)")
            }
            return 0
        })
}
