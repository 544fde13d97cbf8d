/// The tables suggestions read, beside the vocabularies they refer to: every id in them is checked.
extension Vocabulary {
    /// Exercises that are not strength volume ("stretch", "cardio"): planned only by a person.
    public struct Family: Sendable, Equatable {
        public var id: String
        /// The manual-only reason drafted for the family's records.
        public var reason: String
        public var patterns: [String]
        public var nameKeywords: [String]
        /// Phrases in the instructions that only this family's records use ("hold for 20").
        public var instructionKeywords: [String]
        /// A name that is only a muscle and a position ("Seated Hamstring", "Lying Glute") and
        /// names no movement is this family's: that is how sources name stretches.
        public var muscleOnlyNames: Bool
        /// Upstream category or body-part values that put a record in the family.
        public var categories: [String]
        /// When set, a name keyword counts only beside a movement of one of these patterns: a
        /// squat or a lunge named with a reach, twist, hug or circle is a mobility drill, a
        /// "russian twist" is not.
        public var withPatterns: [String] = []
    }

    /// A level drafted for records whose name has a keyword, or whose pattern and equipment match.
    /// Rules are tried in file order; the first that matches gives the level.
    public struct LevelRule: Sendable, Equatable { public var id, level: String; public var nameKeywords, patterns, equipment: [String] }

    /// Primary muscles a name keyword says for a record of one of `patterns` (a reverse wrist curl's).
    public struct NameMuscles: Sendable, Equatable { public var patterns, nameKeywords, muscles: [String] }

    static func loadSuggestionTables(_ vocab: inout Vocabulary, patterns: JSONReader?, muscles: JSONReader?) throws(CatalogError) {
        if let r = patterns {
            vocab.patternPrecedence = try r.optionalStrings("precedence") ?? []
            try checkPatterns(vocab.patternPrecedence, vocab, r, "precedence")
            if r.has("families") {
                for (i, f) in try r.objectReaders("families").enumerated() {
                    var family = Family(id: try f.string("id"), reason: try f.string("reason"), patterns: try f.optionalStrings("patterns") ?? [],
                                        nameKeywords: try f.optionalStrings("nameKeywords") ?? [],
                                        instructionKeywords: (try f.optionalStrings("instructionKeywords") ?? []).map { $0.lowercased() },
                                        muscleOnlyNames: f.object["muscleOnlyNames"] == .bool(true), categories: (try f.optionalStrings("categories") ?? []).map { $0.lowercased() })
                    family.withPatterns = try f.optionalStrings("withPatterns") ?? []
                    try checkPatterns(family.patterns, vocab, r, "families[\(i)].patterns")
                    try checkPatterns(family.withPatterns, vocab, r, "families[\(i)].withPatterns")
                    vocab.families.append(family)
                }
                try checkUnique(vocab.families.map(\.id), r, "families")
            }
            if r.has("levelRules") {
                for (i, l) in try r.objectReaders("levelRules").enumerated() {
                    let rule = LevelRule(id: try l.string("id"), level: try l.string("level"), nameKeywords: try l.optionalStrings("nameKeywords") ?? [],
                                         patterns: try l.optionalStrings("patterns") ?? [], equipment: try l.optionalStrings("equipment") ?? [])
                    if !vocab.levels.isEmpty && !vocab.levels.contains(rule.level) { throw l.fail("unknown level '\(rule.level)'", "level") }
                    try checkPatterns(rule.patterns, vocab, r, "levelRules[\(i)].patterns")
                    for (j, item) in rule.equipment.enumerated() where !vocab.equipmentIDs.isEmpty && !vocab.equipmentIDs.contains(item) {
                        throw r.fail("unknown equipment item '\(item)'", "levelRules[\(i)].equipment[\(j)]")
                    }
                    vocab.levelRules.append(rule)
                }
                try checkUnique(vocab.levelRules.map(\.id), r, "levelRules")
            }
            try loadPlannerTables(&vocab, r)
        }
        if let r = muscles, let table = try r.optionalObjectReader("patternMuscles") {
            for member in table.object.members {
                if !vocab.patternIDs.isEmpty && !vocab.patternIDs.contains(member.key) { throw table.fail("unknown movement pattern '\(member.key)'", member.key) }
                vocab.patternMuscles[member.key] = try checkMuscles(try table.strings(member.key), vocab, table, member.key)
            }
        }
        for n in try muscles?.has("nameMuscles") == true ? muscles!.objectReaders("nameMuscles") : [] {
            let entry = NameMuscles(patterns: try n.strings("patterns"), nameKeywords: try n.strings("nameKeywords"), muscles: try checkMuscles(try n.strings("muscles"), vocab, n, "muscles"))
            if entry.muscles.isEmpty { throw n.fail("expected at least one muscle or group", "muscles") }
            if !vocab.patternIDs.isEmpty { try checkPatterns(entry.patterns, vocab, n, "patterns") }
            vocab.nameMuscles.append(entry)
        }
    }

    /// `ids`, when each is a muscle or group.
    static func checkMuscles(_ ids: [String], _ vocab: Vocabulary, _ r: JSONReader, _ key: String) throws(CatalogError) -> [String] {
        if let i = ids.firstIndex(where: { !vocab.muscleOrGroupIDs.contains($0) }) { throw r.fail("unknown muscle or group '\(ids[i])'", "\(key)[\(i)]") }
        return ids
    }

    static func checkPatterns(_ ids: [String], _ vocab: Vocabulary, _ r: JSONReader, _ key: String) throws(CatalogError) {
        for (i, id) in ids.enumerated() where !vocab.patternIDs.contains(id) {
            throw r.fail("unknown movement pattern '\(id)'", "\(key)[\(i)]")
        }
    }

    /// A muscle or group id and the group it belongs to, for comparing at either grain.
    public func covers(_ a: String, _ b: String) -> Bool {
        a == b || muscle(a)?.group == b || muscle(b)?.group == a
    }
}
