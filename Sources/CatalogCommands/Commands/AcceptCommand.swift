import CatalogCore
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
            var targets: [(source: String, id: String)] = []
            if let kindName = args.option("kind") {
                guard args.positionals.isEmpty else { throw CatalogError(.usage, "give ids or --kind, not both") }
                guard let kind = ChangeKind(rawValue: kindName) else {
                    throw CatalogError(.usage, "--kind takes \(ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(kindName)'")
                }
                let source = args.option("source") ?? catalog.config.memberSource
                targets = try catalog.revalidation(source: source).stale(of: kind).map { (source, $0.id) }
                // With --json, nothing to accept is the same document as any other outcome, below.
                if targets.isEmpty && !args.flag("json") {
                    context.console.print("no stale review of kind \(kind.rawValue) in \(source)")
                    return 0
                }
            } else {
                guard !args.positionals.isEmpty else { throw CatalogError(.usage, "missing ID (or --kind K)") }
                for name in args.positionals { targets.append(try catalog.resolve(name)) }
            }
            // Everything is read and checked first: a bad target stops the command before any write.
            var snapshots: [String: [String: UpstreamRecord]] = [:]
            var plan: [Accepted] = []
            var skipped: [(name: String, why: String)] = []
            for (source, id) in targets {
                if snapshots[source] == nil {
                    snapshots[source] = Dictionary(try catalog.snapshot(source).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                }
                guard let record = snapshots[source]![id] else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: "\(source):\(id)")) }
                let loaded = try catalog.loadReview(source: source, id: id)
                guard var review = loaded.review else {
                    throw CatalogError(.dataError, "\(source):\(id) has no review to accept; use `catalog review`; nothing accepted", .init(record: "\(source):\(id)"))
                }
                if record.removed {
                    // Nothing to accept against: the review stays for when the record returns.
                    skipped.append(("\(source):\(id)", "removed upstream (UPSTREAM_REMOVED); its review is kept for when it returns"))
                    continue
                }
                let canonical = catalog.canonicalText(record, htmlFields: try catalog.meta(source).htmlFields)
                guard let stale = try catalog.staleRecord(review: review, name: record.name, canonical: canonical, media: record.media) else {
                    skipped.append(("\(source):\(id)", "current already"))
                    continue
                }
                review.accept(canonical: canonical, media: record.media, editor: editor, date: day)
                plan.append((source, id, record, canonical, loaded, review, stale))
            }
            if !args.flag("json") {
                for item in skipped { context.console.print("\(item.name) is \(item.why); nothing to accept") }
            }
            let at = try context.date()
            let history = HistoryContext(door: .accept, editor: editor, at: at,
                                         batch: HistoryContext.batchID(door: .accept, editor: editor, at: at, ids: plan.map { "\($0.source):\($0.id)" }))
            let (accepted, conflicts) = try save(plan, catalog: catalog, context: context, history: history)
            if args.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("editor", .string(editor)), JSONMember("accepted", .strings(accepted)), JSONMember("conflicts", .strings(conflicts)),
                    JSONMember("skipped", .array(skipped.map { .object(JSONObject([JSONMember("id", .string($0.name)), JSONMember("why", .string($0.why))])) })),
                ])))
            } else {
                context.console.print("\(editor) accepted \(accepted.count) review\(accepted.count == 1 ? "" : "s") against today's text")
            }
            return conflicts.isEmpty ? 0 : CatalogError.Kind.conflict.exitCode
        })

    /// A stale review re-confirmed, about to be written.
    typealias Accepted = (source: String, id: String, record: UpstreamRecord, canonical: CanonicalText, loaded: LoadedReview, review: Review, stale: StaleRecord)

    /// Shows each record's diff and writes its review with its index row (`ReviewIndexing`);
    /// one changed on disk meanwhile is left alone and listed.
    static func save(_ plan: [Accepted], catalog: Catalog, context: CommandContext, history: HistoryContext) throws -> (accepted: [String], conflicts: [String]) {
        var accepted: [String] = []
        var conflicts: [String] = []
        // The rows of the reviews accepted go into the index now, not in the next command.
        let indexing = try catalog.reviewIndexing(source: catalog.config.memberSource)
        let evaluator = try catalog.evaluator()
        try catalog.withReviewLock {
            for item in plan {
                if !context.arguments.flag("json") {
                    context.console.print("\(item.source):\(item.id)  \(item.record.name)  (\(item.stale.kind.rawValue))")
                    for (field, _, diff) in item.stale.diffs {
                        context.console.print("  \(field): " + RevalidateCommand.render(diff).replacingOccurrences(of: "\n", with: "\n    "))
                    }
                    if let change = item.stale.mediaChange { context.console.print("  animation: \(change.old) → \(change.new)") }
                }
                do {
                    let eligibility = evaluator.eligibility(item.record, canonical: item.canonical, review: item.review)
                    try catalog.saveReview(item.review, expected: item.loaded.sha256, eligibility: eligibility, indexing: indexing, history: history)
                    accepted.append("\(item.source):\(item.id)")
                } catch let error as CatalogError where error.kind == .conflict {
                    conflicts.append("\(item.source):\(item.id)")
                    context.console.error(error.description)
                }
            }
        }
        indexing.finish()
        return (accepted, conflicts)
    }
}
