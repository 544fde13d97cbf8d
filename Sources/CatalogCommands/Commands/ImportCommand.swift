import CatalogCore
import CatalogFiles
import CatalogImporters
import CatalogJSON
import CatalogMedia
import CatalogModel
import CatalogStore
import Foundation

enum ImportCommand {
    static let command = Command(
        name: "import",
        abstract: "Import an upstream release into the catalog",
        usage: "import FILE... [--source NAME] [--format F] [--language L] [--media DIR] [--allow-removals] [--dry-run] [--json] | import --media DIR [--source NAME]",
        discussion: """
            Reads an upstream release, normalises it, and writes catalog/upstream/<source>.jsonl and
            <source>.meta.json atomically. Reports records added, changed (fingerprint moved),
            removed (kept as tombstones) and unchanged, and fields that appeared or disappeared.
            The format is detected from the content: exercisedb (JSON), exercisedb-csv,
            free-exercise-db, wger (Django fixtures: give translations and, optionally,
            exercise-base-data, categories, equipment, muscles and languages together).
            Bad input changes nothing and exits 65, naming the file, record and field; so do a
            FIFO, device or socket, a file above maxInputBytes (catalog/catalog.json, default
            2 GiB), a value above 64 KiB, a record above 1 MiB and an id that is not visible and
            unambiguous (format or invisible characters, a leading combining mark, not NFC).
            --media DIR (or catalog.json "media": {SOURCE: DIR}) attaches local animations
            (<id>.gif or <id>-<anything>.gif): digest, size and frame count, read with giflib.
            Unusable files in a folder are skipped with a warning naming them; a single bad file
            exits 65. Without a FILE, --media re-attaches media to the current snapshot. A review
            made against one animation goes stale when the bytes change (a new link to the same
            bytes changes nothing).
            A release that would mark more than 5% of the source's current records removed (the
            wrong file, most likely) is refused: exit 1, with the counts and the first ids, and
            nothing written (a dry run says so too), unless --allow-removals. A source's first
            import is never refused.
            """,
        options: [
            .option("source", "NAME", "file the records under this source (default: the format's source)"),
            .option("format", "F", "exercisedb | exercisedb-csv | free-exercise-db | wger (default: detected)"),
            .option("language", "L", "wger: the translations' language, a short name or pk (default: en)"),
            .option("media", "DIR", "attach demonstration animations from this folder (or one file)"),
            .flag("allow-removals", "import even if the release marks more than 5% of the source's current records removed"),
            .flag("dry-run", "report what would change and write nothing"),
            .flag("json", "print the report as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let catalog = try context.catalog()
            // Each file as typed (named so in output), opened once: every step reads that descriptor.
            var paths: [(typed: String, file: ReleaseFile)] = []
            for typed in args.positionals { paths.append((typed, try ReleaseFile(context.path(typed), limit: catalog.config.maxInputBytes))) }
            let options = ImportOptions(language: args.option("language") ?? "en")
            let adapter: any SourceAdapter
            let source: String
            let feed: RecordFeed
            var files: [SnapshotMeta.InputFile]?
            var inputNames: [String]
            if args.positionals.isEmpty {
                // Media only: the current snapshot is the release.
                guard args.option("media") != nil else { throw CatalogError(.usage, "missing FILE") }
                source = args.option("source") ?? catalog.config.memberSource
                let meta = try catalog.meta(source)
                guard let known = Adapters.named(meta.adapter) else { throw CatalogError(.dataError, "unknown adapter \(meta.adapter)", .init(file: catalog.layout.relative(catalog.layout.metaFile(source)))) }
                adapter = known
                let path = catalog.layout.snapshotFile(source)
                feed = .snapshot(path: path, file: catalog.layout.relative(path), currentOnly: true, readingReviews: false, countingFields: true)
                files = meta.files
                inputNames = ["the current \(source) snapshot"]
            } else if paths.count == 1, let streamed = try streamable(paths[0].file, format: args.option("format")) {
                // One JSON array of records: read a chunk at a time, never whole.
                adapter = streamed
                source = args.option("source") ?? adapter.defaultSource
                feed = .jsonArray(file: paths[0].file, adapter: streamed, options: options)
                inputNames = [paths[0].typed]
            } else {
                var inputs: [ImportInput] = []
                for path in paths {
                    context.console.progress("reading \(path.typed)")
                    inputs.append(try ImportInput(path: path.typed, bytes: try path.file.bytes()))
                }
                context.console.progress("normalising records")
                adapter = try Adapters.adapter(for: inputs, format: args.option("format"))
                feed = .records(try adapter.records(from: inputs, options: options))
                source = args.option("source") ?? adapter.defaultSource
                files = inputs.map { SnapshotMeta.InputFile(name: ($0.path as NSString).lastPathComponent, sha256: $0.sha256, bytes: $0.byteCount) }
                inputNames = inputs.map(\.path)
            }
            var scan: MediaLibrary.Scan?
            var attach: (([String]) throws(CatalogError) -> [String: MediaInfo])?
            if let dir = args.option("media").map(context.path) ?? catalog.config.media[source].map({ catalog.layout.root + "/" + $0 }) {
                attach = { ids throws(CatalogError) in
                    context.console.progress("reading media in \(dir)")
                    let found = try MediaLibrary.scan(dir, ids: Set(ids))
                    scan = found
                    return found.attached
                }
            }
            let result = try catalog.importRelease(ReleaseImport(
                source: source, adapter: adapter.format, htmlFields: adapter.htmlFields, feed: feed, files: files,
                attachMedia: attach, dryRun: args.flag("dry-run"), date: try context.date(), allowRemovals: args.flag("allow-removals"),
                input: inputNames.joined(separator: ", ")))
            if !result.dryRun, let scan { try catalog.cacheMedia(scan.files) }
            context.console.endProgress()
            for skipped in scan?.skipped ?? [] { context.console.error(CatalogError.diagnostic("warning", "media skipped: \(skipped.reason)", at: skipped.file)) }
            if args.flag("json") {
                context.console.json(result.json)
            } else {
                report(result, records: result.records, inputs: inputNames, scan: scan, console: context.console)
                context.console.print("next: " + next(result, arguments: args, memberSource: catalog.config.memberSource))
            }
            return 0
        })

    /// The adapter that reads `file` element by element, when its start shows one JSON array of
    /// records of such a format; nil: the file is read whole (CSV, fixtures, or not an array).
    static func streamable(_ file: ReleaseFile, format: String?) throws(CatalogError) -> (any ElementAdapter)? {
        guard let input = ImportInput.peek(path: file.path, head: try file.head()) else { return nil }
        return try Adapters.adapter(for: [input], format: format) as? any ElementAdapter
    }

    static func report(_ result: ImportResult, records: Int, inputs: [String], scan: MediaLibrary.Scan?, console: Console) {
        let d = result.diff
        let verb = result.dryRun ? "would import" : "imported"
        console.print("\(verb) \(inputs.joined(separator: ", ")) as source \(result.source) (format \(result.adapter)): \(LintCommand.plural(records, "record"))")
        // The same counts as --json: a record back after a removal is added, and said so.
        var line = "  added \(d.added.count + d.returned.count)" + (d.returned.isEmpty ? "" : " (\(d.returned.count) returned)")
        line += ", changed \(d.changed.count), removed \(d.removed.count), unchanged \(d.unchangedCount)"
        console.print(line)
        if !d.touched.isEmpty {
            console.print("  \(LintCommand.plural(d.touched.count, "unchanged record")) changed outside \(d.touched.count == 1 ? "its" : "their") fingerprint fields (media links, extras)")
        }
        for (label, ids) in [("added", d.added), ("changed", d.changed), ("removed", d.removed), ("returned", d.returned)] where !ids.isEmpty {
            console.print("  \(label): \(preview(ids))")
        }
        if let scan {
            console.print("  media: \(LintCommand.plural(scan.attached.count, "animation")) attached (\(LintCommand.plural(scan.frames, "frame"))), \(LintCommand.plural(scan.skipped.count, "file")) skipped, \(d.mediaChanged.count) replaced by different animations")
        }
        for change in d.schemaChanges {
            let sign = change.kind == .appeared ? "+" : "-"
            console.print("  schema: \(sign) \(change.field) (\(change.kind.rawValue), \(LintCommand.plural(change.records, "record")))")
        }
        if result.dryRun {
            console.print("dry run: nothing written")
        } else if result.written.isEmpty {
            console.print("same release as the current snapshot: nothing written")
        } else {
            console.print("wrote \(result.written.joined(separator: ", "))")
        }
    }

    /// The command a person most likely runs after this import: the import itself after a dry
    /// run; `revalidate` when records changed or went; the queue of new records when some came.
    static func next(_ result: ImportResult, arguments args: ParsedArguments, memberSource: String) -> String {
        let source = result.source == memberSource ? "" : " --source " + ShellQuote.word(result.source)
        let d = result.diff
        if result.dryRun {
            var words = ["catalog", "import"] + args.positionals.map(ShellQuote.word)
            for name in args.options.keys.sorted() { words += args.values(name).flatMap { ["--" + name, ShellQuote.word($0)] } }
            return (words + args.flags.subtracting(["dry-run", "json"]).sorted().map { "--" + $0 }).joined(separator: " ")
        }
        if !d.changed.isEmpty || !d.removed.isEmpty { return "catalog revalidate" + source }
        if d.added.count + d.returned.count > 0 && source.isEmpty { return "catalog queue --state unreviewed" }
        return source.isEmpty ? "catalog queue" : "catalog status"
    }

    static func preview(_ ids: [String], limit: Int = 10) -> String {
        ids.count <= limit ? ids.joined(separator: " ") : ids.prefix(limit).joined(separator: " ") + " … (\(ids.count - limit) more)"
    }
}
