import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation
import TestSupport
import Testing

/// Drafting planner fields with the project's own vocabulary (catalog/vocab/), its tables and
/// reference evidence. Confidence values are the measured ones of Calibration.
@Suite struct SuggesterTests {
    static let vocabulary: Vocabulary = {
        var files: [String: [UInt8]] = [:]
        for name in Vocabulary.files {
            files[name] = Array(FileManager.default.contents(atPath: TestPaths.packageRoot + "/catalog/vocab/" + name)!)
        }
        return try! Vocabulary.load(files, directory: "catalog/vocab")
    }()

    let suggester = Suggester(vocabulary: Self.vocabulary)

    func suggest(_ name: String, equipment: String = "body weight", target: String = "pectorals", secondary: [String] = [],
                 key: String = "exercisedb", suggester: Suggester? = nil, extra: JSONObject = JSONObject()) -> RecordSuggestions {
        let record = ReviewFixtures.record(name: name, target: target, equipment: equipment, secondary: secondary, extra: extra)
        return (suggester ?? self.suggester).suggest(record, source: "exercisedb", vocabularyKey: key)
    }

    /// The pattern the name says, with no upstream target beside it (a target another pattern
    /// of the name trains would draft that one: MeasuredConfidenceTests).
    func pattern(_ name: String) -> String? { suggest(name, target: "").fields[.movementPattern]?.value.stringValue }

    // MARK: - Movement pattern

    @Test func patternPrecedenceOnTheTellingCases() {
        #expect(pattern("overhead triceps stretch") == "mobility")
        #expect(pattern("adductor stretch") == "mobility")
        #expect(pattern("band hip internal rotation") == "mobility")
        #expect(pattern("air bike") == "trunk-flexion")
        #expect(pattern("crossover reverse lunge") == "lunge")
        #expect(pattern("cable squat row") == "horizontal-pull")
        #expect(pattern("lower back curl") == "hinge")
        #expect(pattern("lunge with twist") == "lunge")
        #expect(pattern("calf press on the leg press machine") == "calf-raise")
        let stretch = suggest("overhead triceps stretch").fields[.movementPattern]!
        #expect(stretch.rule == "pattern.precedence")
        #expect(stretch.evidence.contains("mobility takes precedence over elbow-extension"))
    }

    @Test func pluralsInflectionsAndUnderscoresMatchTheKeywords() {
        #expect(pattern("Pushups") == "horizontal-push")
        #expect(pattern("Mountain_Climbers") == "conditioning")
        #expect(pattern("Rack_Pulls") == "hinge")
        #expect(pattern("Weighted_Pull_Ups") == "vertical-pull")
        #expect(pattern("Reverse_Flyes") == "rear-shoulder")
        #expect(pattern("standing calves") == "calf-raise")
        #expect(ExerciseName.words("Farmer's Walk (Side POV) v. 2") == ["farmer", "walk", "side", "pov", "v", "2"])
        #expect(ExerciseName.baseWords("Farmer's Walk (Side POV) v. 2") == ["farmer", "walk"])
        #expect(ExerciseName.baseWords("single leg squat (pistol) male") == ["single", "leg", "squat", "pistol"])
    }

    // MARK: - Planning and families

    @Test func stretchingMobilityCardioAndRehabAreManualOnlyWithAReason() {
        let stretch = suggest("overhead triceps stretch", target: "triceps")
        #expect(stretch.planning?.value == .manualOnly(reason: "stretch: not strength volume"))
        #expect(stretch.planning?.evidence == ["name says 'stretch'"])
        #expect(suggest("ankle circles", target: "calves").planning?.value == .manualOnly(reason: "mobility: not strength volume"))
        #expect(suggest("run", target: "cardiovascular system").planning?.value == .manualOnly(reason: "cardio: not strength volume"))
        #expect(suggest("shoulder rehab band pull", target: "delts").planning?.value == .manualOnly(reason: "rehabilitation: not strength volume"))
        // A category says so too (ExerciseDB's bodyPart, free-exercise-db's category).
        let category = suggest("semi squat jump", target: "glutes", extra: JSONObject([JSONMember("category", "cardio")]))
        #expect(category.planning?.value == .manualOnly(reason: "cardio: not strength volume"))
        // A name that is only a muscle, with no movement, is how sources name a stretch.
        #expect(suggest("Seated Hamstring", target: "hamstrings").planning?.value == .manualOnly(reason: "stretch: not strength volume"))
        // Strength work is auto.
        let squat = suggest("barbell full squat", equipment: "barbell", target: "glutes")
        #expect(squat.planning?.value == .auto)
        #expect(squat.planning?.rule == "planning.auto")
        #expect(squat.planning?.confidence == Calibration.confidence("planning.auto"))
    }

