/// A drafted value for one planner field, with how sure the rule is and why.
public struct Suggestion: Sendable, Equatable {
    public var value: JSONValue
    public var confidence: Double
    public var evidence: [String]

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("value", value),
            JSONMember("confidence", .number(Review.format(confidence))),
            JSONMember("evidence", .strings(evidence)),
        ]))
    }
}

/// An upstream term no synonym map covers: reported with counts, never guessed.
public struct UnmappedTerm: Sendable, Hashable {
    public var source: String
    public var field: String
    public var term: String

    public init(source: String, field: String, term: String) {
        self.source = source
        self.field = field
        self.term = term
    }
}

/// Suggestions for one record, and the terms that could not be mapped.
public struct RecordSuggestions: Sendable {
    public var fields: [PlannerField: Suggestion] = [:]
    public var unmapped: [UnmappedTerm] = []

    public func json(id: String, source: String) -> JSONValue {
        .object(JSONObject([
            JSONMember("id", .string(id)),
            JSONMember("source", .string(source)),
            JSONMember("fields", .object(JSONObject(fields.keys.sorted().map { JSONMember($0.rawValue, fields[$0]!.json) }))),
        ]))
    }
}

/// A reference record's level, found by exercise name in another source (free-exercise-db).
public struct ReferenceLevel: Sendable {
    public var source: String
    public var id: String
    public var level: String

    public init(source: String, id: String, level: String) {
        self.source = source
        self.id = id
        self.level = level
    }
}

/// Drafts every planner field from an upstream record with the synonym maps and plain rules.
/// Suggestions are never approvals: an editor confirms them into a review.
public struct Suggester: Sendable {
    public let vocabulary: Vocabulary
    /// Normalised exercise name → a reference record's level.
    public var referenceLevels: [String: ReferenceLevel]
    /// Each pattern's name keywords as written and lowercased, lowercased once, not per record.
    let patternKeywords: [(pattern: Vocabulary.Pattern, keywords: [(keyword: String, lowered: String)])]

    public init(vocabulary: Vocabulary, referenceLevels: [String: ReferenceLevel] = [:]) {
        self.vocabulary = vocabulary
        self.referenceLevels = referenceLevels
        patternKeywords = vocabulary.patterns.map { pattern in (pattern, pattern.nameKeywords.map { ($0, $0.lowercased()) }) }
    }

    /// The key of a source's terms in the synonym maps: the source's own name when the maps have
    /// it, else the source its adapter reads (an ExerciseDB CSV copy uses ExerciseDB's terms).
    public static func vocabularyKey(source: String, adapter: String, vocabulary: Vocabulary) -> String {
        if vocabulary.equipmentSynonyms[source] != nil || vocabulary.muscleSynonyms[source] != nil { return source }
        return adapter.hasSuffix("-csv") ? String(adapter.dropLast(4)) : adapter
    }

