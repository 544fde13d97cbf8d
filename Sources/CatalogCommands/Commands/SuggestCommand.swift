import CatalogCore
import CatalogStore

enum SuggestCommand {
    static let command = Command(
        name: "suggest",
        abstract: "Draft planner fields from the upstream record, with confidence and evidence",
        usage: "suggest ID|--all [--json]",
        discussion: """
            Drafts movementPattern (name keywords, with precedence: a stretch is a stretch
            whatever muscle it names), equipment (the synonym map plus what the name implies;
            an unknown value gives no draft, never "needs nothing"), primary muscles (what the
            pattern trains, checked against upstream's target) and secondary muscles, level
            (the vocabulary's level rules), setupSeconds (the slowest equipment to set up) and
            planning (manual-only with a reason for stretching, mobility, cardio and
            rehabilitation). Every reference source's records with a matching name are
            evidence, and a reviewed sibling (same name but for "(side pov)", "v. 2", "(male)")
            drafts its variants. Confidence is the rule's measured accuracy (README: make eval).
            Suggestions are never approvals: confirm them with `catalog review`. Upstream terms
            no synonym map covers are reported on stderr with counts (see also `catalog vocab`).
            JSON: a list of {id, source, fields: {FIELD: {value, confidence, evidence, rule}},
            sources: [{source, id, name, score}]}; fields.planning has value auto or manual-only
            and, for manual-only, a reason.
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
                    if let planning = s.planning {
                        let mode = s.planningReason.map { "manual-only (\($0))" } ?? "auto"
                        context.console.print("  planning: \(mode)  confidence \(Review.format(planning.confidence))  ← \(planning.evidence.joined(separator: "; "))")
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
