import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

enum VocabCommand {
    static let command = Command(
        name: "vocab",
        abstract: "Show the vocabularies and the upstream terms they do not map",
        usage: "vocab [--json] | vocab --update [--dry-run] [--json]",
        discussion: """
            Counts the vocabularies of catalog/vocab/ and lists, for every imported source, the
            upstream equipment, target and secondary-muscle terms no synonym map covers, with
            the number of records using each. Unmapped terms are never guessed.
            JSON keys: patterns, equipment, muscles, groups, plannerMuscles, levels,
            unmapped (list of {source, field, term, records}).
            --update merges the project's default vocabularies (built into this `catalog`) into
            the catalog's: entries and keys the catalog lacks are added; nothing it has is changed
            or removed, so its own additions and wordings stay. --dry-run shows what it would add.
            JSON keys with --update: dryRun, files (list of {file, created, added}).
            """,
        options: [
            .flag("json", "print as JSON"),
            .flag("update", "merge newer default vocabularies into the catalog's"),
            .flag("dry-run", "with --update: show what would be added, write nothing"),
        ],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let catalog = try context.catalog()
            if context.arguments.flag("update") { return try update(catalog, context) }
            if context.arguments.flag("dry-run") { throw CatalogError(.usage, "--dry-run goes with --update") }
            let vocabulary = try catalog.vocabulary()
            var unmapped: [UnmappedTerm: Int] = [:]
            for source in catalog.sources() {
                let key = try catalog.vocabularyKey(source)
                let equipment = vocabulary.equipmentSynonyms[key] ?? [:]
                let muscles = vocabulary.muscleSynonyms[key] ?? [:]
                for record in try catalog.snapshot(source) where !record.removed {
                    for (field, map) in [("equipment", equipment), ("target", muscles), ("secondaryMuscles", muscles)] {
                        for term in Suggester.terms(record.fields[field]) where map[term] == nil {
                            unmapped[UnmappedTerm(source: key, field: field, term: term), default: 0] += 1
                        }
                    }
                }
            }
            let sorted = unmapped.keys.sorted { ($0.source, $0.field, $0.term) < ($1.source, $1.field, $1.term) }
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("patterns", .int(vocabulary.patterns.count)),
                    JSONMember("equipment", .int(vocabulary.equipment.count)),
                    JSONMember("muscles", .int(vocabulary.muscles.count)),
                    JSONMember("groups", .int(vocabulary.groups.count)),
                    JSONMember("plannerMuscles", .strings(vocabulary.plannerMuscles.sorted())),
                    JSONMember("levels", .strings(vocabulary.levels)),
                    JSONMember("unmapped", .array(sorted.map { t in .object(JSONObject([
                        JSONMember("source", .string(t.source)), JSONMember("field", .string(t.field)),
                        JSONMember("term", .string(t.term)), JSONMember("records", .int(unmapped[t]!)),
                    ])) })),
                ])))
                return 0
            }
            let console = context.console
            console.print("\(vocabulary.patterns.count) movement patterns, \(vocabulary.equipment.count) equipment items, \(vocabulary.muscles.count) muscles in \(vocabulary.groups.count) groups (\(vocabulary.plannerMuscles.count) planner muscles), levels \(vocabulary.levels.joined(separator: ", "))")
            if catalog.sources().isEmpty {
                console.print("no upstream source imported yet: after `catalog import FILE`, this lists the upstream terms no synonym map covers")
            } else if sorted.isEmpty {
                console.print("every upstream equipment and muscle term of the imported sources is mapped")
            } else {
                console.print("unmapped upstream terms (records):")
                for t in sorted { console.print("  \(t.source) \(t.field) '\(t.term)' (\(unmapped[t]!))") }
            }
            return 0
        })
}

extension VocabCommand {
    static func update(_ catalog: Catalog, _ context: CommandContext) throws -> Int32 {
        let dryRun = context.arguments.flag("dry-run")
        let updates = try catalog.updateVocabulary(dryRun: dryRun)
        if context.arguments.flag("json") {
            context.console.json(.object(JSONObject([
                JSONMember("dryRun", .bool(dryRun)),
                JSONMember("files", .array(updates.map { u in .object(JSONObject([
                    JSONMember("file", .string(u.file)), JSONMember("created", .bool(u.created)), JSONMember("added", .strings(u.added)),
                ])) })),
            ])))
            return 0
        }
        if updates.isEmpty {
            context.console.print("the vocabularies hold every default already; nothing changed")
            return 0
        }
        let verb = dryRun ? "would add" : "added"
        for u in updates {
            if u.created {
                context.console.print("\(u.file): \(dryRun ? "would write" : "wrote") the default vocabulary (the file was missing)")
                continue
            }
            context.console.print("\(u.file): \(verb) \(u.added.count)")
            for path in u.added { context.console.print("  \(path)") }
        }
        if dryRun { context.console.print("dry run: nothing written") }
        return 0
    }
}
