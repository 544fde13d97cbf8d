import CatalogJSON
import CatalogModel
@testable import CatalogReader
import Foundation
import Testing
import TestSupport

/// The reader as a planner uses it, on the committed fixture build (`make fixture`): the sample
/// catalog's first build, verified as it loads.
@Suite struct FixtureReaderTests {
    static func fixture() throws -> PublishedCatalog { try PublishedCatalog.load(directory: TestPaths.fixtureBuild) }

    func ids(_ exercises: [Exercise]) -> [String] { exercises.map(\.upstreamID) }

    @Test func theFixtureVerifiesAndCarriesItsVocabularies() throws {
        let (summary, problems) = PublishedCatalog.inspect(directory: TestPaths.fixtureBuild)
        #expect(problems.isEmpty, "\(problems)")
        #expect(summary?.manifest.schemaVersion == BuildFormat.schemaVersion && summary?.records == 24)
        let catalog = try Self.fixture()
        let vocabulary = try #require(catalog.vocabulary)
        #expect(vocabulary.vocabulary.levels == ["beginner", "intermediate", "advanced"])
        #expect(vocabulary.vocabulary.joints.map(\.id).contains("knee"))
        #expect(vocabulary.vocabulary.muscle("quads")?.planner == true && vocabulary.vocabulary.muscle("quads")?.group == "thighs")
        #expect(vocabulary.vocabulary.equipmentItem("incline-bench")?.kindOf == ["bench"])
        #expect(vocabulary.mechanics == ["compound", "isolation"] && vocabulary.lateralities == ["bilateral", "unilateral", "alternating"])
        let squat = try #require(catalog.exercises.first { $0.upstreamID == "s001" })
        #expect(squat.confidence == 0.9 && squat.mechanic == "compound" && squat.jointStress == ["knee", "hip", "lower-back"] && squat.laterality == "bilateral")
        let row = try #require(catalog.exercises.first { $0.upstreamID == "s015" })
        #expect(row.variantOf == "exercisedb:s006" && !row.autoPlan && row.reasonCodes.contains(.variant))
        #expect(catalog.exercises.first { $0.upstreamID == "s006" }?.variants == ["exercisedb:s015"])
    }

    @Test func aBodyWeightBeginnerAvoidingTheKneeGetsOnlyRecordsThatSpareIt() throws {
        let catalog = try Self.fixture()
        let all = catalog.candidates(equipment: [], level: "beginner")
        #expect(ids(all) == ["s004", "s008", "s024"])
        let spared = catalog.candidates(equipment: [], level: "beginner", avoiding: ["knee"])
        #expect(!spared.isEmpty)
        for e in spared {
            let joints = try #require(e.jointStress, "\(e.id) has no joint stress set and was returned")
            #expect(!joints.contains("knee"), "\(e.id) stresses the knee")
            #expect(e.autoPlan && e.equipment == [] && e.level == "beginner")
        }
        // The plank's joint stress is unset: nobody said it spares the knee.
        #expect(ids(spared) == ["s004", "s024"])
        // A knee-heavy beginner record exists and is left out: the goblet squat.
        #expect(ids(catalog.candidates(equipment: ["dumbbell"], level: "beginner")).contains("s014"))
        #expect(!ids(catalog.candidates(equipment: ["dumbbell"], level: "beginner", avoiding: ["knee"])).contains("s014"))
    }

    @Test func equipmentKindsLevelsUpToTheUsersAndSetupTime() throws {
        let catalog = try Self.fixture()
        // An incline bench serves where a bench is needed (kindOf).
        #expect(ids(catalog.candidates(equipment: ["barbell", "incline-bench"], level: "intermediate")).contains("s003"))
        #expect(!ids(catalog.candidates(equipment: ["barbell"], level: "intermediate")).contains("s003"))
        // Up to the user's level: intermediate records are not a beginner's.
        let beginner = catalog.candidates(equipment: ["barbell", "bench"], level: "beginner")
        #expect(beginner.allSatisfy { $0.level == "beginner" })
        #expect(ids(catalog.candidates(equipment: ["barbell", "bench"], level: "advanced")).contains("s003"))
        #expect(catalog.candidates(equipment: [], level: "expert").isEmpty)
        let quick = catalog.candidates(equipment: ["barbell", "bench", "dumbbell"], level: "advanced", maxSetupSeconds: 30)
        #expect(!quick.isEmpty && quick.allSatisfy { ($0.setupSeconds ?? .max) <= 30 })
        #expect(!ids(quick).contains("s001"))
    }

    @Test func nextLoadFollowsTheLoadStepsOfTheBuild() throws {
        let catalog = try Self.fixture()
        // The issue's case: kettlebells jump from 12 to 16 kg.
        #expect(catalog.nextLoad(after: 12, equipment: "kettlebell") == 16)
        #expect(catalog.nextLoad(after: 13, equipment: "kettlebell") == 16)
        #expect(catalog.nextLoad(after: 48, equipment: "kettlebell") == nil)
        #expect(catalog.nextLoad(after: 60, equipment: "barbell") == 62.5)
        #expect(catalog.nextLoad(after: 61, equipment: "barbell") == 62.5)
        #expect(catalog.nextLoad(after: 10, equipment: "dumbbell") == 12)
        #expect(catalog.nextLoad(after: 15, equipment: "resistance-band") == 25)
        #expect(catalog.nextLoad(after: 20, equipment: "bench") == nil)
        #expect(catalog.nextLoad(after: 20, equipment: "no-such-item") == nil)
    }

