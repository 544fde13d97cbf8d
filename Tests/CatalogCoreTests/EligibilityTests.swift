import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// A small vocabulary and records for the review, rule, eligibility and suggestion tests, read
/// through `Vocabulary.load` exactly as the catalog's own files are.
enum ReviewFixtures {
    static let files: [String: String] = [
        "patterns.json": """
            {"formatVersion": 1, "patterns": [
              {"id": "squat", "definition": "squats", "nameKeywords": ["squat", "goblet"]},
              {"id": "lunge", "definition": "lunges", "nameKeywords": ["lunge", "split squat"]},
              {"id": "horizontal-push", "definition": "presses", "nameKeywords": ["bench press", "push-up", "press"]},
              {"id": "vertical-push", "definition": "overhead", "nameKeywords": ["overhead press"]},
              {"id": "hinge", "definition": "hinges", "nameKeywords": ["deadlift", "swing"]},
              {"id": "trunk-flexion", "definition": "crunches", "nameKeywords": ["crunch"]},
              {"id": "anti-extension", "definition": "planks", "nameKeywords": ["plank"]}
            ]}
            """,
        "equipment.json": """
            {"formatVersion": 1, "items": [
              {"id": "barbell", "definition": "bar", "setupSeconds": 90},
              {"id": "dumbbell", "definition": "db", "setupSeconds": 15},
              {"id": "bench", "definition": "flat bench", "setupSeconds": 20},
              {"id": "incline-bench", "definition": "incline bench", "setupSeconds": 30, "kindOf": ["bench"]},
              {"id": "squat-rack", "definition": "rack", "setupSeconds": 60},
              {"id": "pull-up-bar", "definition": "bar to hang from", "setupSeconds": 5},
              {"id": "cable-station", "definition": "cable", "setupSeconds": 30},
              {"id": "assisted-pullup-machine", "definition": "assisted", "setupSeconds": 30, "kindOf": ["pull-up-bar"]}
            ],
            "nameImplies": [
              {"keyword": "bench press", "items": ["bench"]},
              {"keyword": "Incline Bench", "items": ["incline-bench"]},
              {"keyword": "pull-up", "items": ["pull-up-bar"]}
            ],
            "synonyms": {"exercisedb": {
              "barbell": ["barbell"], "dumbbell": ["dumbbell"], "body weight": [], "cable": ["cable-station"]
            }}}
            """,
        "muscles.json": """
            {"formatVersion": 1,
             "groups": [
               {"id": "chest", "muscles": ["pectorals", "serratus"]},
               {"id": "back", "muscles": ["lats", "upper-back", "lower-back"]},
               {"id": "arms", "muscles": ["biceps", "triceps"]},
               {"id": "legs", "muscles": ["quads", "glutes", "hamstrings", "calves"]},
               {"id": "core", "muscles": ["abs", "obliques"]},
               {"id": "stabilizers", "muscles": ["rotator-cuff"]}
             ],
             "muscles": [
               {"id": "pectorals", "name": "Pectorals", "planner": true},
               {"id": "serratus", "name": "Serratus anterior"},
               {"id": "lats", "name": "Lats", "planner": true},
               {"id": "upper-back", "name": "Upper back", "planner": true},
               {"id": "lower-back", "name": "Lower back", "planner": false},
               {"id": "biceps", "name": "Biceps", "planner": true},
               {"id": "triceps", "name": "Triceps", "planner": true},
               {"id": "quads", "name": "Quads", "planner": true},
               {"id": "glutes", "name": "Glutes", "planner": true},
               {"id": "hamstrings", "name": "Hamstrings", "planner": true},
               {"id": "calves", "name": "Calves", "planner": true},
               {"id": "abs", "name": "Abs", "planner": true},
               {"id": "obliques", "name": "Obliques", "planner": true},
               {"id": "rotator-cuff", "name": "Rotator cuff", "planner": false}
             ],
             "synonyms": {"exercisedb": {
               "pectorals": ["pectorals"], "chest": ["chest"], "triceps": ["triceps"], "biceps": ["biceps"],
               "lats": ["lats"], "latissimus dorsi": ["lats"], "upper back": ["upper-back"], "lower back": ["lower-back"],
               "quads": ["quads"], "glutes": ["glutes"], "hamstrings": ["hamstrings"], "core": ["abs", "obliques"],
               "delts": []
             }}}
            """,
        "joints.json": """
            {"formatVersion": 1, "joints": [{"id": "knee", "definition": "knees"}, {"id": "wrist", "definition": "wrists"}, {"id": "lower-back", "definition": "lumbar"}]}
            """,
        "levels.json": """
            {"formatVersion": 1, "levels": [{"id": "beginner"}, {"id": "intermediate"}, {"id": "advanced"}],
             "synonyms": {"free-exercise-db": {"beginner": "beginner", "intermediate": "intermediate", "expert": "advanced"}}}
            """,
    ]

