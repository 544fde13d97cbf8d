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
        var first: (key: String, message: String)?
        readSettings(object) { key, message in if first == nil { first = (key, message) } }
        if let first { throw CatalogError(.usage, "\(first.key): \(first.message)") }
    }

    /// confidence, planning, note and exceptions of a review object an editor wrote (the
    /// workbench's body, the `$EDITOR` template), read the one way both doors read them: `fail`
    /// gets each bad key and what is wrong with it (that key is left unset). A key left out
    /// stays nil; null clears (planning: auto).
    public mutating func readSettings(_ object: JSONObject, fail: (_ key: String, _ message: String) -> Void) {
        switch object["confidence"] {
        case nil: break
        case .null?: confidence = .some(nil)
        case .number(let n)? where Double(n).map({ (0...1).contains($0) }) == true: confidence = Double(n)
        default: fail("confidence", "expected a number from 0 to 1, or null")
        }
        if let value = object["planning"] {
            switch Self.planning(value) {
            case .success(let mode): planning = mode
            case .failure(let problem): fail("planning", problem.message)
            }
        }
        switch object["note"] {
        case nil: break
        case .null?: note = .some(nil)
        case .string(let text)?: note = .some(text.isEmpty ? nil : text)
        default: fail("note", "expected a string, or null")
        }
        switch object["exceptions"] {
        case nil: break
        case .null?: exceptions = [:]
        case .object(let given)?:
            var map: [String: String] = [:]
            for member in given.members {
                guard let why = member.value.stringValue else { fail("exceptions", "'\(member.key)' needs a justification as a string"); continue }
                if !why.isEmpty { map[member.key] = why }
            }
            exceptions = map
        default: fail("exceptions", "expected an object {\"RULE\": \"why\"}")
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

    struct PlanningProblem: Error {
        var message: String
    }

    /// A planning mode as an editor writes one: "auto" (or null), "manual-only: REASON", or
    /// {"mode": "manual-only", "reason": WHY} as a review file holds it.
    static func planning(_ value: JSONValue) -> Result<Planning, PlanningProblem> {
        let given: (mode: String?, reason: String?)
        switch value {
        case .null: return .success(.auto)
        case .string(let text):
            let manual = Planning.Mode.manualOnly.rawValue + ":"
            given = text.hasPrefix(manual) ? (Planning.Mode.manualOnly.rawValue, String(text.dropFirst(manual.count))) : (text, nil)
        case .object(let object): given = (object["mode"]?.stringValue, object["reason"]?.stringValue)
        default: given = (nil, nil)
        }
        switch given.mode.flatMap(Planning.Mode.init(rawValue:)) {
        case .auto?: return .success(.auto)
        case .manualOnly?:
            let reason = TextNormalizer.normalize(given.reason ?? "")
            return reason.isEmpty ? .failure(PlanningProblem(message: "manual-only needs a reason: \"manual-only: REASON\"")) : .success(.manualOnly(reason: reason))
        case nil:
            return .failure(PlanningProblem(message: "expected \"auto\", \"manual-only: REASON\" or {\"mode\": \"manual-only\", \"reason\": WHY}"))
        }
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
