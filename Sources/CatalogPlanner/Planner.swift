import CatalogModel
import CatalogReader

/// The reference planner: fills a week from a loaded build for one request, deterministically
/// (ties broken by record id; nothing iterates a hashed collection). Build it once per build
/// and vocabulary; `plan` is pure.
public struct Planner: Sendable {
    let exercises: [Exercise]
    let vocabulary: Vocabulary
    let catalog: PublishedCatalog
    /// The planner muscles (vocabulary order), and which of them carry targets.
    let muscles: [String]
    let hasTarget: [Bool]
    /// allows[muscle][kind]: a session of the kind (`SessionKind.all` order) may train it as primary.
    let allows: [[Bool]]
    let patterns: [String]

    /// A planner for `catalog`; `vocabulary` stands in for a build that carries none (schema 1).
    public init(_ catalog: PublishedCatalog, vocabulary fallback: Vocabulary? = nil) throws(CatalogError) {
        guard let vocabulary = catalog.vocabulary?.vocabulary ?? fallback else {
            throw CatalogError(.dataError, "the build carries no vocabularies (schema 1): the planner needs its muscles and equipment")
        }
        self.catalog = catalog
        self.exercises = catalog.exercises
        self.vocabulary = vocabulary
        muscles = vocabulary.muscles.filter(\.planner).map(\.id)
        hasTarget = muscles.map { PlannerTable.targetMuscles.contains($0) }
        allows = muscles.map { m in SessionKind.all.map { PlannerTable.muscles(of: $0).contains(m) } }
        patterns = vocabulary.patterns.map(\.id)
    }

    /// The build's levels, lowest first: what a request's level is one of.
    public var levels: [String] { vocabulary.levels }

    /// Weekly sets (minimum, target, ceiling) for `goal` at `level`: a beginner's target stops at 6.
    public static func volume(_ goal: Goal, level: String) -> Volume {
        var v = PlannerTable.volume(goal)
        if level == "beginner" {
            v.target = min(v.target, PlannerTable.beginnerTargetCap)
            v.minimum = min(v.minimum, v.target)
        }
        return v
    }

    /// The week for `request`: the best of the splits its days allow.
    public func plan(_ request: PlanRequest) throws(CatalogError) -> WeekPlan {
        try request.validate()
        guard vocabulary.levels.contains(request.level) else {
            throw CatalogError(.usage, "unknown level '\(request.level)' (the build's levels: \(vocabulary.levels.joined(separator: ", ")))")
        }
        for item in request.equipment where item != "*" && vocabulary.equipmentItem(item) == nil {
            throw CatalogError(.usage, "unknown equipment item '\(item)' (see the build's equipment vocabulary)")
        }
        let context = SearchContext(planner: self, request: request, candidates: candidates(for: request))
        var best: (state: WeekState, split: Split)?
        for split in PlannerTable.splits where split.days.contains(request.days) {
            guard var state = context.search(split) else { continue }
            context.improve(&state, split: split)
            guard context.fitsTime(state) else { continue }
            if best == nil || state.score > best!.state.score { best = (state, split) }
        }
        return context.week(best?.state ?? WeekState(sessions: request.days, muscles: muscles.count),
                            split: best?.split ?? PlannerTable.splits[0])
    }

