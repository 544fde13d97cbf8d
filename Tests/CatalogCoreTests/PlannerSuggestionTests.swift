import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// The planner-scoring fields' drafts (mechanic, jointStress, laterality, variantOf) with the
/// project's own vocabulary, the copies index, and the cross-record check of variantOf.
extension SuggesterTests {
    func planner(_ name: String, equipment: String = "body weight", target: String = "quads", instructions: [String] = ["Stand tall.", "Move."],
                 extra: JSONObject = JSONObject(), suggester: Suggester? = nil) -> RecordSuggestions {
        let record = ReviewFixtures.record(name: name, target: target, equipment: equipment, secondary: [], instructions: instructions, extra: extra)
        return (suggester ?? self.suggester).suggest(record, source: "exercisedb", vocabularyKey: "exercisedb")
    }

    @Test func mechanicFromTheOwnValueANameKeywordThePatternOrTheMuscles() {
        let squat = planner("barbell full squat", equipment: "barbell").fields[.mechanic]!
        #expect(squat.value == "compound")
        #expect(squat.rule == "mechanic.pattern")
        #expect(squat.evidence == ["pattern squat is compound"])
        let curl = planner("dumbbell biceps curl", equipment: "dumbbell", target: "biceps").fields[.mechanic]!
        #expect(curl.value == "isolation")
        // A fly presses in the transverse plane but moves one joint: the name keyword wins.
        let fly = planner("dumbbell fly", equipment: "dumbbell", target: "pectorals").fields[.mechanic]!
        #expect(fly.value == "isolation")
        #expect(fly.rule == "mechanic.name")
        #expect(fly.evidence == ["name says 'fly'"])
        // free-exercise-db's own value is copied as it is.
        let own = planner("Barbell_Curl", equipment: "barbell", extra: JSONObject([JSONMember("mechanic", "compound")])).fields[.mechanic]!
        #expect(own.value == "compound")
        #expect(own.rule == "mechanic.own")
        #expect(Calibration.confidence("mechanic.pattern") > 0.85)
        // A variant no set measured takes its base rule's confidence, not the unmeasured one half.
        #expect(Calibration.base(of: "mechanic.pattern+agree") == "mechanic.pattern")
        #expect(Calibration.base(of: "equipment.upstream+name+disagree") == "equipment.upstream+name")
        #expect(Calibration.base(of: "equipment.upstream+name") == nil)
        #expect(Calibration.confidence("level.rule-zzz+agree") == Calibration.unmeasured)
    }

    @Test func jointStressAddsEveryMatchingRuleAndNeedsAPattern() {
        let back = planner("barbell full squat", equipment: "barbell").fields[.jointStress]!
        #expect(back.value == .strings(["lower-back", "knee", "hip", "ankle"]))
        #expect(back.evidence.contains("joint rule loaded-squat: squat with barbell loads lower-back"))
        #expect(back.evidence.contains("joint rule deep-squat: squat named 'full squat' loads ankle"), "\(back.evidence)")
        let goblet = planner("dumbbell goblet squat", equipment: "dumbbell").fields[.jointStress]!
        #expect(goblet.value == .strings(["knee", "hip"]))
        let pushUp = planner("push-up", target: "pectorals").fields[.jointStress]!
        #expect(pushUp.value == .strings(["shoulder", "elbow", "wrist"]))
        let stretch = planner("seated hamstring stretch", target: "hamstrings").fields[.jointStress]!
        #expect(stretch.value == .strings([]))
        #expect(planner("zqx frobnicate", target: "quads").fields[.jointStress] == nil)
    }

    @Test func lateralityFromTheNameTheInstructionsThePatternElseBilateral() {
        #expect(planner("dumbbell single arm row", equipment: "dumbbell", target: "lats").fields[.laterality]?.value == "unilateral")
        #expect(planner("dumbbell alternate biceps curl", equipment: "dumbbell", target: "biceps").fields[.laterality]?.value == "alternating")
        // Alternating is tried first: "alternating single-leg" is alternating.
        #expect(planner("alternating single leg glute bridge").fields[.laterality]?.value == "alternating")
        let said = planner("cable hip extension", equipment: "cable", target: "glutes",
                           instructions: ["Stand facing away.", "Repeat for the reps, then switch sides."]).fields[.laterality]!
        #expect(said.value == "unilateral")
        #expect(said.rule == "laterality.instructions")
        #expect(said.evidence == ["instructions say 'switch sides'"])
        let lunge = planner("barbell rear lunge", equipment: "barbell").fields[.laterality]!
        #expect(lunge.value == "unilateral")
        #expect(lunge.rule == "laterality.pattern")
        let squat = planner("barbell full squat", equipment: "barbell").fields[.laterality]!
        #expect(squat.value == "bilateral")
        #expect(squat.rule == "laterality.default")
    }

