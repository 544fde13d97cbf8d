import CatalogJSON
import CatalogModel
import CatalogRecords

/// Each field's draft: upstream values through the synonym maps, the vocabulary's tables, and
/// the references' values as agreement or disagreement.
extension Suggester {
    /// References close enough to count as the same exercise.
    static let sameExercise = 0.9

    func equipment(_ record: UpstreamRecord, name: NameWords, key: String, matches: [ReferenceMatch], into result: inout RecordSuggestions) {
        var items: [String] = []
        var evidence = Evidence(explains)
        var known = true
        let terms = Self.terms(record.fields["equipment"])
        let unknown = vocabulary.unknownEquipmentTerms[key] ?? []
        let synonyms = vocabulary.equipmentSynonyms[key] ?? [:]
        if terms.isEmpty {
            known = false
            evidence.add("upstream names no equipment")
        }
        for term in terms {
            if unknown.contains(term) {
                known = false
                evidence.add("upstream equipment '\(term)' says nothing")
            } else if let ids = synonyms[term] {
                items.append(contentsOf: ids.filter { !items.contains($0) })
                evidence.add("upstream equipment '\(term)' → \(ids.isEmpty ? "nothing" : ids.joined(separator: ", "))")
            } else {
                known = false
                result.unmapped.append(UnmappedTerm(source: key, field: "equipment", term: term))
            }
        }
        var implied = false
        for implication in impliedEquipment(name) where implication.insteadOf.isEmpty || implication.insteadOf.contains(where: items.contains) {
            for replaced in implication.replaces + implication.insteadOf where items.contains(replaced) && !implication.items.contains(replaced) {
                items.removeAll { $0 == replaced }
                evidence.add("name says '\(implication.keyword)', not \(replaced)")
            }
            for item in implication.items where !items.contains(item) {
                items.append(item)
                implied = true
                evidence.add("name says '\(implication.keyword)' → \(item)")
            }
        }
        // Upstream's "body weight" for a hanging exercise: the instructions say what to hang from.
        let instructed = known && items.isEmpty && !implied ? instructionImplication(record) : nil
        if let instructed {
            items = instructed.items
            evidence.add("instructions say '\(instructed.keyword)' → \(items.joined(separator: ", "))")
        }
        // An item a more specific one listed is a kind of goes: the assisted machine has its bar.
        for item in items where items.contains(where: { $0 != item && vocabulary.satisfied(by: [$0]).contains(item) }) {
            items.removeAll { $0 == item }
            evidence.add("\(item) is served by a more specific item listed")
        }
        let sayers = matches.filter { $0.score >= Self.sameExercise && $0.record.equipment != nil }
        var rule: String
        if known {
            rule = implied ? "equipment.upstream+name" : instructed != nil ? "equipment.upstream+instructions" : (items.isEmpty ? "equipment.upstream-nothing" : "equipment.upstream")
        } else if implied {
            rule = "equipment.name"
        } else if let reference = sayers.first {
            items = reference.record.equipment!
            evidence.add("\(reference.label): equipment \(items.isEmpty ? "nothing" : items.joined(separator: ", "))")
            result.fields[.equipment] = Suggestion(value: .strings(items), evidence: evidence.lines, rule: "equipment.reference")
            return
        } else {
            return  // unknown is not nothing: no draft at all
        }
        let verdicts = sayers.map { Set($0.record.equipment!) == Set(items) }
        for (m, agrees) in zip(sayers, verdicts) {
            evidence.add("\(m.label): equipment \(m.record.equipment!.isEmpty ? "nothing" : m.record.equipment!.joined(separator: ", "))\(agrees ? " (agrees)" : " (disagrees)")")
        }
        rule += Self.agreement(verdicts)
        result.fields[.equipment] = Suggestion(value: .strings(items), evidence: evidence.lines, rule: rule)
    }