    @Test func aPrimaryThePlannerDoesNotCountIsDraftedManualOnly() {
        let s = suggest("mystery hold", target: "levator scapulae")
        #expect(s.fields[.primaryMuscles]?.value == ["levator-scapulae"])
        #expect(s.planning?.value == .manualOnly(reason: "trains levator-scapulae, which the planner sets no targets for"))
    }

    // MARK: - Equipment

    @Test func unknownEquipmentIsNoDraftNotNothing() {
        // free-exercise-db's "other" says nothing: no draft at all.
        #expect(suggest("atlas stones", equipment: "other", key: "free-exercise-db").fields[.equipment] == nil)
        // Unless the name implies an item, drafted as name-only evidence.
        let trap = suggest("trap bar deadlift", equipment: "other", key: "free-exercise-db").fields[.equipment]!
        #expect(trap.value == ["trap-bar"])
        #expect(trap.rule == "equipment.name")
        #expect(suggest("ab wheel rollout", equipment: "other", key: "free-exercise-db").fields[.equipment]?.value == ["ab-wheel"])
        #expect(suggest("sled push", equipment: "other", key: "free-exercise-db").fields[.equipment]?.value == ["sled"])
        // Body weight is a measured "needs nothing".
        let pushUp = suggest("push-up").fields[.equipment]!
        #expect(pushUp.value == [])
        #expect(pushUp.rule == "equipment.upstream-nothing")
        #expect(pushUp.confidence == Calibration.confidence("equipment.upstream-nothing"))
    }

    @Test func aNameImpliedMachineReplacesTheGenericOne() {
        let walk = suggest("treadmill walk", equipment: "leverage machine", target: "cardiovascular system").fields[.equipment]!
        #expect(walk.value == ["treadmill"])
        #expect(walk.evidence.contains("name says 'treadmill', not weight-machine"))
        #expect(suggest("battling ropes", equipment: "rope", target: "delts").fields[.equipment]?.value == ["battle-rope"])
        #expect(suggest("Weighted_Pull_Ups", equipment: "weighted", target: "lats").fields[.equipment]?.value == ["weight-plate", "pull-up-bar"])
    }

    // MARK: - Muscles

    @Test func primaryMusclesAreWhatThePatternTrains() {
        let squat = suggest("barbell full squat", equipment: "barbell", target: "glutes", secondary: ["quadriceps", "hamstrings"])
        #expect(squat.fields[.primaryMuscles]?.value == ["quads", "glutes"])
        #expect(squat.fields[.primaryMuscles]?.rule == "primary.pattern-adds")
        // Secondary muscles never repeat a primary one.
        #expect(squat.fields[.secondaryMuscles]?.value == ["hamstrings"])
        // Upstream's target disagreeing with the pattern becomes a secondary.
        let bend = suggest("dumbbell side bend", equipment: "dumbbell", target: "abs")
        #expect(bend.fields[.primaryMuscles]?.value == ["obliques"])
        #expect(bend.fields[.secondaryMuscles]?.value == ["abs"])
        // A group target (delts → shoulders) that covers the pattern's muscle stays as it is.
        #expect(suggest("dumbbell lateral raise", equipment: "dumbbell", target: "delts").fields[.primaryMuscles]?.value == ["shoulders"])
        // A group in primary hides its members from secondary.
        #expect(suggest("dumbbell lateral raise", equipment: "dumbbell", target: "delts", secondary: ["rear deltoids", "traps"]).fields[.secondaryMuscles]?.value == ["traps"])
    }

    @Test func unmappedTermsAreReportedNeverGuessed() {
        let s = suggest("mystery move", target: "pecs", secondary: ["tricepz"])
        #expect(s.fields[.primaryMuscles] == nil)
        #expect(s.unmapped.contains(UnmappedTerm(source: "exercisedb", field: "target", term: "pecs")))
        #expect(s.unmapped.contains(UnmappedTerm(source: "exercisedb", field: "secondaryMuscles", term: "tricepz")))
        #expect(suggest("mystery move", equipment: "sled").unmapped.contains(UnmappedTerm(source: "exercisedb", field: "equipment", term: "sled")))
    }

    // MARK: - Level

