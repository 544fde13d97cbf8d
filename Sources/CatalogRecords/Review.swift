import CatalogJSON
import CatalogModel

/// The planner fields an editor sets (DESIGN.md §5).
public enum PlannerField: String, Sendable, CaseIterable, Comparable {
    case movementPattern, equipment, primaryMuscles, secondaryMuscles, level, setupSeconds
    /// What the planner scores beyond the basics (DESIGN.md §5): `compound` or `isolation`; the
    /// joints a set loads meaningfully (joints.json); `bilateral`, `unilateral` or `alternating`;
    /// the record this one is a camera-angle, version or performer copy of.
    case mechanic, jointStress, laterality, variantOf
    /// For a record removed upstream: the record that replaces it (a user's history follows it).
    case replacedBy

    public var isList: Bool { self == .equipment || self == .primaryMuscles || self == .secondaryMuscles || self == .jointStress }

    /// Fields a record needs before it can be planned automatically.
    public static let required: [PlannerField] = [.movementPattern, .equipment, .primaryMuscles, .level, .setupSeconds]

    /// The upstream field whose value a correction of this field replaces, if any.
    public var upstreamField: String? {
        switch self {
        case .equipment: return "equipment"
        case .primaryMuscles: return "target"
        case .secondaryMuscles: return "secondaryMuscles"
        case .movementPattern, .level, .setupSeconds, .mechanic, .jointStress, .laterality, .variantOf, .replacedBy: return nil
        }
    }

    public static func < (lhs: PlannerField, rhs: PlannerField) -> Bool { lhs.place < rhs.place }

    // Equal and hashed by place, not by raw value (which hashes the string): every rule looks
    // fields up in a review's corrections.
    public static func == (lhs: PlannerField, rhs: PlannerField) -> Bool { lhs.place == rhs.place }

    public func hash(into hasher: inout Hasher) { hasher.combine(place) }

    /// The field's place in `allCases` (a slot of an array indexed by field).
    public var place: Int {
        switch self {
        case .movementPattern: 0
        case .equipment: 1
        case .primaryMuscles: 2
        case .secondaryMuscles: 3
        case .level: 4
        case .setupSeconds: 5
        case .mechanic: 6
        case .jointStress: 7
        case .laterality: 8
        case .variantOf: 9
        case .replacedBy: 10
        }
    }
}

/// One planner field set by an editor against a given upstream text.
public struct Correction: Sendable, Equatable {
    /// A string, a list of strings, or a whole number (setupSeconds).
    public var value: JSONValue
    /// The upstream value it replaced (null when upstream has no such field).
    public var replaced: JSONValue
    /// The fingerprint of the upstream text the correction was made against.
    public var fingerprint: String
    public var editor: String
    public var date: String
    /// How it was made.
    public var via: Via
    /// The digest of the demonstration animation it was made against, when the record had one.
    public var media: String?

    public init(value: JSONValue, replaced: JSONValue, fingerprint: String, editor: String, date: String, via: Via = .edit, media: String? = nil) {
        self.value = value
        self.replaced = replaced
        self.fingerprint = fingerprint
        self.editor = editor
        self.date = date
        self.via = via
        self.media = media
    }

    /// How a correction was made, as the review file's `via` says it.
    public enum Via: String, Sendable, CaseIterable {
        /// An editor set the value.
        case edit
        /// An editor confirmed a suggestion's value.
        case suggestion
        /// An editor re-confirmed it against changed upstream text (`catalog accept`).
        case accept
    }

    /// Made against other text, or against another animation than `media` (when both exist).
    public func isStale(fingerprint today: String, media current: String?) -> Bool {
        if fingerprint != today { return true }
        if let media, let current, media != current { return true }
        return false
    }
}

/// How a record may be planned: automatically, or only when a person adds it.
public enum Planning: Sendable, Equatable {
    case auto
    case manualOnly(reason: String)

    /// The mode's name, as a review's `planning.mode` and a planning draft's value spell it.
    public enum Mode: String, Sendable, CaseIterable {
        case auto
        case manualOnly = "manual-only"
    }

    public var mode: Mode {
        switch self {
        case .auto: .auto
        case .manualOnly: .manualOnly
        }
    }

    /// As a review file holds it: `{mode}`, with a manual-only one's `reason`.
    public var json: JSONValue {
        .object(JSONObject([JSONMember("mode", .string(mode.rawValue))] + (reason.map { [JSONMember("reason", .string($0))] } ?? [])))
    }

    /// As the tool shows it: `auto`, or `manual-only (REASON)`.
    public var label: String { reason.map { "\(Mode.manualOnly.rawValue) (\($0))" } ?? Mode.auto.rawValue }

    /// Why the record is manual-only; nil for auto.
    public var reason: String? {
        switch self {
        case .auto: nil
        case .manualOnly(let reason): reason
        }
    }
}

/// An editor's review of one record: `reviews/<source>/<id>.json` (the text is the truth).
public struct Review: Sendable, Equatable {
    public static let formatVersion = 1

