import CatalogBuild
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogReader
import CatalogRecords
import CatalogStore
import Foundation

enum PlanCommand {
    /// The options that say who a week is for (also the words of a --batch line).
    static let requestOptions: [OptionSpec] = [
        .option("profile", "NAME", "an equipment profile of the build (full-gym, dumbbells-bench, kettlebells, bodyweight, bands)"),
        .option("equipment", "ITEMS", "comma-separated equipment ids instead of a profile (`*`: everything)"),
        .option("goal", "GOAL", "muscle, strength or general"),
        .option("level", "L", "beginner, intermediate or advanced (the build's levels)"),
        .option("days", "N", "training days a week, 1-7"),
        .option("minutes", "M", "minutes per session, 15-240"),
    ]

    static let command = Command(
        name: "plan",
        abstract: "Plan a week from a build for a profile (the reference planner)",
        usage: "plan [BUILD] (--profile NAME | --equipment ITEMS) --goal muscle|strength|general --level L --days N --minutes M [--batch FILE] [--json]",
        discussion: """
            Fills a week as the planner the catalog serves does (docs/PLANNER.md): candidates are
            the records cleared for automatic planning that the equipment covers at the level or
            below; each session is filled one exercise at a time by a weighted score, the three
            best partial weeks kept at every slot, for each split the days allow (full body;
            upper/lower from 2 days; push/pull/legs from 3); then swaps and set removal while the
            week's score improves. Prints each session's exercises (name and id) with sets, reps
            and the first load step, each target muscle's weekly sets against its minimum, target
            and ceiling, and VOLUME_BELOW_TARGET for every muscle under its minimum (exit 0: a
            week is planned even when one falls short). Same build, same request: same bytes.
            BUILD is a build folder; without it the catalog as edited is built into a temporary
            folder under .catalog/ (lint and the release gates are not applied, though a build
            needs its variants to hold together; removed afterwards) and planned on.
            --batch FILE plans one request a line (the request options above, as on the command
            line); with --json the weeks come as an array. CATALOG_PLAN_TIMINGS=1 prints how
            long loading the build and planning took to standard error (bench/plan_bench.py).
            JSON keys: profile, split, score, sessions [{day, kind, minutes, exercises [{id, name,
            sets, reps {min, max}, load {equipment, kg, next}, primaryMuscles}]}], muscles
            [{muscle, sets, minimum, target, ceiling}], reasons [{code, muscle, sets, minimum, target}].
            """,
        options: requestOptions + [
            .option("batch", "FILE", "plan each line's request (request options only)"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let positionals = args.positionals
            guard positionals.count <= 1 else { throw CatalogError(.usage, "unexpected argument '\(positionals[1])'") }
            var requests: [PlanRequest] = []
            let started = DispatchTime.now().uptimeNanoseconds
            let catalog = try loadBuild(positionals.first, context: context)
            let loaded = DispatchTime.now().uptimeNanoseconds
            let profiles = catalog.profiles ?? EquipmentProfile.defaults
            if let batch = args.option("batch").map(context.path) {
                for (n, line) in String(decoding: try FileSystem.read(batch, limit: 16 << 20), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    if words.isEmpty { continue }
                    do throws(CatalogError) {
                        let parsed = try ArgumentParser.parse(words, specs: requestOptions, command: "plan")
                        if let extra = parsed.positionals.first { throw CatalogError(.usage, "unexpected argument '\(extra)'") }
                        requests.append(try request(parsed, profiles: profiles))
                    } catch {
                        throw CatalogError(.usage, error.message, .init(file: batch, line: n + 1))
                    }
                }
            } else {
                requests.append(try request(args, profiles: profiles))
            }
            let planner = try Planner(catalog)
            let weeks = try StandardPlans.plan(planner, requests)
            if context.console.environment["CATALOG_PLAN_TIMINGS"] == "1" {
                let planned = DispatchTime.now().uptimeNanoseconds
                context.console.error("timings: load \((loaded - started) / 1000) µs, plan \((planned - loaded) / 1000) µs")
            }
            if args.flag("json") {
                context.console.json(args.option("batch") != nil ? .array(weeks.map(\.json)) : weeks[0].json)
            } else {
                context.console.print(weeks.map(\.text).joined(separator: "\n"), terminator: "")
            }
            return 0
        })

    /// The request the options describe, with a profile's equipment from `profiles`.
    static func request(_ args: ParsedArguments, profiles: [EquipmentProfile]) throws(CatalogError) -> PlanRequest {
        try PlanRequest.named(profile: args.option("profile"), equipment: args.option("equipment"), goal: args.option("goal"), level: args.option("level"),
                              days: args.option("days"), minutes: args.option("minutes"), profiles: profiles)
    }

    /// The build at `path`, or the catalog as edited (`EditedBuild`).
    static func loadBuild(_ path: String?, context: CommandContext) throws(CatalogError) -> PublishedCatalog {
        if let path = path.map(context.path) {
            guard FileSystem.isDirectory(path) else { throw CatalogError(.noInput, "no such build folder", .init(file: path)) }
            return try PublishedCatalog.load(directory: path)
        }
        defer { context.console.endProgress() }
        return try EditedBuild.load(try context.catalog(), progress: context.console.progress)
    }
}