    static let vocabulary: Vocabulary = {
        do {
            return try Vocabulary.load(files.mapValues { Array($0.utf8) }, directory: "catalog/vocab")
        } catch {
            fatalError("the test vocabulary does not load: \(error)")
        }
    }()

    static let fingerprintFields = UpstreamRecord.sharedFields

    /// The day the rules are evaluated on: the fixtures' corrections are dated 2026-10-29.
    static let today = CalendarDay(year: 2026, month: 12, day: 1)!

    /// An ExerciseDB-shaped record.
    static func record(id: String = "r1", name: String = "barbell bench press", bodyPart: String = "chest", target: String = "pectorals",
                       equipment: String = "barbell", secondary: [String] = ["triceps"],
                       instructions: [String] = ["Lie on the bench.", "Lower the bar to your chest.", "Press it back up."],
                       extra: JSONObject = JSONObject(), removed: Bool = false) -> UpstreamRecord {
        UpstreamRecord(id: id, fields: JSONObject([
            JSONMember("name", .string(name)), JSONMember("bodyPart", .string(bodyPart)), JSONMember("target", .string(target)),
            JSONMember("equipment", .string(equipment)), JSONMember("secondaryMuscles", .strings(secondary)),
            JSONMember("instructions", .strings(instructions)),
        ]), extra: extra, removed: removed)
    }

    static func canonical(_ record: UpstreamRecord) -> CanonicalText {
        CanonicalText(record: record, fields: fingerprintFields)
    }

    /// The values of a complete, valid review of `record()` (a barbell bench press).
    static let validValues: [(PlannerField, JSONValue)] = [
        (.movementPattern, "horizontal-push"), (.equipment, ["barbell", "bench"]), (.primaryMuscles, ["pectorals"]),
        (.secondaryMuscles, ["triceps"]), (.level, "intermediate"), (.setupSeconds, 90),
    ]

    /// A review setting `values` against `record`'s text today.
    static func review(of record: UpstreamRecord = record(), _ values: [(PlannerField, JSONValue)] = validValues,
                       confidence: Double? = 0.9) -> Review {
        var review = Review(source: "exercisedb", id: record.id)
        let text = canonical(record)
        for (field, value) in values {
            review.set(field, value, replaced: .null, canonical: text, editor: "tester", date: "2026-10-29")
        }
        review.confidence = confidence
        return review
    }
}

@Suite struct EligibilityTests {
    let threshold = 0.7

    func eligibility(_ record: UpstreamRecord, _ review: Review?, reviewError: CatalogError? = nil) -> Eligibility {
        Evaluator(vocabulary: ReviewFixtures.vocabulary, confidenceThreshold: threshold, fingerprintFields: ReviewFixtures.fingerprintFields,
                  today: ReviewFixtures.today).eligibility(record, canonical: ReviewFixtures.canonical(record), review: review, reviewError: reviewError)
    }

    func codes(_ e: Eligibility) -> [ReasonCode] { e.reasons.map(\.code) }

    func reason(_ e: Eligibility, _ code: ReasonCode) -> JSONObject? { e.reasons.first { $0.code == code }?.details }

    func strings(_ value: JSONValue?) -> [String]? { value?.arrayValue?.compactMap(\.stringValue) }

    @Test func noReviewIsReviewMissingAndUnreviewed() {
        let e = eligibility(ReviewFixtures.record(), nil)
        #expect(e.state == .unreviewed)
        #expect(codes(e) == [.reviewMissing])
        #expect(!e.autoPlan)
    }

