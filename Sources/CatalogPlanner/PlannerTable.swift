/// The planner's one table: every number and rule the reference planner uses, in one place
/// (docs/PLANNER.md explains each and the score's formula). Nothing here is read from a hashed
/// collection: lists keep their order, so a plan is the same in any process.
public enum PlannerTable {
    // MARK: Weights of the ten values (each value is in [0, 1])

    /// How much set credit the candidate brings to muscles still short of their target:
    /// min(1, Σ credit × (target − weekly sets)⁺ / target ÷ `neededCreditForFull`).
    public static let needed = 5.0
    /// The needed credit per set that counts in full: two sets' worth (a compound lift's
    /// primary and two secondaries on muscles that need them all).
    public static let neededCreditForFull = 2.0
    /// The candidate was in the user's history (no history: 0.5 for every candidate).
    public static let continuity = 0.8
    /// The user prefers it (1), avoids it (0), or neither (0.5).
    public static let preference = 0.5
    /// How well its complexity suits the user's level (complex movements lower for less experienced lifters).
    public static let skillFit = 0.7
    /// Its movement pattern is new to the session (1) or there already (0).
    public static let newPattern = 0.7
    /// The review's confidence (none stated: 0.5).
    public static let confidence = 0.4
    /// The share of its primary muscles that an exercise already in the session trains as primary.
    public static let overlap = -1.5
    /// The share of its primary muscles trained as primary the session before (or in recent history).
    public static let recentWorkload = -0.5
    /// Its setup time against the session's length: min(1, 10 × setup seconds / session seconds).
    public static let setupTime = -0.5

    /// Fit to the goal: (weight, value) by goal and the lift's class. The weight runs 0.2–2:
    /// heavy compound lifts count most for strength, isolation least.
    public static func fitToGoal(_ goal: Goal, _ kind: LiftClass) -> (weight: Double, value: Double) {
        switch (goal, kind) {
        case (.strength, .heavyCompound): return (2.0, 1.0)
        case (.strength, .compound): return (1.0, 0.7)
        case (.strength, .isolation): return (0.2, 0.3)
        case (.muscle, .heavyCompound): return (1.0, 1.0)
        case (.muscle, .compound): return (1.0, 0.9)
        case (.muscle, .isolation): return (0.8, 0.8)
        case (.general, .heavyCompound): return (0.8, 0.8)
        case (.general, .compound): return (1.0, 1.0)
        case (.general, .isolation): return (0.6, 0.6)
        }
    }

    /// Equipment whose load makes a compound lift heavy (strength's best fit).
    public static let heavyEquipment = ["barbell", "trap-bar", "smith-machine", "leg-press-machine", "dumbbell", "kettlebell", "weight-machine", "cable-station"]

    // MARK: Weekly sets per muscle

    /// Weekly sets (minimum, target, ceiling) by goal. A beginner's target stops at
    /// `beginnerTargetCap` (and the minimum with it when it would be higher).
    public static func volume(_ goal: Goal) -> Volume {
        switch goal {
        case .muscle: return Volume(minimum: 6, target: 10, ceiling: 18)
        case .strength: return Volume(minimum: 4, target: 6, ceiling: 12)
        // Not published: two sessions of two sets a week is the floor of the usual public-health
        // advice (every major group on two or more days), eight sets its comfortable middle,
        // twelve a ceiling that leaves time and recovery for the rest of a general week.
        case .general: return Volume(minimum: 4, target: 8, ceiling: 12)
        }
    }
    public static let beginnerTargetCap = 6.0

    /// The planner muscles that carry targets (16 of the 20 of the vocabulary). Left out, with
    /// why: `leftOut`.
    public static let targetMuscles = ["pectorals", "lats", "upper-back", "traps", "lower-back", "front-delts", "side-delts", "rear-delts",
                                       "biceps", "triceps", "abs", "obliques", "glutes", "quads", "hamstrings", "calves"]
    public static let leftOut: [(muscle: String, why: String)] = [
        ("forearms", "every pull, row and carry loads the grip; direct forearm sets are optional and would crowd out a major muscle"),
        ("hip-flexors", "trained by leg raises, knee raises and sprinting as a side effect; no weekly-set guideline exists for them"),
        ("abductors", "loaded by squats, lunges and single-leg work; a target would fill short sessions with band walks"),
        ("adductors", "loaded by squats, lunges and deadlifts; a target would fill short sessions with machine adduction"),
    ]