    @Test func collapseVariantsKeepsOneMemberPerPlannerIdentity() throws {
        let fixture = try Self.fixture()
        func exercise(_ id: String, of base: String? = nil, autoPlan: Bool = true) -> Exercise {
            Exercise(id: "s:" + id, source: "s", upstreamID: id, name: id, movementPattern: "squat", equipment: [], primaryMuscles: ["quads"],
                     secondaryMuscles: [], level: "beginner", setupSeconds: 10, setCredit: ["quads": 1], autoPlan: autoPlan,
                     reasons: autoPlan ? [] : [(.variant, ["of": .string("s:" + (base ?? ""))])], license: nil, attribution: nil,
                     jointStress: [], variantOf: base.map { "s:" + $0 }, variants: base == nil ? ["s:b", "s:c"] : [])
        }
        // b is a copy held back as the format wants; c a copy a careless build cleared beside its base.
        let catalog = PublishedCatalog(manifest: fixture.manifest, manifestSha256: fixture.manifestSha256, exercises: [exercise("a"), exercise("b", of: "a", autoPlan: false), exercise("c", of: "a")],
                                       vocabulary: fixture.vocabulary)
        #expect(ids(catalog.candidates(equipment: [], level: "beginner")) == ["a"])
        #expect(ids(catalog.candidates(equipment: [], level: "beginner", collapseVariants: false)) == ["a", "b", "c"])
        // In the fixture the one copy (s015, of s006) has no level: it stays out either way.
        let cable = fixture.candidates(equipment: ["cable-station"], level: "advanced", collapseVariants: false).filter { $0.equipment == ["cable-station"] }
        #expect(ids(cable) == ["s016", "s021"])
    }
}

/// `loadStepKg` in equipment.json: a step, or the loads there are; anything else is refused
/// naming the file and field.
@Suite struct LoadStepTests {
    func load(_ item: String) throws(CatalogError) -> Vocabulary {
        try Vocabulary.load(["equipment.json": Array(#"{"items": [\#(item)]}"#.utf8)], directory: "vocab")
    }

    @Test func stepsAndListsRead() throws {
        let v = try load(#"{"id": "kb", "definition": "d", "loadStepKg": [8, 12, 16]}, {"id": "bar", "definition": "d", "loadStepKg": 2.5}, {"id": "box", "definition": "d"}"#)
        #expect(v.equipmentItem("kb")?.loadSteps == .loads([8, 12, 16]))
        #expect(v.equipmentItem("bar")?.loadSteps == .step(2.5))
        #expect(v.equipmentItem("box")?.loadSteps == nil)
        #expect(v.nextLoad(after: 12, equipment: "kb") == 16 && v.nextLoad(after: 0, equipment: "kb") == 8)
        #expect(v.nextLoad(after: 0.1 + 0.2, equipment: "bar") == 2.5 && v.nextLoad(after: 2.5, equipment: "bar") == 5)
    }

    @Test(arguments: [
        (#""loadStepKg": -1"#, "loadStepKg", "above 0"),
        (#""loadStepKg": 0"#, "loadStepKg", "above 0"),
        (#""loadStepKg": 250"#, "loadStepKg", "more than 100 kg"),
        (#""loadStepKg": "heavy""#, "loadStepKg", "found \"heavy\""),
        (#""loadStepKg": []"#, "loadStepKg", "at least one load"),
        (#""loadStepKg": [4, 8, 8]"#, "loadStepKg[2]", "loads must rise"),
        (#""loadStepKg": [4, "x"]"#, "loadStepKg[1]", "expected a load"),
    ])
    func badLoadStepsAreRefusedNamingTheField(json: String, field: String, message: String) {
        #expect {
            _ = try load(#"{"id": "kb", "definition": "d", \#(json)}"#)
        } throws: { error in
            guard let error = error as? CatalogError else { return false }
            return error.location.file == "vocab/equipment.json" && error.location.field == "items[0].\(field)" && error.message.contains(message)
        }
    }

    @Test func theProjectsVocabularyHasTheStandardKettlebells() throws {
        let folder = TestPaths.packageRoot + "/catalog/vocab"
        let documents = Dictionary(uniqueKeysWithValues: try Vocabulary.files.map { ($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))) })
        let v = try Vocabulary.load(documents, directory: folder)
        #expect(v.equipmentItem("kettlebell")?.loadSteps == .loads([4, 6, 8, 10, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]))
        for id in ["barbell", "dumbbell", "cable-station", "weight-machine", "resistance-band"] { #expect(v.equipmentItem(id)?.loadSteps != nil, "\(id)") }
    }
}
