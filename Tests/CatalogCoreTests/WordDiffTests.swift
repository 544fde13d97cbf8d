import CatalogCore
import Testing

@Suite struct WordDiffTests {
    func render(_ diff: WordDiff) -> String {
        diff.segments.map { s in
            switch s.kind {
            case .equal: return s.text
            case .insert: return "{+\(s.text)+}"
            case .delete: return "[-\(s.text)-]"
            case .moveFrom: return "[~\(s.text)~]"
            case .moveTo: return "{~\(s.text)~}"
            }
        }.joined()
    }

    @Test func marksInsertionsAndDeletions() {
        #expect(render(WordDiff(old: "pull the bar to your ribs", new: "pull the bar to your belly button")) == "pull the bar to your[- ribs-]{+ belly button+}")
        #expect(render(WordDiff(old: "stand tall and brace", new: "stand and brace")) == "stand[- tall-] and brace")
    }

    @Test func identicalTextsHaveNoChanges() {
        let diff = WordDiff(old: "same words here", new: "same words here")
        #expect(!diff.hasChanges)
        #expect(diff.segments == [WordDiff.Segment(.equal, "same words here")])
    }

    @Test func reportsMovedWords() {
        let diff = WordDiff(old: "slowly lower the bar", new: "lower the bar slowly")
        #expect(diff.segments.contains { $0.kind == .moveFrom && $0.text.contains("slowly") })
        #expect(diff.segments.contains { $0.kind == .moveTo && $0.text.contains("slowly") })
        #expect(!diff.segments.contains { $0.kind == .insert || $0.kind == .delete })
    }

    @Test func handlesUnicodeWords() {
        let diff = WordDiff(old: "bend to 90° and hold — café", new: "bend to 95° and hold — café")
        #expect(render(diff) == "bend to[- 90-]{+ 95+}° and hold — café")
        #expect(WordDiff.tokens("you’ll lift").map(\.word) == ["you’ll", "lift"])
    }

    @Test func handlesEmptyTexts() {
        #expect(WordDiff(old: "", new: "").segments.isEmpty)
        #expect(render(WordDiff(old: "", new: "new text")) == "{+new text+}")
        #expect(render(WordDiff(old: "old text", new: "")) == "[-old text-]")
    }

    @Test func keepsLineBreaksAsTokens() {
        let diff = WordDiff(old: "one\ntwo", new: "one\nthree")
        #expect(render(diff) == "one\n[-two-]{+three+}")
    }
}

@Suite struct ChangeKindTests {
    @Test func smallEditsInsideWordsAreSpelling() {
        #expect(ChangeKind.classify(old: "Repeat for the desired number of repititions.", new: "Repeat for the desired number of repetitions.") == .spelling)
        #expect(ChangeKind.classify(old: "Keep your back straight, then lift", new: "Keep your back straight; then lift") == .spelling)
    }

    @Test func repairedMojibakeIsEncodingRepair() {
        #expect(ChangeKind.classify(old: "youâ€™ll feel it", new: "you’ll feel it") == .encodingRepair)
        #expect(ChangeKind.classify(old: "go Â¾ of the way", new: "go ¾ of the way") == .encodingRepair)
        #expect(Mojibake.repair("plain text") == "plain text")
    }

    @Test func changedWordsAreSubstantive() {
        #expect(ChangeKind.classify(old: "Pull the bar to your lower ribs.", new: "Row the bar to your belly button.") == .substantive)
        #expect(ChangeKind.classify(old: "push-up", new: "push-up (standard)") == .substantive)
        #expect(ChangeKind.classify(old: "lift the bar", new: "lift the bell") == .substantive)
    }
}