    // MARK: Sets, reps, time

    /// Sets an exercise starts with, before set removal; fewer (never below `minimumSets`)
    /// where the session's time or a muscle's ceiling leaves room for no more.
    public static func startingSets(_ goal: Goal) -> Int { goal == .strength ? 4 : 3 }
    public static let minimumSets = 2
    /// Rep range by goal (double progression climbs within it).
    public static func repRange(_ goal: Goal) -> ClosedRange<Int> {
        switch goal {
        case .muscle: return 8...12
        case .strength: return 4...6
        case .general: return 10...15
        }
    }
    /// Seconds per set: work plus rest, by goal.
    public static func secondsPerSet(_ goal: Goal) -> Int {
        switch goal {
        case .muscle: return 40 + 90
        case .strength: return 30 + 150
        case .general: return 40 + 60
        }
    }
    /// Warm-up time taken off every session.
    public static let warmUpSeconds = 300
    /// Setup seconds assumed for a record without any.
    public static let defaultSetupSeconds = 30
    public static let maxExercisesPerSession = 8

    // MARK: Search

    /// Partial weeks kept at every slot, and candidates tried from each.
    public static let beamWidth = 3
    /// Passes of swaps and set removal after the search.
    public static let improvementPasses = 2
    /// A week's score: mean closeness of the target muscles, plus this share of the mean pick score.
    public static let pickScoreShare = 0.2
    /// Above the target, a muscle's closeness stays 1 for this share of the way to the ceiling,
    /// then falls to ½ at the ceiling.
    public static let plateau = 0.25

    // MARK: Splits

    /// The splits and the days each allows; sessions cycle through `kinds`.
    public static let splits: [Split] = [
        Split(name: "full-body", kinds: [.full], days: 1...7),
        Split(name: "upper-lower", kinds: [.upper, .lower], days: 2...7),
        Split(name: "push-pull-legs", kinds: [.push, .pull, .legs], days: 3...7),
    ]

    /// The muscles a session of each kind may train as primary (core work fits every session).
    public static func muscles(of kind: SessionKind) -> [String] {
        let core = ["abs", "obliques"]
        let push = ["pectorals", "front-delts", "side-delts", "triceps"]
        let pull = ["lats", "upper-back", "traps", "rear-delts", "biceps", "forearms"]
        let legs = ["glutes", "abductors", "hip-flexors", "quads", "hamstrings", "adductors", "calves", "lower-back"]
        switch kind {
        case .full: return push + pull + legs + core
        case .upper: return push + pull + core
        case .lower: return legs + core
        case .push: return push + core
        case .pull: return pull + ["lower-back"] + core
        case .legs: return legs + core
        }
    }

    /// The standard week the plan diff and the plan gate plan for every profile, goal and
    /// level: three sessions of 45 minutes (the most common request, and the example),
    /// one shape for all so that two standard weeks differ only by profile, goal and level.
    public static func standardWeek(level: String) -> (days: Int, minutes: Int) { (3, 45) }
}

public enum Goal: String, Sendable, CaseIterable {
    case muscle, strength, general
}

public enum LiftClass: Sendable {
    case heavyCompound, compound, isolation
}

public struct Volume: Sendable, Equatable {
    public var minimum: Double
    public var target: Double
    public var ceiling: Double

    public init(minimum: Double, target: Double, ceiling: Double) {
        self.minimum = minimum
        self.target = target
        self.ceiling = ceiling
    }
}

public enum SessionKind: String, Sendable {
    case full, upper, lower, push, pull, legs

    /// Every kind, in the order `Option.kinds` numbers them.
    public static let all: [SessionKind] = [.full, .upper, .lower, .push, .pull, .legs]
}

public struct Split: Sendable {
    public var name: String
    public var kinds: [SessionKind]
    public var days: ClosedRange<Int>
}
