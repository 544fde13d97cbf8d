import CatalogJSON
import CatalogModel

/// Movement pattern and family from an exercise's name, with the precedence written out:
/// a longer keyword beats the shorter ones inside it ("hip internal rotation" over "internal
/// rotation"); a pattern in the vocabulary's `precedence` list beats any other ("overhead triceps
/// stretch" is a stretch); otherwise the last movement word names the exercise ("cable squat row"
/// is a row, "crossover reverse lunge" a lunge), and a "with ...", "on ..." or "to ..."
/// clause only modifies it.
public struct PatternMatcher: Sendable {
    public struct Guess: Sendable, Equatable {
        public var pattern: String
        public var keyword: String
        /// How it was chosen, for calibration: keyword (one pattern), precedence, or head.
        public var rule: String
        /// Other patterns the name's keywords name.
        public var alternatives: [String]
    }

    static let clauseWords: Set<String> = ["with", "on", "to"]
    let keywords: PhraseIndex<String>
    let rank: [String: Int]

    public init(vocabulary: Vocabulary) {
        var lexicon = Lexicon()
        self.init(vocabulary: vocabulary, lexicon: &lexicon)
    }

    /// A matcher whose keywords' words `lexicon` numbers (see `infer(words:ids:)`).
    public init(vocabulary: Vocabulary, lexicon: inout Lexicon) {
        keywords = PhraseIndex(vocabulary.patterns.flatMap { p in p.nameKeywords.map { ($0, p.id) } }, lexicon: &lexicon)
        rank = Dictionary(vocabulary.patternPrecedence.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The pattern of a name's words (`ExerciseName.words`).
    public func infer(words: [String]) -> Guess? { infer(words: words, ids: keywords.lexicon.ids(words)) }

    /// `infer(words:)` with the words' numbers in the lexicon the matcher was made on.
    public func infer(words: [String], ids: [Int32]) -> Guess? {
        // A hit inside a longer one is part of that phrase, not a word of its own.
        var hits = PhraseIndex.longest(keywords.hits(ids: ids))
        // "calf press on the leg press machine", "lunge with twist", "triceps press to chin":
        // what follows these words says where or how, not what the movement is.
        if let clause = words.firstIndex(where: Self.clauseWords.contains), hits.contains(where: { $0.range.upperBound <= clause }) {
            hits = hits.filter { $0.range.upperBound <= clause }
        }
        guard !hits.isEmpty else { return nil }
        var patterns: [String] = []
        for hit in hits where !patterns.contains(hit.payload) { patterns.append(hit.payload) }
        let chosen: PhraseIndex<String>.Hit
        let rule: String
        if let ranked = hits.filter({ rank[$0.payload] != nil }).min(by: { rank[$0.payload]! < rank[$1.payload]! }) {
            chosen = ranked
            rule = patterns.count == 1 ? "keyword" : "precedence"
        } else {
            chosen = hits.max { ($0.range.upperBound, $0.length) < ($1.range.upperBound, $1.length) }!
            rule = patterns.count == 1 ? "keyword" : "head"
        }
        return Guess(pattern: chosen.payload, keyword: chosen.phrase, rule: rule, alternatives: patterns.filter { $0 != chosen.payload })
    }
}

/// Why a record is not strength volume, from the first family (in vocabulary order) that any
/// evidence puts it in: a name keyword, the pattern, its own category, a matched reference's.
public struct FamilyGuess: Sendable, Equatable {
    public var family: Vocabulary.Family
    public var rule: String
    public var evidence: String
}

extension Suggester {
    func family(ids words: [Int32], pattern: String?, categories: [(field: String, value: String)], matches: [ReferenceMatch], instructions: ([String]) -> String) -> FamilyGuess? {
        // A family the name says beats one only inferred: "shoulder rehab band pull" is rehab.
        let families = vocabulary.families
        if let named = familyKeywords.hits(ids: words).first(where: { families[$0.payload].withPatterns.isEmpty || pattern.map(families[$0.payload].withPatterns.contains) == true }) {
            let family = families[named.payload]
            return FamilyGuess(family: family, rule: family.withPatterns.isEmpty ? "name" : "name-with-pattern",
                               evidence: "name says '\(named.phrase)'" + (family.withPatterns.isEmpty ? "" : " beside a movement (\(pattern!))"))
        }
        for (index, family) in vocabulary.families.enumerated() {
            if pattern == nil, family.muscleOnlyNames, let m = muscleWords.first(ids: words) {
                return FamilyGuess(family: family, rule: "muscle-name", evidence: "the name is a muscle ('\(m.phrase)') and no movement")
            }
            if let pattern, family.patterns.contains(pattern) {
                return FamilyGuess(family: family, rule: "pattern", evidence: "pattern \(pattern) is \(family.id)")
            }
            if let c = categories.first(where: { family.categories.contains($0.value.lowercased()) }) {
                return FamilyGuess(family: family, rule: "category", evidence: "upstream \(c.field) '\(c.value)'")
            }
            if let m = matches.first(where: { $0.score >= 0.9 && $0.record.category.map(family.categories.contains) == true }) {
                return FamilyGuess(family: family, rule: "reference", evidence: "\(m.label): category \(m.record.category!)")
            }
            if !family.instructionKeywords.isEmpty {
                let text = instructions(instructionFirstWords[index])
                if !text.isEmpty, let k = family.instructionKeywords.first(where: { NameMatcher.contains(text, $0) }) {
                    return FamilyGuess(family: family, rule: "instructions", evidence: "instructions or description say '\(k)'")
                }
            }
        }
        return nil
    }
}
