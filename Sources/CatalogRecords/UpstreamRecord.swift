import CatalogJSON
import CatalogModel

/// One exercise as its source states it, normalised by an adapter into the catalog's shape.
///
/// `fields` holds the shared fields (name, bodyPart, target, equipment, secondaryMuscles,
/// instructions) under those names, as strings or lists of strings; `extra` keeps every other
/// field of the source verbatim (ExerciseDB's gifUrl, free-exercise-db's level, wger's license).
public struct UpstreamRecord: Sendable, Equatable {
    public var id: String
    public var fields: JSONObject
    public var extra: JSONObject
    /// Gone from the latest upstream release; kept so ids never disappear from the catalog.
    public var removed: Bool
    /// The demonstration animation attached from a local media folder, if any.
    public var media: MediaInfo?

    public init(id: String, fields: JSONObject, extra: JSONObject = JSONObject(), removed: Bool = false, media: MediaInfo? = nil) {
        self.id = id
        self.fields = fields
        self.extra = extra
        self.removed = removed
        self.media = media
    }

    /// The names of the shared fields, in fingerprint order.
    public static let sharedFields = ["name", "bodyPart", "target", "equipment", "secondaryMuscles", "instructions"]

    /// The sources' links to demonstration media (ExerciseDB's gifUrl, free-exercise-db's
    /// images). A fingerprint never covers them (DESIGN §4): a release that only moves its media
    /// links changes no text an editor reviewed.
    public static let mediaLinkFields: Set<String> = ["gifUrl", "images"]

    public var name: String { fields["name"]?.stringValue ?? "" }

    /// A field's value: a shared field, else a verbatim extra field (for configured fingerprints).
    public func value(of field: String) -> JSONValue? {
        fields[field] ?? extra[field]
    }

    /// Every upstream field name this record carries, for schema-change reports.
    public var fieldNames: [String] { fields.keys + extra.keys }

    // MARK: - Snapshot line form

    /// The record as one canonical JSON object (a line of `catalog/upstream/<source>.jsonl`).
    public var json: JSONValue {
        var object = fields
        object["id"] = .string(id)
        if !extra.isEmpty { object["extra"] = .object(extra) }
        if removed { object["removed"] = .bool(true) }
        if let media { object["media"] = media.json }
        return .object(object)
    }

    /// Reads a snapshot line back; throws with the field when the line is not a record. One pass
    /// over the members (a parsed object holds no key twice): every snapshot walk reads each line.
    public init(json: JSONValue) throws(RecordShapeError) {
        guard let object = json.objectValue else { throw RecordShapeError(field: nil, message: "expected an object, found \(json.typeName)") }
        var members: [JSONMember] = []
        members.reserveCapacity(object.count)
        var idValue: JSONValue?, extraValue: JSONValue?, removedValue: JSONValue?, mediaValue: JSONValue?
        for member in object.members {
            // The keys of the snapshot line that are not upstream fields.
            switch member.key {
            case "id": idValue = idValue ?? member.value
            case "extra": extraValue = extraValue ?? member.value
            case "removed": removedValue = removedValue ?? member.value
            case "media": mediaValue = mediaValue ?? member.value
            default: members.append(member)
            }
        }
        guard let id = idValue?.stringValue else { throw RecordShapeError(field: "id", message: "missing or not a string") }
        let fields = JSONObject(members)
        let extra: JSONObject
        switch extraValue {
        case nil: extra = JSONObject()
        case .object(let o)?: extra = o
        case let other?: throw RecordShapeError(field: "extra", message: "expected an object, found \(other.typeName)")
        }
        let removed: Bool
        switch removedValue {
        case nil: removed = false
        case .bool(let b)?: removed = b
        case let other?: throw RecordShapeError(field: "removed", message: "expected a boolean, found \(other.typeName)")
        }
        let media = try mediaValue.map { (value: JSONValue) throws(RecordShapeError) -> MediaInfo in try MediaInfo(json: value) }
        self.init(id: id, fields: fields, extra: extra, removed: removed, media: media)
    }
}
