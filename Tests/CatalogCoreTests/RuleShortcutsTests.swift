import CatalogCore
import CatalogModel
import TestSupport
import Testing

/// The shortcuts the rules take on every record (export evaluates every review) against the
/// plain way they stand for: a list's repeats without a set, and the name implications matched
/// from the vocabulary's keyword bytes.
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
