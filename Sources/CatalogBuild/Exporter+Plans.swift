import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogReader

extension Exporter {
    /// The plan gate: the standard weeks (every profile × goal × level, `StandardPlans`) planned
    /// on the previous build and on the one being written (its records read back from `temp`).
    /// A muscle that reached its minimum in a week of the previous build and falls below it now
    /// stops the export (exit 1, naming profile, goal, level and muscle) unless
    /// `allowPlanRegression`. Returns the comparison for the changelog; nil for a first build.
    static func planGate(in temp: String, name: String, version: SemanticVersion, previous: (summary: PublishedCatalog.Summary, path: String)?,
                         vocabulary: BuildVocabulary, profiles: [EquipmentProfile], folder: String?, options: Options) throws(CatalogError) -> PlanDiff? {
        guard let previous else { return nil }
        let records = try BuildRecords(path: temp + "/catalog.sqlite")
        var exercises: [Exercise] = []
        while case let batch = try records.next(), !batch.isEmpty { exercises += batch }
        let manifest = Manifest(name: name, version: version, createdAt: options.date, counts: .null, upstream: .null, files: [:], previous: .null)
        let new = PublishedCatalog(manifest: manifest, exercises: exercises, vocabulary: vocabulary, profiles: profiles)
        let old = try PublishedCatalog.load(directory: previous.path)
        let diff = try PlanDiff.compare(old, new, profiles: profiles)
        let regressions = diff.regressions
        if !regressions.isEmpty && options.applyGates && !options.allowPlanRegression {
            let named = regressions.prefix(8).map { r in
                "\(r.request.label): \(r.crossing.muscle) \(JSONNumber.format(r.crossing.before)) → \(JSONNumber.format(r.crossing.after)) weekly sets (minimum \(JSONNumber.format(r.crossing.value)))"
            }
            throw CatalogError(.findings, "plan gate: \(regressions.count) muscle\(regressions.count == 1 ? "" : "s") of the standard weeks (profile / goal / level) fall below their minimum: \(named.joined(separator: "; "))\(regressions.count > 8 ? "; …" : ""); see `catalog diff OLD NEW --plans`, or pass --allow-plan-regression", .init(file: folder))
        }
        return diff
    }
}