    /// The candidates of `request` (the reader's first filter, in id order), each with what
    /// scoring needs.
    func candidates(for request: PlanRequest) -> Candidates {
        let items = request.equipment.contains("*") ? vocabulary.equipment.map(\.id) : request.equipment
        let candidates = catalog.candidates(equipment: Set(items), level: request.level).sorted { $0.id < $1.id }
        let index = Dictionary(muscles.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let kinds: [(SessionKind, [Bool])] = SessionKind.all.map { kind in
            let allowed = PlannerTable.muscles(of: kind)
            return (kind, muscles.map { allowed.contains($0) })
        }
        let history = request.history.map(\.exercise)
        let userRank = Double(vocabulary.levels.firstIndex(of: request.level) ?? 0)
        let top = Double(max(1, vocabulary.levels.count - 1))
        let sessionSeconds = Double(request.minutes * 60)
        var out = Candidates()
        for e in candidates {
            let start = out.creditMuscle.count
            for key in e.setCredit.keys.sorted() {
                guard let m = index[key] else { continue }
                out.creditMuscle.append(m)
                out.creditValue.append(e.setCredit[key]!)
            }
            let primaries = e.primaryMuscles.flatMap { vocabulary.plannerMuscles(of: $0) }.compactMap { index[$0] }
            guard !primaries.isEmpty, !request.avoided.contains(e.id) else {
                out.creditMuscle.removeSubrange(start...)
                out.creditValue.removeSubrange(start...)
                continue
            }
            var mask: UInt64 = 0
            for m in primaries where m < 64 { mask |= 1 << UInt64(m) }
            var kindMask: UInt8 = 0
            for (i, kind) in kinds.enumerated() where primaries.allSatisfy({ kind.1[$0] }) { kindMask |= 1 << UInt8(i) }
            let liftClass: LiftClass = e.mechanic != "compound" ? .isolation
                : ((e.equipment ?? []).contains(where: PlannerTable.heavyEquipment.contains) ? .heavyCompound : .compound)
            let fit = PlannerTable.fitToGoal(request.goal, liftClass)
            let complexity = (e.mechanic == "compound" ? 0.5 : 0) + (e.laterality.map { $0 != "bilateral" } == true ? 0.25 : 0)
                + 0.25 * Double(e.level.flatMap(vocabulary.levels.firstIndex(of:)) ?? 0) / top
            let setup = e.setupSeconds ?? PlannerTable.defaultSetupSeconds
            let values: [(Double, Double)] = [
                (fit.weight, fit.value),
                (PlannerTable.continuity, history.isEmpty ? 0.5 : (history.contains(e.id) ? 1 : 0)),
                (PlannerTable.preference, request.preferred.contains(e.id) ? 1 : 0.5),
                (PlannerTable.skillFit, 1 - complexity * (1 - userRank / top)),
                (PlannerTable.confidence, e.confidence ?? 0.5),
                (PlannerTable.setupTime, min(1, 10 * Double(setup) / sessionSeconds)),
            ]
            out.exercises.append(e)
            out.options.append(Option(credits: start..<out.creditMuscle.count, primaryMask: mask, pattern: e.movementPattern.flatMap(patterns.firstIndex(of:)) ?? -1,
                              kinds: kindMask, setup: setup, staticSum: values.reduce(0) { $0 + $1.0 * $1.1 },
                              weightSum: values.reduce(0) { $0 + abs($1.0) } + PlannerTable.dynamicWeightSum))
        }
        return out
    }
}

extension PlannerTable {
    /// |needed| + |new pattern| + |overlap| + |recent workload|: the weights of the values that
    /// change as the week fills.
    static let dynamicWeightSum = abs(needed) + abs(newPattern) + abs(overlap) + abs(recentWorkload)
}

/// The candidates of a request: their exercises, what scoring reads of each (`Option`, at the
/// same index), and their set credits, flat (an option's `credits` range into both lists).
struct Candidates: Sendable {
    var options: [Option] = []
    var exercises: [Exercise] = []
    var creditMuscle: [Int] = []
    var creditValue: [Double] = []
}

/// A candidate as scoring reads it, plain values only: its set credits (a range of
/// `Candidates.creditMuscle`), primary muscles as a bit mask, its pattern, the session kinds it
/// fits, and the sum of its fixed values. Options are in id order: a lower index is a lower id.
struct Option: Sendable {
    let credits: Range<Int>
    let primaryMask: UInt64
    let pattern: Int
    let kinds: UInt8
    let setup: Int
    /// Σ weight × value over the values that do not change as the week fills.
    let staticSum: Double
    /// Σ |weight| over all ten values (the average's denominator).
    let weightSum: Double

    func fits(_ kind: SessionKind) -> Bool {
        kinds & (1 << UInt8(SessionKind.all.firstIndex(of: kind)!)) != 0
    }
}
