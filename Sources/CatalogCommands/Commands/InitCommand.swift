import CatalogCore
import CatalogStore

enum InitCommand {
    static let command = Command(
        name: "init",
        abstract: "Create a catalog's folders and config",
        usage: "init [--root DIR] [--json]",
        discussion: """
            Creates catalog/catalog.json (member source exercisedb; references free-exercise-db
            and wger), catalog/vocab/, catalog/upstream/ and reviews/. Existing files are kept.
            """,
        options: [.flag("json", "print what was created as JSON")],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let created = try Catalog.initialize(root: context.root)
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([JSONMember("root", .string(context.root)), JSONMember("created", .strings(created))])))
            } else if created.isEmpty {
                context.console.print("catalog already initialised in \(context.root); nothing changed")
            } else {
                context.console.print("initialised a catalog in \(context.root):")
                for path in created { context.console.print("  created \(path)") }
                context.console.print("next: catalog import FILE")
            }
            return 0
        })
}
