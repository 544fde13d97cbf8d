import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogViews
import CatalogWorkbench

enum RevalidateCommand {
    static let command = Command(
        name: "revalidate",
        abstract: "After an upstream release: which reviews no longer hold, with diffs",
        usage: "revalidate [--source S] [--json] [--html FILE]",
        discussion: """
            Lists every reviewed record whose canonical text moved since its review: the upstream
            fields whose text changed, a word diff of the review's basis text against today's
            ([-deleted-] {+inserted+}, moved words as [~from~] {~to~}; each marker holds its text
            exactly, spaces included), each field's change kind with what was seen, the record's
            kind (its most serious field's: substantive > media > spelling > punctuation >
            encoding-repair) and the planner fields that text bears on. Kinds: encoding-repair
            (mojibake undone — UTF-8 read as Windows-1252, ISO-8859-1 or Windows-1251, case-changed
            or twice — up to typographic folding), punctuation (punctuation, separators or
            typography only), spelling (swapped, doubled or dropped letters, British/American,
            case), media (the animation), substantive (anything else, any change to equipment or
            muscles, or unsure).
            Also: records removed upstream, unreviewed records the last import changed, and
            fields that appeared or disappeared upstream (these demote nothing unless the config
            adds them to fingerprintFields). Re-confirm with `catalog accept`.
            --html writes a report page (every upstream string escaped) with the ids per kind.
            JSON keys: source, importedAt, stale [{id, source, name, fields, kind, plannerFields,
            corrections, basisFingerprint, fingerprint, basisMissing, diff {FIELD: {kind, details,
            segments [{op, text}]}}}], removed [{id, name, reviewed}], unreviewedChanged,
            schemaChanges, counts {stale, byKind, removed, removedReviewed, unreviewedChanged,
            current, schemaChanges}.
            """,
        options: [
            .option("source", "S", "the source to revalidate (default: the member source)"),
            .option("html", "FILE", "also write the report as an HTML page"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            _ = try args.positionals(0, "")
            let html = args.option("html").map(context.path)
            if let html { try FileSystem.requireParentFolder(html) }
            let catalog = try context.catalog()
            let view = try RevalidationView(catalog, source: args.option("source"))
            let report = view.report
            if let html {
                try FileSystem.writeAtomically(html, ReportPages.revalidation(report))
            }
            if args.flag("json") {
                context.console.json(view.json)
            } else {
                printReport(report, console: context.console)
                if let html { context.console.print("wrote \(html)") }
            }
            return 0
        })

    static func printReport(_ report: RevalidationReport, console: Console) {
        console.page()
        console.print("revalidation of \(report.source) after the release imported \(report.importedAt)")
        console.print("  \(LintCommand.plural(report.stale.count, "stale review")): " + ChangeKind.allCases.map { "\(report.stale(of: $0).count) \($0.rawValue)" }.joined(separator: ", "))
        console.print("  \(report.removed.count) removed upstream (\(report.removed.filter(\.reviewed).count) reviewed), \(LintCommand.plural(report.unreviewedChanged.count, "unreviewed record")) changed, \(LintCommand.plural(report.current, "review")) current")
        console.print("  \(LintCommand.plural(report.added, "record")) new in this release (added or back upstream since the review round)")
        for change in report.schemaChanges {
            console.print("  schema: \(change.kind == .appeared ? "+" : "-") \(change.field) (\(change.kind.rawValue), \(change.records) records; not fingerprinted unless configured)")
        }
        for kind in ChangeKind.allCases {
            let records = report.stale(of: kind)
            guard !records.isEmpty else { continue }
            console.print("\n\(kind.rawValue) (\(records.count)): \(report.acceptCommand(records))")
            for record in records {
                console.print("  \(record.id)  \(record.name): \(record.fields.joined(separator: ", ")) changed; bears on \(record.plannerFields.map(\.rawValue).joined(separator: ", "))")
                for (field, kind, diff) in record.diffs {
                    let seen = (record.details[field] ?? []).joined(separator: "; ")
                    console.print([("    \(field) (\(kind.rawValue)\(seen.isEmpty ? "" : ": " + seen)): ", nil)] + spans(diff))
                }
                if record.basisMissing { console.print("    (no basis text in the review: no diff)") }
                if let change = record.mediaChange { console.print("    animation: \(change.old) → \(change.new)") }
            }
        }
        if !report.removed.isEmpty {
            console.print("\nremoved upstream (kept, flagged UPSTREAM_REMOVED): " + report.removed.map(\.id).joined(separator: " "))
        }
        console.print("\nnext: " + next(report))
    }

    /// The command to run next: accept the first kind's records once their diffs are read; else
    /// the queue of records new in the release; else the export.
    static func next(_ report: RevalidationReport) -> String {
        if let kind = ChangeKind.allCases.first(where: { !report.stale(of: $0).isEmpty }) { return report.acceptCommand(report.stale(of: kind)) }
        if report.added > 0 && report.source == report.memberSource { return "catalog queue --state unreviewed" }
        return "catalog export"
    }

    /// A word diff as spans (the plain text's markers, deletions red, insertions green, moves
    /// cyan), continued lines indented under the field.
    static func spans(_ diff: WordDiff) -> [Console.Span] {
        diff.segments.map { segment in
            let text = WordDiff(segments: [segment]).plainText.replacingOccurrences(of: "\n", with: "\n      ")
            switch segment.kind {
            case .equal: return (text, nil)
            case .delete: return (text, .red)
            case .insert: return (text, .green)
            case .moveFrom, .moveTo: return (text, .cyan)
            }
        }
    }

    /// A word diff as plain text, like `git diff --word-diff=plain`.
    static func render(_ diff: WordDiff) -> String { diff.plainText }
}
