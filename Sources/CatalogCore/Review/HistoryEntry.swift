import CatalogJSON
import CatalogModel
import CatalogRecords

/// One change to a review file, as `history/<source>/<id>.jsonl` keeps it: a line of canonical
/// JSON each, appended by the store whenever it writes a review, whatever the door. The review
/// file's format is unchanged; the history is what `catalog log` lists and `catalog undo` reverts.
///
/// A change names a key of the review file: `confidence`, `planning`, `note`, `exceptions`, or a
/// member of `corrections` or `basis` (`corrections.level`, `basis.fp1:…`), with the whole value
/// before and after it (null: absent), so an entry can be reverted on its own.
public struct HistoryEntry: Sendable, Equatable {
    /// Where the change was made.
    public enum Door: String, Sendable, CaseIterable {
        /// `catalog review ID --set …` (and --note, --confidence, --planning, --except).
        case review
        /// `catalog review ID` in $EDITOR.
        case editor
        /// The workbench's save.
        case workbench
        /// `catalog accept`.
        case accept
        /// Bulk confirmation: `review --from-suggestions` and the workbench's group confirm.
        case bulk
        /// `catalog undo` and the workbench's Undo.
        case undo
    }

    public struct Change: Sendable, Equatable {
        public var key: String
        public var from: JSONValue
        public var to: JSONValue

        public init(key: String, from: JSONValue, to: JSONValue) {
            self.key = key
            self.from = from
            self.to = to
        }
    }

    /// UTC date and time, ISO 8601 (`SOURCE_DATE_EPOCH` or the clock).
    public var at: String
    public var editor: String
    public var door: Door
    /// Shared by the entries one bulk step or `accept` wrote.
    public var batch: String?
    /// For an undo: the number (1-based line) of the entry it reverted.
    public var undoes: Int?
    /// There was no review file before the change (reverting it removes the file).
    public var created = false
    /// There is no review file after the change (an undo of a creation).
    public var removed = false
    /// Sorted by key.
    public var changes: [Change]

    public init(at: String, editor: String, door: Door, batch: String? = nil, undoes: Int? = nil, created: Bool = false, removed: Bool = false, changes: [Change]) {
        self.at = at
        self.editor = editor
        self.door = door
        self.batch = batch
        self.undoes = undoes
        self.created = created
        self.removed = removed
        self.changes = changes
    }

    // MARK: - What changed

    /// The keys that differ between the review file replaced (its bytes; nil: no file) and the
    /// review written in its place (nil: the file removed), in key order. The review written is
    /// not parsed back: its keys come from the value (`members(of:)`), as its file holds them.
    /// Both lists are in key order: one pass over the two.
    public static func changes(from old: [UInt8]?, to new: Review?) throws(CatalogError) -> [Change] {
        let before = try members(old), after = new.map(members(of:)) ?? []
        var out: [Change] = []
        var i = 0, j = 0
        while i < before.count || j < after.count {
            let change: Change
            if j == after.count || (i < before.count && before[i].key.precedesInUTF8(after[j].key)) {
                change = Change(key: before[i].key, from: before[i].value, to: .null)
                i += 1
            } else if i == before.count || after[j].key.precedesInUTF8(before[i].key) {
                change = Change(key: after[j].key, from: .null, to: after[j].value)
                j += 1
            } else {
                change = Change(key: after[j].key, from: before[i].value, to: after[j].value)
                i += 1
                j += 1
            }
            if change.from != change.to { out.append(change) }
        }
        return out
    }

    /// A review's keys as `members(_:)` reads them from its file, `review.fileBytes`, in the same
    /// (key) order: the same values (numbers as the file spells them; objects compare and are
    /// written whatever their member order), made without writing and parsing the file
    /// (`HistoryEntryTests` holds the two equal).
    static func members(of review: Review) -> [JSONMember] {
        var out: [JSONMember] = []
        out.reserveCapacity(review.basis.count + review.corrections.count + 4)
        for key in review.basis.keys.sorted(by: { $0.precedesInUTF8($1) }) { out.append(JSONMember("basis." + key, .string(review.basis[key]!))) }
        if let confidence = review.confidence { out.append(JSONMember("confidence", .number(JSONNumber.format(confidence)))) }
        for field in review.corrections.keys.sorted(by: { $0.rawValue.precedesInUTF8($1.rawValue) }) {
            let c = review.corrections[field]!
            var members = [JSONMember("date", .string(c.date)), JSONMember("editor", .string(c.editor)), JSONMember("fingerprint", .string(c.fingerprint))]
            if let media = c.media { members.append(JSONMember("media", .string(media))) }
            members += [JSONMember("replaced", c.replaced), JSONMember("value", c.value), JSONMember("via", .string(c.via.rawValue))]
            out.append(JSONMember("corrections." + field.rawValue, .object(JSONObject(members))))
        }
        if !review.exceptions.isEmpty {
            out.append(JSONMember("exceptions", .object(JSONObject(review.exceptions.map { JSONMember($0.key, .string($0.value)) }))))
        }
        if let note = review.note { out.append(JSONMember("note", .string(note))) }
        out.append(JSONMember("planning", review.planning.json))
        return out
    }

