import CatalogJSON
import CatalogModel
import CatalogRecords

/// The planner-scoring fields' drafts: mechanic, joint stress and laterality, from the pattern,
/// the drafted equipment and muscles, the name and instructions, and the references' mechanic.
extension Suggester {
    /// Mechanic: the record's own upstream value (free-exercise-db has one), else a name keyword
    /// (`mechanicNames`: a fly is isolation), else the pattern's from the vocabulary's table,
    /// else a reference's, else the muscles: three or more, primary and secondary, is a movement
    /// of several joints (measured on free-exercise-db's records without a pattern: 51 of 64).
    func mechanic(_ record: UpstreamRecord, ids: [Int32], pattern: String?, matches: [ReferenceMatch], into result: inout RecordSuggestions) {
        if let own = Self.mechanicTerm((record.extra["mechanic"] ?? record.fields["mechanic"])?.stringValue) {
            result.fields[.mechanic] = Suggestion(value: .string(own), evidence: because(["upstream mechanic '\(own)'"]), rule: "mechanic.own")
            return
        }
        let sayers = matches.filter { $0.score >= Self.sameExercise && Self.mechanicTerm($0.record.mechanic) != nil }
        var value: String
        var rule: String
        var evidence = Evidence(explains)
        if let hit = PhraseIndex.longest(mechanicKeywords.hits(ids: ids)).first {
            (value, rule) = (vocabulary.mechanicNames[hit.payload].mechanic, "mechanic.name")
            evidence.add("name says '\(hit.phrase)'")
        } else if let pattern, let tabled = vocabulary.patternMechanics[pattern] {
            (value, rule) = (tabled, "mechanic.pattern")
            evidence.add("pattern \(pattern) is \(tabled)")
        } else if let reference = sayers.first {
            let said = Self.mechanicTerm(reference.record.mechanic)!
            result.fields[.mechanic] = Suggestion(value: .string(said), evidence: because(["\(reference.label): mechanic \(said)"]), rule: "mechanic.reference")
            return
        } else if let primary = result.fields[.primaryMuscles]?.value.arrayValue?.compactMap(\.stringValue), !primary.isEmpty {
            let muscles = primary + (result.fields[.secondaryMuscles]?.value.arrayValue?.compactMap(\.stringValue) ?? [])
            (value, rule) = (muscles.count >= 3 ? "compound" : "isolation", "mechanic.muscles")
            evidence.add("\(muscles.count) muscle\(muscles.count == 1 ? "" : "s") drafted, primary and secondary: \(muscles.joined(separator: ", "))")
        } else {
            return
        }
        let verdicts = sayers.map { Self.mechanicTerm($0.record.mechanic) == value }
        for (m, agrees) in zip(sayers, verdicts) {
            evidence.add("\(m.label): mechanic \(Self.mechanicTerm(m.record.mechanic)!)\(agrees ? " (agrees)" : " (disagrees)")")
        }
        result.fields[.mechanic] = Suggestion(value: .string(value), evidence: evidence.lines, rule: rule + Self.agreement(verdicts))
    }

    /// "Compound" or "isolation" as the vocabulary spells them; nil for anything else.
    static func mechanicTerm(_ s: String?) -> String? {
        guard let s = s?.lowercased(), Vocabulary.mechanics.contains(s) else { return nil }
        return s
    }

