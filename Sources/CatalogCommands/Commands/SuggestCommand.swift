import CSystem
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
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
            let json = args.flag("json")
            var unmapped: [UnmappedTerm: Int] = [:]
            let printer = Console.JSONArrayPrinter(context.console)
            // Each record is rendered where it is suggested (on all cores) and printed as it
            // comes: --all over a million records holds a batch at a time.
            @Sendable func render(_ record: UpstreamRecord, _ s: RecordSuggestions, source: String) -> (unmapped: [UnmappedTerm], output: Rendered) {
                // A record's JSON is about 2.5 KB (3.1 KB at most at 100k): written without regrowing.
                (s.unmapped, json ? .json(.init(reserving: 4096) { s.write(id: record.id, source: source, style: .pretty, indent: 1, into: &$0) })
                                  : .text(text(record, s, source: source)))
            }
            func emit(_ item: (unmapped: [UnmappedTerm], output: Rendered)) {
                for term in item.unmapped { unmapped[term, default: 0] += 1 }
                switch item.output {
                case .json(let element): printer.append(element)
                case .text(let text): context.console.print(text)
                }
            }
            if args.flag("all") {
                _ = try args.positionals(0, "")
                // Each batch (a few MB of records, drafts and output, freed once printed) reuses
                // the last one's memory instead of faulting it in anew: 61k page faults at 100k, 14k.
                catalog_keep_freed_memory()
                let source = catalog.config.memberSource
                let key = try catalog.vocabularyKey(source)
                try catalog.forEachRecord(source, currentOnly: true, transform: { record in
                    render(record, suggester.suggest(record, source: source, vocabularyKey: key), source: source)
                }) { emit($0) }
            } else {
                let (source, id) = try catalog.resolve(try args.positionals(1, "ID (or --all)")[0])
                let record = try catalog.upstreamRecord(source: source, id: id).record
                emit(render(record, suggester.suggest(record, source: source, vocabularyKey: try catalog.vocabularyKey(source)), source: source))
            }
            if json { printer.finish() }
            for term in unmapped.keys.sorted(by: { ($0.source, $0.field, $0.term) < ($1.source, $1.field, $1.term) }) {
                context.console.error(CatalogError.diagnostic("warning", "unmapped \(term.source) \(term.field) term '\(term.term)' in \(LintCommand.plural(unmapped[term]!, "record")) (add it to catalog/vocab/)"))
            }
            return 0
        })

    /// A record's suggestions as printed.
    enum Rendered: Sendable {
        case json(Console.JSONArrayPrinter.Element)
        case text(String)
    }

    /// The text form: the record, then a line per field and one for planning.
    static func text(_ record: UpstreamRecord, _ s: RecordSuggestions, source: String) -> String {
        var lines = ["\(source):\(record.id)  \(record.name)"]
        for field in PlannerField.allCases {
            guard let suggestion = s.fields[field] else {
                lines.append("  \(field.rawValue): (no suggestion)")
                continue
            }
            lines.append("  \(field.rawValue): \(JSONWriter.string(suggestion.value))  confidence \(JSONNumber.format(suggestion.confidence))  ← \(suggestion.evidence.joined(separator: "; "))")
        }
        if let planning = s.planning {
            lines.append("  planning: \(planning.value.label)  confidence \(JSONNumber.format(planning.confidence))  ← \(planning.evidence.joined(separator: "; "))")
        }
        return lines.joined(separator: "\n")
    }
}
