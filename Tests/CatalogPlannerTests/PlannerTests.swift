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
