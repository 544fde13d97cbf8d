import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

/// `catalog undo`: a record's latest change reverted from its history, or a whole bulk step's.
enum UndoCommand {
    static let command = Command(
        name: "undo",
        abstract: "Restore a review as it was before its latest change (or undo a bulk step)",
        usage: "undo ID | undo --batch BATCH [--editor NAME] [--json]",
        discussion: """
            Reverts the record's most recent change not yet undone, from its history entry
            (`catalog log ID` lists them): every field that change wrote goes back to what it was,
            and a review the change created is removed. Repeated, undo walks further back; an undo
            is itself an entry of the history, written by --editor (or CATALOG_EDITOR, or git's
            user.name). --batch BATCH undoes every record's change of one bulk confirmation or
            accept (the batch id `catalog log` shows). A review changed since, outside the
            history, is not touched (exit 73, naming the field).
            JSON keys: undone ([{source, id, entry, removedFile}]), refused ([{id, why}]).
            """,
        options: [
            .option("batch", "BATCH", "undo every record's change of this batch"),
            .option("editor", "NAME", "who is undoing"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let catalog = try context.catalog()
            let history = HistoryContext(door: .undo, editor: try EditorIdentity.resolve(context), at: try context.date())
            var undone: [Catalog.Undone] = []
            var refused: [(record: String, why: String)] = []
            if let batch = args.option("batch") {
                guard args.positionals.isEmpty else { throw CatalogError(.usage, "give an ID or --batch, not both") }
                var context = history
                context.batch = "undo-" + batch
                (undone, refused) = try catalog.withReviewLock { try catalog.undo(batch: batch, context: context) }
            } else {
                let (source, id) = try catalog.resolve(try args.positionals(1, "ID (or --batch BATCH)")[0])
                undone = [try catalog.withReviewLock { try catalog.undo(source: source, id: id, context: history) }]
            }
            if args.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("undone", .array(undone.map { u in
                        .object(JSONObject([JSONMember("source", .string(u.source)), JSONMember("id", .string(u.id)),
                                            JSONMember("entry", .int(u.entry)), JSONMember("removedFile", .bool(u.removedFile))]))
                    })),
                    JSONMember("refused", .array(refused.map { .object(JSONObject([JSONMember("id", .string($0.record)), JSONMember("why", .string($0.why))])) })),
                ])))
            } else {
                for u in undone {
                    let file = catalog.layout.relativeReviewFile(source: u.source, id: u.id)
                    context.console.print("undid change #\(u.entry) of \(u.source):\(u.id): " + (u.removedFile ? "removed \(file) (the change created it)" : "\(file) is as it was before it"))
                }
                for r in refused { context.console.error("error: \(r.why) (\(r.record)); not undone") }
            }
            return refused.isEmpty ? 0 : CatalogError.Kind.conflict.exitCode
        })
}
