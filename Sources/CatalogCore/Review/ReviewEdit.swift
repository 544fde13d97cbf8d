import CatalogJSON
import CatalogModel
import CatalogRecords

/// What an editor changes in one review, as the workbench sends it
/// (`{fields, confidence, planning, note, exceptions}`): applied to the review as read, it gives
/// the review to write. A field set to the value it has keeps its correction (its fingerprint,
/// editor and date); a changed one is a new correction against today's text, as
/// `catalog review --set` makes it. Keys left out change nothing.
public struct ReviewEdit: Sendable, Equatable {
    /// Field → new value; nil removes the field.
    public var fields: [PlannerField: JSONValue?] = [:]
    /// Fields whose new value is a suggestion the editor confirmed (`via: suggestion`).
    public var confirmedSuggestions: Set<PlannerField> = []
    public var confidence: Double??
    public var planning: Planning?
    public var note: String??
    /// Replaces every exception when given.
    public var exceptions: [String: String]?
    /// Sets one exception each (nil: removes it), after `exceptions` (`review --except RULE=WHY`).
    public var exceptionChanges: [String: String?] = [:]
    /// Whether a field set to the value it has keeps its correction (the workbench), or is made
    /// again against today's text like every field given (`review --set`).
    public var keepsUnchanged = true

    public init() {}

    /// Reads the request body; a wrong shape is a usage error naming the key.
    public init(json: JSONValue) throws(CatalogError) {
        guard let object = json.objectValue else { throw CatalogError(.usage, "the body must be a JSON object {fields, confidence, planning, note, exceptions}") }
        let known: Set<String> = ["fields", "confidence", "planning", "note", "exceptions", "confirmedSuggestions", "editor"]
        if let unknown = object.members.first(where: { !known.contains($0.key) }) { throw CatalogError(.usage, "unknown key '\(unknown.key)' in the body") }
        for member in object["fields"]?.objectValue?.members ?? [] {
            guard let field = PlannerField(rawValue: member.key) else { throw CatalogError(.usage, "unknown planner field '\(member.key)'") }
            fields[field] = try Self.value(member.value, for: field)
        }
        for name in object["confirmedSuggestions"]?.arrayValue ?? [] {
            guard let field = name.stringValue.flatMap(PlannerField.init(rawValue:)) else { throw CatalogError(.usage, "confirmedSuggestions lists planner fields") }
            confirmedSuggestions.insert(field)
        }
        if let value = object["confidence"] {
            if value == .null { confidence = .some(nil) } else {
                guard case .number(let text) = value, let number = Double(text), (0...1).contains(number) else { throw CatalogError(.usage, "confidence takes a number from 0 to 1") }
                confidence = number
            }
        }
        if let value = object["planning"] { planning = try Self.planning(value) }
        if let value = object["note"] {
            guard value == .null || value.stringValue != nil else { throw CatalogError(.usage, "note takes a string") }
            note = .some(value.stringValue.flatMap { $0.isEmpty ? nil : $0 })
        }
        if let value = object["exceptions"] {
            guard let members = value.objectValue?.members else { throw CatalogError(.usage, "exceptions takes an object {RULE: WHY}") }
            var map: [String: String] = [:]
            for member in members {
                guard let why = member.value.stringValue else { throw CatalogError(.usage, "exception \(member.key) takes a string") }
                if !why.isEmpty { map[member.key] = why }
            }
            exceptions = map
        }
    }

    /// A field's value as `PlannerField.parse` normalises typed text: list items and strings
    /// normalised (empty items dropped), setupSeconds a whole number; null removes the field.
    public static func value(_ value: JSONValue, for field: PlannerField) throws(CatalogError) -> JSONValue? {
        if value == .null { return nil }
        if field.isList {
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else { throw CatalogError(.usage, "\(field.rawValue) takes a list of strings") }
            return .strings(items.compactMap(\.stringValue).map(TextNormalizer.normalize).filter { !$0.isEmpty })
        }
        if field == .setupSeconds {
            guard case .number(let text) = value, let seconds = Int(text) else { throw CatalogError(.usage, "setupSeconds takes a whole number of seconds") }
            return .int(seconds)
        }
        guard let text = value.stringValue else { throw CatalogError(.usage, "\(field.rawValue) takes a string") }
        let trimmed = TextNormalizer.normalize(text)
        guard !trimmed.isEmpty else { throw CatalogError(.usage, "\(field.rawValue) needs a value") }
        return .string(trimmed)
    }

    static func planning(_ value: JSONValue) throws(CatalogError) -> Planning {
        let mode = (value.stringValue ?? value.objectValue?["mode"]?.stringValue).flatMap(Planning.Mode.init(rawValue:))
        if mode == .auto { return .auto }
        guard let object = value.objectValue, mode == .manualOnly else {
            throw CatalogError(.usage, "planning takes \"auto\" or {\"mode\": \"manual-only\", \"reason\": WHY}")
        }
        guard let reason = object["reason"]?.stringValue, !TextNormalizer.normalize(reason).isEmpty else { throw CatalogError(.usage, "manual-only planning needs a reason") }
        return .manualOnly(reason: reason)
    }

    /// The review after this edit, made by `editor` on `date` against `record`'s text today.
    public func applied(to review: Review, record: UpstreamRecord, canonical: CanonicalText, editor: String, date: String) -> Review {
        var review = review
        for field in fields.keys.sorted() {
            guard let value = fields[field]! else {
                review.corrections[field] = nil
                review.pruneBasis()
                continue
            }
            let via: Correction.Via = confirmedSuggestions.contains(field) ? .suggestion : .edit
            if keepsUnchanged, let existing = review.corrections[field], existing.value == value, existing.via == via || via == .edit { continue }
            let replaced = field.upstreamField.flatMap { record.fields[$0] } ?? .null
            review.set(field, value, replaced: replaced, canonical: canonical, media: record.media?.digest, editor: editor, date: date, via: via)
        }
        if let confidence { review.confidence = confidence }
        if let planning { review.planning = planning }
        if let note { review.note = note }
        if let exceptions { review.exceptions = exceptions }
        for (rule, why) in exceptionChanges { review.exceptions[rule] = why }
        return review
    }
}
