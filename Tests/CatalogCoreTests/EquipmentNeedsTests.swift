import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// Issue 37, item 5: equipment a body-weight exercise still needs. An inverted row needs a
/// `row-anchor`, an abstract item that a bar, rings or a suspension trainer are kinds of; an
/// assisted pull-up, chin-up or dip on a machine is on the assisted machine, a band-assisted one
/// is not.
@Suite struct EquipmentNeedsTests {
    let vocabulary = SuggesterTests.vocabulary

    func drafted(_ name: String, equipment: String, target: String = "lats", instructions: [String]? = nil) -> [String]? {
        draft(name, equipment: equipment, target: target, instructions: instructions)?.value.arrayValue?.compactMap(\.stringValue)
    }

    func draft(_ name: String, equipment: String, target: String = "lats", instructions: [String]? = nil) -> Suggestion? {
        let record = instructions.map { ReviewFixtures.record(name: name, target: target, equipment: equipment, instructions: $0) }
            ?? ReviewFixtures.record(name: name, target: target, equipment: equipment)
        return Suggester(vocabulary: vocabulary).suggest(record, source: "exercisedb", vocabularyKey: "exercisedb").fields[.equipment]
    }

    /// The name-implies-equipment findings for a review of `name` listing `equipment`.
    func findings(_ name: String, _ equipment: [String]) -> [String] {
        let review = ReviewFixtures.review(ReviewFixtures.validValues.map { $0.0 == .equipment ? ($0.0, .strings(equipment)) : $0 }, confidence: 0.9)
        let context = RuleContext(review: review, recordName: name, vocabulary: vocabulary, today: ReviewFixtures.today)
        return RuleEngine.findings(context).filter { $0.rule.rawValue == "name-implies-equipment" }.map(\.message)
    }

    @Test func anInvertedRowNeedsSomethingToRowUnder() {
        #expect(drafted("inverted row", equipment: "body weight", target: "upper back") == ["row-anchor"])
        #expect(drafted("inverted row with straps", equipment: "body weight", target: "upper back") == ["suspension-trainer"])
        // Each of the things a user may row under serves it; a bare floor does not.
        for item in ["gymnastic-rings", "suspension-trainer", "smith-machine", "squat-rack"] {
            #expect(vocabulary.satisfied(by: [item]).contains("row-anchor"), "\(item)")
            #expect(findings("inverted row", [item]).isEmpty, "\(item)")
        }
        #expect(findings("inverted row", []).count == 1)
    }

    @Test func anAssistedVariantOnAMachineIsOnTheAssistedMachine() {
        #expect(drafted("assisted pull-up", equipment: "leverage machine") == ["assisted-pullup-machine"])
        #expect(drafted("lever assisted chin-up", equipment: "leverage machine") == ["assisted-pullup-machine"])
        #expect(drafted("assisted chest dip (kneeling)", equipment: "leverage machine", target: "pectorals") == ["assisted-pullup-machine"])
        // Assisted by a band or a partner: no machine, and the name alone requires none.
        #expect(drafted("band assisted pull-up", equipment: "band") == ["resistance-band", "pull-up-bar"])
        #expect(findings("band assisted pull-up", ["resistance-band", "pull-up-bar"]).isEmpty)
        #expect(findings("assisted pull-up", ["assisted-pullup-machine"]).isEmpty)
    }

    /// Upstream files a back lever or a gorilla chin as body weight; the instructions say what to
    /// hang from. Read there only when upstream says nothing, and only for a pull-up bar by name.
    @Test func aHangingExerciseFiledAsBodyWeightNeedsTheBarItsInstructionsName() {
        let hang = ["Start by hanging from a pull-up bar with an overhand grip.", "Lift your legs until your body is parallel to the ground."]
        let lever = draft("back lever", equipment: "body weight", target: "upper back", instructions: hang)
        #expect(lever?.value == ["pull-up-bar"] && lever?.rule == "equipment.upstream+instructions", "\(String(describing: lever))")
        #expect(drafted("gorilla chin", equipment: "body weight", target: "abs", instructions: ["Grasp a Pull Up Bar with an overhand grip."]) == ["pull-up-bar"])
        // A bar named otherwise, or a bar beside equipment upstream names, adds nothing.
        #expect(drafted("bodyweight standing row", equipment: "body weight", target: "upper back", instructions: ["Grasp a bar or handles."]) == [])
        #expect(drafted("dumbbell shrug", equipment: "dumbbell", target: "traps", instructions: hang) == ["dumbbell"])
    }

    @Test func insteadOfNamesOnlyKnownItems() throws {
        var files = DefaultVocabulary.documents
        var equipment = try #require(try JSONParser.parse(files["equipment.json"]!).objectValue)
        var implies = equipment["nameImplies"]?.arrayValue ?? []
        implies.append(["keyword": "lever", "items": ["weight-machine"], "insteadOf": ["levers"]])
        equipment["nameImplies"] = .array(implies)
        files["equipment.json"] = Array(JSONWriter.string(.object(equipment), style: .pretty).utf8)
        let error = #expect(throws: CatalogError.self) { try Vocabulary.load(files, directory: "catalog/vocab") }
        #expect(error?.location.field?.hasSuffix("insteadOf[0]") == true, "\(String(describing: error))")
    }
}
