import CatalogCore
import CatalogImporters
import CatalogStore

enum ImportCommand {
    static let command = Command(
        name: "import",
        abstract: "Import an upstream release into the catalog",
        usage: "import FILE... [--source NAME] [--format F] [--language L] [--dry-run] [--json]",
        discussion: """
            Reads an upstream release, normalises it, and writes catalog/upstream/<source>.jsonl and
            <source>.meta.json atomically. Reports records added, changed (fingerprint moved),
            removed (kept as tombstones) and unchanged, and fields that appeared or disappeared.
            The format is detected from the content: exercisedb (JSON), exercisedb-csv,
            free-exercise-db, wger (Django fixtures: give translations and, optionally,
            exercise-base-data, categories, equipment, muscles and languages together).
            Bad input changes nothing and exits 65, naming the file, record and field.
            """,
        options: [
            .option("source", "NAME", "file the records under this source (default: the format's source)"),
            .option("format", "F", "exercisedb | exercisedb-csv | free-exercise-db | wger (default: detected)"),
            .option("language", "L", "wger: the translations' language, a short name or pk (default: en)"),
            .flag("dry-run", "report what would change and write nothing"),
            .flag("json", "print the report as JSON"),
        ],
        run: { context in
            let args = context.arguments
            guard !args.positionals.isEmpty else { throw CatalogError(.usage, "missing FILE") }
            let catalog = try context.catalog()
            var inputs: [ImportInput] = []
            for path in args.positionals {
                context.console.progress("reading \(path)")
                let bytes = try FileSystem.read(path)
                inputs.append(try ImportInput(path: path, bytes: bytes))
            }
            context.console.progress("normalising records")
            let adapter = try Adapters.adapter(for: inputs, format: args.option("format"))
            let records = try adapter.records(from: inputs, options: ImportOptions(language: args.option("language") ?? "en"))
            let source = args.option("source") ?? adapter.defaultSource
            let files = inputs.map { SnapshotMeta.InputFile(name: ($0.path as NSString).lastPathComponent, sha256: $0.sha256, bytes: $0.byteCount) }
            context.console.progress("comparing with the current snapshot")
            let result = try catalog.importRelease(
                source: source, adapter: adapter.format, htmlFields: adapter.htmlFields, files: files,
                records: records, dryRun: args.flag("dry-run"), date: try context.date())
            if !result.dryRun {
                context.console.progress("updating the index")
                _ = try catalog.index()
            }
            context.console.endProgress()
            if args.flag("json") {
                context.console.json(result.json)
            } else {
                report(result, records: records.count, inputs: inputs, console: context.console)
            }
            return 0
        })

    static func report(_ result: ImportResult, records: Int, inputs: [ImportInput], console: Console) {
        let d = result.diff
        let verb = result.dryRun ? "would import" : "imported"
        console.print("\(verb) \(inputs.map(\.path).joined(separator: ", ")) as source \(result.source) (format \(result.adapter)): \(records) records")
        var line = "  added \(d.added.count), changed \(d.changed.count), removed \(d.removed.count), unchanged \(d.unchanged.count)"
        if !d.returned.isEmpty { line += ", returned \(d.returned.count)" }
        console.print(line)
        if !d.touched.isEmpty {
            console.print("  \(d.touched.count) unchanged records changed outside their fingerprint fields (media links, extras)")
        }
        for (label, ids) in [("changed", d.changed), ("removed", d.removed), ("returned", d.returned)] where !ids.isEmpty {
            console.print("  \(label): \(preview(ids))")
        }
        for change in d.schemaChanges {
            let sign = change.kind == .appeared ? "+" : "-"
            console.print("  schema: \(sign) \(change.field) (\(change.kind.rawValue), \(change.records) records)")
        }
        if result.dryRun {
            console.print("dry run: nothing written")
        } else if result.written.isEmpty {
            console.print("same release as the current snapshot: nothing written")
        } else {
            console.print("wrote \(result.written.joined(separator: ", "))")
        }
    }

    static func preview(_ ids: [String], limit: Int = 10) -> String {
        ids.count <= limit ? ids.joined(separator: " ") : ids.prefix(limit).joined(separator: " ") + " … (\(ids.count - limit) more)"
    }
}

import Foundation
