import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogRecords

/// The changes of a build against the previous one: what the changelog lists, `catalog diff`
/// prints and the proposed version follows from.
public struct BuildDiff: Sendable {
    public struct Change: Sendable {
        public var id: String
        public var name: String
        /// Fields whose value changed (planner fields, name, reasons...).
        public var fields: [String]
        /// For demotions: the reasons the record now carries.
        public var reasons: [(code: ReasonCode, details: JSONValue)]
    }

    public var added: [Change] = []
    public var removed: [Change] = []
    public var promoted: [Change] = []
    public var demoted: [Change] = []
    public var changed: [Change] = []
    /// Records whose replacedBy this build sets or changes, with the record named (nil: unset).
    public var replaced: [(id: String, name: String, by: String?)] = []
    public var formatChanged = false
    /// The schema of the build compared with: fields it did not carry are not compared.
    public var previousSchema = BuildFormat.schemaVersion

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && promoted.isEmpty && demoted.isEmpty && changed.isEmpty && !formatChanged }

    /// Semantic versioning of content: a removal or a format change is major; additions and
    /// promotions minor; any other change a patch; nil when nothing changed.
    public var bump: SemanticVersion.Bump? {
        if formatChanged || !removed.isEmpty { return .major }
        if !added.isEmpty || !promoted.isEmpty { return .minor }
        if !demoted.isEmpty || !changed.isEmpty { return .patch }
        return nil
    }

    /// How one record compares: added, or changed (the fields, and whether it joined or left
    /// automatic planning); nil when the same. What changes.json writes for it.
    public struct Compared: Sendable {
        public var added: Bool
        public var fields: [String]
        public var planning: BuildChanges.Planning?
    }

    /// An empty comparison, fed record by record with `compare`.
    public init(previousSchema: Int = BuildFormat.schemaVersion) {
        formatChanged = previousSchema != BuildFormat.schemaVersion
        self.previousSchema = previousSchema
    }

    /// Compares whole lists (any order).
    public init(previous: [Exercise], current: [Exercise], previousSchema: Int = BuildFormat.schemaVersion) {
        self.init(previousSchema: previousSchema)
        let old = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Set(current.map(\.id))
        for exercise in current { compare(previous: old[exercise.id], current: exercise) }
        for exercise in previous where !new.contains(exercise.id) { compare(previous: exercise, current: nil) }
    }

    /// One record: in both builds, only in the new one (added) or only in the old one (removed).
    @discardableResult
    public mutating func compare(previous before: Exercise?, current exercise: Exercise?) -> Compared? {
        guard let exercise else {
            if let before { removed.append(Change(id: before.id, name: before.name, fields: [], reasons: [])) }
            return nil
        }
        guard let before else {
            added.append(Change(id: exercise.id, name: exercise.name, fields: [], reasons: exercise.reasons))
            if let by = exercise.replacedBy { replaced.append((exercise.id, exercise.name, by)) }
            return Compared(added: true, fields: [], planning: nil)
        }
        let fields = ExerciseField.changed(from: before, to: exercise, schema: previousSchema)
        let change = Change(id: exercise.id, name: exercise.name, fields: fields, reasons: exercise.reasons)
        if exercise.replacedBy != before.replacedBy { replaced.append((exercise.id, exercise.name, exercise.replacedBy)) }
        if !before.autoPlan && exercise.autoPlan { promoted.append(change) }
        else if before.autoPlan && !exercise.autoPlan { demoted.append(change) }
        else if !fields.isEmpty { changed.append(change) }
        else { return nil }
        return Compared(added: false, fields: fields, planning: before.autoPlan == exercise.autoPlan ? nil : exercise.autoPlan ? .joined : .left)
    }

    public var json: JSONValue {
        func list(_ changes: [Change], reasons: Bool = false) -> JSONValue {
            .array(changes.map { c in
                var o = JSONObject([JSONMember("id", .string(c.id)), JSONMember("name", .string(c.name))])
                if !c.fields.isEmpty { o["fields"] = .strings(c.fields) }
                if reasons { o["reasons"] = .array(c.reasons.map { .object(JSONObject([JSONMember("code", .string($0.code.rawValue)), JSONMember("details", $0.details)])) }) }
                return .object(o)
            })
        }
        return .object(JSONObject([
            JSONMember("added", list(added)), JSONMember("removed", list(removed)), JSONMember("promoted", list(promoted)),
            JSONMember("demoted", list(demoted, reasons: true)), JSONMember("changed", list(changed)),
            JSONMember("formatChanged", .bool(formatChanged)), JSONMember("bump", bump.map { .string($0.rawValue) } ?? .null),
        ]))
    }

    /// The changelog section in Markdown, stable for the same inputs.
    public func markdown(name: String, version: SemanticVersion, previous: SemanticVersion?, total: Int, autoPlan: Int) -> String {
        var out = "# \(name) \(version)\n\n"
        out += previous.map { "Changes against \(name) \($0).\n\n" } ?? "First build: every record is new.\n\n"
        out += "\(total) records, \(autoPlan) cleared for automatic planning.\n"
        func section(_ title: String, _ changes: [Change], detail: (Change) -> String) {
            guard !changes.isEmpty else { return }
            out += "\n## \(title) (\(changes.count))\n\n"
            for c in changes { out += "- `\(c.id)` \(Self.escape(c.name))\(detail(c))\n" }
        }
        if formatChanged {
            out += "\n## Format\n\nThe schema version changed from \(previousSchema) to \(BuildFormat.schemaVersion)."
            if previousSchema < 2 {
                out += " Every record now has confidence, mechanic, jointStress, laterality, variantOf and variants, and the build carries its vocabularies."
            }
            if previousSchema < 3 {
                out += " Every record now has replacedBy; the manifest has validUntil and keyRotations, and the build has changes.json."
            }
            out += "\n"
        }
        section("Added", added) { _ in "" }
        section("Removed", removed) { _ in "" }
        section("Promoted to automatic planning", promoted) { _ in "" }
        section("Demoted from automatic planning", demoted) { c in
            ": " + c.reasons.map { r in
                var text = r.code.rawValue
                if let fields = r.details.objectValue?["fields"]?.arrayValue?.compactMap(\.stringValue), !fields.isEmpty { text += " (\(fields.joined(separator: ", ")))" }
                if let rules = r.details.objectValue?["rules"]?.arrayValue?.compactMap(\.stringValue), !rules.isEmpty { text += " (\(rules.joined(separator: ", ")))" }
                return text
            }.joined(separator: ", ")
        }
        section("Changed", changed) { c in ": " + c.fields.joined(separator: ", ") }
        if !replaced.isEmpty {
            out += "\n## Replaced (\(replaced.count))\n\n"
            for r in replaced { out += "- `\(r.id)` \(Self.escape(r.name)) " + (r.by.map { "is replaced by `\($0)`" } ?? "is no longer replaced") + "\n" }
        }
        return out
    }

    /// Upstream names are text, not Markdown.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_[]<>|#".contains(c) { out.append("\\") }
            out.append(c == "\n" ? " " : c)
        }
        return out
    }
}

