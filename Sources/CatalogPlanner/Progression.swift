import CatalogModel

/// Double progression with the build's load steps: reps climb within the range; when every set
/// reaches the top, the load goes up a step if that step is at most 10%. Where the next load is
/// further, the range first grows by two reps at a time, up to four; the jump comes after two
/// sessions at the grown top, and only if it is 35% or less. Two sessions mostly under the range
/// bring the load down a step.
public struct Progression: Sendable {
    public let vocabulary: Vocabulary
    public let equipment: String
    /// The goal's rep range (what a grown range returns to after a jump).
    public let base: ClosedRange<Int>

    public static let smallJump = 0.10
    public static let largestJump = 0.35
    public static let maxExtraReps = 4
    public static let extraRepsPerStep = 2

    public init(vocabulary: Vocabulary, equipment: String, base: ClosedRange<Int>) {
        self.vocabulary = vocabulary
        self.equipment = equipment
        self.base = base
    }

    /// The next session's load and rep range after `sessions` (this exercise's, oldest first).
    public func next(after sessions: [HistoryEntry]) -> (kg: Double, reps: ClosedRange<Int>) {
        guard let last = sessions.last else { return (0, base) }
        let kg = last.kg, range = last.range
        let recent = sessions.suffix(2)
        if recent.count == 2, recent.allSatisfy({ $0.kg == kg && mostlyUnder($0) }), let down = previousLoad(before: kg) {
            return (down, base)
        }
        guard !last.reps.isEmpty, last.reps.allSatisfy({ $0 >= range.upperBound }), let up = vocabulary.nextLoad(after: kg, equipment: equipment) else {
            return (kg, range)
        }
        let jump = kg > 0 ? (up - kg) / kg : 0
        if jump <= Self.smallJump { return (up, base) }
        let extra = range.upperBound - base.upperBound
        if extra < Self.maxExtraReps {
            return (kg, range.lowerBound...(range.upperBound + min(Self.extraRepsPerStep, Self.maxExtraReps - extra)))
        }
        let atTop = recent.count == 2 && recent.allSatisfy { $0.kg == kg && $0.range == range && $0.reps.allSatisfy { $0 >= range.upperBound } }
        return atTop && jump <= Self.largestJump ? (up, base) : (kg, range)
    }

    /// More than half the sets under the range's bottom.
    func mostlyUnder(_ entry: HistoryEntry) -> Bool {
        entry.reps.filter { $0 < entry.range.lowerBound }.count * 2 > entry.reps.count
    }

    /// The load a step below `kg` (nil at the bottom or for an item without load steps).
    func previousLoad(before kg: Double) -> Double? {
        switch vocabulary.equipmentItem(equipment)?.loadSteps {
        case .step(let step)?: return kg - step >= step - 1e-9 ? ((kg - step) * 1e6).rounded() / 1e6 : nil
        case .loads(let loads)?: return loads.last { $0 < kg - 1e-9 }
        case nil: return nil
        }
    }
}
