import CatalogJSON
import CatalogModel
import CatalogReader

/// The standard weeks: every profile × goal × level, at the level's standard days and minutes
/// (`PlannerTable.standardWeek`).
public enum StandardPlans {
    public static func requests(profiles: [EquipmentProfile], levels: [String]) -> [PlanRequest] {
        profiles.flatMap { profile in
            Goal.allCases.flatMap { goal in
                levels.map { level in
                    let week = PlannerTable.standardWeek(level: level)
                    return PlanRequest(profile: profile.name, equipment: profile.equipment, goal: goal, level: level, days: week.days, minutes: week.minutes)
                }
            }
        }
    }

    /// The weeks of `requests`, planned on both cores, in the requests' order.
    public static func plan(_ planner: Planner, _ requests: [PlanRequest]) throws(CatalogError) -> [WeekPlan] {
        try Parallel.map(requests.count) { (i: Int) throws(CatalogError) -> WeekPlan in try planner.plan(requests[i]) }
    }
}

/// What a new build does to the standard weeks: per week, the exercises in and out, and the
/// muscles that fall below or come back to their minimum or target.
public struct PlanDiff: Sendable {
    public struct Crossing: Sendable, Equatable {
        public var muscle: String
        public var before: Double
        public var after: Double
        /// `minimum` or `target`: the line crossed.
        public var line: String
        public var value: Double
    }

    public struct Change: Sendable {
        public var request: PlanRequest
        public var added: [(id: String, name: String)]
        public var removed: [(id: String, name: String)]
        public var fell: [Crossing]
        public var back: [Crossing]
    }

    public var changes: [Change]
    /// Standard weeks compared.
    public var weeks: Int

    /// The muscles of each week that reached their minimum before and do not now (the plan gate).
    public var regressions: [(request: PlanRequest, crossing: Crossing)] {
        changes.flatMap { c in c.fell.filter { $0.line == "minimum" }.map { (c.request, $0) } }
    }

    /// Compares `before` and `after`, planned for the same requests in the same order.
    public init(before: [WeekPlan], after: [WeekPlan]) {
        weeks = after.count
        changes = zip(before, after).compactMap { old, new in
            func names(_ w: WeekPlan) -> [(String, String)] {
                var seen: [String] = [], out: [(String, String)] = []
                for e in w.sessions.flatMap(\.exercises).sorted(by: { $0.id < $1.id }) where !seen.contains(e.id) {
                    seen.append(e.id)
                    out.append((e.id, e.name))
                }
                return out
            }
            let o = names(old), n = names(new)
            var fell: [Crossing] = [], back: [Crossing] = []
            for m in new.muscles {
                guard let was = old.sets(of: m.muscle) else { continue }
                for (line, value) in [("minimum", m.volume.minimum), ("target", m.volume.target)] {
                    let crossing = Crossing(muscle: m.muscle, before: was, after: m.sets, line: line, value: value)
                    if was >= value && m.sets < value { fell.append(crossing); break }
                    if was < value && m.sets >= value { back.append(crossing); break }
                }
            }
            let change = Change(request: new.request, added: n.filter { e in !o.contains { $0.0 == e.0 } }.map { ($0.0, $0.1) },
                                removed: o.filter { e in !n.contains { $0.0 == e.0 } }.map { ($0.0, $0.1) }, fell: fell, back: back)
            return change.added.isEmpty && change.removed.isEmpty && fell.isEmpty && back.isEmpty ? nil : change
        }
    }

    /// Plans the standard weeks of `profiles` on both builds and compares them.
    public static func compare(_ old: PublishedCatalog, _ new: PublishedCatalog, profiles: [EquipmentProfile]) throws(CatalogError) -> PlanDiff {
        let newPlanner = try Planner(new)
        let oldPlanner = try Planner(old, vocabulary: newPlanner.vocabulary)
        let requests = StandardPlans.requests(profiles: profiles, levels: newPlanner.levels)
        return PlanDiff(before: try StandardPlans.plan(oldPlanner, requests), after: try StandardPlans.plan(newPlanner, requests))
    }

    /// The `## Plans` section of a changelog and of `diff --plans`.
    public var markdown: String {
        var out = "\n## Plans\n\n"
        if changes.isEmpty { return out + "No standard week changed (\(weeks) weeks planned on both builds).\n" }
        out += "\(changes.count) of \(weeks) standard weeks changed.\n"
        for c in changes {
            let week = PlannerTable.standardWeek(level: c.request.level)
            out += "\n### \(c.request.label) (\(week.days) × \(week.minutes) min)\n\n"
            if !c.added.isEmpty { out += "- in: " + c.added.map { "\($0.name) (\($0.id))" }.joined(separator: ", ") + "\n" }
            if !c.removed.isEmpty { out += "- out: " + c.removed.map { "\($0.name) (\($0.id))" }.joined(separator: ", ") + "\n" }
            for x in c.fell { out += "- below \(x.line): \(x.muscle) \(JSONNumber.format(x.before)) → \(JSONNumber.format(x.after)) weekly sets (\(x.line) \(JSONNumber.format(x.value)))\n" }
            for x in c.back { out += "- back to \(x.line): \(x.muscle) \(JSONNumber.format(x.before)) → \(JSONNumber.format(x.after)) weekly sets (\(x.line) \(JSONNumber.format(x.value)))\n" }
        }
        return out
    }

    /// `diff --plans --json`'s `plans`: weeks, changes [{profile, goal, level, in, out, below, back}].
    public var json: JSONValue {
        func crossings(_ list: [Crossing]) -> JSONValue {
            .array(list.map { x in .object(JSONObject([
                JSONMember("muscle", .string(x.muscle)), JSONMember("before", .number(JSONNumber.format(x.before))),
                JSONMember("after", .number(JSONNumber.format(x.after))), JSONMember("line", .string(x.line)), JSONMember("value", .number(JSONNumber.format(x.value))),
            ])) })
        }
        func ids(_ list: [(id: String, name: String)]) -> JSONValue {
            .array(list.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("name", .string($0.name))])) })
        }
        return .object(JSONObject([
            JSONMember("weeks", .int(weeks)),
            JSONMember("changes", .array(changes.map { c in .object(JSONObject([
                JSONMember("profile", .string(c.request.profile ?? "")), JSONMember("goal", .string(c.request.goal.rawValue)),
                JSONMember("level", .string(c.request.level)), JSONMember("in", ids(c.added)), JSONMember("out", ids(c.removed)),
                JSONMember("below", crossings(c.fell)), JSONMember("back", crossings(c.back)),
            ])) })),
        ]))
    }
}
