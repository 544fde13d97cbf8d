import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
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
            The catalog is made in --root DIR (or CATALOG_ROOT), else in the current folder. Inside
            another catalog it is made nested, and said so; inside another catalog's catalog/,
            reviews/, .catalog/ or dist/ it is refused (exit 64), naming that catalog's root.
            """,
        options: [
            .flag("bare", "write empty vocabularies instead of the defaults"),
            .flag("json", "print what was created as JSON"),
        ],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let place = context.place ?? CatalogRoot(workingDirectory: context.root, given: context.root, environment: context.console.environment)
            let (root, nestedIn) = try place.initTarget()
            let created = try Catalog.initialize(root: root, bare: context.arguments.flag("bare"))
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([JSONMember("root", .string(root)), JSONMember("created", .strings(created))]
                                                        + (nestedIn.map { [JSONMember("nestedIn", .string($0))] } ?? []))))
            } else if created.isEmpty {
                context.console.print("catalog already initialised in \(root); nothing changed")
            } else {
                context.console.print("initialised a catalog in \(root):")
                for path in created { context.console.print("  created \(path)") }
                if let nestedIn { context.console.print("note: it is nested inside the catalog at \(nestedIn); commands run in \(root) use the new one") }
                context.console.print("next: catalog import FILE")
            }
            return 0
        })
}
