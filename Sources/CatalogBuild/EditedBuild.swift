import CatalogFiles
import CatalogModel
import CatalogPlanner
import CatalogReader
import CatalogRecords
import CatalogStore
import Foundation

/// The catalog as edited, as a planner would load it: exported into a temporary folder under
/// `.catalog/` (lint and the release gates not applied; a build still needs its variants to
/// hold together), loaded, and the folder removed. What `catalog plan` without BUILD plans on,
/// and what the workbench's standard weeks and plan preview plan on: one function for both doors.
public enum EditedBuild {
    public static func load(_ catalog: Catalog, progress: (String) -> Void = { _ in }) throws(CatalogError) -> PublishedCatalog {
        let out = catalog.layout.indexDirectory + "/plan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { _ = try? FileManager.default.removeItem(atPath: out) }
        progress("building the catalog as edited")
        let result = try Exporter.export(catalog, options: Exporter.Options(outDirectory: out, date: try catalog.meta(catalog.config.memberSource).importedAt,
                                                                            applyGates: false))
        return try PublishedCatalog.load(directory: result.directory)
    }
}

extension PlanRequest {
    /// The request that words name, as `catalog plan`'s options and the plan preview's form give
    /// them: `profile` one of `profiles` (or `equipment`, comma-separated items), `goal`, `level`,
    /// `days` and `minutes`. A missing or malformed word is a usage error saying which.
    public static func named(profile: String?, equipment: String?, goal: String?, level: String?, days: String?, minutes: String?,
                             profiles: [EquipmentProfile]) throws(CatalogError) -> PlanRequest {
        func required(_ value: String?, _ name: String) throws(CatalogError) -> String {
            guard let value else { throw CatalogError(.usage, "missing --\(name) (see catalog plan --help)") }
            return value
        }
        func number(_ value: String?, _ name: String) throws(CatalogError) -> Int {
            let text = try required(value, name)
            guard let n = Int(text) else { throw CatalogError(.usage, "--\(name) takes a whole number, not '\(text)'") }
            return n
        }
        let goalText = try required(goal, "goal")
        guard let goal = Goal(rawValue: goalText) else { throw CatalogError(.usage, "--goal takes muscle, strength or general, not '\(goalText)'") }
        var name: String?, items: [String]
        switch (profile, equipment) {
        case (let p?, nil):
            guard let profile = profiles.first(where: { $0.name == p }) else {
                throw CatalogError(.usage, "unknown profile '\(p)'" + NearMiss.hint(p, among: profiles.map(\.name)) + " (the build's profiles: \(profiles.map(\.name).joined(separator: ", ")))")
            }
            (name, items) = (profile.name, profile.equipment)
        case (nil, let list?):
            items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case (nil, nil): throw CatalogError(.usage, "missing --profile NAME or --equipment ITEMS (see catalog plan --help)")
        default: throw CatalogError(.usage, "--profile and --equipment cannot be used together")
        }
        let request = PlanRequest(profile: name, equipment: items, goal: goal, level: try required(level, "level"),
                                  days: try number(days, "days"), minutes: try number(minutes, "minutes"))
        try request.validate()
        return request
    }
}