    /// A review file's keys as changes name them (the identity keys left out), in key order.
    static func members(_ bytes: [UInt8]?) throws(CatalogError) -> [JSONMember] {
        guard let bytes else { return [] }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw CatalogError.data("a review file does not parse: \(error.message)") }
        guard let object = value.objectValue else { throw CatalogError.data("a review file is not a JSON object") }
        var out: [JSONMember] = []
        for member in object.members where !identityKeys.contains(member.key) {
            if nestedKeys.contains(member.key), let inner = member.value.objectValue {
                for m in inner.members { out.append(JSONMember(member.key + "." + m.key, m.value)) }
            } else {
                out.append(member)
            }
        }
        return out.sorted { $0.key.precedesInUTF8($1.key) }
    }

    static let identityKeys: Set<String> = ["formatVersion", "source", "id"]
    static let nestedKeys: Set<String> = ["corrections", "basis"]

    /// A change as people read it: a correction by its field and values, a setting as it is.
    public typealias FieldChange = (field: String, from: JSONValue, to: JSONValue)

    /// The changes people read (`catalog log`, the record page): corrections by field and value,
    /// the review's settings as they are; basis texts (bookkeeping for diffs) left out.
    public var fieldChanges: [FieldChange] {
        changes.compactMap { change in
            if change.key.hasPrefix("basis.") { return nil }
            if change.key.hasPrefix("corrections.") {
                let value = { (v: JSONValue) -> JSONValue in v.objectValue?["value"] ?? .null }
                return (String(change.key.dropFirst("corrections.".count)), value(change.from), value(change.to))
            }
            return (change.key, change.from, change.to)
        }
    }

    /// A value of a field change as text: JSON, but a planning mode as `auto` or `manual-only (why)`.
    public static func shown(_ field: String, _ value: JSONValue) -> String {
        guard field == "planning", let mode = value.objectValue?["mode"]?.stringValue else { return JSONWriter.string(value) }
        return value.objectValue?["reason"]?.stringValue.map { "\(mode) (\($0))" } ?? mode
    }

    // MARK: - Reverting

    /// The review file's object with this entry's changes reverted: each key set back to its
    /// `from`. nil when the entry created the file. Throws `.conflict` naming the key when the
    /// file no longer holds what the entry wrote (someone changed it since, outside the history).
    public func reverted(_ current: JSONObject?) throws(CatalogError) -> JSONObject? {
        if created && !removed { guard current != nil else { throw CatalogError(.conflict, "the review file is gone already") } }
        if removed { guard current == nil else { throw CatalogError(.conflict, "a review file exists again since") } }
        var object = current ?? JSONObject()
        for change in changes {
            let path = change.key.split(separator: ".", maxSplits: 1).map(String.init)
            let now: JSONValue = path.count == 2 && Self.nestedKeys.contains(path[0]) ? object[path[0]]?.objectValue?[path[1]] ?? .null : object[change.key] ?? .null
            guard now == change.to else {
                throw CatalogError(.conflict, "\(change.key) changed since (it is not what that change wrote); nothing written")
            }
            // Absent, not null: JSONValue is nil-literal-expressible, so spell the optional.
            let from: JSONValue? = change.from == .null ? .none : .some(change.from)
            if path.count == 2 && Self.nestedKeys.contains(path[0]) {
                var inner = object[path[0]]?.objectValue ?? JSONObject()
                inner[path[1]] = from
                object[path[0]] = .object(inner)
            } else {
                object[change.key] = from
            }
        }
        return created && !removed ? nil : object
    }

    // MARK: - The line

    /// The entry as its line of the history file: canonical JSON on one line, then a line feed.
    /// Written member by member in key order, as `JSONWriter` writes the object (a bulk step
    /// writes one per record).
    public var line: [UInt8] {
        Self.line(at: at, batch: batch, created: created, door: door, editor: editor, removed: removed, undoes: undoes, capacity: 1024) { out in
            JSONWriter.writeArray(changes.count, style: .compact, indent: 1, into: &out) { i, out in
                var c = JSONWriter.ObjectWriter(style: .compact, indent: 2, into: &out)
                c.key("from"); c.value(changes[i].from)
                c.key("key"); c.string(changes[i].key)
                c.key("to"); c.value(changes[i].to)
                out = c.close()
            }
        }
    }

    /// An entry's line, its members in key order around the changes array `changes` writes: the
    /// one layout of `line` and `createdLine`.
    static func line(at: String, batch: String?, created: Bool, door: Door, editor: String, removed: Bool, undoes: Int?, capacity: Int,
                     changes: (inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        var o = JSONWriter.ObjectWriter(style: .compact, indent: 0, into: &out)
        o.key("at"); o.string(at)
        if let batch { o.key("batch"); o.string(batch) }
        o.key("changes")
        changes(&o.out)
        if created { o.key("created"); o.bool(true) }
        o.key("door"); o.string(door.rawValue)
        o.key("editor"); o.string(editor)
        if removed { o.key("removed"); o.bool(true) }
        if let undoes { o.key("undoes"); o.number(String(undoes)) }
        out = o.close()
        out.append(0x0A)
        return out
    }

    /// The line of the entry that creates the file of `review`: what `line` is for the entry
    /// `created`, its changes `changes(from: nil, to: review)` (every key of the review, from null),
    /// written straight from the review, its members not made as JSON values first (a bulk step
    /// writes one per record). `HistoryEntryTests` holds the two equal.
    public static func createdLine(_ review: Review, at: String, editor: String, door: Door, batch: String?, undoes: Int?) -> [UInt8] {
        line(at: at, batch: batch, created: true, door: door, editor: editor, removed: false, undoes: undoes, capacity: 4096) { out in
            createdChanges(review, into: &out)
        }
    }

    /// The changes array of `createdLine`: every key of `review`, from null.
    private static func createdChanges(_ review: Review, into out: inout [UInt8]) {
        out.append(0x5B)
        var first = true
        // One change: {"from":null,"key":KEY,"to":VALUE}, VALUE written by `to`.
        func change(_ key: String, _ to: (inout JSONWriter.ObjectWriter) -> Void) {
            if !first { out.append(0x2C) }
            first = false
            var c = JSONWriter.ObjectWriter(style: .compact, indent: 2, into: &out)
            c.key("from"); c.null()
            c.key("key"); c.string(key)
            c.key("to"); to(&c)
            out = c.close()
        }
        for key in review.basis.keys.sorted(by: { $0.precedesInUTF8($1) }) { change("basis." + key) { $0.string(review.basis[key]!) } }
        if let confidence = review.confidence { change("confidence") { $0.number(JSONNumber.format(confidence)) } }
        for field in review.corrections.keys.sorted(by: { $0.rawValue.precedesInUTF8($1.rawValue) }) {
            let c = review.corrections[field]!
            change(correctionKeys[field.place]) { to in to.object { c.writeMembers(&$0) } }
        }
        if !review.exceptions.isEmpty {
            change("exceptions") { to in
                to.object { e in
                    for key in review.exceptions.keys.sorted(by: { $0.precedesInUTF8($1) }) { e.key(key); e.string(review.exceptions[key]!) }
                }
            }
        }
        if let note = review.note { change("note") { $0.string(note) } }
        change("planning") { $0.value(review.planning.json) }
        out.append(0x5D)
    }

    /// "corrections." and each field's name, by its place.
    static let correctionKeys = PlannerField.allCases.map { "corrections." + $0.rawValue }

    /// Reads one line of a history file; `file` and `line` locate an error.
    public init(line bytes: ArraySlice<UInt8>, file: String, line: Int) throws(CatalogError) {
        func bad(_ what: String) -> CatalogError { .data(what, file: file, line: line) }
        let value: JSONValue
        do { value = try JSONParser.parse(Array(bytes)) } catch { throw bad("the history entry does not parse: \(error.message)") }
        guard let object = value.objectValue else { throw bad("a history entry is a JSON object") }
        guard let at = object["at"]?.stringValue, let editor = object["editor"]?.stringValue,
              let door = object["door"]?.stringValue.flatMap(Door.init(rawValue:)), let changes = object["changes"]?.arrayValue else {
            throw bad("a history entry needs at, editor, door and changes")
        }
        self.at = at
        self.editor = editor
        self.door = door
        batch = object["batch"]?.stringValue
        undoes = object["undoes"].flatMap { if case .number(let n) = $0 { return Int(n) } else { return nil } }
        created = object["created"] == .bool(true)
        removed = object["removed"] == .bool(true)
        var list: [Change] = []
        for change in changes {
            guard let c = change.objectValue, let key = c["key"]?.stringValue else { throw bad("each change has a key") }
            list.append(Change(key: key, from: c["from"] ?? .null, to: c["to"] ?? .null))
        }
        self.changes = list
    }
}
