import CatalogCore
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
            RULE=WHY`), and lint counts how often each soft rule was overridden. A file not in
            canonical format gets a warning. Exit 1 when there are errors.
            JSON keys: files, errors, warnings, findings [{file, rule, level (error, warning,
            override), field, message}], overrides {rule: count}, rules [{id, severity, summary}].
            """,
        options: [.flag("json", "print as JSON")],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let catalog = try context.catalog()
            let items = try lint(catalog)
            let errors = items.filter { $0.level == .error }.count
            let warnings = items.filter { $0.level == .warning }.count
            var overrides: [String: Int] = [:]
            for item in items where item.level == .override { overrides[item.rule, default: 0] += 1 }
            let files = Set(items.map(\.file)).count
            let total = reviewFileCount(catalog)
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("files", .int(total)), JSONMember("errors", .int(errors)), JSONMember("warnings", .int(warnings)),
                    JSONMember("findings", .array(items.map(\.json))),
                    JSONMember("overrides", .object(JSONObject(overrides.keys.sorted().map { JSONMember($0, .int(overrides[$0]!)) }))),
                    JSONMember("rules", .array(Rules.all.map { .object(JSONObject([
                        JSONMember("id", .string($0.id)), JSONMember("severity", .string($0.severity.rawValue)), JSONMember("summary", .string($0.summary)),
                    ])) })),
                ])))
            } else {
                for item in items {
                    let suffix = item.level == .override ? " (overridden: \(item.justification ?? ""))" : ""
                    context.console.print("\(item.file): \(item.level.rawValue == "override" ? "note" : item.level.rawValue): [\(item.rule)] \(item.message)\(item.field.map { " (field \($0))" } ?? "")\(suffix)")
                }
                context.console.print("\(total) review files, \(files) with findings: \(plural(errors, "error")), \(plural(warnings, "warning"))")
                if !overrides.isEmpty {
                    context.console.print("soft rules overridden: " + overrides.keys.sorted().map { "\($0) \(overrides[$0]!)" }.joined(separator: ", "))
                }
            }
            return errors > 0 ? 1 : 0
        })

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    struct Item {
        enum Level: String { case error, warning, override }
        var file: String
        var rule: String
        var level: Level
        var field: String?
        var message: String
        var justification: String?

        var json: JSONValue {
            var o = JSONObject([JSONMember("file", .string(file)), JSONMember("rule", .string(rule)), JSONMember("level", .string(level.rawValue)),
                                JSONMember("message", .string(message))])
            if let field { o["field"] = .string(field) }
            if let justification { o["justification"] = .string(justification) }
            return .object(o)
        }
    }

    static func reviewSources(_ catalog: Catalog) -> [String] {
        FileSystem.list(catalog.layout.reviewsDirectory).filter { FileSystem.isDirectory(catalog.layout.reviewsDirectory + "/" + $0) }
    }

    static func reviewFileCount(_ catalog: Catalog) -> Int {
        reviewSources(catalog).reduce(0) { $0 + catalog.reviewedIDs($1).count }
    }

    /// Every finding on every review file, in file order.
    static func lint(_ catalog: Catalog) throws(CatalogError) -> [Item] {
        let vocabulary = try catalog.vocabulary()
        var items: [Item] = []
        for source in reviewSources(catalog) {
            var names: [String: String] = [:]
            if catalog.sources().contains(source) {
                for record in try catalog.snapshot(source) { names[record.id] = record.name }
            }
            for id in catalog.reviewedIDs(source) {
                let path = catalog.layout.reviewFile(source: source, id: id)
                let file = catalog.layout.relative(path)
                let review: Review
                do {
                    guard let loaded = try catalog.loadReview(source: source, id: id).review else { continue }
                    review = loaded
                } catch {
                    items.append(Item(file: file, rule: "review-format", level: .error, field: error.location.field, message: error.message))
                    continue
                }
                if String(decoding: try FileSystem.read(path), as: UTF8.self) != review.fileText {
                    items.append(Item(file: file, rule: "review-canonical", level: .warning, field: nil,
                                      message: "not in canonical format (sorted keys, two-space indent, trailing newline); `catalog review` rewrites it"))
                }
                guard let name = names[id] else {
                    items.append(Item(file: file, rule: "review-orphan", level: .error, field: nil, message: "no record \(id) in source \(source)"))
                    continue
                }
                for f in RuleEngine.findings(RuleContext(review: review, recordName: name, vocabulary: vocabulary)) {
                    items.append(Item(file: file, rule: f.rule, level: f.excepted ? .override : .error, field: f.field, message: f.message,
                                      justification: f.excepted ? review.exceptions[f.rule] : nil))
                }
            }
        }
        return items
    }
}