    @Test func aRemovedRecordIsUpstreamRemovedWithOrWithoutAReview() {
        let removed = ReviewFixtures.record(removed: true)
        let unreviewed = eligibility(removed, nil)
        #expect(unreviewed.state == .removed)
        #expect(codes(unreviewed) == [.reviewMissing, .upstreamRemoved])

        let reviewed = eligibility(removed, ReviewFixtures.review(of: ReviewFixtures.record()))
        #expect(reviewed.state == .removed)
        #expect(codes(reviewed) == [.upstreamRemoved])
        #expect(!reviewed.autoPlan)
    }

    @Test func aCompleteValidConfidentReviewIsClearedAndCurrent() {
        let e = eligibility(ReviewFixtures.record(), ReviewFixtures.review())
        #expect(e.state == .current)
        #expect(e.reasons.isEmpty)
        #expect(e.autoPlan)
        #expect(e.findings.isEmpty)
        // Exactly at the threshold is enough.
        #expect(eligibility(ReviewFixtures.record(), ReviewFixtures.review(confidence: threshold)).autoPlan)
    }

    @Test func aCorrectionAgainstOlderTextIsStaleNamingTheChangedFields() throws {
        let old = ReviewFixtures.record()
        let review = ReviewFixtures.review(of: old)

        let newInstructions = ReviewFixtures.record(instructions: ["Lie on the bench.", "Lower the bar to your lower chest.", "Press it back up."])
        let e = eligibility(newInstructions, review)
        #expect(e.state == .stale)
        #expect(!e.autoPlan)
        #expect(codes(e) == [.reviewStale])
        let details = try #require(reason(e, .reviewStale))
        #expect(strings(details["fields"]) == ["instructions"])
        #expect(strings(details["corrections"]) == ReviewFixtures.validValues.map(\.0.rawValue))
        #expect(details["fingerprint"]?.stringValue == ReviewFixtures.canonical(newInstructions).fingerprint.value)
        #expect(details["basisMissing"] == nil)

        let renamed = ReviewFixtures.record(name: "barbell flat bench press")
        #expect(strings(reason(eligibility(renamed, review), .reviewStale)?["fields"]) == ["name"])

        // Several fields, in fingerprint order; a list that gains an item counts as changed.
        let several = ReviewFixtures.record(name: "bench press", secondary: ["triceps", "delts"],
                                            instructions: ["Lie on the bench.", "Press."])
        #expect(strings(reason(eligibility(several, review), .reviewStale)?["fields"]) == ["name", "secondaryMuscles", "instructions"])
    }

    @Test func onlyCorrectionsMadeOnOlderTextAreListed() throws {
        let old = ReviewFixtures.record()
        var review = ReviewFixtures.review(of: old)
        let new = ReviewFixtures.record(target: "chest")
        review.set(.level, "advanced", replaced: .null, canonical: ReviewFixtures.canonical(new), editor: "tester", date: "2026-10-30")
        #expect(review.basis.count == 2)
        let e = eligibility(new, review)
        #expect(e.state == .stale)
        let details = try #require(reason(e, .reviewStale))
        #expect(strings(details["corrections"]) == ["movementPattern", "equipment", "primaryMuscles", "secondaryMuscles", "setupSeconds"])
        #expect(strings(details["fields"]) == ["target"])
    }

    @Test func revertingTheUpstreamTextMakesTheReviewCurrentAgain() {
        let old = ReviewFixtures.record()
        let review = ReviewFixtures.review(of: old)
        let changed = ReviewFixtures.record(name: "bench press (barbell)")
        #expect(eligibility(changed, review).state == .stale)
        // Upstream goes back to the reviewed text, formatted differently: same canonical text.
        let reverted = ReviewFixtures.record(name: "  barbell   bench press ")
        let e = eligibility(reverted, review)
        #expect(e.state == .current)
        #expect(e.autoPlan)
    }

    @Test func aStaleCorrectionWithoutItsBasisSaysSo() throws {
        let old = ReviewFixtures.record()
        var review = ReviewFixtures.review(of: old)
        review.basis = [:]
        let e = eligibility(ReviewFixtures.record(name: "renamed"), review)
        let details = try #require(reason(e, .reviewStale))
        #expect(details["basisMissing"] == true)
        #expect(strings(details["fields"]) == [])
        // The missing basis also breaks a hard rule.
        #expect(strings(reason(e, .fieldInvalid)?["rules"]) == ["basis-invalid"])
    }