    static func variants(_ records: [(String, String, String)]) -> VariantIndex {
        var names = VariantIndex.Names()
        for r in records.sorted(by: { $0.0 < $1.0 }) { names.add(id: r.0, name: r.1) }
        let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.0, (name: $0.1, equipmentTerms: Optional([$0.2]))) })
        return try! VariantIndex(names: names) { ids in byID.filter { ids.contains($0.key) } }
    }

    @Test func copiesPointAtTheirBaseNeverAtACopy() {
        let index = Self.variants([
            ("0043", "barbell full squat", "barbell"), ("0576", "lever chest press", "leverage machine"),
            ("0577", "lever chest press", "leverage machine"), ("0082", "barbell reverse wrist curl", "barbell"),
            ("0079", "barbell revers wrist curl v. 2", "barbell"), ("1461", "barbell full squat (back pov)", "barbell"),
            ("1462", "barbell full squat (side pov)", "barbell"), ("1500", "dumbbell full squat (male)", "dumbbell"),
            ("1501", "barbell full squat v. 2", "smith machine"), ("1502", "cable curl", "cable"), ("1503", "cable curls", "band"),
        ])
        #expect(index.base(of: "1461") == VariantIndex.Base(id: "0043", name: "barbell full squat", rule: "variant.marker"))
        #expect(index.base(of: "1462")?.id == "0043")
        #expect(index.base(of: "0577") == VariantIndex.Base(id: "0576", name: "lever chest press", rule: "variant.same-name"))
        #expect(index.base(of: "0576") == nil)  // the first in id order is the base
        #expect(index.base(of: "0079") == VariantIndex.Base(id: "0082", name: "barbell reverse wrist curl", rule: "variant.near-name"))
        #expect(index.base(of: "0043") == nil)
        #expect(index.base(of: "1500") == nil)  // no plain "dumbbell full squat"
        #expect(index.base(of: "1501") == nil)  // other upstream equipment: not the same exercise
        #expect(index.base(of: "1503") == nil)
    }

    @Test func aCopysDraftNamesItsBaseAndASiblingsVariantOfIsNeverCopied() {
        let variants = Self.variants([("0043", "barbell full squat", "barbell"), ("1461", "barbell full squat (back pov)", "barbell")])
        let suggester = Suggester(vocabulary: Self.vocabulary, variants: variants)
        let record = ReviewFixtures.record(id: "1461", name: "barbell full squat (back pov)", target: "glutes", equipment: "barbell")
        let drafted = suggester.suggest(record, source: "exercisedb", vocabularyKey: "exercisedb").fields[.variantOf]!
        #expect(drafted.value == "0043")
        #expect(drafted.rule == "variant.marker")
        #expect(drafted.evidence.first == "name is 'barbell full squat' with a camera-angle, performer or take marker")
        // The copy reviewed: its base drafts from it as a sibling, all but variantOf.
        var siblings = SiblingIndex()
        var review = Review(source: "exercisedb", id: "1461")
        review.corrections[.variantOf] = Correction(value: "0043", replaced: .null, fingerprint: "fp1:x", editor: "ana", date: "2026-12-01")
        review.corrections[.level] = Correction(value: "advanced", replaced: .null, fingerprint: "fp1:x", editor: "ana", date: "2026-12-01")
        siblings.add(record, review: review)
        let base = ReviewFixtures.record(id: "0043", name: "barbell full squat", target: "glutes", equipment: "barbell")
        let fields = Suggester(vocabulary: Self.vocabulary, siblings: siblings, variants: variants).suggest(base, source: "exercisedb", vocabularyKey: "exercisedb").fields
        #expect(fields[.level]?.value == "advanced")
        #expect(fields[.variantOf] == nil)
    }

    @Test func variantLinksRefuseChainsAndMissingTargets() {
        let links = [VariantLinks.Link(source: "e", id: "b", target: "a"), VariantLinks.Link(source: "e", id: "c", target: "b"),
                     VariantLinks.Link(source: "e", id: "d", target: "zz"), VariantLinks.Link(source: "e", id: "f", target: "w:a"),
                     VariantLinks.Link(source: "e", id: "g", target: "g")]
        let problems = VariantLinks.problems(links) { source, id in ["e:a", "e:b", "e:c", "w:a", "e:g"].contains("\(source):\(id)") }
        #expect(problems.map(\.index) == [1, 2])
        #expect(problems[0].message.contains("itself a variant"))
        #expect(problems[1].message.contains("not a record"))
        #expect(links[3].resolved == ("w", "a"))
    }

    @Test func plannerTablesNameOnlyKnownIds() {
        let joints = #"{"formatVersion": 1, "joints": [{"id": "knee", "definition": "d"}]}"#
        func load(_ patterns: String) -> CatalogError? {
            do { _ = try Vocabulary.load(["patterns.json": Array(patterns.utf8), "joints.json": Array(joints.utf8)], directory: "v"); return nil } catch { return error }
        }
        let base = #"{"formatVersion": 1, "patterns": [{"id": "squat", "definition": "d"}], "#
        #expect(load(base + #""mechanics": {"squat": "compound"}}"#) == nil)
        #expect(load(base + #""mechanics": {"squat": "complex"}}"#)?.location.field == "mechanics.squat")
        #expect(load(base + #""mechanics": {"sqaut": "compound"}}"#)?.message.contains("unknown movement pattern") == true)
        #expect(load(base + #""jointRules": [{"id": "s", "patterns": ["squat"], "joints": ["knees"]}]}"#)?.location.field == "jointRules[0].joints[0]")
        #expect(load(base + #""laterality": {"bilateral": {"nameKeywords": ["both"]}}}"#)?.message.contains("bilateral is the default") == true)
        #expect(load(base + #""mechanicNames": {"isolation": ["fly"]}, "laterality": {"unilateral": {"patterns": ["squat"]}}}"#) == nil)
    }
}
