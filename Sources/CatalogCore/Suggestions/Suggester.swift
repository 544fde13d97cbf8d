import CatalogJSON
import CatalogModel
import CatalogRecords

/// A drafted value for one planner field, with how sure the rule is and why.
public struct Suggestion: Sendable, Equatable {
    public var value: JSONValue
    /// The measured accuracy of `rule` (Calibration), not a guess.
    public var confidence: Double
    public var evidence: [String]
    /// The rule that drafted it, as calibrated: "pattern.head", "equipment.upstream+agree".
    public var rule: String

    public init(value: JSONValue, confidence: Double? = nil, evidence: [String], rule: String) {
        self.value = value
        self.confidence = confidence ?? Calibration.confidence(rule)
        self.evidence = evidence
        self.rule = rule
    }

    /// Its members as `write` writes any object's, in key order: confidence, evidence, a
    /// planning draft's `reason`, rule, value.
    func write(reason: String?, into o: inout JSONWriter.ObjectWriter) {
        o.key("confidence"); o.number(Self.format(confidence))
        o.key("evidence"); o.strings(evidence)
        if let reason { o.key("reason"); o.string(reason) }
        o.key("rule"); o.string(rule)
        o.key("value"); o.value(value)
    }

    /// `JSONNumber.format(confidence)`, looked up for the hundredths every measured confidence is.
    /// The same members as a JSON value.
    func json(reason: String?) -> JSONValue {
        var members = [JSONMember("confidence", .number(Self.format(confidence))), JSONMember("evidence", .strings(evidence))]
        if let reason { members.append(JSONMember("reason", .string(reason))) }
        members += [JSONMember("rule", .string(rule)), JSONMember("value", value)]
        return .object(JSONObject(members))
    }

    static func format(_ confidence: Double) -> String {
        let hundredths = (confidence * 100).rounded()
        if hundredths >= 0 && hundredths <= 100 && hundredths / 100 == confidence { return formatted[Int(hundredths)] }
        return JSONNumber.format(confidence)
    }

    static let formatted = (0...100).map { JSONNumber.format(Double($0) / 100) }
}

/// A drafted planning mode and the measure of the rule that drafted it. As JSON it is a field's
/// suggestion whose value is the mode's name, with a manual-only draft's `reason` beside it.
public struct PlanningSuggestion: Sendable, Equatable {
    public var value: Planning
    /// The measured accuracy of `rule` (Calibration), not a guess.
    public var confidence: Double
    public var evidence: [String]
    public var rule: String

    public init(_ value: Planning, confidence: Double? = nil, evidence: [String], rule: String) {
        self.value = value
        self.confidence = confidence ?? Calibration.confidence(rule)
        self.evidence = evidence
        self.rule = rule
    }