    @Test func missingRequiredFieldsAreFieldMissingWithTheFields() throws {
        let values = ReviewFixtures.validValues.filter { $0.0 != .movementPattern && $0.0 != .level }
        let e = eligibility(ReviewFixtures.record(), ReviewFixtures.review(values))
        #expect(e.state == .current)
        #expect(codes(e) == [.fieldMissing])
        #expect(strings(reason(e, .fieldMissing)?["fields"]) == ["movementPattern", "level"])

        // No primary muscle is missing; no equipment and no secondary muscles are valid values.
        var emptyLists = ReviewFixtures.validValues
        emptyLists[1] = (.equipment, [])
        emptyLists[2] = (.primaryMuscles, [])
        emptyLists[3] = (.secondaryMuscles, [])
        emptyLists[5] = (.setupSeconds, 0)
        let row = ReviewFixtures.record(name: "barbell row")
        let lists = eligibility(row, ReviewFixtures.review(of: row, emptyLists))
        #expect(lists.state == .current)
        #expect(strings(reason(lists, .fieldMissing)?["fields"]) == ["primaryMuscles"])

        // secondaryMuscles is not required.
        let noSecondary = ReviewFixtures.validValues.filter { $0.0 != .secondaryMuscles }
        #expect(eligibility(ReviewFixtures.record(), ReviewFixtures.review(noSecondary)).autoPlan)
    }

    @Test func missingConfidenceIsFieldMissingConfidence() {
        let e = eligibility(ReviewFixtures.record(), ReviewFixtures.review(confidence: nil))
        #expect(codes(e) == [.fieldMissing])
        #expect(strings(reason(e, .fieldMissing)?["fields"]) == ["confidence"])
        let empty = eligibility(ReviewFixtures.record(), Review(source: "exercisedb", id: "r1"))
        #expect(strings(reason(empty, .fieldMissing)?["fields"]) == ["movementPattern", "equipment", "primaryMuscles", "level", "setupSeconds", "confidence"])
    }

    @Test func anUnknownVocabularyValueIsFieldInvalidWithTheRule() throws {
        var values = ReviewFixtures.validValues
        values[1] = (.equipment, ["barbell", "bench", "barbel"])
        let e = eligibility(ReviewFixtures.record(), ReviewFixtures.review(values))
        #expect(e.state == .current)
        #expect(codes(e) == [.fieldInvalid])
        let details = try #require(reason(e, .fieldInvalid))
        #expect(strings(details["rules"]) == ["equipment-unknown"])
        let finding = try #require(details["findings"]?.arrayValue?.first?.objectValue)
        #expect(finding["rule"] == "equipment-unknown")
        #expect(finding["severity"] == "hard")
        #expect(finding["field"] == "equipment[2]")

        var two = ReviewFixtures.validValues
        two[0] = (.movementPattern, "press")
        two[4] = (.level, "expert")
        #expect(strings(reason(eligibility(ReviewFixtures.record(), ReviewFixtures.review(two)), .fieldInvalid)?["rules"]) == ["level-unknown", "pattern-unknown"])
    }

    @Test func aSoftRuleBlocksUnlessTheReviewJustifiesAnException() throws {
        var values = ReviewFixtures.validValues
        values[2] = (.primaryMuscles, ["pectorals", "triceps", "serratus", "abs"])
        values[3] = (.secondaryMuscles, [])
        var review = ReviewFixtures.review(values)
        let blocked = eligibility(ReviewFixtures.record(), review)
        #expect(codes(blocked) == [.fieldInvalid])
        #expect(strings(reason(blocked, .fieldInvalid)?["rules"]) == ["primary-count"])
        #expect(blocked.findings.map(\.excepted) == [false])

        review.exceptions["primary-count"] = "a press works all four"
        let excepted = eligibility(ReviewFixtures.record(), review)
        #expect(excepted.autoPlan)
        #expect(excepted.reasons.isEmpty)
        #expect(excepted.findings.map(\.rule.rawValue) == ["primary-count"])
        #expect(excepted.findings.first?.excepted == true)

        // A blank justification is no exception (and is itself a finding).
        review.exceptions["primary-count"] = "  \n "
        let blank = eligibility(ReviewFixtures.record(), review)
        #expect(strings(reason(blank, .fieldInvalid)?["rules"]) == ["exception-invalid", "primary-count"])
    }