    /// The first implication read in the instructions too that they say ("hang from a pull-up bar").
    func instructionImplication(_ record: UpstreamRecord) -> Vocabulary.NameImplication? {
        let text = Self.instructionLines(record).joined(separator: " ").lowercased()
        return text.isEmpty ? nil : vocabulary.nameImplications.first { $0.instructions && NameMatcher.contains(text, $0.keyword) }
    }

    /// Implications found in the name as written (as the name-implies-equipment rule reads it)
    /// and in its words ("Pull_Ups" is "pull-ups").
    func impliedEquipment(_ name: NameWords) -> [Vocabulary.NameImplication] {
        var found: [Vocabulary.NameImplication] = []
        for hit in PhraseIndex.longest(writtenImplications.hits(ids: name.rawIDs)) + PhraseIndex.longest(implications.hits(ids: name.ids)) {
            let i = vocabulary.nameImplications[hit.payload]
            if !found.contains(where: { Set($0.items) == Set(i.items) }) { found.append(i) }
        }
        return found
    }

    /// Primary muscles: those a keyword of the pattern in the name says (nameMuscles: a reverse
    /// wrist curl's wrist extensors, a rear delt row's rear delts; upstream's target, if other,
    /// a secondary); else upstream's target with the muscles the pattern trains. A pattern whose
    /// muscles miss the target gives way to another pattern the name names whose muscles cover
    /// it ("dumbbell plyo squat" is power by precedence, and a squat's muscles are its own;
    /// "hammer curl and press" curls the biceps upstream names); else the target stays when it
    /// is in another part of the body or upstream weighed the pattern's muscles, and the
    /// pattern's muscles win when neither. Returns the pattern the other fields are drafted
    /// from: the one the name also names when the drafted one trains another part of the body
    /// than upstream's target and that one trains it ("dumbbell biceps curl squat" with the
    /// biceps as target is a curl; measured apart as pattern.name-agrees).
    func muscles(_ record: UpstreamRecord, name: NameWords, pattern: String?, alternatives: [String], key: String, matches: [ReferenceMatch], into result: inout RecordSuggestions) -> String? {
        let target = mapMuscles(record, "target", key: key, into: &result)
        let secondary = mapMuscles(record, "secondaryMuscles", key: key, into: &result)
        let trained = pattern.flatMap { vocabulary.patternMuscles[$0] } ?? []
        let covered = { (muscles: [String]) in target.ids.contains { t in muscles.contains { self.vocabulary.covers(t, $0) } } }
        let named = covered(trained) ? nil : alternatives.first { covered(vocabulary.patternMuscles[$0] ?? []) }
        let withTarget = { (muscles: [String]) in muscles.filter { p in !target.ids.contains { self.vocabulary.covers($0, p) } } + target.ids }
        var primary: [String]
        var evidence = target.evidence
        var rule: String
        var demoted: [String] = []
        var drafted = pattern
        if target.ids.isEmpty && trained.isEmpty {
            return pattern
        } else if let said = pattern.flatMap({ namedMuscles(name, pattern: $0) }) {
            // The name says which muscles ("reverse wrist curl"); upstream's target, when they
            // do not cover it, becomes a secondary, as when the pattern disagrees.
            (primary, rule) = (said.muscles, "primary.name-muscles")
            demoted = target.ids.filter { t in !said.muscles.contains { vocabulary.covers($0, t) } }
            evidence.add("the name says '\(said.keyword)', which trains \(said.muscles.joined(separator: ", "))")
        } else if let named, let muscles = vocabulary.patternMuscles[named] {
            // Measured apart from the drafted pattern's own agreement.
            (primary, rule) = (withTarget(muscles), "primary.name-pattern")
            evidence.add("the name also says \(named), which trains \(muscles.joined(separator: ", ")) as upstream's target does")
            if contradicts(target.ids, trained), var guess = result.fields[.movementPattern] {
                drafted = named
                if explains { guess.evidence.append("upstream's target \(target.ids.joined(separator: ", ")) is in another part of the body than \(pattern!) trains; \(named) trains it") }
                result.fields[.movementPattern] = Suggestion(value: .string(named), evidence: guess.evidence, rule: "pattern.name-agrees")
            }
        } else if trained.isEmpty {
            (primary, rule) = (target.ids, "primary.upstream")
        } else if target.ids.isEmpty {
            (primary, rule) = (trained, "primary.pattern")
            evidence.add("pattern \(pattern!) trains \(trained.joined(separator: ", "))")
        } else if covered(trained) {
            primary = withTarget(trained)
            rule = primary.count > target.ids.count ? "primary.pattern-adds" : "primary.pattern-agrees"
            evidence.add("pattern \(pattern!) trains \(trained.joined(separator: ", "))")
        } else if contradicts(target.ids, trained) {
            // A target in another part of the body: the pattern's keyword likely misread the name
            // ("curl v sit" is no sit-up), so upstream's target stays primary and the pattern's
            // draft is less sure (each measured apart).
            (primary, rule) = (target.ids, "primary.upstream-over-pattern")
            evidence.add("pattern \(pattern!) trains \(trained.joined(separator: ", ")), in another part of the body than upstream's target")
            markContradicted(by: target.ids, into: &result)
        } else if weighed(target.ids, secondary.ids, trained) {
            (primary, rule) = (target.ids, "primary.upstream-weighed")
            evidence.add("pattern \(pattern!) trains \(trained.joined(separator: ", ")), which upstream names a secondary muscle, its target a muscle of another group")
        } else {
            // The pattern names what the movement trains; upstream's target becomes a secondary.
            primary = trained
            rule = "primary.pattern-disagrees"
            evidence.add("pattern \(pattern!) trains \(trained.joined(separator: ", ")), not \(target.ids.joined(separator: ", ")) as upstream's target says")
            demoted = target.ids
        }
        primary = Array(primary.prefix(3))  // primary-count: a set counts in full for each
        let sayers = matches.filter { $0.score >= Self.sameExercise && $0.record.primary?.isEmpty == false }
        let verdicts = sayers.map { m in m.record.primary!.contains { r in primary.contains { vocabulary.covers($0, r) } } }
        for (m, agrees) in zip(sayers, verdicts) {
            evidence.add("\(m.label): primary \(m.record.primary!.joined(separator: ", "))\(agrees ? " (agrees)" : " (disagrees)")")
        }
        result.fields[.primaryMuscles] = Suggestion(value: .strings(primary), evidence: evidence.lines, rule: rule + Self.agreement(verdicts))

        // Secondary: upstream's, never one a primary already covers.
        let ids = (demoted + secondary.ids.filter { !demoted.contains($0) }).filter { s in !primary.contains { vocabulary.covers($0, s) } }.prefix(6)
        // Measured apart: upstream naming none, upstream's own, and upstream's target put here.
        let secondaryRule = ids.isEmpty ? "secondary.none" : ids.contains(where: demoted.contains) ? "secondary.demoted" : "secondary.upstream"
        result.fields[.secondaryMuscles] = Suggestion(value: .strings(Array(ids)), evidence: secondary.evidence.lines.isEmpty ? because(["upstream names no secondary muscles"]) : secondary.evidence.lines,
                                                      rule: secondaryRule)
        return drafted
    }

