import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// Issue 37, item 7: fields a release adds. ExerciseDB's 2026 releases carry a difficulty, a
/// category and a description beside the fields the catalog fingerprints; the adapter keeps them
/// verbatim and `suggest` reads them as evidence, each at a measured confidence (eval/eval.py
/// measures the member's own level and category with free-exercise-db as the member source).
@Suite struct ReleaseFieldsTests {
    /// A small release of ExerciseDB's shape with the three new fields, written for this test.
    static let release = #"""
        [
          {"id": "9001", "name": "barbell snatch balance", "bodyPart": "upper legs", "target": "quads", "equipment": "barbell",
           "secondaryMuscles": ["glutes"], "instructions": ["Hold the bar on your back.", "Drop under it into a squat."],
           "gifUrl": "https://example.org/9001.gif", "difficulty": "advanced", "category": "strength",
           "description": "An overhead squat entered at speed."},
          {"id": "9002", "name": "couch position", "bodyPart": "upper legs", "target": "hip flexors", "equipment": "body weight",
           "secondaryMuscles": [], "instructions": ["Kneel on one knee.", "Shift your hips forward."],
           "gifUrl": "https://example.org/9002.gif", "difficulty": "beginner", "category": "stretching",
           "description": "Opens the front of the hip."},
          {"id": "9003", "name": "wall lean", "bodyPart": "lower legs", "target": "calves", "equipment": "body weight",
           "secondaryMuscles": [], "instructions": ["Stand facing a wall.", "Lean into it."],
           "gifUrl": "https://example.org/9003.gif", "description": "Hold the stretch for 30 seconds, then switch legs."}
        ]
        """#

    static let vocabulary: Vocabulary = {
        do { return try Vocabulary.load(DefaultVocabulary.documents, directory: "catalog/vocab") } catch { fatalError("\(error)") }
    }()

    func suggestions() throws -> [String: RecordSuggestions] {
        let suggester = Suggester(vocabulary: Self.vocabulary)
        let records = try importRecords(Self.release)
        return Dictionary(uniqueKeysWithValues: records.map { ($0.id, suggester.suggest($0, source: "exercisedb", vocabularyKey: "exercisedb")) })
    }

    @Test func theAdapterKeepsTheNewFieldsOutOfTheFingerprint() throws {
        let snatch = try #require(try importRecords(Self.release).first { $0.id == "9001" })
        #expect(snatch.extra["difficulty"] == "advanced" && snatch.extra["category"] == "strength")
        #expect(snatch.extra["description"] == "An overhead squat entered at speed.")
        #expect(!canonical(snatch, format: "exercisedb").text.contains("advanced"))
    }

    @Test func difficultyCategoryAndDescriptionAreEvidenceAtMeasuredConfidences() throws {
        let drafted = try suggestions()
        let level = try #require(drafted["9001"]?.fields[.level])
        #expect(level.value == "advanced" && level.rule == "level.own")
        #expect(Calibration.measured("level.own") == level.confidence)
        let stretch = try #require(drafted["9002"]?.planning)
        #expect(drafted["9002"]?.planning?.value == .manualOnly(reason: "stretch: not strength volume"))
        #expect(stretch.rule == "planning.category" && Calibration.measured(stretch.rule) == stretch.confidence)
        // A stretch only the description names: read as the instructions are, and measured so.
        let lean = try #require(drafted["9003"]?.planning)
        #expect(drafted["9003"]?.planning?.value == .manualOnly(reason: "stretch: not strength volume"), "\(lean)")
        #expect(lean.rule == "planning.instructions" && lean.evidence == ["instructions or description say 'hold the stretch'"])
        #expect(Calibration.measured(lean.rule) == lean.confidence)
    }
}
