import CatalogModel
import CatalogReader

/// One exercise of a planned session: the option (an index into the candidates), its sets, and
/// its score when it was picked.
struct Pick: Sendable {
    var option: Int
    var sets: Int
    var score: Double
}

/// A week as the search builds it: the picks of each session, each planner muscle's weekly sets.
struct WeekState: Sendable {
    var sessions: [[Pick]]
    var volume: [Double]
    var score = 0.0

    init(sessions: Int, muscles: Int) {
        self.sessions = Array(repeating: [], count: sessions)
        volume = Array(repeating: 0, count: muscles)
    }

    /// The picks' ids session by session: what tells two partial weeks apart (and orders ties).
    var key: String {
        sessions.map { $0.map(\.option).sorted().map(String.init).joined(separator: ",") }.joined(separator: "|")
    }
}

/// Everything one request's search needs: the candidates, the volumes, the time per session.
final class SearchContext {
    let planner: Planner
    let request: PlanRequest
    let options: [Option]
    let exercises: [Exercise]
    let creditMuscle: [Int]
    let creditValue: [Double]
    let hasTarget: [Bool]
    /// The options that fit each session kind (`SessionKind.all` order), in id order.
    let byKind: [[Int]]
    let volume: Volume
    let sessionSeconds: Int
    let secondsPerSet: Int
    let startingSets: Int
    /// Primary muscles of the history's last exercises (the workload before the first session).
    let recentMask: UInt64

    init(planner: Planner, request: PlanRequest, candidates: Candidates) {
        self.planner = planner
        self.request = request
        options = candidates.options
        exercises = candidates.exercises
        creditMuscle = candidates.creditMuscle
        creditValue = candidates.creditValue
        hasTarget = planner.hasTarget
        byKind = SessionKind.all.map { kind in candidates.options.indices.filter { candidates.options[$0].fits(kind) } }
        volume = Planner.volume(request.goal, level: request.level)
        sessionSeconds = request.minutes * 60 - PlannerTable.warmUpSeconds
        secondsPerSet = PlannerTable.secondsPerSet(request.goal)
        startingSets = PlannerTable.startingSets(request.goal)
        var recent: UInt64 = 0
        let byID = Dictionary(zip(candidates.exercises.map(\.id), candidates.options.map(\.primaryMask)), uniquingKeysWith: { a, _ in a })
        for entry in request.history.suffix(PlannerTable.maxExercisesPerSession) { recent |= byID[entry.exercise] ?? 0 }
        recentMask = recent
    }

    func kind(_ split: Split, _ session: Int) -> SessionKind { split.kinds[session % split.kinds.count] }

    func kindIndex(_ kind: SessionKind) -> Int { SessionKind.all.firstIndex(of: kind)! }

    func seconds(_ picks: [Pick]) -> Int {
        picks.reduce(0) { $0 + options[$1.option].setup + $1.sets * secondsPerSet }
    }

    func fitsTime(_ state: WeekState) -> Bool {
        state.sessions.allSatisfy { seconds($0) <= sessionSeconds }
    }

    /// How close a muscle's weekly sets come to its target, in [0, 1]: half of it is reaching
    /// the minimum at all (a step: the week's first concern is that no muscle stays under it),
    /// the other half grows to the minimum and on to the target (a quarter each), stays 1 for
    /// `plateau` of the way to the ceiling, then falls to a quarter at the ceiling.
    func closeness(_ sets: Double) -> Double {
        let reached = sets >= volume.minimum - 1e-9 ? 1.0 : 0
        var toward = 0.5 * min(1, sets / volume.minimum) + 0.5 * min(1, sets / volume.target)
        let plateau = volume.target + PlannerTable.plateau * (volume.ceiling - volume.target)
        if sets > plateau { toward = max(0, 1 - 0.5 * (sets - plateau) / (volume.ceiling - plateau)) }
        return (reached + toward) / 2
    }

    /// A week's score: the mean closeness of the muscles that carry targets, plus a small share
    /// of the mean pick score (which orders weeks that fill the muscles equally).
    func score(volume: [Double], pickScores: Double, picks: Int) -> Double {
        var sum = 0.0, n = 0.0
        for m in volume.indices where hasTarget[m] {
            sum += closeness(volume[m])
            n += 1
        }
        return (n > 0 ? sum / n : 0) + PlannerTable.pickScoreShare * (picks > 0 ? pickScores / Double(picks) : 0)
    }

    /// What scoring and the checks read of one session of a state, computed once per slot:
    /// the picks' options, primary muscles, patterns and seconds (without the pick at
    /// `skipping`), and the primary muscles of the session before.
    struct SessionView {
        var picked: [Int] = []
        var primaries: UInt64 = 0
        var patterns: [Int] = []
        var seconds = 0
        var before: UInt64 = 0
        /// Each muscle's sets due by the end of this session: its target × the share of the
        /// week's sessions that may train it that have come (so a week spreads its volume).
        var due: [Double] = []
    }

    func view(_ state: WeekState, session: Int, split: Split, skipping: Int? = nil) -> SessionView {
        var v = SessionView()
        v.due = planner.muscles.indices.map { m in
            var so = 0.0, all = 0.0
            for s in 0..<request.days where planner.allows[m][kindIndex(kind(split, s))] {
                all += 1
                if s <= session { so += 1 }
            }
            return all > 0 ? volume.target * so / all : 0
        }
        for (i, pick) in state.sessions[session].enumerated() where i != skipping {
            let o = options[pick.option]
            v.picked.append(pick.option)
            v.primaries |= o.primaryMask
            if o.pattern >= 0 { v.patterns.append(o.pattern) }
            v.seconds += o.setup + pick.sets * secondsPerSet
        }
        v.before = session == 0 ? recentMask : 0
        if session > 0 { for pick in state.sessions[session - 1] { v.before |= options[pick.option].primaryMask } }
        return v
    }