    static let contradicted = "+contradicted"

    /// The muscles the name's longest nameMuscles keyword of `pattern` says, and that keyword.
    func namedMuscles(_ name: NameWords, pattern: String) -> (keyword: String, muscles: [String])? {
        let hits = muscleKeywords.hits(ids: name.ids).filter { vocabulary.nameMuscles[$0.payload].patterns.contains(pattern) }
        return hits.max { $0.length < $1.length }.map { ($0.phrase, vocabulary.nameMuscles[$0.payload].muscles) }
    }

    /// Whether upstream weighed the pattern's muscles and put them second: it names one of
    /// `trained` among its secondary muscles, and its target is in another muscle group than
    /// all of them. Close-grip and diamond push-ups and JM presses are the triceps' (a chest
    /// secondary); a Russian twist's target, abs, is in the obliques' own group (the core), so
    /// the pattern still names what it trains.
    func weighed(_ target: [String], _ secondary: [String], _ trained: [String]) -> Bool {
        let group = { (id: String) in self.vocabulary.muscle(id)?.group ?? id }
        return secondary.contains { s in trained.contains { vocabulary.covers(s, $0) } }
            && !target.contains { t in trained.contains { group($0) == group(t) } }
    }

    /// The drafted pattern made less sure: upstream's `target` is in another part of the body.
    func markContradicted(by target: [String], into result: inout RecordSuggestions) {
        guard var drafted = result.fields[.movementPattern] else { return }
        drafted.rule += Self.contradicted
        drafted.confidence = Calibration.confidence(drafted.rule)
        if explains { drafted.evidence.append("upstream's target \(target.joined(separator: ", ")) is in another part of the body") }
        result.fields[.movementPattern] = drafted
    }

