import CatalogActions
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogViews

extension BulkReview {
    /// What to run after a bulk review: the queue of the records the most common reason an
    /// editor can mend still blocks (the queue lists those), else of those left out, else the export.
    static func next(_ o: BulkConfirmation.Outcome) -> String {
        let mendable = o.blocked.filter { QueueView.mendable.contains($0.key) }
        if let (code, _) = mendable.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }) {
            return "catalog queue --reason \(code.rawValue)"
        }
        return o.leftOut.isEmpty ? "catalog export" : "catalog queue"
    }

    /// The summary every bulk review ends with: written, unchanged, left out (by rule), the
    /// records that need a look (by field), and where the selected records stand now (cleared,
    /// or blocked by which reasons). `--dry-run` says the same of what would be written.
    static func report(_ o: BulkConfirmation.Outcome, confidence: Double?, context: CommandContext) {
        if context.arguments.flag("json") {
            context.console.json(o.json)
            return
        }
        let byRule = o.leftOutByRule, byField = o.needsLookByField
        let editor = o.editor, source = o.source
        let console = context.console
        let records = "\(o.selected) record\(o.selected == 1 ? "" : "s") of \(source)"
        if o.dryRun {
            console.print("dry run, nothing written: \(editor) would confirm suggestions for \(records): \(o.written.count) would be written, \(o.unchanged) unchanged, \(o.needsLook.count) need a look, \(o.leftOut.count) left out")
        } else {
            console.print("\(editor) confirmed suggestions for \(records): \(o.written.count) written, \(o.unchanged) unchanged (nothing new to confirm), \(o.needsLook.count) need a look, \(o.leftOut.count) left out")
        }
        let threshold = JSONNumber.format(o.minimum)
        if !byField.isEmpty {
            console.print("need a look, because a required field's draft (or the planning mode's) is below \(threshold): only the sure fields \(o.dryRun ? "would be" : "were") confirmed (confirm the rest by hand: `catalog review ID`):")
            for field in byField.keys.sorted() { console.print("  " + listed(field, byField[field]!, source: source)) }
        }
        if !o.unsure.isEmpty {
            console.print("not confirmed, draft below \(threshold): " + o.unsure.keys.sorted().map { "\($0) \(o.unsure[$0]!)" }.joined(separator: ", "))
        }
        if !o.leftOut.isEmpty {
            console.print("left out, because the drafted review would break a rule (review these by hand: `catalog review ID`):")
            for rule in byRule.keys.sorted() { console.print("  " + listed("[\(rule)]", byRule[rule]!, source: source)) }
        }
        console.print((o.dryRun ? "would be cleared for automatic planning: " : "now cleared for automatic planning: ") + "\(o.cleared) of \(o.selected) selected")
        let blocked = ReasonCode.allCases.compactMap { code in o.blocked[code].map { "\(code.rawValue) \($0)" } }
        if !blocked.isEmpty { console.print("not cleared, by reason: " + blocked.joined(separator: ", ")) }
        if confidence == nil, (o.blocked[.lowConfidence] ?? 0) > 0 {
            console.print("  (a new review takes the lowest confidence of the suggestions it confirms; state yours with --confidence X)")
        }
        if !o.skipped.isEmpty {
            console.print("skipped \(o.skipped.count) review file\(o.skipped.count == 1 ? "" : "s") that did not read (their records are not confirmed, and no suggestion drew on them; `catalog lint` says more):")
            for skipped in o.skipped { console.print("  \(skipped.file): \(skipped.reason)") }
        }
        console.print("next: " + next(o))
        if !o.conflicts.isEmpty {
            console.error("error: \(o.conflicts.count) review files changed on disk while this ran and were left as they are: \(o.conflicts.prefix(20).joined(separator: " "))")
        }
    }

    /// "LABEL COUNT: id id … " (the first twelve ids, as the user types them).
    static func listed(_ label: String, _ ids: [String], source: String) -> String {
        let shown = ids.prefix(12).map { ShellQuote.word(RecordName.typed(source: source, id: $0, memberSource: source)) }.joined(separator: " ")
        return "\(label) \(ids.count): \(shown)\(ids.count > 12 ? " …" : "")"
    }
}