    /// The candidate's score in a session (`view`) of a week with `volume`: the weighted
    /// average of its ten values, Σ wᵢvᵢ / Σ |wᵢ|.
    func score(_ o: Option, volume weekly: [Double], view: SessionView) -> Double {
        var needed = 0.0
        for k in o.credits where hasTarget[creditMuscle[k]] {
            let m = creditMuscle[k]
            needed += creditValue[k] * max(0, view.due[m] - weekly[m]) / volume.target
        }
        let count = Double(o.primaryMask.nonzeroBitCount)
        let overlap = Double((o.primaryMask & view.primaries).nonzeroBitCount) / max(1, count)
        let recent = Double((o.primaryMask & view.before).nonzeroBitCount) / max(1, count)
        let samePattern = o.pattern >= 0 && view.patterns.contains(o.pattern)
        let dynamic = PlannerTable.needed * min(1, needed / PlannerTable.neededCreditForFull) + PlannerTable.newPattern * (samePattern ? 0 : 1)
            + PlannerTable.overlap * overlap + PlannerTable.recentWorkload * recent
        return (o.staticSum + dynamic) / o.weightSum
    }

    /// Whether option `o` (one that fits the session's kind) with `sets` sets may join the
    /// session (`view`) of a week with `volume`: it is not in it, fits its time, trains a target muscle
    /// still under its target (the search aims at the targets: no filler), and takes no muscle
    /// past its ceiling.
    func allowed(_ o: Int, sets: Int, volume weekly: [Double], view: SessionView) -> Bool {
        let option = options[o]
        guard view.seconds + option.setup + sets * secondsPerSet <= sessionSeconds, !view.picked.contains(o) else { return false }
        var needed = false
        for k in option.credits {
            let m = creditMuscle[k]
            if weekly[m] + creditValue[k] * Double(sets) > volume.ceiling + 1e-9 { return false }
            if hasTarget[m] && weekly[m] < volume.target - 1e-9 { needed = true }
        }
        return needed
    }

    /// The beam search for one split: at every slot the `beamWidth` best partial weeks are kept,
    /// each grown by its `beamWidth` best candidates (ties by id); a session ends when nothing fits.
    func search(_ split: Split) -> WeekState? {
        var beam = [WeekState(sessions: request.days, muscles: planner.muscles.count)]
        for session in 0..<request.days {
            for _ in 0..<PlannerTable.maxExercisesPerSession {
                var next: [(state: WeekState, key: String)] = []
                var grew = false
                for state in beam {
                    let top = best(in: state, session: session, split: split)
                    if top.isEmpty { next.append((state, state.key)) }
                    for (o, sets, s) in top {
                        grew = true
                        var grown = state
                        grown.sessions[session].append(Pick(option: o, sets: sets, score: s))
                        add(o, sets: sets, to: &grown.volume)
                        grown.score = weekScore(grown)
                        next.append((grown, grown.key))
                    }
                }
                if !grew { break }
                beam = prune(next)
            }
        }
        return beam.first
    }

    /// The `beamWidth` best candidates to add to `session`, best first (ties by id), each with
    /// its sets: `startingSets`, or fewer (down to `minimumSets`) where the session's time or a
    /// muscle's ceiling leaves room for no more.
    func best(in state: WeekState, session: Int, split: Split) -> [(option: Int, sets: Int, score: Double)] {
        let kind = kind(split, session)
        var top: [(option: Int, sets: Int, score: Double)] = []
        let view = view(state, session: session, split: split)
        for o in byKind[kindIndex(kind)] {
            var sets = startingSets
            while sets >= PlannerTable.minimumSets && !allowed(o, sets: sets, volume: state.volume, view: view) { sets -= 1 }
            guard sets >= PlannerTable.minimumSets else { continue }
            let s = score(options[o], volume: state.volume, view: view)
            guard top.count < PlannerTable.beamWidth || better(s, o, than: (top[top.count - 1].option, top[top.count - 1].score)) else { continue }
            let at = top.firstIndex { better(s, o, than: ($0.option, $0.score)) } ?? top.count
            top.insert((o, sets, s), at: at)
            if top.count > PlannerTable.beamWidth { top.removeLast() }
        }
        return top
    }

    func better(_ s: Double, _ o: Int, than other: (Int, Double)) -> Bool {
        s != other.1 ? s > other.1 : o < other.0
    }

    /// The best `beamWidth` distinct partial weeks (by score, then key).
    func prune(_ states: [(state: WeekState, key: String)]) -> [WeekState] {
        let sorted = states.sorted { $0.state.score != $1.state.score ? $0.state.score > $1.state.score : $0.key < $1.key }
        var out: [WeekState] = [], kept: [String] = []
        for (state, key) in sorted where out.count < PlannerTable.beamWidth && !kept.contains(key) {
            kept.append(key)
            out.append(state)
        }
        return out
    }

    /// Adds `sets` sets of option `o` to weekly sets (negative `sets` take them away).
    func add(_ o: Int, sets: Int, to volume: inout [Double]) {
        for k in options[o].credits { volume[creditMuscle[k]] += creditValue[k] * Double(sets) }
    }

    func weekScore(_ state: WeekState) -> Double {
        var sum = 0.0, n = 0
        for session in state.sessions {
            for pick in session {
                sum += pick.score
                n += 1
            }
        }
        return score(volume: state.volume, pickScores: sum, picks: n)
    }
}