    /// Whether no muscle of `target` is in a part of the body (upper body, trunk, lower body)
    /// of one of `trained`: a target the pattern cannot be about. A muscle of no part (the
    /// cardiovascular system) contradicts nothing.
    func contradicts(_ target: [String], _ trained: [String]) -> Bool {
        let trainedParts = Set(trained.flatMap(parts)), targetParts = target.flatMap(parts)
        return !trainedParts.isEmpty && !targetParts.isEmpty && !targetParts.contains(where: trainedParts.contains)
    }

    /// The parts of the body of a muscle or group: the lumbar spine is the trunk's and, as a
    /// hinge's, the lower body's.
    func parts(_ id: String) -> [String] {
        if id == "lower-back" { return ["trunk", "lower"] }
        switch vocabulary.muscle(id)?.group ?? id {
        case "chest", "back", "shoulders", "upper-arms", "lower-arms", "neck": return ["upper"]
        case "core": return ["trunk"]
        case "hips", "thighs", "lower-legs": return ["lower"]
        default: return []
        }
    }

    func mapMuscles(_ record: UpstreamRecord, _ field: String, key: String, into result: inout RecordSuggestions) -> (ids: [String], evidence: Evidence) {
        var ids: [String] = []
        var evidence = Evidence(explains)
        let map = vocabulary.muscleSynonyms[key] ?? [:]
        for term in Self.terms(record.fields[field]) {
            guard let mapped = map[term] else {
                result.unmapped.append(UnmappedTerm(source: key, field: field, term: term))
                continue
            }
            ids.append(contentsOf: mapped.filter { !ids.contains($0) })
            evidence.add("upstream \(field) '\(term)' → \(mapped.joined(separator: ", "))")
        }
        return (ids, evidence)
    }

    func level(_ record: UpstreamRecord, name: NameWords, pattern: String?, key: String, matches: [ReferenceMatch], into result: inout RecordSuggestions) {
        // The member's own level is read from what its adapter kept besides the fields.
        let own = ReferenceRecord.level { record.extra[$0] }.flatMap { ReferenceRecord.mappedLevel($0, key: key, vocabulary: vocabulary) }
        if let own {
            result.fields[.level] = Suggestion(value: .string(own), evidence: because(["upstream level '\(own)'"]), rule: "level.own")
            return
        }
        let items = result.fields[.equipment]?.value.arrayValue?.compactMap(\.stringValue) ?? []
        let named = Set(levelKeywords.hits(ids: name.ids).map(\.payload))
        let rule = vocabulary.levelRules.enumerated().first { i, r in
            (r.nameKeywords.isEmpty || named.contains(i))
                && (r.patterns.isEmpty || pattern.map(r.patterns.contains) == true)
                && (r.equipment.isEmpty || items.contains(where: r.equipment.contains))
        }.map { (rule: $0.element, index: $0.offset) }
        let reference = matches.first { $0.score >= 0.8 && $0.record.level != nil }
        var evidence = Evidence(explains)
        if let rule { evidence.add("rule \(rule.rule.id) says \(rule.rule.level)") }
        if let reference {
            let said = reference.record.level!
            let agrees = rule?.rule.level == said
            evidence.add("\(reference.label): level \(said)" + [reference.record.mechanic.map { "mechanic \($0)" }, reference.record.force.map { "force \($0)" }].compactMap { $0 }.map { ", " + $0 }.joined()
                            + (rule == nil ? "" : agrees ? " (agrees)" : " (disagrees)"))
            // Measured: where the two disagree, the rule is right more often than the reference.
            let level = rule?.rule.level ?? said
            result.fields[.level] = Suggestion(value: .string(level), evidence: evidence.lines, rule: rule.map { "level.rule-\($0.rule.id)" + (agrees ? "+agree" : "+disagree") } ?? "level.reference")
        } else if let rule {
            result.fields[.level] = Suggestion(value: .string(rule.rule.level), evidence: evidence.lines, rule: "level.rule-\(rule.rule.id)")
        }
    }

