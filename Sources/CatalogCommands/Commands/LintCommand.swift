import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

enum LintCommand {
    static let command = Command(
        name: "lint",
        abstract: "Check every review file against the vocabularies and rules",
        usage: "lint [--json]",
        discussion: """
            Checks every review under reviews/: the file format, that it names a record of the
            catalog, and every rule on every element of every list. Findings print as
            `file: error: [rule-id] message (field)`. Hard rules always fail; soft rules fail
            unless the review carries a justified exception (`catalog review ID --except
            RULE=WHY`), and lint counts how often each soft rule was overridden. Every correction
            names its editor (no control or format character) and a date from 2000-01-01 to
            tomorrow by this machine's clock (rule provenance-invalid). A file not in canonical
            format gets a warning. Exit 1 when there are errors.
            JSON keys: files, errors, warnings, findings [{file, rule, level (error, warning,
            override), field, message, justification}], overrides {rule: count}, rules [{id,
            severity, summary}].
            """,
        options: [.flag("json", "print as JSON")],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let catalog = try context.catalog()
            let report = try catalog.lint()
            let items = report.items
            let errors = report.errors
            let warnings = items.filter { $0.level == .warning }.count
            var overrides: [RuleID: Int] = [:]
            for item in items where item.level == .override { overrides[item.rule, default: 0] += 1 }
            let files = Set(items.map(\.file)).count
            let total = report.files
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("files", .int(total)), JSONMember("errors", .int(errors)), JSONMember("warnings", .int(warnings)),
                    JSONMember("findings", .array(items.map(\.json))),
                    JSONMember("overrides", .object(JSONObject(overrides.keys.sorted().map { JSONMember($0.rawValue, .int(overrides[$0]!)) }))),
                    JSONMember("rules", .array(Rules.all.map { .object(JSONObject([
                        JSONMember("id", .string($0.id.rawValue)), JSONMember("severity", .string($0.severity.rawValue)), JSONMember("summary", .string($0.summary)),
                    ])) })),
                ])))
            } else {
                for item in items {
                    let suffix = item.level == .override ? " (overridden: \(item.justification ?? ""))" : ""
                    let line = "\(item.file): \(item.level.rawValue == "override" ? "note" : item.level.rawValue): [\(item.rule)] \(item.message)\(item.field.map { " (field \($0))" } ?? "")\(suffix)"
                    context.console.print(CatalogError.printable(line, limit: 2000))
                }
                context.console.print("\(total) review files, \(files) with findings: \(plural(errors, "error")), \(plural(warnings, "warning"))")
                if !overrides.isEmpty {
                    context.console.print("soft rules overridden: " + overrides.keys.sorted().map { "\($0) \(overrides[$0]!)" }.joined(separator: ", "))
                }
            }
            return errors > 0 ? 1 : 0
        })

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