    @Test func anExceptionNeverOverridesAHardRule() throws {
        var values = ReviewFixtures.validValues
        values[0] = (.movementPattern, "pressing")
        var review = ReviewFixtures.review(values)
        review.exceptions["pattern-unknown"] = "I know better"
        let e = eligibility(ReviewFixtures.record(), review)
        #expect(strings(reason(e, .fieldInvalid)?["rules"]) == ["exception-invalid", "pattern-unknown"])
        #expect(e.findings.allSatisfy { !$0.excepted })
    }

    @Test func confidenceBelowTheThresholdIsLowConfidenceWithBothNumbers() throws {
        let e = eligibility(ReviewFixtures.record(), ReviewFixtures.review(confidence: 0.55))
        #expect(e.state == .current)
        #expect(codes(e) == [.lowConfidence])
        let details = try #require(reason(e, .lowConfidence))
        #expect(details["confidence"] == .number("0.55"))
        #expect(details["threshold"] == .number("0.7"))
        #expect(codes(eligibility(ReviewFixtures.record(), ReviewFixtures.review(confidence: 0))) == [.lowConfidence])
    }

    @Test func manualOnlyCarriesTheEditorsReason() throws {
        var review = ReviewFixtures.review()
        review.planning = .manualOnly(reason: "needs a spotter")
        let e = eligibility(ReviewFixtures.record(), review)
        #expect(e.state == .current)
        #expect(codes(e) == [.manualOnly])
        #expect(reason(e, .manualOnly)?["reason"] == "needs a spotter")
    }

    @Test func aVariantIsNotPlannedBesideItsBaseRecord() throws {
        let record = ReviewFixtures.record()
        var review = ReviewFixtures.review()
        review.set(.variantOf, "0043", replaced: .null, canonical: ReviewFixtures.canonical(record), editor: "ana", date: "2026-12-01")
        let e = eligibility(record, review)
        #expect(codes(e) == [.variant])
        #expect(reason(e, .variant)?["of"] == "0043")
        #expect(!e.autoPlan)
        #expect(ReasonCode.allCases.last == .variant)
    }

    @Test func everyReasonThatAppliesIsListedInCodeOrder() {
        var values = ReviewFixtures.validValues.filter { $0.0 != .level }
        values[0] = (.movementPattern, "pressing")
        var review = ReviewFixtures.review(values, confidence: 0.2)
        review.planning = .manualOnly(reason: "unsafe")
        let e = eligibility(ReviewFixtures.record(name: "renamed", removed: true), review)
        #expect(e.state == .removed)
        #expect(codes(e) == [.reviewStale, .upstreamRemoved, .fieldMissing, .fieldInvalid, .lowConfidence, .manualOnly])
    }

    @Test func anUnreadableReviewBlocksAsReviewFormat() {
        let error = CatalogError.data("invalid JSON: unexpected end", file: "reviews/exercisedb/r1.json")
        let e = eligibility(ReviewFixtures.record(), nil, reviewError: error)
        #expect(!e.autoPlan)
        #expect(codes(e) == [.fieldInvalid])
        #expect(reason(e, .fieldInvalid)?["rule"] == "review-format")
        #expect(reason(e, .fieldInvalid)?["message"]?.stringValue?.contains("reviews/exercisedb/r1.json") == true)
    }

    @Test func changedFieldsComparesLinesFieldByField() {
        let a = "name: a\ntarget: x\ninstructions: one\ninstructions: two\n"
        let b = "name: a\ntarget: x\ninstructions: two\ninstructions: one\n"
        #expect(Eligibility.changedFields(from: a, to: b, fields: ReviewFixtures.fingerprintFields) == ["instructions"])
        #expect(Eligibility.changedFields(from: a, to: a, fields: ReviewFixtures.fingerprintFields) == [])
        // A field that disappears (its value emptied upstream) has changed.
        #expect(Eligibility.changedFields(from: a, to: "name: a\ninstructions: one\ninstructions: two\n", fields: ReviewFixtures.fingerprintFields) == ["target"])
    }
}
