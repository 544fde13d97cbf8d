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

    struct Keyword: Sendable {
        var pattern: String
        var written: String
        var normalized: String
    }

    static let clauseWords = ["with", "on", "to"]
    let keywords: [Keyword]
    let rank: [String: Int]

    public init(vocabulary: Vocabulary) {
        var keywords: [Keyword] = []
        for pattern in vocabulary.patterns {
            for k in pattern.nameKeywords {
                let n = ExerciseName.normalized(k)
                if !n.isEmpty && !keywords.contains(where: { $0.pattern == pattern.id && $0.normalized == n }) {
                    keywords.append(Keyword(pattern: pattern.id, written: k, normalized: n))
                }
            }
        }
        self.keywords = keywords
        rank = Dictionary(vocabulary.patternPrecedence.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The pattern of a name already put through `ExerciseName.normalized`.
    public func infer(normalizedName name: String) -> Guess? {
        var hits: [(keyword: Keyword, range: Range<Int>)] = []
        for k in keywords {
            for range in NameMatcher.ranges(of: k.normalized, in: name) { hits.append((k, range)) }
        }
        // A hit inside a longer one is part of that phrase, not a word of its own.
        hits = hits.filter { hit in
            !hits.contains { $0.keyword.normalized.utf8.count > hit.keyword.normalized.utf8.count && $0.range.overlaps(hit.range) }
        }
        // "calf press on the leg press machine", "lunge with twist", "triceps press to chin":
        // what follows these words says where or how, not what the movement is.
        let clause = Self.clauseWords.compactMap { NameMatcher.ranges(of: $0, in: name, first: true).first?.lowerBound }.min()
        if let clause, hits.contains(where: { $0.range.upperBound <= clause }) {
            hits = hits.filter { $0.range.upperBound <= clause }
        }
        guard !hits.isEmpty else { return nil }
        var patterns: [String] = []
        for hit in hits where !patterns.contains(hit.keyword.pattern) { patterns.append(hit.keyword.pattern) }
        let chosen: (keyword: Keyword, range: Range<Int>)
        let rule: String
        if let ranked = hits.filter({ rank[$0.keyword.pattern] != nil }).min(by: { rank[$0.keyword.pattern]! < rank[$1.keyword.pattern]! }) {
            chosen = ranked
            rule = patterns.count == 1 ? "keyword" : "precedence"
        } else {
            chosen = hits.max { ($0.range.upperBound, $0.range.count) < ($1.range.upperBound, $1.range.count) }!
            rule = patterns.count == 1 ? "keyword" : "head"
        }
        return Guess(pattern: chosen.keyword.pattern, keyword: chosen.keyword.written, rule: rule, alternatives: patterns.filter { $0 != chosen.keyword.pattern })
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
    func family(name: String, pattern: String?, categories: [(field: String, value: String)], matches: [ReferenceMatch], instructions: () -> String) -> FamilyGuess? {
        var text: String?
        for family in vocabulary.families {
            if let k = family.nameKeywords.first(where: { NameMatcher.contains(name, ExerciseName.normalized($0)) }) {
                return FamilyGuess(family: family, rule: "name", evidence: "name says '\(k)'")
            }
            if pattern == nil, family.muscleOnlyNames, let m = muscleWords.first(where: { NameMatcher.contains(name, $0) }) {
                return FamilyGuess(family: family, rule: "muscle-name", evidence: "the name is a muscle ('\(m)') and no movement")
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
                if text == nil { text = instructions() }
                if let k = family.instructionKeywords.first(where: { NameMatcher.contains(text!, $0) }) {
                    return FamilyGuess(family: family, rule: "instructions", evidence: "instructions say '\(k)'")
                }
            }
        }
        return nil
    }
}
