import CatalogJSON
import CatalogModel
import CatalogReader

/// A planned week: its split, its sessions, each target muscle's weekly sets, and the reasons a
/// muscle falls short.
public struct WeekPlan: Sendable {
    public struct PlannedExercise: Sendable, Equatable {
        public var id: String
        public var name: String
        public var sets: Int
        public var reps: ClosedRange<Int>
        public var load: Load?
        public var primaryMuscles: [String]
    }

    /// The load to use: the item whose load steps apply, its load in kg and the next load up.
    public struct Load: Sendable, Equatable {
        public var equipment: String
        public var kg: Double
        public var next: Double?
    }

    public struct Session: Sendable, Equatable {
        public var kind: SessionKind
        public var minutes: Int
        public var exercises: [PlannedExercise]
    }

    public struct MuscleSets: Sendable, Equatable {
        public var muscle: String
        public var sets: Double
        public var volume: Volume
    }

    /// `VOLUME_BELOW_TARGET`: a muscle whose weekly sets do not reach its minimum.
    public struct Reason: Sendable, Equatable {
        public var code: String
        public var muscle: String
        public var sets: Double
        public var minimum: Double
        public var target: Double
    }

    public var request: PlanRequest
    public var split: String
    public var sessions: [Session]
    public var muscles: [MuscleSets]
    public var reasons: [Reason]
    public var score: Double

    /// Every exercise id of the week, once each, in id order.
    public var exerciseIDs: [String] { Array(Set(sessions.flatMap { $0.exercises.map(\.id) })).sorted() }

    /// The weekly sets of `muscle` (nil for a muscle without a target).
    public func sets(of muscle: String) -> Double? { muscles.first { $0.muscle == muscle }?.sets }
}

extension SearchContext {
    /// The plan a search state describes.
    func week(_ state: WeekState, split: Split) -> WeekPlan {
        let range = PlannerTable.repRange(request.goal)
        var sessions: [WeekPlan.Session] = []
        for (i, picks) in state.sessions.enumerated() {
            let planned = picks.map { pick in
                let e = exercises[pick.option]
                let prescribed = prescription(e, range: range)
                return WeekPlan.PlannedExercise(id: e.id, name: e.name, sets: pick.sets, reps: prescribed.reps, load: prescribed.load,
                                                primaryMuscles: e.primaryMuscles)
            }
            let seconds = seconds(picks) + (picks.isEmpty ? 0 : PlannerTable.warmUpSeconds)
            sessions.append(WeekPlan.Session(kind: kind(split, i), minutes: (seconds + 59) / 60, exercises: planned))
        }
        var muscles: [WeekPlan.MuscleSets] = [], reasons: [WeekPlan.Reason] = []
        for (m, muscle) in planner.muscles.enumerated() where planner.hasTarget[m] {
            let sets = (state.volume[m] * 2).rounded() / 2
            muscles.append(WeekPlan.MuscleSets(muscle: muscle, sets: sets, volume: volume))
            if sets < volume.minimum {
                reasons.append(WeekPlan.Reason(code: "VOLUME_BELOW_TARGET", muscle: muscle, sets: sets, minimum: volume.minimum, target: volume.target))
            }
        }
        return WeekPlan(request: request, split: split.name, sessions: sessions, muscles: muscles, reasons: reasons,
                        score: (state.score * 1000).rounded() / 1000)
    }

    /// The exercise's reps and load: the load of the first of its items with load steps. With
    /// no history, the goal's rep range and the first load step; else double progression from
    /// its last sessions (`Progression`).
    func prescription(_ e: Exercise, range: ClosedRange<Int>) -> (reps: ClosedRange<Int>, load: WeekPlan.Load?) {
        guard let item = (e.equipment ?? []).first(where: { planner.vocabulary.equipmentItem($0)?.loadSteps != nil }),
              let steps = planner.vocabulary.equipmentItem(item)?.loadSteps else { return (range, nil) }
        var next: (kg: Double, reps: ClosedRange<Int>)
        switch steps {
        case .step(let kg): next = (kg, range)
        case .loads(let kgs): next = (kgs[0], range)
        }
        let done = request.history.filter { $0.exercise == e.id }
        if !done.isEmpty { next = Progression(vocabulary: planner.vocabulary, equipment: item, base: range).next(after: done) }
        return (next.reps, WeekPlan.Load(equipment: item, kg: next.kg, next: planner.vocabulary.nextLoad(after: next.kg, equipment: item)))
    }
}
