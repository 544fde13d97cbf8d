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
            let (catalog, cleanUp) = try loadBuild(positionals.first, context: context)
            defer { cleanUp() }
            let loaded = DispatchTime.now().uptimeNanoseconds
            let profiles = catalog.profiles ?? EquipmentProfile.defaults
            if let batch = args.option("batch") {
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
        func required(_ name: String) throws(CatalogError) -> String {
            guard let value = args.option(name) else { throw CatalogError(.usage, "missing --\(name) (see catalog plan --help)") }
            return value
        }
        func number(_ name: String) throws(CatalogError) -> Int {
            let text = try required(name)
            guard let n = Int(text) else { throw CatalogError(.usage, "--\(name) takes a whole number, not '\(text)'") }
            return n
        }
        let goalText = try required("goal")
        guard let goal = Goal(rawValue: goalText) else { throw CatalogError(.usage, "--goal takes muscle, strength or general, not '\(goalText)'") }
        var name: String?, equipment: [String]
        switch (args.option("profile"), args.option("equipment")) {
        case (let p?, nil):
            guard let profile = profiles.first(where: { $0.name == p }) else {
                throw CatalogError(.usage, "unknown profile '\(p)'" + NearMiss.hint(p, among: profiles.map(\.name)) + " (the build's profiles: \(profiles.map(\.name).joined(separator: ", ")))")
            }
            (name, equipment) = (profile.name, profile.equipment)
        case (nil, let items?):
            equipment = items.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case (nil, nil): throw CatalogError(.usage, "missing --profile NAME or --equipment ITEMS (see catalog plan --help)")
        default: throw CatalogError(.usage, "--profile and --equipment cannot be used together")
        }
        let request = PlanRequest(profile: name, equipment: equipment, goal: goal, level: try required("level"), days: try number("days"), minutes: try number("minutes"))
        try request.validate()
        return request
    }

    /// The build at `path`, or the catalog as edited built into a temporary folder under
    /// .catalog/ (removed by the returned clean-up).
    static func loadBuild(_ path: String?, context: CommandContext) throws(CatalogError) -> (PublishedCatalog, () -> Void) {
        if let path {
            guard FileSystem.isDirectory(path) else { throw CatalogError(.noInput, "no such build folder", .init(file: path)) }
            return (try PublishedCatalog.load(directory: path), {})
        }
        let catalog = try context.catalog()
        let out = catalog.layout.indexDirectory + "/plan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let cleanUp = { _ = try? FileManager.default.removeItem(atPath: out) }
        do throws(CatalogError) {
            context.console.progress("building the catalog as edited")
            let result = try Exporter.export(catalog, options: Exporter.Options(outDirectory: out, date: try catalog.meta(catalog.config.memberSource).importedAt,
                                                                                applyGates: false))
            context.console.endProgress()
            return (try PublishedCatalog.load(directory: result.directory), cleanUp)
        } catch {
            cleanUp()
            throw error
        }
    }
}