    @Test func levelFromTheRecordsOwnLevelElseTheLevelRules() {
        let own = suggest("barbell bench press", key: "free-exercise-db", extra: JSONObject([JSONMember("level", "expert")]))
        #expect(own.fields[.level]?.value == "advanced")
        #expect(own.fields[.level]?.rule == "level.own")
        #expect(suggest("archer push up").fields[.level]?.value == "advanced")
        #expect(suggest("barbell bench press", equipment: "barbell").fields[.level]?.value == "intermediate")
        #expect(suggest("cable curl", equipment: "cable", target: "biceps").fields[.level]?.value == "beginner")
    }

    // MARK: - Evidence from reference sources

    static let fullSquat = ReferenceRecord(source: "free-exercise-db", id: "Barbell_Full_Squat", name: "Barbell Full Squat", level: "beginner",
                                           category: "strength", force: "push", mechanic: "compound", equipment: ["barbell"], primary: ["quads"])

    @Test func namesMatchAcrossPluralsOrderPunctuationAndVariantMarkers() {
        let index = ReferenceIndex([Self.fullSquat, ReferenceRecord(source: "wger", id: "7", name: "Biceps Curls With Dumbbell")])
        func score(_ name: String, _ source: String = "free-exercise-db") -> Double? { index.matches(name).first { $0.record.source == source }?.score }
        #expect(score("barbell full squat") == 1.0)
        #expect(score("Barbell_Full_Squats") == 1.0)
        #expect(score("barbell full squat (side pov)") == 0.95)
        #expect(score("barbell full squat v. 2") == 0.95)
        #expect(score("full squat barbell") == 0.9)
        #expect(score("full squat") == 0.8)
        #expect(score("dumbbell full squat") == nil)  // another tool is another exercise
        #expect(score("dumbbell biceps curl", "wger") == 0.9)
        #expect(index.matches("barbell full squat", excluding: ("free-exercise-db", "Barbell_Full_Squat")).isEmpty)
    }

    @Test func agreementRaisesConfidenceAndDisagreementLowersItAndSaysSo() {
        let with = Suggester(vocabulary: Self.vocabulary, references: ReferenceIndex([Self.fullSquat]))
        let s = suggest("barbell full squat (side pov)", equipment: "barbell", target: "glutes", suggester: with)
        let equipment = s.fields[.equipment]!
        #expect(equipment.rule == "equipment.upstream+agree")
        #expect(equipment.evidence.contains("free-exercise-db Barbell_Full_Squat, name match 0.95: equipment barbell (agrees)"))
        #expect(s.fields[.level]?.evidence.contains("free-exercise-db Barbell_Full_Squat, name match 0.95: level beginner, mechanic compound, force push (disagrees)") == true)
        #expect(s.sources.map(\.record.id) == ["Barbell_Full_Squat"])

        let other = suggest("barbell full squat", equipment: "smith machine", target: "glutes", suggester: with).fields[.equipment]!
        #expect(other.rule == "equipment.upstream+disagree")
        #expect(other.evidence.last?.hasSuffix("(disagrees)") == true)
        #expect(Calibration.confidence("equipment.upstream+agree") > Calibration.confidence("equipment.upstream"))
        // Without references the output is different.
        #expect(suggest("barbell full squat (side pov)", equipment: "barbell", target: "glutes").fields[.equipment]?.rule == "equipment.upstream")
    }

    @Test func aReferenceFieldALaterReleaseAddsIsReadByName() {
        let record = UpstreamRecord(id: "x", fields: JSONObject([JSONMember("name", "Goblet Squat")]), extra: JSONObject([JSONMember("difficulty", "intermediate")]))
        #expect(ReferenceRecord(record, source: "r", key: "r", vocabulary: Self.vocabulary).level == "intermediate")
    }

    // MARK: - Reviewed siblings

    @Test func aReviewedSiblingDraftsItsVariants() {
        var siblings = SiblingIndex()
        let reviewed = ReviewFixtures.record(id: "0043", name: "barbell full squat (back pov)", target: "glutes")
        var review = Review(source: "exercisedb", id: "0043")
        review.set(.primaryMuscles, ["quads", "glutes", "adductors"], replaced: .null, canonical: ReviewFixtures.canonical(reviewed), editor: "ana", date: "2026-11-30")
        review.confidence = 0.9
        siblings.add(reviewed, review: review)
        let with = Suggester(vocabulary: Self.vocabulary, siblings: siblings)
        let record = ReviewFixtures.record(id: "0044", name: "barbell full squat (side pov)", target: "glutes")
        let s = with.suggest(record, source: "exercisedb", vocabularyKey: "exercisedb")
        #expect(s.fields[.primaryMuscles]?.value == ["quads", "glutes", "adductors"])
        #expect(s.fields[.primaryMuscles]?.evidence == ["reviewed sibling exercisedb:0043 by ana"])
        #expect(s.fields[.primaryMuscles]?.confidence == 0.9)
        // The reviewed record itself, and a variant with other upstream equipment, are not siblings.
        let own = with.suggest(reviewed, source: "exercisedb", vocabularyKey: "exercisedb").fields[.primaryMuscles]
        #expect(own != nil && own?.rule != "sibling", "\(String(describing: own))")
        let dumbbell = ReviewFixtures.record(id: "0045", name: "barbell full squat (side pov)", target: "glutes", equipment: "dumbbell")
        let other = with.suggest(dumbbell, source: "exercisedb", vocabularyKey: "exercisedb").fields[.primaryMuscles]
        #expect(other != nil && other?.rule != "sibling", "\(String(describing: other))")
    }

