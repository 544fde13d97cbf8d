import CatalogBuild
import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogReader
import CatalogStore
import Foundation

/// The catalog as edited, built once per state and planned: the build (`EditedBuild`, as `catalog
/// plan` without BUILD makes it), its planner and its standard weeks (`StandardPlans`, as `diff
/// --plans` plans them).
struct PlannedCatalog: Sendable {
    let build: PublishedCatalog
    let planner: Planner
    let profiles: [EquipmentProfile]
    /// The standard weeks, in `StandardPlans.requests` order.
    let weeks: [WeekPlan]
    /// Exercise id → the positions in `weeks` of the weeks that hold it.
    let holding: [String: [Int]]

    init(_ build: PublishedCatalog) throws(CatalogError) {
        self.build = build
        planner = try Planner(build)
        profiles = build.profiles ?? EquipmentProfile.defaults
        weeks = try StandardPlans.plan(planner, StandardPlans.requests(profiles: profiles, levels: planner.levels))
        var holding: [String: [Int]] = [:]
        for (i, week) in weeks.enumerated() {
            for id in week.exerciseIDs { holding[id, default: []].append(i) }
        }
        self.holding = holding
    }

    /// The standard weeks that hold the record `id` (`SOURCE:ID`), in their order.
    func weeks(holding id: String) -> [WeekPlan] { (holding[id] ?? []).map { weeks[$0] } }
}

/// The planned catalog of the workbench, kept from one request to the next for as long as the
/// catalog's state is the one it was built from: a build and 45 standard weeks take about half a
/// second on the real catalog, a record page 10 ms. So a record page shows the weeks only when
/// they are kept (`kept`), and its script asks for them otherwise (`planned`, which builds). The state is the index's digest of the
/// member source's rows (`CatalogIndex.stateDigest`: every record's text, evaluation and
/// planner fields, the snapshot and vocabulary files) with the config, taken after the index
/// is refreshed, so a page never shows the weeks of an older state. It is taken again after a
/// build, and the build kept only when the state did not move meanwhile.
public final class PlanCache: Sendable {
    private let kept = KeptValue<PlannedCatalog>()

    public init() {}

    /// How many times the catalog was built and planned through the cache.
    public var builds: Int { kept.builds }

    /// The catalog as edited, planned: the kept one while the state is its state.
    func planned(_ catalog: Catalog) throws(CatalogError) -> PlannedCatalog {
        let key = try Self.key(catalog)
        return try kept.value(key: key) { () throws(CatalogError) -> (PlannedCatalog, keep: Bool) in
            let planned = try PlannedCatalog(try EditedBuild.load(catalog))
            return (planned, try Self.key(catalog) == key)
        }
    }

    /// The kept planned catalog while the state is its state, else nil: nothing is built.
    func kept(_ catalog: Catalog) throws(CatalogError) -> PlannedCatalog? {
        kept.kept(key: try Self.key(catalog))
    }

    static func key(_ catalog: Catalog) throws(CatalogError) -> [String] {
        [try catalog.index().stateDigest(source: catalog.config.memberSource), JSONWriter.string(catalog.config.json)]
    }
}
