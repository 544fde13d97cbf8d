import CatalogActions
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

enum AcceptCommand {
    static let command = Command(
        name: "accept",
        abstract: "Re-confirm stale reviews against today's upstream text",
        usage: "accept ID... | accept --kind encoding-repair|punctuation|spelling|media|substantive [--source S] [--editor NAME] [--json]",
        discussion: """
            An editor's explicit decision that a review still holds after upstream changed: shows
            each record's diff, moves every correction's fingerprint and basis text to today's
            text, and records the editor and date (via "accept"). Nothing is ever accepted
            automatically. --kind accepts exactly the stale reviews whose record kind (their most
            serious field's, see `catalog revalidate`) is that kind. A review changed by someone
            else meanwhile is left alone (exit 73). A record removed upstream, or already current,
            is skipped and said so.
            JSON keys: editor, accepted (ids), conflicts (ids), skipped ({id, why}).
            """,
        options: [
            .option("kind", "K", "accept every stale review of this change kind"),
            .option("source", "S", "with --kind: the source (default: the member source)"),
            .option("editor", "NAME", "who is accepting"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let catalog = try context.catalog()
            let editor = try EditorIdentity.resolve(context)
            let day = try context.day()
            let json = args.flag("json")
            let targets: [(source: String, id: String)]
            if let kindName = args.option("kind") {
                guard args.positionals.isEmpty else { throw CatalogError(.usage, "give ids or --kind, not both") }
                guard let kind = ChangeKind(rawValue: kindName) else {
                    throw CatalogError(.usage, "--kind takes \(ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(kindName)'")
                }
                let source = args.option("source") ?? catalog.config.memberSource
                targets = try Acceptance.targets(catalog, kind: kind, source: source)
                // With --json, nothing to accept is the same document as any other outcome, below.
                if targets.isEmpty && !json {
                    context.console.print("no stale review of kind \(kind.rawValue) in \(source)")
                    return 0
                }
            } else {
                guard !args.positionals.isEmpty else { throw CatalogError(.usage, "missing ID (or --kind K)") }
                targets = try Acceptance.targets(catalog, names: args.positionals)
            }
            let outcome = try Acceptance.run(catalog, targets: targets, editor: editor, day: day, at: try context.date()) { event in
                show(event, json: json, console: context.console)
            }
            if json {
                context.console.json(outcome.json)
            } else {
                context.console.print("\(editor) accepted \(outcome.accepted.count) review\(outcome.accepted.count == 1 ? "" : "s") against today's text")
            }
            return outcome.conflicts.isEmpty ? 0 : CatalogError.Kind.conflict.exitCode
        })

    /// Prints what the run does as it goes: each record skipped, and each record's diff before its
    /// review is written (not with --json); each review left alone, on stderr.
    static func show(_ event: Acceptance.Event, json: Bool, console: Console) {
        switch event {
        case .skipped(let id, let why):
            if !json { console.print("\(id) is \(why); nothing to accept") }
        case .saving(let source, let id, let name, let stale):
            guard !json else { return }
            console.print("\(source):\(id)  \(name)  (\(stale.kind.rawValue))")
            for (field, _, diff) in stale.diffs {
                console.print("  \(field): " + RevalidateCommand.render(diff).replacingOccurrences(of: "\n", with: "\n    "))
            }
            if let change = stale.mediaChange { console.print("  animation: \(change.old) → \(change.new)") }
        case .conflict(let error):
            console.error(error.description)
        }
    }
}
