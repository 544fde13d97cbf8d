import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogViews

enum StatusCommand {
    static let command = Command(
        name: "status",
        abstract: "Count records by state and reason",
        usage: "status [--json]",
        discussion: """
            Top-level counts are for the member source (catalog/catalog.json: memberSource);
            `sources` gives the same counts for every imported source.
            JSON keys: records, states {unreviewed, current, stale, removed}, autoPlan,
            reasons {CODE: count}, sources {SOURCE: counts}, media {records, frames}.
            """,
        options: [.flag("json", "print the counts as JSON")],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let catalog = try context.catalog()
            let status = try StatusView(catalog)
            let (counts, member) = (status.counts, status.member)
            if context.arguments.flag("json") {
                context.console.json(status.json)
                return 0
            }
            let console = context.console
            console.print("member source \(catalog.config.memberSource): \(LintCommand.plural(member.records, "record")), \(member.autoPlan) cleared for automatic planning")
            if counts.isEmpty {
                console.print("no upstream imported yet: run `catalog import FILE`")
                return 0
            }
            console.print("  states:  " + RecordState.allCases.map { "\($0.rawValue) \(member.states[$0] ?? 0)" }.joined(separator: ", "))
            if member.mediaRecords > 0 {
                console.print("  media:   \(member.mediaRecords) of \(LintCommand.plural(member.records - (member.states[.removed] ?? 0), "record")) \(member.mediaRecords == 1 ? "has" : "have") an animation (\(LintCommand.plural(member.mediaFrames, "frame")))")
            }
            if !member.reasons.isEmpty {
                console.print("  reasons: " + member.reasons.keys.sorted().map { "\($0.rawValue) \(member.reasons[$0]!)" }.joined(separator: ", "))
            }
            let others = counts.keys.sorted().filter { $0 != catalog.config.memberSource }
            if !others.isEmpty {
                console.print("reference sources:")
                for source in others { console.print("  \(source): \(LintCommand.plural(counts[source]!.records, "record"))") }
            }
            return 0
        })
}
