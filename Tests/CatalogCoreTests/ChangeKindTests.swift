import CatalogCore
import CatalogJSON
import CatalogModel
import Testing

@Suite struct ChangeKindTests {
    func change(_ old: String, _ new: String, field: String = "instructions") -> FieldChange {
        FieldChange.classify(field: field, old: old, new: new, lexicon: .empty)
    }

    @Test func smallEditsInsideWordsAreSpelling() {
        #expect(ChangeKind.classify(old: "Repeat for the desired number of repititions.", new: "Repeat for the desired number of repetitions.") == .spelling)
        let knees = CatalogLexicon(counts: ["knees": 40])
        #expect(FieldChange.classify(field: "name", old: "hug keens to chest", new: "hug knees to chest", lexicon: knees)
                == FieldChange(.spelling, ["spelling: 'keens' → 'knees': swapped letters ('keens' seen 0 times, 'knees' seen 40 times)"]))
        #expect(change("keep the shoullders down", "keep the shoulders down").kind == .spelling)
        #expect(change("brace in the centre", "brace in the center").details == ["spelling: british/american"])
    }

    @Test func punctuationOnlyIsItsOwnKind() {
        #expect(change("left hook. boxing", "left hook (boxing)", field: "name") == FieldChange(.punctuation, ["punctuation"]))
        #expect(change("Keep your back straight, then lift", "Keep your back straight; then lift").kind == .punctuation)
        #expect(change("pullup", "pull-up", field: "name") == FieldChange(.punctuation, ["separators"]))
        #expect(change("you’ll feel it", "you'll feel it") == FieldChange(.punctuation, ["folded: quotes"]))
    }

    /// The three real releases issue 18 describes, retold in the project's own words.
    @Test func repairsWithFoldingAndCaseChangesAreEncodingRepairs() {
        #expect(change("youâ€™ll feel it", "you’ll feel it") == FieldChange(.encodingRepair, ["repaired: windows-1252"]))
        #expect(change("youâ€™ll feel it", "you'll feel it") == FieldChange(.encodingRepair, ["repaired: windows-1252", "folded: quotes"]))
        #expect(change("make a â€œTâ€\u{9d} with your arms at 90Â°", "make a \"T\" with your arms at 90°") == FieldChange(.encodingRepair, ["repaired: windows-1252", "folded: quotes"]))
        #expect(change("sled 45в° calf raise", "sled 45° calf raise", field: "name") == FieldChange(.encodingRepair, ["repaired: windows-1251, case-changed"]))
        #expect(change("go â\u{80}\u{93} slowly", "go – slowly").details == ["repaired: iso-8859-1"])
        #expect(change("itÃ¢â‚¬â„¢s done", "it’s done").details == ["repaired: windows-1252 twice"])
        #expect(Mojibake.repair("plain text") == "plain text")
        // Text that is already right, non-ASCII included, is no mojibake.
        #expect(Mojibake.repair("café at 90°, “tall”") == "café at 90°, “tall”")
    }

    @Test func changedWordsAreSubstantive() {
        #expect(ChangeKind.classify(old: "Pull the bar to your lower ribs.", new: "Row the bar to your belly button.") == .substantive)
        #expect(change("push-up", "push-up (standard)", field: "name").kind == .substantive)
        #expect(change("lift the bar", "lift the bell").kind == .substantive)
        #expect(change("left lunge", "lift lunge", field: "name").kind == .substantive)
        #expect(change("hold for 15 s", "hold for 1.5 s").kind == .substantive)
        #expect(change("body weight", "band", field: "equipment") == FieldChange(.substantive, ["planner list changed"]))
        #expect(change("glutes", "Glutes", field: "secondaryMuscles").kind == .substantive)
        // Today's text carries mojibake the old one did not: it broke, whatever else happened.
        #expect(change("bend to 90°", "bend to 90Â°").kind == .substantive)
    }
}