/// A build's records walked in id order beside the records of another, also in id order: how
/// two builds of any size are compared without holding either.
public final class RecordWalk {
    let records: BuildRecords
    private var pending: [Exercise] = []
    private var position = 0
    /// Sees each of this build's records once, as the walk passes it (export's coverage gate
    /// counts the previous build on the same read).
    public var visit: (Exercise) -> Void = { _ in }

    public init(_ records: BuildRecords) {
        self.records = records
    }

    /// Compares `current` (the next record of the new build, in id order) with this build's
    /// record of the same id; this build's records before it were removed. Returns that record
    /// and how the two compare.
    @discardableResult
    public func compare(_ current: Exercise, into diff: inout BuildDiff) throws(CatalogError) -> (before: Exercise?, compared: BuildDiff.Compared?) {
        let before = try advance(to: current.id) { diff.compare(previous: $0, current: nil) }
        return (before, diff.compare(previous: before, current: current))
    }

    /// After the new build's last record: the records left here were removed.
    public func finish(into diff: inout BuildDiff) throws(CatalogError) {
        _ = try advance(to: nil) { diff.compare(previous: $0, current: nil) }
    }

    /// Hands the records before `id` (all that are left when `id` is nil) to `passed`, and
    /// returns the record with `id`, if there is one.
    func advance(to id: String?, passed: (Exercise) -> Void) throws(CatalogError) -> Exercise? {
        while true {
            if position == pending.count {
                pending = try records.next()
                position = 0
                if pending.isEmpty { return nil }
            }
            let record = pending[position]
            if let id {
                if record.id == id {
                    position += 1
                    visit(record)
                    return record
                }
                if !record.id.precedesInUTF8(id) { return nil }
            }
            visit(record)
            passed(record)
            position += 1
        }
    }
}
