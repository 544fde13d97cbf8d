import CatalogCore
import CatalogJSON
import CatalogModel
import Testing

@Suite struct WordDiffTests {
    func render(_ diff: WordDiff) -> String { diff.plainText }

    @Test func marksInsertionsAndDeletions() {
        #expect(render(WordDiff(old: "pull the bar to your ribs", new: "pull the bar to your belly button")) == "pull the bar to your [-ribs-]{+belly button+}")
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
        #expect(render(diff) == "bend to [-90-]{+95+}° and hold — café")
        #expect(WordTokens.split("you’ll lift") == ["you’ll", " ", "lift"])
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

    /// The two examples from issue 18: joining the segments used to drop or add spaces.
    @Test func segmentsRebuildBothTextsExactly() {
        let hook = WordDiff(old: "left hook. boxing", new: "left hook (boxing)")
        #expect(hook.plainText == "left hook[-. -]{+ (+}boxing{+)+}")
        #expect(hook.newText == "left hook (boxing)" && hook.oldText == "left hook. boxing")
        let strict = WordDiff(old: "pull-up", new: "strict pull-up")
        #expect(strict.segments == [WordDiff.Segment(.insert, "strict "), WordDiff.Segment(.equal, "pull-up")])
        let spaces = WordDiff(old: "a  b\tc ", new: " a b\tc")
        #expect(spaces.oldText == "a  b\tc " && spaces.newText == " a b\tc")
    }

    @Test func comparesTokensByTheirBytes() {
        // "é" and "e\u{301}" are equal Strings; a diff that matched them would not rebuild the text.
        let diff = WordDiff(old: "caf\u{E9} au lait", new: "cafe\u{301} au lait")
        #expect(Array(diff.newText.utf8) == Array("cafe\u{301} au lait".utf8))
        #expect(Array(diff.oldText.utf8) == Array("caf\u{E9} au lait".utf8))
        #expect(diff.hasChanges)
    }

    @Test func tokensJoinToTheText() {
        for text in ["", "don't stop", "a\r\nb\rc\n", "90°—hold…", "  x  ", "you’ll", "x'"] {
            #expect(Array(WordTokens.split(text).joined().utf8) == Array(text.utf8))
        }
        #expect(WordTokens.split("don't, ok") == ["don't", ",", " ", "ok"])
    }

    @Test func cutsAtCommonEndsKeepTheTokens() {
        let ends = WordTokens.commonEnds("stand tall and brace", "stand and brace")
        #expect(ends == ("stand", " tall", "", " and brace"))
        // A no-break space runs on into the space after it: no cut between them.
        let nbsp = WordTokens.commonEnds("a\u{A0} b c", "a\u{A0} b d")
        #expect(nbsp.prefix == "a\u{A0} b")
        #expect(WordTokens.commonEnds("same", "same") == ("same", "", "", ""))
    }
}
