/// The tables that draft the planner-scoring fields (patterns.json): `mechanics` (pattern →
/// compound or isolation), `mechanicNames` (name keywords that say otherwise: a fly is an
/// isolation movement, a dip a compound one, whatever their pattern), `jointRules` (what a pattern loads, more with some equipment or name
/// keywords) and `laterality` (the words that say one side at a time, or sides in turn).
extension Vocabulary {
    /// Joints a set of `patterns` loads; with `equipment` or `nameKeywords`, only when the record
    /// also has one of those items or says one of those words. Every matching rule adds its joints.
    public struct JointRule: Sendable, Equatable { public var id: String; public var patterns, equipment, nameKeywords, joints: [String] }

    /// Words (in the name, then the instructions) and patterns that say a set is `laterality`.
    public struct LateralityRule: Sendable, Equatable {
        public var laterality: String
        public var nameKeywords: [String]
        /// Lowercased phrases looked for in the instructions.
        public var instructionKeywords: [String]
        public var patterns: [String]
    }

    /// Lateralities the tables may draft, in the order they are tried: "alternating" before
    /// "unilateral" ("alternating single-arm curl" is alternating); "bilateral" is the default.
    static let draftedLateralities = ["alternating", "unilateral"]

    static func loadPlannerTables(_ vocab: inout Vocabulary, _ r: JSONReader) throws(CatalogError) {
        if let table = try r.optionalObjectReader("mechanics") {
            for member in table.object.members {
                guard vocab.patternIDs.contains(member.key) else { throw table.fail("unknown movement pattern '\(member.key)'", member.key) }
                let mechanic = try table.string(member.key)
                guard mechanics.contains(mechanic) else { throw table.fail("expected one of \(mechanics.joined(separator: ", ")), found '\(mechanic)'", member.key) }
                vocab.patternMechanics[member.key] = mechanic
            }
        }
        if let table = try r.optionalObjectReader("mechanicNames") {
            for member in table.object.members {
                guard mechanics.contains(member.key) else { throw table.fail("expected one of \(mechanics.joined(separator: ", "))", member.key) }
                vocab.mechanicNames += try table.strings(member.key).map { ($0, member.key) }
            }
        }
        if r.has("jointRules") {
            for (i, j) in try r.objectReaders("jointRules").enumerated() {
                let rule = JointRule(id: try j.string("id"), patterns: try j.strings("patterns"), equipment: try j.optionalStrings("equipment") ?? [],
                                     nameKeywords: try j.optionalStrings("nameKeywords") ?? [], joints: try j.strings("joints"))
                try checkPatterns(rule.patterns, vocab, r, "jointRules[\(i)].patterns")
                for (k, item) in rule.equipment.enumerated() where !vocab.equipmentIDs.isEmpty && !vocab.equipmentIDs.contains(item) {
                    throw r.fail("unknown equipment item '\(item)'", "jointRules[\(i)].equipment[\(k)]")
                }
                for (k, joint) in rule.joints.enumerated() where !vocab.jointIDs.contains(joint) {
                    throw r.fail("unknown joint '\(joint)'", "jointRules[\(i)].joints[\(k)]")
                }
                vocab.jointRules.append(rule)
            }
            try checkUnique(vocab.jointRules.map(\.id), r, "jointRules")
        }
        if let table = try r.optionalObjectReader("laterality") {
            for member in table.object.members {
                guard draftedLateralities.contains(member.key) else {
                    throw table.fail("expected one of \(draftedLateralities.joined(separator: ", ")) (bilateral is the default)", member.key)
                }
                let l = try table.objectReader(member.key)
                let rule = LateralityRule(laterality: member.key, nameKeywords: try l.optionalStrings("nameKeywords") ?? [],
                                          instructionKeywords: (try l.optionalStrings("instructionKeywords") ?? []).map { $0.lowercased() },
                                          patterns: try l.optionalStrings("patterns") ?? [])
                try checkPatterns(rule.patterns, vocab, l, "patterns")
                vocab.lateralityRules.append(rule)
            }
            vocab.lateralityRules.sort { draftedLateralities.firstIndex(of: $0.laterality)! < draftedLateralities.firstIndex(of: $1.laterality)! }
        }
    }
}
