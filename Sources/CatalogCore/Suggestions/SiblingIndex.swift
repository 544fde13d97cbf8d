import CatalogJSON
import CatalogModel
import CatalogRecords

/// Reviewed records as evidence for their variants: "barbell full squat (side pov)" and
/// "barbell full squat (back pov)" are one exercise filmed twice, so once an editor has reviewed
/// one, the other is drafted from that review. Siblings have the same name but for variant
/// markers and the same upstream equipment.
public struct SiblingIndex: Sendable {
    public struct Reviewed: Sendable, Equatable {
        public var source: String
        public var id: String
        public var editor: String
        public var equipmentTerms: [String]
        public var values: [PlannerField: JSONValue]
        public var planning: Planning
        /// The editor's own confidence in the review, if given: what a copy of it is worth.
        public var confidence: Double?

        public init(source: String, id: String, editor: String, equipmentTerms: [String], values: [PlannerField: JSONValue], planning: Planning, confidence: Double? = nil) {
            self.source = source
            self.id = id
            self.editor = editor
            self.equipmentTerms = equipmentTerms
            self.values = values
            self.planning = planning
            self.confidence = confidence
        }
    }

    var byName: [String: [Reviewed]] = [:]

    public init() {}

    public var isEmpty: Bool { byName.isEmpty }

    /// Records with the same key are siblings (when their upstream equipment agrees too).
    public static func key(_ name: String) -> String { key(words: ExerciseName.words(name)) }

    /// `key` of a name's `ExerciseName.words`.
    public static func key(words: [String]) -> String { ExerciseName.baseWords(words: words).joined(separator: " ") }

    /// Adds `review` of `record`: the review's latest editor is the one named in the evidence.
    public mutating func add(_ record: UpstreamRecord, review: Review) {
        guard !review.corrections.isEmpty else { return }
        let editor = review.corrections.values.max { ($0.date, $0.editor) < ($1.date, $1.editor) }!.editor
        byName[Self.key(record.name), default: []].append(Reviewed(
            source: review.source, id: review.id, editor: editor, equipmentTerms: Suggester.terms(record.fields["equipment"]),
            values: review.corrections.mapValues(\.value), planning: review.planning, confidence: review.confidence))
    }

    /// The first reviewed sibling of `record` (not the record itself); `words` are its name's
    /// `ExerciseName.words`.
    public func sibling(of record: UpstreamRecord, words: [String], source: String) -> Reviewed? {
        guard !byName.isEmpty, let group = byName[Self.key(words: words)] else { return nil }
        let terms = Suggester.terms(record.fields["equipment"])
        return group.first { !($0.source == source && $0.id == record.id) && $0.equipmentTerms == terms }
    }
}

extension Suggester {
    /// The sibling's reviewed values replace the drafts, field by field, and its planning mode
    /// goes with them (a reviewed stretch's variants are stretches too).
    func apply(_ sibling: SiblingIndex.Reviewed, into result: inout RecordSuggestions) {
        // The project's set has two sibling pairs, too few to measure a copy by: its confidence
        // is the editor's own for the review, else unmeasured.
        let evidence = "reviewed sibling \(sibling.source):\(sibling.id) by \(sibling.editor)"
        let confidence = sibling.confidence ?? Calibration.confidence("sibling")
        // A copy's variantOf names its base: never the sibling's own (its base, or itself).
        for (field, value) in sibling.values where field != .variantOf {
            result.fields[field] = Suggestion(value: value, confidence: confidence, evidence: because([evidence]), rule: "sibling")
        }
        result.planning = PlanningSuggestion(sibling.planning, confidence: confidence, evidence: because([evidence]), rule: "sibling")
        // A reviewed primary set may cover secondaries drafted from upstream.
        if sibling.values[.secondaryMuscles] == nil, let primary = result.fields[.primaryMuscles]?.value.arrayValue?.compactMap(\.stringValue),
           var secondary = result.fields[.secondaryMuscles] {
            let kept = (secondary.value.arrayValue?.compactMap(\.stringValue) ?? []).filter { s in !primary.contains { vocabulary.covers($0, s) } }
            secondary.value = .strings(kept)
            result.fields[.secondaryMuscles] = secondary
        }
    }
}
