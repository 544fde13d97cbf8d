import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

enum ShowCommand {
    static let command = Command(
        name: "show",
        abstract: "Show one record: upstream, canonical text, state and reasons",
        usage: "show ID|SOURCE:ID [--json]",
        discussion: """
            A stale record also shows the word diff of the text its review was made on against
            today's. JSON keys: id, source, record (the normalised upstream record),
            canonicalText, fingerprint, state, autoPlan, reasons [{code, details}], review (null
            when unreviewed or when the file does not read), reviewError (why the review file did
            not read: {message, file, line, field}, line and field where known; else null).
            """,
        options: [.flag("json", "print the record as JSON")],
        run: { context in
            let name = try context.arguments.positionals(1, "ID")[0]
            let catalog = try context.catalog()
            let view = try RecordView(catalog, name: name)
            if context.arguments.flag("json") {
                context.console.json(.object(view.json))
                return 0
            }
            let (source, id, entry, upstream, canonicalText, review) = (view.source, view.id, view.entry, view.upstream, view.canonicalText, view.review)
            let console = context.console
            console.print("\(entry.source):\(entry.id)  \(entry.name)")
            console.print("state: \(entry.state.rawValue)   autoPlan: \(entry.autoPlan ? "yes" : "no")")
            for reason in entry.reasons.arrayValue ?? [] { console.print("  " + CatalogError.oneLine(ReasonText.describe(reason))) }
            if let review {
                console.print("review:")
                for field in PlannerField.allCases {
                    guard let c = review.corrections[field] else { console.print("  \(field.rawValue): (not set)"); continue }
                    let stale = c.fingerprint != entry.fingerprint ? "  [made on older text]" : ""
                    console.print("  \(field.rawValue): \(JSONWriter.string(c.value))  (\(CatalogError.oneLine(c.editor)), \(CatalogError.oneLine(c.date))\(c.via == .suggestion ? ", confirmed suggestion" : ""))\(stale)")
                }
                console.print("  confidence: \(review.confidence.map { JSONNumber.format($0) } ?? "(not set)")")
                if case .manualOnly(let reason) = review.planning { console.print("  planning: manual-only: \(CatalogError.oneLine(reason))") }
                if let note = review.note { console.print("  note: \(CatalogError.oneLine(note))") }
                for rule in review.exceptions.keys.sorted() { console.print("  exception [\(CatalogError.oneLine(rule))]: \(CatalogError.oneLine(review.exceptions[rule]!))") }
                // What changed since the review, against the text it was made on.
                if let stale = try view.stale(catalog) {
                    console.print("changed since the review (\(stale.kind.rawValue)); re-confirm with `\(RecordName.command(["accept"], source: entry.source, ids: [entry.id], memberSource: catalog.config.memberSource))`:")
                    for (field, _, diff) in stale.diffs {
                        console.print("  \(field): " + RevalidateCommand.render(diff).replacingOccurrences(of: "\n", with: "\n    "))
                    }
                    if let change = stale.mediaChange { console.print("  animation: \(change.old) → \(change.new)") }
                }
            } else if entry.hasReview {
                // A file is there but no review was read from it: `catalog lint` says why.
                console.print("review: unreadable (\(catalog.layout.relativeReviewFile(source: source, id: id)); catalog lint says why)")
            } else {
                console.print("review: none")
            }
            console.print("fingerprint: \(entry.fingerprint)")
            if let media = upstream?.media {
                console.print("media: \(CatalogError.oneLine(media.file)), \(media.width)×\(media.height), \(LintCommand.plural(media.frames, "frame")), \(media.digest)")
            }
            console.print("canonical text:")
            for line in canonicalText.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.print("  \(line)") }
            console.print("upstream record:")
            console.print(JSONWriter.string(upstream?.json ?? .null, style: .pretty), terminator: "")
            return 0
        })
}

extension Console {
    func print(_ text: String, terminator: String) {
        write(text + terminator, toError: false)
    }
}