    /// As a field's suggestion, the mode's name its value.
    public var suggestion: Suggestion {
        Suggestion(value: .string(value.mode.rawValue), confidence: confidence, evidence: evidence, rule: rule)
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

/// A record's suggestions by planner field, a slot each: `suggest` reads and sets a dozen of
/// them per record, and a String-backed enum as a dictionary key hashes its raw value each time.
public struct FieldSuggestions: Sendable, Sequence {
    private var slots = [Suggestion?](repeating: nil, count: PlannerField.allCases.count)

    public init() {}

    public subscript(field: PlannerField) -> Suggestion? {
        get { slots[field.place] }
        set { slots[field.place] = newValue }
    }

    /// The drafted fields, in `PlannerField.allCases` order.
    public func makeIterator() -> some IteratorProtocol<(field: PlannerField, suggestion: Suggestion)> {
        PlannerField.allCases.lazy.compactMap { f in slots[f.place].map { (f, $0) } }.makeIterator()
    }
}


/// Suggestions for one record, and the terms that could not be mapped.
public struct RecordSuggestions: Sendable {
    public var fields = FieldSuggestions()
    /// The drafted planning mode (a manual-only draft with its reason).
    public var planning: PlanningSuggestion?
    /// The reference records the evidence came from.
    public var sources: [ReferenceMatch] = []
    public var unmapped: [UnmappedTerm] = []

    /// The fields' JSON keys and "planning" (nil) in key order, as `write` takes them.
    static let jsonOrder: [PlannerField?] = (PlannerField.allCases.map(Optional.some) + [nil]).sorted { a, b in
        (a?.rawValue ?? "planning").precedesInUTF8(b?.rawValue ?? "planning")
    }

    /// The `fields` member `write` writes, as a JSON value (what the workbench's record answers).
    public var fieldsJSON: JSONValue {
        .object(JSONObject(Self.jsonOrder.compactMap { field -> JSONMember? in
            if let field { return fields[field].map { JSONMember(field.rawValue, $0.json(reason: nil)) } }
            return planning.map { JSONMember("planning", $0.suggestion.json(reason: $0.value.reason)) }
        }))
    }

    /// {fields, id, source, sources} at nesting level `indent`, member by member as `JSONWriter.write`
    /// lays out any object (no JSON tree built first: `suggest --all` writes every record).
    public func write(id: String, source: String, style: JSONWriter.Style, indent: Int, into out: inout [UInt8]) {
        var o = JSONWriter.ObjectWriter(style: style, indent: indent, into: &out)
        o.key("fields")
        o.object { f in
            for field in Self.jsonOrder {
                if let field {
                    guard let suggestion = fields[field] else { continue }
                    f.key(field.rawValue)
                    f.object { suggestion.write(reason: nil, into: &$0) }
                } else if let planning {
                    f.key("planning")
                    f.object { planning.suggestion.write(reason: planning.value.reason, into: &$0) }
                }
            }
        }
        o.key("id"); o.string(id)
        o.key("source"); o.string(source)
        o.key("sources")
        JSONWriter.writeArray(sources.count, style: style, indent: indent + 1, into: &o.out) { i, out in
            let m = sources[i]
            var s = JSONWriter.ObjectWriter(style: style, indent: indent + 2, into: &out)
            s.key("id"); s.string(m.record.id)
            s.key("name"); s.string(m.record.name)
            s.key("score"); s.number(JSONNumber.format(m.score))
            s.key("source"); s.string(m.record.source)
            out = s.close()
        }
        out = o.close()
    }
}

/// A suggestion's evidence as it is gathered: each line made only when the suggester explains.
struct Evidence {
    let explains: Bool
    private(set) var lines: [String] = []

    init(_ explains: Bool) {
        self.explains = explains
    }

    mutating func add(_ line: @autoclosure () -> String) {
        if explains { lines.append(line()) }
    }
}

/// A record's name as the suggester reads it, split and numbered once.
struct NameWords {
    /// `ExerciseName.rawWords` and `ExerciseName.words` of the name.
    let raw: [String], words: [String]
    /// Their numbers in the suggester's lexicon.
    let rawIDs: [Int32], ids: [Int32]

    init(_ name: String, lexicon: Lexicon) {
        raw = ExerciseName.rawWords(name)
        words = ExerciseName.words(raw: raw)
        rawIDs = lexicon.ids(raw)
        ids = lexicon.ids(words)
    }
}

/// Drafts every planner field and the planning mode from an upstream record, the vocabulary's
/// tables, every reference source's matching records and reviewed siblings. Each field's rule
/// and its agreement with the references pick a measured confidence. Suggestions are never
/// approvals: an editor confirms them into a review.
public struct Suggester: Sendable {
    public let vocabulary: Vocabulary
    public var references: ReferenceIndex
    public var siblings: SiblingIndex
    public var variants: VariantIndex
    /// Whether suggestions carry their evidence. A caller that shows none (a bulk review) turns
    /// it off, and no evidence text is made: every suggestion's is empty, its value, confidence
    /// and rule the same.
    public var explains = true
    /// The catalog's confidence threshold: a draft resting on no evidence stays below it.
    public var threshold = 0.7
    let patterns: PatternMatcher
    /// The vocabulary's keywords put through ExerciseName once, not per record.
    let implications: PhraseIndex<Int>
    /// The same keywords word for word as written: what the name-implies-equipment rule matches
    /// (a superset of it: "pull-up" also finds "pull up").
    let writtenImplications: PhraseIndex<Int>
    /// Each family's instruction phrases' first words, looked for before the phrases.
    let instructionFirstWords: [[String]]
    let levelKeywords: PhraseIndex<Int>
    /// The vocabulary's nameMuscles keywords (payload: the entry's index).
    let muscleKeywords: PhraseIndex<Int>
    let familyKeywords: PhraseIndex<Int>
    /// Every muscle word the vocabulary knows, in any source's spelling.
    let muscleWords: PhraseIndex<String>
    /// The mechanic, joint rules' and laterality rules' name keywords (payload: the rule's index).
    let jointKeywords: PhraseIndex<Int>
    /// Pattern → its joint rules, in file order.
    let jointRulesByPattern: [String: [Int]]
    let mechanicKeywords: PhraseIndex<Int>
    let lateralityKeywords: PhraseIndex<Int>
    /// The laterality rules' instruction phrases (payload: the rule's index).
    let lateralityPhrases: PhraseScanner<Int>
    /// Numbers every word of the indexes above: a name's words are looked up once.
    let lexicon: Lexicon

    public init(vocabulary: Vocabulary, references: ReferenceIndex = ReferenceIndex(), siblings: SiblingIndex = SiblingIndex(), variants: VariantIndex = VariantIndex()) {
        self.vocabulary = vocabulary
        self.references = references
        self.siblings = siblings
        self.variants = variants
        var lexicon = Lexicon()
        patterns = PatternMatcher(vocabulary: vocabulary, lexicon: &lexicon)
        implications = PhraseIndex(vocabulary.nameImplications.enumerated().map { ($1.keyword, $0) }, lexicon: &lexicon)
        writtenImplications = PhraseIndex(vocabulary.nameImplications.enumerated().map { ($1.keyword, $0) }, words: ExerciseName.rawWords, lexicon: &lexicon)
        instructionFirstWords = vocabulary.families.map { Self.firstWords($0.instructionKeywords) }
        mechanicKeywords = PhraseIndex(vocabulary.mechanicNames.enumerated().map { ($1.keyword, $0) }, lexicon: &lexicon)
        jointRulesByPattern = Dictionary(grouping: vocabulary.jointRules.indices.flatMap { i in vocabulary.jointRules[i].patterns.map { ($0, i) } }, by: \.0)
            .mapValues { $0.map(\.1) }
        jointKeywords = PhraseIndex(vocabulary.jointRules.enumerated().flatMap { i, r in r.nameKeywords.map { ($0, i) } }, lexicon: &lexicon)
        lateralityKeywords = PhraseIndex(vocabulary.lateralityRules.enumerated().flatMap { i, r in r.nameKeywords.map { ($0, i) } }, lexicon: &lexicon)
        lateralityPhrases = PhraseScanner(vocabulary.lateralityRules.enumerated().flatMap { i, r in r.instructionKeywords.map { ($0, i) } })
        levelKeywords = PhraseIndex(vocabulary.levelRules.enumerated().flatMap { i, r in r.nameKeywords.map { ($0, i) } }, lexicon: &lexicon)
        muscleKeywords = PhraseIndex(vocabulary.nameMuscles.enumerated().flatMap { i, n in n.nameKeywords.map { ($0, i) } }, lexicon: &lexicon)
        familyKeywords = PhraseIndex(vocabulary.families.enumerated().flatMap { i, f in f.nameKeywords.map { ($0, i) } }, lexicon: &lexicon)
        let words = Set(vocabulary.muscleSynonyms.values.flatMap(\.keys)).union(vocabulary.muscleOrGroupIDs)
        muscleWords = PhraseIndex(words.sorted().map { ($0, $0) }, lexicon: &lexicon)
        self.lexicon = lexicon
    }

    /// The key of a source's terms in the synonym maps: the source's own name when the maps have
    /// it, else the source its adapter reads (an ExerciseDB CSV copy uses ExerciseDB's terms).
    public static func vocabularyKey(source: String, adapter: String, vocabulary: Vocabulary) -> String {
        if vocabulary.equipmentSynonyms[source] != nil || vocabulary.muscleSynonyms[source] != nil { return source }
        return adapter.hasSuffix("-csv") ? String(adapter.dropLast(4)) : adapter
    }

    public func suggest(_ record: UpstreamRecord, source: String, vocabularyKey key: String) -> RecordSuggestions {
        var result = RecordSuggestions()
        let name = NameWords(record.name, lexicon: lexicon)
        let words = name.words
        let matches = references.matches(words: words, excluding: (source, record.id))
        result.sources = matches

        let guess = patterns.infer(words: words, ids: name.ids)
        if let guess {
            var evidence = Evidence(explains)
            evidence.add("name says '\(guess.keyword)'")
            if !guess.alternatives.isEmpty { evidence.add("\(guess.rule == "head" ? "last movement word wins over" : "\(guess.pattern) takes precedence over") \(guess.alternatives.joined(separator: ", "))") }
            result.fields[.movementPattern] = Suggestion(value: .string(guess.pattern), evidence: evidence.lines, rule: "pattern.\(guess.rule)")
        }
        equipment(record, name: name, key: key, matches: matches, into: &result)
        let pattern = muscles(record, name: name, pattern: guess?.pattern, alternatives: guess?.alternatives ?? [], key: key, matches: matches, into: &result)
        level(record, name: name, pattern: pattern, key: key, matches: matches, into: &result)
        setup(into: &result)
        let categories = ReferenceRecord.categoryFields.compactMap { f in (record.extra[f] ?? record.fields[f])?.stringValue.map { (f, $0) } }
        let family = family(ids: name.ids, pattern: pattern, categories: categories, matches: matches) { Self.instructionText(record, ifAny: $0) }
        planning(family, into: &result)
        mechanic(record, ids: name.ids, pattern: pattern, matches: matches, into: &result)
        jointStress(ids: name.ids, pattern: pattern, into: &result)
        laterality(ids: name.ids, pattern: pattern, instructions: Self.instructionLines(record), into: &result)
        if let sibling = siblings.sibling(of: record, words: words, source: source) { apply(sibling, into: &result) }
        variant(record, into: &result)
        return result
    }

    /// The strings of an upstream value: a string, or the strings of a list; blank ones left out.
    public static func terms(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return TextNormalizer.isBlank(s) ? [] : [s]
        case .array(let a)?: return a.compactMap(\.stringValue).filter { !TextNormalizer.isBlank($0) }
        default: return []
        }
    }

    /// `lines` when the suggester explains, else none: the text is not made.
    func because(_ lines: @autoclosure () -> [String]) -> [String] {
        explains ? lines() : []
    }

    /// "+agree" when every reference that says something agrees, "+disagree" when one does not,
    /// "" when none says: the rule's calibrated confidence moves with it.
    static func agreement(_ verdicts: [Bool]) -> String {
        verdicts.isEmpty ? "" : (verdicts.allSatisfy { $0 } ? "+agree" : "+disagree")
    }
}