    /// Joint stress: every joint rule of the pattern whose equipment and name keywords (if any)
    /// the record has adds its joints, in joints.json order. No pattern, no draft: nothing known
    /// about the load is not "loads nothing".
    func jointStress(ids: [Int32], pattern: String?, into result: inout RecordSuggestions) {
        guard let pattern, let rules = jointRulesByPattern[pattern] else { return }
        let items = result.fields[.equipment]?.value.arrayValue?.compactMap(\.stringValue) ?? []
        // Name keywords are looked for only when one of the pattern's rules has some.
        let named = rules.contains { !vocabulary.jointRules[$0].nameKeywords.isEmpty } ? PhraseIndex.longest(jointKeywords.hits(ids: ids)) : []
        var joints: [String] = []
        var matched = false
        // Measured apart: a rule the name picked, one the equipment picked, the pattern's alone.
        var measured = "joints.pattern"
        var evidence = Evidence(explains)
        for i in rules {
            let rule = vocabulary.jointRules[i]
            if !rule.equipment.isEmpty && !rule.equipment.contains(where: items.contains) { continue }
            let keyword = named.first { $0.payload == i }?.phrase
            if !rule.nameKeywords.isEmpty && keyword == nil { continue }
            matched = true
            if keyword != nil { measured = "joints.name" } else if !rule.equipment.isEmpty && measured == "joints.pattern" { measured = "joints.equipment" }
            for joint in rule.joints where !joints.contains(joint) { joints.append(joint) }
            let condition = keyword.map { " named '\($0)'" } ?? (rule.equipment.isEmpty ? "" : " with \(rule.equipment.filter(items.contains).joined(separator: ", "))")
            evidence.add("joint rule \(rule.id): \(pattern)\(condition) loads \(rule.joints.isEmpty ? "no joint meaningfully" : rule.joints.joined(separator: ", "))")
        }
        guard matched else { return }
        let ordered = vocabulary.joints.compactMap { joints.contains($0.id) ? $0.id : nil }
        result.fields[.jointStress] = Suggestion(value: .strings(ordered), evidence: evidence.lines, rule: measured)
    }

    /// Laterality: a name keyword, else an instruction phrase, else the pattern (split stances are
    /// one side at a time), else bilateral. Alternating is tried before unilateral at each step.
    func laterality(ids: [Int32], pattern: String?, instructions: [String], into result: inout RecordSuggestions) {
        if let hit = PhraseIndex.longest(lateralityKeywords.hits(ids: ids)).min(by: { $0.payload < $1.payload }) {
            let value = vocabulary.lateralityRules[hit.payload].laterality
            result.fields[.laterality] = Suggestion(value: .string(value), evidence: because(["name says '\(hit.phrase)'"]), rule: "laterality.name")
            return
        }
        if let hit = lateralityPhrases.matches(in: instructions).min(by: { $0.payload < $1.payload }) {
            let value = vocabulary.lateralityRules[hit.payload].laterality
            result.fields[.laterality] = Suggestion(value: .string(value), evidence: because(["instructions say '\(hit.phrase)'"]), rule: "laterality.instructions")
            return
        }
        if let pattern, let rule = vocabulary.lateralityRules.first(where: { $0.patterns.contains(pattern) }) {
            result.fields[.laterality] = Suggestion(value: .string(rule.laterality), evidence: because(["pattern \(pattern) works one side at a time"]), rule: "laterality.pattern")
            return
        }
        result.fields[.laterality] = Suggestion(value: "bilateral", evidence: because(["nothing says one side at a time or alternating"]), rule: "laterality.default")
    }

    /// The instructions and, where a release adds one, the description (ExerciseDB's 2026
    /// releases: text of the same kind, read for the same phrases and measured as the instructions
    /// are) lowercased as one text, when a line has one of `firsts` (the first words
    /// of the phrases looked for, as written and capitalised); "" otherwise: most records' lines
    /// have none, and are not copied then.
    static func instructionText(_ record: UpstreamRecord, ifAny firsts: [String]) -> String {
        let lines = instructionLines(record) + terms(record.extra["description"] ?? record.fields["description"])
        guard lines.contains(where: { line in firsts.contains { NameMatcher.contains(line, $0) } }) else { return "" }
        return lines.joined(separator: " ").lowercased()
    }

    /// The instructions' lines (a list upstream, or one text).
    static func instructionLines(_ record: UpstreamRecord) -> [String] {
        let value = record.fields["instructions"]
        return value?.arrayValue?.compactMap(\.stringValue) ?? value?.stringValue.map { [$0] } ?? []
    }

    /// The first words of `phrases`, as written and capitalised ("hold", "Hold").
    static func firstWords(_ phrases: [String]) -> [String] {
        let firsts = Set(phrases.compactMap { $0.split(separator: " ").first.map(String.init) })
        return firsts.union(firsts.map { $0.prefix(1).uppercased() + $0.dropFirst() }).sorted()
    }
}
