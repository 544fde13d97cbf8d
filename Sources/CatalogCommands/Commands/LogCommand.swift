import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

/// `catalog log`: what changed in reviews, who changed it, when and through which door, from the
/// history files the store appends to on every write.
enum LogCommand {
    static let command = Command(
        name: "log",
        abstract: "List the changes made to reviews: who, when, which field, from what to what",
        usage: "log [ID] [--editor NAME] [--since DATE] [--json]",
        discussion: """
            Every write of a review, through any door (review --set, $EDITOR, the workbench,
            accept, bulk confirmation, undo), appends an entry to history/<source>/<id>.jsonl:
            the UTC time, the editor, the door, a batch id for bulk steps and accept, and each
            field's value before and after. Entries are listed oldest first, numbered per record
            (`catalog undo ID` reverts the latest not yet undone; `undo --batch B` a whole step).
            Without ID, every record's entries. --since takes a date (YYYY-MM-DD) or a UTC time.
            JSON: {entries: [{source, id, number, when, who, door, batch, undoes, created,
            removed, changes: [{field, from, to}]}]}; a correction's from and to are its values.
            """,
        options: [
            .option("editor", "NAME", "only the entries of this editor"),
            .option("since", "DATE", "only entries at or after DATE"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let catalog = try context.catalog()
            let names = args.positionals
            if names.count > 1 { throw CatalogError(.usage, "unexpected argument '\(names[1])' (log takes one ID, or none for every record)") }
            let records = try names.first.map { [try catalog.resolve($0)] } ?? catalog.history.records()
            let since = try args.option("since").map(checkedDate)
            let editor = args.option("editor")
            var listed: [Listed] = []
            for (source, id) in records {
                for (i, entry) in try catalog.history.entries(source: source, id: id).enumerated()
                where (editor == nil || entry.editor == editor) && (since == nil || entry.at >= since!) {
                    listed.append(Listed(source: source, id: id, number: i + 1, entry: entry))
                }
            }
            // One record's entries in the order written; many records' merged by time.
            if names.isEmpty { listed.sort { ($0.entry.at, $0.source, $0.id, $0.number) < ($1.entry.at, $1.source, $1.id, $1.number) } }
            if args.flag("json") {
                context.console.json(.object(JSONObject([JSONMember("entries", .array(listed.map(\.json)))])))
            } else if listed.isEmpty {
                context.console.print("no history entries" + (names.first.map { " for \($0)" } ?? ""))
            } else {
                context.console.page()
                for item in listed { context.console.print(item.text) }
            }
            return 0
        })

    /// A date (YYYY-MM-DD) or a UTC time as history entries write it.
    static func checkedDate(_ text: String) throws(CatalogError) -> String {
        let digits = text.utf8.map { $0 >= 0x30 && $0 <= 0x39 }
        guard text.utf8.count >= 10, digits.prefix(4).allSatisfy({ $0 }), Array(text.utf8)[4] == 0x2D, Array(text.utf8)[7] == 0x2D,
              digits[5] && digits[6] && digits[8] && digits[9] else {
            throw CatalogError(.usage, "--since takes a date YYYY-MM-DD (or a UTC time YYYY-MM-DDTHH:MM:SSZ), not '\(text)'")
        }
        return text
    }

    struct Listed {
        let source: String, id: String, number: Int, entry: HistoryEntry

        var text: String {
            var head = "\(entry.at)  \(source):\(id)  #\(number)  \(entry.editor)  (\(entry.door.rawValue)"
            if let undoes = entry.undoes { head += " of #\(undoes)" }
            if let batch = entry.batch { head += ", batch \(batch)" }
            head += ")" + (entry.created ? "  review created" : "") + (entry.removed ? "  review removed" : "")
            let lines = entry.fieldChanges.map { "  \($0.field): \(HistoryEntry.shown($0.field, $0.from)) → \(HistoryEntry.shown($0.field, $0.to))" }
            return ([head] + lines).joined(separator: "\n")
        }

        var json: JSONValue {
            var members = [JSONMember("source", .string(source)), JSONMember("id", .string(id)), JSONMember("number", .int(number)),
                           JSONMember("when", .string(entry.at)), JSONMember("who", .string(entry.editor)), JSONMember("door", .string(entry.door.rawValue))]
            if let batch = entry.batch { members.append(JSONMember("batch", .string(batch))) }
            if let undoes = entry.undoes { members.append(JSONMember("undoes", .int(undoes))) }
            if entry.created { members.append(JSONMember("created", .bool(true))) }
            if entry.removed { members.append(JSONMember("removed", .bool(true))) }
            members.append(JSONMember("changes", .array(entry.fieldChanges.map {
                .object(JSONObject([JSONMember("field", .string($0.field)), JSONMember("from", $0.from), JSONMember("to", $0.to)]))
            })))
            return .object(JSONObject(members))
        }
    }
}
