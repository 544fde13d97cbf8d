import CatalogCore
import CatalogStore

enum InitCommand {
    static let command = Command(
        name: "init",
        abstract: "Create a catalog's folders, config and vocabularies",
        usage: "init [--root DIR] [--bare] [--json]",
        discussion: """
            Creates catalog/catalog.json (member source exercisedb; references free-exercise-db
            and wger), catalog/upstream/, reviews/, and catalog/vocab/ with the project's default
            vocabularies (movement patterns, equipment, muscles, levels, and the maps from
            ExerciseDB, free-exercise-db and wger terms to them), which are built into `catalog`:
            no checkout of the project is needed. --bare writes empty vocabularies instead, for a
            catalog that defines its own. `catalog vocab --update` later merges newer defaults in.
            Also writes a .gitignore for .catalog/ (the derived index), dist/ (builds) and *.key
            (private signing keys), or adds those lines to an existing one.
            Existing files are kept.
            """,
        options: [
            .flag("bare", "write empty vocabularies instead of the defaults"),
            .flag("json", "print what was created as JSON"),
        ],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let created = try Catalog.initialize(root: context.root, bare: context.arguments.flag("bare"))
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