    public var source: String
    public var id: String
    public var corrections: [PlannerField: Correction] = [:]
    public var confidence: Double?
    public var planning: Planning = .auto
    public var note: String?
    /// Soft rule id → the editor's justification for overriding it.
    public var exceptions: [String: String] = [:]
    /// Fingerprint → the canonical text it was computed from, for every fingerprint in use.
    public var basis: [String: String] = [:]

    public init(source: String, id: String) {
        self.source = source
        self.id = id
    }

    public func value(_ field: PlannerField) -> JSONValue? { corrections[field]?.value }

    public func strings(_ field: PlannerField) -> [String] { PlannerValues.strings(value(field)) }

    /// Sets a field against today's text, keeping the basis of every fingerprint in use.
    public mutating func set(_ field: PlannerField, _ value: JSONValue, replaced: JSONValue, canonical: CanonicalText, media: String? = nil,
                             editor: String, date: String, via: Correction.Via = .edit) {
        let fingerprint = canonical.fingerprint.value
        corrections[field] = Correction(value: value, replaced: replaced, fingerprint: fingerprint, editor: editor, date: date, via: via, media: media)
        basis[fingerprint] = canonical.text
        // One basis text is the one just set, in use (a draft sets every field against one text).
        if basis.count > 1 { pruneBasis() }
    }

    /// Drops basis texts no correction refers to any more.
    public mutating func pruneBasis() {
        let used = Set(corrections.values.map(\.fingerprint))
        basis = basis.filter { used.contains($0.key) }
    }

    /// Fingerprints the corrections were made against.
    public var fingerprints: Set<String> { Set(corrections.values.map(\.fingerprint)) }
}

extension PlannerField {
    /// A value as typed on the command line: lists comma-separated (empty = none), setupSeconds
    /// a whole number, the others as given.
    public func parse(_ text: String) throws(CatalogError) -> JSONValue {
        if isList {
            let items = text.split(separator: ",").map { TextNormalizer.normalize(String($0)) }.filter { !$0.isEmpty }
            return .strings(items)
        }
        let trimmed = TextNormalizer.normalize(text)
        if self == .setupSeconds {
            guard let seconds = Int(trimmed) else { throw CatalogError(.usage, "setupSeconds takes a whole number of seconds, not '\(text)'") }
            return .int(seconds)
        }
        guard !trimmed.isEmpty else { throw CatalogError(.usage, "\(rawValue) needs a value") }
        return .string(trimmed)
    }
}

/// The planner fields a review sets, and its confidence, without the rest of the review: what
/// the index keeps of a review, so that a build reads no review file whose stamp has not moved.
public struct PlannerValues: Sendable, Equatable {
    public var values: [PlannerField: JSONValue] = [:]
    /// The review's confidence (a build carries it), nil when it states none.
    public var confidence: Double?

    public init(review: Review?) {
        values = review?.corrections.mapValues { $0.value } ?? [:]
        confidence = review?.confidence
    }

    /// From `text` as `text` wrote it ("" for none); fields this version does not know are left
    /// out. Nil when it is not such text (a damaged index row).
    public init?(text: String) {
        guard !text.isEmpty else { return }
        guard let object = (try? JSONParser.parse(text))?.objectValue else { return nil }
        for member in object.members {
            if let field = PlannerField(rawValue: member.key) { values[field] = member.value }
        }
        if case .number(let n)? = object[Self.confidenceKey] {
            guard let value = Double(n) else { return nil }
            confidence = value
        }
    }

    /// Beside the fields' names, which it cannot be one of.
    static let confidenceKey = "confidence"

    /// Compact JSON, keys sorted; "" when the review sets nothing.
    public var text: String {
        var object = JSONObject(values.map { JSONMember($0.key.rawValue, $0.value) })
        if let confidence { object[Self.confidenceKey] = .number(JSONNumber.format(confidence)) }
        return object.isEmpty ? "" : JSONWriter.string(.object(object))
    }

    public func value(_ field: PlannerField) -> JSONValue? { values[field] }

    public func strings(_ field: PlannerField) -> [String] { Self.strings(values[field]) }

    /// A list field's strings (a single string counts as a list of one).
    public static func strings(_ value: JSONValue?) -> [String] {
        // A closure, not a key path (applying one costs a call into the runtime per item).
        value?.arrayValue?.compactMap { $0.stringValue } ?? value?.stringValue.map { [$0] } ?? []
    }
}

/// A review's planner values as a row carries them: as just evaluated, or as the text an index
/// row stores (`PlannerValues.text`, which a damaged index may have spoilt). A build takes the
/// values of its own evaluation as they are, not written out and read back.
public enum PlannerFields: Sendable, Equatable {
    case values(PlannerValues)
    case text(String)

    /// As the index stores them.
    public var text: String {
        switch self {
        case .values(let values): values.text
        case .text(let text): text
        }
    }

    /// The values; nil for stored text that does not read.
    public var values: PlannerValues? {
        switch self {
        case .values(let values): values
        case .text(let text): PlannerValues(text: text)
        }
    }

    /// Equal when stored the same.
    public static func == (lhs: PlannerFields, rhs: PlannerFields) -> Bool { lhs.text == rhs.text }
}
