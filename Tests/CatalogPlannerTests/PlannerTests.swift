import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogReader
import Testing
import TestSupport

/// The reference planner on the committed fixture build (24 records of the sample catalog).
@Suite struct PlannerTests {
    static func fixture() throws -> PublishedCatalog { try PublishedCatalog.load(directory: TestPaths.fixtureBuild) }

    @Test func aWeekForAFullGymKeepsTimeCeilingAndReasons() throws {
        let planner = try Planner(try Self.fixture())
        let request = PlanRequest(profile: "full-gym", equipment: ["*"], goal: .muscle, level: "intermediate", days: 3, minutes: 45)
        let week = try planner.plan(request)
        #expect(week.sessions.count == 3)
        #expect(week.sessions.allSatisfy { $0.minutes <= 45 }, "\(week.sessions.map(\.minutes))")
        #expect(week.muscles.count == PlannerTable.targetMuscles.count)
        for m in week.muscles {
            #expect(m.sets <= m.volume.ceiling)
            #expect(week.reasons.contains { $0.muscle == m.muscle } == (m.sets < m.volume.minimum), "\(m.muscle)")
        }
        #expect(week.reasons.allSatisfy { $0.code == "VOLUME_BELOW_TARGET" })
        // With no history: the goal's rep range and the first load step.
        for e in week.sessions.flatMap(\.exercises) {
            #expect(e.reps == 8...12)
        }
        // Same request, same bytes.
        #expect(JSONWriter.string(week.json) == JSONWriter.string(try planner.plan(request).json))
    }

    @Test func targetsAndTheTableAgree() {
        #expect(PlannerTable.targetMuscles.count >= 16)
        #expect(PlannerTable.targetMuscles.count + PlannerTable.leftOut.count == 20)
        #expect(Planner.volume(.muscle, level: "intermediate") == Volume(minimum: 6, target: 10, ceiling: 18))
        #expect(Planner.volume(.strength, level: "advanced") == Volume(minimum: 4, target: 6, ceiling: 12))
        #expect(Planner.volume(.muscle, level: "beginner").target == 6)
    }
}

/// Double progression with the build's load steps (the fixture's vocabulary: dumbbells by 2 kg,
/// kettlebells 4, 6, 8, 10, 12, 16, 20 … kg, bands 5, 10, 15, 25, 35 kg).
@Suite struct ProgressionTests {
    static func vocabulary() throws -> Vocabulary { try #require(try PlannerTests.fixture().vocabulary?.vocabulary) }

    func entry(_ kg: Double, _ reps: [Int], _ range: ClosedRange<Int> = 8...12, _ id: String = "x") -> HistoryEntry {
        HistoryEntry(exercise: id, kg: kg, reps: reps, range: range)
    }

    @Test func aSmallStepComesAsSoonAsEverySetReachesTheTop() throws {
        let p = Progression(vocabulary: try Self.vocabulary(), equipment: "dumbbell", base: 8...12)
        #expect(p.next(after: [entry(20, [12, 12, 12])]) == (22, 8...12))   // 10%: up
        #expect(p.next(after: [entry(20, [12, 11, 12])]) == (20, 8...12))   // not every set: stay
    }

    @Test func aLargeStepWaitsForAGrownRangeAndTwoSessionsAtItsTop() throws {
        let p = Progression(vocabulary: try Self.vocabulary(), equipment: "kettlebell", base: 8...12)
        // 12 → 16 kg is 33%: the range grows 2 reps at a time, up to 4.
        #expect(p.next(after: [entry(12, [12, 12, 12])]) == (12, 8...14))
        #expect(p.next(after: [entry(12, [14, 14, 14], 8...14)]) == (12, 8...16))
        // One session at the grown top is not enough; two are, and 33% ≤ 35%.
        #expect(p.next(after: [entry(12, [15, 16, 16], 8...16), entry(12, [16, 16, 16], 8...16)]) == (12, 8...16))
        #expect(p.next(after: [entry(12, [16, 16, 16], 8...16), entry(12, [16, 16, 16], 8...16)]) == (16, 8...12))
    }

    @Test func aJumpOverAThirdNeverComesAndTwoSessionsUnderTheRangeStepDown() throws {
        let bands = Progression(vocabulary: try Self.vocabulary(), equipment: "resistance-band", base: 8...12)
        // 5 → 10 kg is 100%: the grown range holds.
        #expect(bands.next(after: [entry(5, [16, 16, 16], 8...16), entry(5, [16, 16, 16], 8...16)]) == (5, 8...16))
        let bells = Progression(vocabulary: try Self.vocabulary(), equipment: "kettlebell", base: 8...12)
        #expect(bells.next(after: [entry(16, [6, 7, 9]), entry(16, [5, 6, 8])]) == (12, 8...12))
        #expect(bells.next(after: [entry(16, [6, 9, 9]), entry(16, [5, 6, 8])]) == (16, 8...12))   // the first was not mostly under
    }
}