    /// Lowercase, letters and digits only, single spaces: "Barbell Full Squat" = "barbell full-squat".
    public static func matchingName(_ name: String) -> String {
        var out = ""
        var space = false
        for c in name.lowercased() {
            if c.isLetter || c.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                space = false
                out.append(c)
            } else {
                space = true
            }
        }
        return out
    }

    public func suggest(_ record: UpstreamRecord, source: String, vocabularyKey key: String) -> RecordSuggestions {
        var result = RecordSuggestions()
        let name = record.name.lowercased()

        // Movement pattern: the longest keyword found in the name.
        var best: (length: Int, patterns: [String], keyword: String)?
        for (pattern, keywords) in patternKeywords {
            for (keyword, lowered) in keywords where NameMatcher.contains(name, lowered) {
                if best == nil || keyword.count > best!.length {
                    best = (keyword.count, [pattern.id], keyword)
                } else if keyword.count == best!.length && !best!.patterns.contains(pattern.id) {
                    best!.patterns.append(pattern.id)
                }
            }
        }
        if let best {
            let tie = best.patterns.count > 1
            result.fields[.movementPattern] = Suggestion(
                value: .string(best.patterns[0]), confidence: tie ? 0.5 : 0.8,
                evidence: ["name contains '\(best.keyword)'"] + (tie ? ["also matches \(best.patterns.dropFirst().joined(separator: ", "))"] : []))
        }

        // Equipment: the upstream value through the synonym map, plus what the name implies.
        var items: [String] = []
        var evidence: [String] = []
        var equipmentMapped = true
        let equipmentMap = vocabulary.equipmentSynonyms[key] ?? [:]
        for term in Self.terms(record.fields["equipment"]) {
            if let ids = equipmentMap[term] {
                items.append(contentsOf: ids.filter { !items.contains($0) })
                evidence.append("upstream equipment '\(term)' → \(ids.isEmpty ? "nothing" : ids.joined(separator: ", "))")
            } else {
                equipmentMapped = false
                result.unmapped.append(UnmappedTerm(source: key, field: "equipment", term: term))
            }
        }
        var implied = false
        for implication in NameMatcher.implications(in: name, vocabulary.nameImplications) {
            for item in implication.items where !items.contains(item) {
                items.append(item)
                implied = true
                evidence.append("name says '\(implication.keyword)' → \(item)")
            }
        }
        if equipmentMapped || !items.isEmpty {
            result.fields[.equipment] = Suggestion(value: .strings(items), confidence: !equipmentMapped ? 0.4 : (implied ? 0.75 : 0.9), evidence: evidence)
        }

        // Muscles: target → primary, secondaryMuscles → secondary (minus the primary ones).
        let muscleMap = vocabulary.muscleSynonyms[key] ?? [:]
        func muscles(_ field: String, confidence: Double, excluding: [String]) -> Suggestion? {
            var ids: [String] = []
            var evidence: [String] = []
            var allMapped = true
            for term in Self.terms(record.fields[field]) {
                guard let mapped = muscleMap[term] else {
                    allMapped = false
                    result.unmapped.append(UnmappedTerm(source: key, field: field, term: term))
                    continue
                }
                let new = mapped.filter { !ids.contains($0) && !excluding.contains($0) }
                ids.append(contentsOf: new)
                evidence.append("upstream \(field) '\(term)' → \(mapped.joined(separator: ", "))")
            }
            guard !ids.isEmpty || (allMapped && record.fields[field] != nil) else { return nil }
            return Suggestion(value: .strings(ids), confidence: allMapped ? confidence : 0.4, evidence: evidence)
        }
        let primary = muscles("target", confidence: 0.85, excluding: [])
        result.fields[.primaryMuscles] = primary
        let secondary = muscles("secondaryMuscles", confidence: 0.7, excluding: primary?.value.arrayValue?.compactMap(\.stringValue) ?? [])
        if primary != nil {
            result.fields[.secondaryMuscles] = secondary ?? Suggestion(value: .array([]), confidence: 0.5, evidence: ["upstream names no secondary muscles"])
        }

        // Level: the record's own level, else a reference record with the same name.
        if let own = record.extra["level"]?.stringValue, let level = vocabulary.levelSynonyms[key]?[own] ?? (vocabulary.levels.contains(own) ? own : nil) {
            result.fields[.level] = Suggestion(value: .string(level), confidence: 0.85, evidence: ["upstream level '\(own)'"])
        } else if let reference = referenceLevels[Self.matchingName(record.name)] {
            result.fields[.level] = Suggestion(value: .string(reference.level), confidence: 0.75,
                                               evidence: ["\(reference.source):\(reference.id) has the same name, level \(reference.level)"])
        } else if vocabulary.levels.contains("intermediate") {
            result.fields[.level] = Suggestion(value: "intermediate", confidence: 0.3, evidence: ["no reference record with this name: default"])
        }

        // Setup time: the slowest item to set up.
        if let equipment = result.fields[.equipment] {
            let ids = equipment.value.arrayValue?.compactMap(\.stringValue) ?? []
            let slowest = ids.compactMap { id in vocabulary.equipmentItem(id).map { ($0.setupSeconds, id) } }.max { $0.0 < $1.0 }
            result.fields[.setupSeconds] = Suggestion(
                value: .int(slowest?.0 ?? 0), confidence: 0.6,
                evidence: [slowest.map { "\($0.1) takes \($0.0) s to set up" } ?? "no equipment to set up"])
        }
        return result
    }

    /// The strings of an upstream value: a string, or the strings of a list.
    public static func terms(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return TextNormalizer.normalize(s).isEmpty ? [] : [s]
        case .array(let a)?: return a.compactMap(\.stringValue).filter { !TextNormalizer.normalize($0).isEmpty }
        default: return []
        }
    }
}
