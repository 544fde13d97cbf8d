import CatalogModel

/// Who a week is planned for: equipment, goal, level, days, minutes per session, and optionally
/// what they trained before and what they like.
public struct PlanRequest: Sendable, Equatable {
    /// The profile's name when it is one of the build's (`full-gym`), nil for a list of items.
    public var profile: String?
    /// Equipment ids; `*` stands for every item of the build's vocabulary.
    public var equipment: [String]
    public var goal: Goal
    public var level: String
    public var days: Int
    public var minutes: Int
    /// Earlier sessions, oldest first (continuity, recent workload and loads read them).
    public var history: [HistoryEntry]
    /// Record ids the user likes (preference 1) and dislikes (preference 0).
    public var preferred: [String]
    public var avoided: [String]

    public init(profile: String? = nil, equipment: [String], goal: Goal, level: String, days: Int, minutes: Int,
                history: [HistoryEntry] = [], preferred: [String] = [], avoided: [String] = []) {
        self.profile = profile
        self.equipment = equipment
        self.goal = goal
        self.level = level
        self.days = days
        self.minutes = minutes
        self.history = history
        self.preferred = preferred
        self.avoided = avoided
    }

    /// Checks the numbers a week can be planned with: 1–7 days, 15–240 minutes.
    public func validate() throws(CatalogError) {
        guard (1...7).contains(days) else { throw CatalogError(.usage, "--days takes 1 to 7, not \(days)") }
        guard (15...240).contains(minutes) else { throw CatalogError(.usage, "--minutes takes 15 to 240, not \(minutes)") }
    }

    /// `profile / goal / level`, as the diff and the gate name a standard week.
    public var label: String { "\(profile ?? equipment.joined(separator: ",")) / \(goal.rawValue) / \(level)" }
}

/// One exercise of an earlier session: its load and the reps of each set.
public struct HistoryEntry: Sendable, Equatable {
    public var exercise: String
    public var kg: Double
    public var reps: [Int]
    /// The rep range it was done in (a plan's `reps`).
    public var range: ClosedRange<Int>

    public init(exercise: String, kg: Double, reps: [Int], range: ClosedRange<Int>) {
        self.exercise = exercise
        self.kg = kg
        self.reps = reps
        self.range = range
    }
}
