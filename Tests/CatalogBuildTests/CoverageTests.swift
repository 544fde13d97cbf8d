import CatalogBuild
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import Testing

/// Coverage counts the cleared candidates a kind of user can do, per level and planner muscle.
@Suite struct CoverageTests {
    let vocabulary = try! Vocabulary.load(DefaultVocabulary.documents, directory: "defaults")

    func exercise(_ id: String, equipment: [String]?, level: String?, primary: [String], secondary: [String] = [], autoPlan: Bool = true) -> Exercise {
        Exercise(id: "exercisedb:" + id, source: "exercisedb", upstreamID: id, name: id, movementPattern: "squat", equipment: equipment,
                 primaryMuscles: primary, secondaryMuscles: secondary, level: level, setupSeconds: 0, setCredit: [:],
                 autoPlan: autoPlan, reasons: [], license: nil, attribution: nil)
    }

    func cell(_ c: Coverage, _ profile: String, _ level: String, _ muscle: String) -> Coverage.Cell? {
        c.cells.first { $0.profile == profile && $0.level == level && $0.muscle == muscle }
    }

    @Test func countsWhatEachProfileAndLevelCanDo() throws {
        var c = try Coverage(profiles: EquipmentProfile.defaults, vocabulary: vocabulary)
        c.add(exercise("goblet", equipment: ["dumbbell"], level: "beginner", primary: ["quads", "glutes"], secondary: ["hamstrings", "quads"]))
        c.add(exercise("barbell", equipment: ["barbell", "squat-rack"], level: "intermediate", primary: ["quads"]))
        c.add(exercise("incline", equipment: ["dumbbell", "bench"], level: "beginner", primary: ["chest"]))
        c.add(exercise("blocked", equipment: [], level: "beginner", primary: ["quads"], autoPlan: false))
        #expect(cell(c, "full-gym", "beginner", "quads")?.primary == 1)
        #expect(cell(c, "full-gym", "intermediate", "quads")?.primary == 2)
        #expect(cell(c, "full-gym", "advanced", "quads")?.primary == 2)
        // A barbell squat is not a dumbbell user's; a muscle that is primary is not also secondary.
        #expect(cell(c, "dumbbells-bench", "advanced", "quads")?.primary == 1)
        #expect(cell(c, "dumbbells-bench", "beginner", "hamstrings")?.secondary == 1)
        #expect(cell(c, "dumbbells-bench", "beginner", "quads")?.secondary == 0)
        // A group counts through its planner muscles; the profile's incline bench serves a bench.
        let chest = vocabulary.plannerMuscles(of: "chest")
        #expect(!chest.isEmpty)
        for muscle in chest { #expect(cell(c, "dumbbells-bench", "beginner", muscle)?.primary == 1, "\(muscle)") }
        #expect(cell(c, "bodyweight", "advanced", "quads")?.primary == 0)
        #expect(c.profiles == ["full-gym", "dumbbells-bench", "kettlebells", "bodyweight", "bands"])
        #expect(c.cells.count == 5 * 3 * vocabulary.plannerMuscles.count)
    }

    @Test func gapsAndDropsAgainstThePreviousBuild() throws {
        var before = try Coverage(profiles: EquipmentProfile.defaults, vocabulary: vocabulary)
        var after = before
        for id in ["a", "b"] { before.add(exercise(id, equipment: ["kettlebell"], level: "beginner", primary: ["hamstrings"])) }
        after.add(exercise("a", equipment: ["kettlebell"], level: "beginner", primary: ["hamstrings"]))
        #expect(cell(before, "kettlebells", "beginner", "hamstrings")?.primary == 2)
        let drops = after.changes(from: before, min: 2).lost
        #expect(Set(drops.map { "\($0.after.profile)/\($0.after.level)" }) == Set(["full-gym", "kettlebells"].flatMap { p in ["beginner", "intermediate", "advanced"].map { "\(p)/\($0)" } }))
        #expect(drops.allSatisfy { $0.after.muscle == "hamstrings" && $0.before.primary == 2 && $0.after.primary == 1 })
        #expect(after.changes(from: before, min: 2).gained.isEmpty)
        #expect(before.changes(from: after, min: 2).gained.count == drops.count)
        #expect(after.gaps(min: 2).contains { $0.profile == "kettlebells" && $0.muscle == "hamstrings" })
        let json = after.json(min: 2).objectValue
        #expect(json?["profiles"]?.arrayValue?.count == 15)
        #expect(json?["gaps"]?.arrayValue?.first?.objectValue?.keys == ["profile", "level", "muscle", "candidates", "min"])
    }

    /// A cleared record whose equipment or level is unset (a build export never makes) counts
    /// nowhere, as the planner's `candidates` never offers it.
    @Test func aRecordWithoutEquipmentOrLevelIsNobodysCandidateAsThePlannerReadsIt() throws {
        var c = try Coverage(profiles: EquipmentProfile.defaults, vocabulary: vocabulary)
        c.add(exercise("no-equipment", equipment: nil, level: "beginner", primary: ["quads"]))
        c.add(exercise("no-level", equipment: [], level: nil, primary: ["quads"]))
        #expect(c.cells.allSatisfy { $0.primary == 0 && $0.secondary == 0 })
    }

    @Test func aProfileNamingUnknownEquipmentIsAnError() {
        #expect { try Coverage(profiles: [EquipmentProfile(name: "home", equipment: ["dumbell"])], vocabulary: vocabulary) } throws: { error in
            (error as? CatalogError)?.kind == .dataError && (error as? CatalogError)?.location.field == "profiles.home[0]"
        }
    }
}
