import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import TestSupport
import Testing

/// The shortcuts the rules take on every record (export evaluates every review) against the
/// plain way they stand for: a list's repeats without a set, the name implications matched
/// from the vocabulary's keyword bytes (and passed over by their byte pairs), the basis texts and
/// the provenance of a review whose corrections share them.
@Suite struct RuleShortcutsTests {
    /// What `list-duplicate` found with a set: each position whose item was listed before.
    func repeatsBySet(_ items: [String]) -> [Int] {
        var seen = Set<String>()
        return items.indices.filter { !seen.insert(items[$0]).inserted }
    }

    /// The implications found from each keyword's string, with no vocabulary table.
    func implicationsByString(in name: String, _ all: [Vocabulary.NameImplication]) -> [Vocabulary.NameImplication] {
        let hits = all.compactMap { implication -> (Vocabulary.NameImplication, [Range<Int>])? in
            let found = NameMatcher.ranges(of: implication.keyword, in: name)
            return found.isEmpty ? nil : (implication, found)
        }
        return hits.filter { implication, ranges in
            ranges.contains { range in
                !hits.contains { other, otherRanges in other.keyword.count > implication.keyword.count && otherRanges.contains { $0.overlaps(range) } }
            }
        }.map(\.0)
    }

    /// What `basis-invalid` found with the keys sorted and every fingerprint looked up.
    func basisProblemsPlainly(_ c: RuleContext) -> [String] {
        var hits: [String] = []
        for field in c.review.corrections.keys.sorted() {
            let fp = c.review.corrections[field]!.fingerprint
            if c.review.basis[fp] == nil { hits.append("corrections.\(field.rawValue).fingerprint: no basis text for \(fp)") }
        }
        for (fp, text) in c.review.basis.sorted(by: { $0.key < $1.key }) where Fingerprint(canonicalText: text) != Fingerprint(fp) {
            hits.append("basis: the basis text of \(fp) does not hash to it")
        }
        return hits
    }

    @Test func basisProblemsAreThoseEveryLookupFinds() {
        var random = SeededGenerator(seed: 35)
        let records = ["barbell bench press", "cable fly", "push-up"].map { ReviewFixtures.record(name: $0) }
        let texts = records.map(ReviewFixtures.canonical)
        let rule = Rules.rule(.basisInvalid)!
        for _ in 0..<300 {
            var review = Review(source: "exercisedb", id: "r1")
            for field in PlannerField.allCases where Bool.random(using: &random) {
                let text = texts[Int.random(in: 0..<texts.count, using: &random)]
                review.corrections[field] = Correction(value: "x", replaced: .null, fingerprint: text.fingerprint.value, editor: "e", date: "2026-10-29")
            }
            for text in texts where Bool.random(using: &random) {
                // A basis text that is its fingerprint's, another's, or missing.
                let other = texts[Int.random(in: 0..<texts.count, using: &random)]
                review.basis[text.fingerprint.value] = other.text
            }
            if Bool.random(using: &random) { review.basis["fp1:not-a-fingerprint"] = texts[0].text }
            // With and without the record's canonical text at hand (a basis equal to it is not hashed).
            for canonical in [nil, texts[Int.random(in: 0..<texts.count, using: &random)]] {
                let context = RuleContext(review: review, recordName: "n", vocabulary: ReviewFixtures.vocabulary, today: ReviewFixtures.today, canonical: canonical)
                #expect(rule.check(context).map { "\($0.field ?? ""): \($0.message)" } == basisProblemsPlainly(context))
            }
        }
    }

    @Test func provenanceProblemsAreThoseEachCorrectionHas() {
        var random = SeededGenerator(seed: 36)
        let editors = ["bench", "bench", "tester", "", " ", "x\u{1B}y", "b\u{202E}ench"]
        let dates = ["2026-10-29", "2026-10-29", "2026-12-02", "2026-12-03", "1999-12-31", "29-10-2026"]
        for _ in 0..<400 {
            var review = Review(source: "exercisedb", id: "r1")
            // Mostly one editor and one date, as a draft confirmed in bulk writes them.
            let editor = editors[Int.random(in: 0..<editors.count, using: &random)], date = dates[Int.random(in: 0..<dates.count, using: &random)]
            for field in PlannerField.allCases where Bool.random(using: &random) {
                let other = Int.random(in: 0..<4, using: &random) == 0
                review.corrections[field] = Correction(value: "x", replaced: .null, fingerprint: "fp1:x",
                                                       editor: other ? editors[Int.random(in: 0..<editors.count, using: &random)] : editor,
                                                       date: other ? dates[Int.random(in: 0..<dates.count, using: &random)] : date)
            }
            var plain: [String] = []
            for field in review.corrections.keys.sorted() {
                let c = review.corrections[field]!
                if let p = Provenance.editorProblem(c.editor) { plain.append("corrections.\(field.rawValue).editor: \(p)") }
                if let p = Provenance.dateProblem(c.date, today: ReviewFixtures.today) { plain.append("corrections.\(field.rawValue).date: \(p)") }
            }
            #expect(Provenance.problems(review, today: ReviewFixtures.today).map { "\($0.field ?? ""): \($0.message)" } == plain)
        }
    }

    @Test func repeatsAreThoseASetFinds() {
        var random = SeededGenerator(seed: 18)
        // Canonically equivalent spellings are the same item, to a set and to `==`.
        let words = ["knee", "hip", "e\u{301}paule", "\u{E9}paule", "wrist", "", "Knee"]
        for count in [0, 1, 2, 3, 8, 31, 32, 33, 40] {
            for _ in 0..<40 {
                let items = (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
                #expect(Rules.repeats(items) == repeatsBySet(items), "\(items)")
            }
        }
    }

    @Test func implicationsAreThoseTheKeywordsFind() {
        var vocabulary = ReviewFixtures.vocabulary
        let keywords = vocabulary.nameImplications.map(\.keyword)
        #expect(!keywords.isEmpty)
        var random = SeededGenerator(seed: 34)
        let words = keywords + ["press", "incline", "dipper", "é", "pull", "up", "-", "bench"]
        for _ in 0..<400 {
            let name = (0..<Int.random(in: 0...5, using: &random)).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }.joined(separator: " ")
            #expect(NameMatcher.implications(in: name, vocabulary) == implicationsByString(in: name, vocabulary.nameImplications), "\(name)")
        }
        // The keyword bytes follow an edit of the list, element or whole.
        vocabulary.nameImplications[0].keyword = "sled"
        var added = vocabulary.nameImplications[0]
        added.keyword = "rope climb"
        vocabulary.nameImplications.append(added)
        #expect(vocabulary.nameImplicationKeywords == vocabulary.nameImplications.map { Array($0.keyword.utf8) })
        for name in ["sled push", "rope climb", "bench press on a sled"] {
            #expect(NameMatcher.implications(in: name, vocabulary) == implicationsByString(in: name, vocabulary.nameImplications))
        }
    }
}
