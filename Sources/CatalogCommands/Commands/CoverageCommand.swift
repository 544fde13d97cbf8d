import CatalogBuild
import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogWorkbench

enum CoverageCommand {
    static let command = Command(
        name: "coverage",
        abstract: "Can the catalog plan a week for each kind of user? Candidates per profile, level and muscle",
        usage: "coverage [--json] [--html FILE]",
        discussion: """
            For each equipment profile (catalog/catalog.json `profiles`: name → equipment list,
            `*` for every item; defaults: full-gym, dumbbells-bench, kettlebells, bodyweight,
            bands) and each level, counts for every planner muscle the records cleared for
            automatic planning that such a user can do — all their equipment is in the profile
            (a more specific item serves, by `kindOf`), their level is at or below the user's —
            and that train the muscle as primary, and as secondary. A cell with fewer primary
            candidates than `coverage.min` (default 2) is a gap. `export` refuses a build in
            which a cell the previous build covered falls below the minimum, unless
            --allow-coverage-drop. --html writes a heat map.
            JSON keys: min, profiles ({profile, level, muscles: {MUSCLE: {primary, secondary}}}),
            gaps ({profile, level, muscle, candidates, min}).
            """,
        options: [.flag("json", "print as JSON"), .option("html", "FILE", "write a heat map as HTML")],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let html = context.arguments.option("html").map(context.path)
            if let html { try FileSystem.requireParentFolder(html) }
            let catalog = try context.catalog()
            let min = catalog.config.coverageMin
            let coverage = try Coverage.of(catalog)
            if let html {
                try FileSystem.writeAtomically(html, ReportPages.coverage(coverage, min: min, title: "Coverage of \(catalog.config.buildName)"))
            }
            if context.arguments.flag("json") {
                context.console.json(coverage.json(min: min))
                return 0
            }
            let console = context.console
            let cells = coverage.cells
            for profile in coverage.profiles {
                let mine = cells.filter { $0.profile == profile }
                let gaps = mine.filter { $0.primary < min }
                console.print("\(profile): " + coverage.levels.map { level in
                    let row = mine.filter { $0.level == level }
                    return "\(level) \(row.count - row.filter { $0.primary < min }.count)/\(row.count) muscles covered"
                }.joined(separator: ", "))
                let byMuscle = Dictionary(grouping: gaps, by: \.muscle)
                for muscle in coverage.muscles {
                    guard let missing = byMuscle[muscle] else { continue }
                    console.print("  gap: \(muscle) at " + missing.map { "\($0.level) (\($0.primary))" }.joined(separator: ", "))
                }
            }
            console.print("a muscle is covered with at least \(min) cleared primary candidates (coverage.min)")
            if let html { console.print("wrote \(html)") }
            return 0
        })
}