    /// Setup: the slowest drafted item's time. It is as sure as the equipment it is read from, so
    /// it is measured per equipment rule ("setup.upstream+name" from "equipment.upstream+name").
    func setup(into result: inout RecordSuggestions) {
        guard let equipment = result.fields[.equipment] else { return }
        let ids = equipment.value.arrayValue?.compactMap(\.stringValue) ?? []
        let slowest = ids.compactMap { id in vocabulary.equipmentItem(id).map { ($0.setupSeconds, id) } }.max { $0.0 < $1.0 }
        let rule = "setup." + (equipment.rule.hasPrefix("equipment.") ? String(equipment.rule.dropFirst("equipment.".count)) : equipment.rule)
        result.fields[.setupSeconds] = Suggestion(value: .int(slowest?.0 ?? 0), evidence: because([slowest.map { "\($0.1) takes \($0.0) s to set up" } ?? "no equipment to set up"]), rule: rule)
    }

    /// Planning: manual-only with the family's reason, else auto. An auto draft whose primary
    /// muscles the planner does not count would break primary-not-planner: it is drafted
    /// manual-only instead, with that reason.
    func planning(_ family: FamilyGuess?, into result: inout RecordSuggestions) {
        if let family {
            result.planning = PlanningSuggestion(.manualOnly(reason: family.family.reason), evidence: because([family.evidence]), rule: "planning.\(family.rule)")
            return
        }
        let primary = result.fields[.primaryMuscles]?.value.arrayValue?.compactMap(\.stringValue) ?? []
        if !primary.isEmpty && !primary.contains(where: { !vocabulary.plannerMuscles(of: $0).isEmpty }) {
            result.planning = PlanningSuggestion(.manualOnly(reason: "trains \(primary.joined(separator: ", ")), which the planner sets no targets for"),
                                                 evidence: because(["no primary muscle is one the planner counts"]), rule: "planning.no-planner-muscle")
            return
        }
        guard let pattern = result.fields[.movementPattern]?.value.stringValue else {
            // No evidence either way: the measured rate of such records, and never sure enough
            // to be confirmed without a look (below the catalog's threshold).
            var draft = PlanningSuggestion(.auto, evidence: because(["no movement pattern, and no stretching, mobility, cardio or rehabilitation evidence either"]),
                                   rule: "planning.auto-no-evidence")
            draft.confidence = min(draft.confidence, Self.below(threshold))
            result.planning = draft
            return
        }
        result.planning = PlanningSuggestion(.auto, evidence: because(["pattern \(pattern) is strength work, with no stretching, mobility, cardio or rehabilitation evidence"]), rule: "planning.auto")
    }

    /// The largest confidence in hundredths below `threshold`.
    static func below(_ threshold: Double) -> Double {
        max(0, ((threshold * 100).rounded(.up) - 1) / 100)
    }
}