    // MARK: - Rules and output

    @Test func aConfirmedSuggestionBreaksNoRuleWithoutItsManualOnlyReason() {
        let names = ["barbell incline bench press", "overhead triceps stretch", "run", "Weighted_Pull_Ups", "dumbbell side bend", "mystery hold",
                     "treadmill walk", "trap bar deadlift", "band hip internal rotation", "archer push up"]
        for name in names {
            let record = ReviewFixtures.record(name: name, target: name == "mystery hold" ? "levator scapulae" : "pectorals", secondary: ["triceps", "delts"])
            let s = suggester.suggest(record, source: "exercisedb", vocabularyKey: "exercisedb")
            var review = Review(source: "exercisedb", id: record.id)
            for (field, suggestion) in s.fields {
                review.set(field, suggestion.value, replaced: .null, canonical: ReviewFixtures.canonical(record), editor: "t", date: "2026-10-29", via: .suggestion)
            }
            review.planning = s.planning?.value ?? .auto
            let findings = RuleEngine.findings(RuleContext(review: review, recordName: record.name, vocabulary: Self.vocabulary, today: ReviewFixtures.today))
            let plausibility: Set<RuleID> = [.primaryNotPlanner, .primaryCount, .secondaryCount]
            let blocking = findings.filter { f in !(review.planning != .auto && plausibility.contains(f.rule)) }
            #expect(blocking.isEmpty, "\(name): \(findings)")
        }
    }

    @Test func jsonKeepsItsKeysAndAddsPlanningRuleAndSources() throws {
        let with = Suggester(vocabulary: Self.vocabulary, references: ReferenceIndex([Self.fullSquat]))
        var out: [UInt8] = []
        suggest("overhead triceps stretch", suggester: with).write(id: "r1", source: "exercisedb", style: .pretty, indent: 0, into: &out)
        let json = try JSONParser.parse(out)
        let fields = try #require(json.objectValue?["fields"]?.objectValue)
        #expect(fields["movementPattern"]?.objectValue?.keys.sorted() == ["confidence", "evidence", "rule", "value"])
        #expect(fields["planning"]?.objectValue?["value"] == "manual-only")
        #expect(fields["planning"]?.objectValue?["reason"] == "stretch: not strength volume")
        #expect(json.objectValue?["sources"]?.arrayValue == [])
    }

    @Test func vocabularyTablesNameOnlyKnownIds() {
        let patterns = """
            {"formatVersion": 1, "patterns": [{"id": "squat", "definition": "d"}], "families": [{"id": "f", "reason": "r", "patterns": ["sqaut"]}]}
            """
        #expect(throws: CatalogError.self) { try Vocabulary.load(["patterns.json": Array(patterns.utf8)], directory: "v") }
        let muscles = """
            {"formatVersion": 1, "groups": [{"id": "g", "muscles": ["m"]}], "muscles": [{"id": "m", "name": "M"}], "patternMuscles": {"squat": ["quadz"]}}
            """
        #expect(throws: CatalogError.self) { try Vocabulary.load(["muscles.json": Array(muscles.utf8)], directory: "v") }
    }
}

@Suite struct FieldSuggestionsTests {
    @Test func eachFieldHasItsOwnSlotAndTheFieldsComeInCaseOrder() {
        var fields = FieldSuggestions()
        for (i, field) in PlannerField.allCases.enumerated().reversed() {
            fields[field] = Suggestion(value: .string(field.rawValue), confidence: Double(i) / 100, evidence: [], rule: "r")
        }
        #expect(fields.map(\.field) == PlannerField.allCases)
        #expect(fields.allSatisfy { $0.suggestion.value == .string($0.field.rawValue) })
        fields[.level] = nil
        #expect(fields[.level] == nil && fields.map(\.field).count == PlannerField.allCases.count - 1)
    }
}
