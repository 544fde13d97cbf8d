import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// ExerciseDB's JSON: an array of `{id, name, bodyPart, target, equipment, secondaryMuscles[],
/// instructions[], gifUrl}`. Fields other than the shared ones are kept verbatim as extras.
public struct ExerciseDBAdapter: ElementAdapter {
    public init() {}
    public var format: String { "exercisedb" }
    public var defaultSource: String { "exercisedb" }
    public var htmlFields: Set<String> { [] }

    public func matches(_ inputs: [ImportInput]) -> Bool {
        guard inputs.count == 1, let first = inputs[0].firstJSONObject else { return false }
        return first["id"] != nil
    }

    static let scalarFields = ["name", "bodyPart", "target", "equipment"]
    static let listFields = ["secondaryMuscles", "instructions"]

    public func record(from element: JSONValue, index: Int, file: String) throws(CatalogError) -> UpstreamRecord {
        var reader = try FieldReader(element, file: file, index: index)
        let id = try reader.id()
        var fields = JSONObject()
        fields.set("name", try reader.string("name", required: true))
        for key in Self.scalarFields.dropFirst() { fields.set(key, try reader.string(key)) }
        for key in Self.listFields { fields.set(key, try reader.strings(key)) }
        let extra = reader.extra(excluding: Self.usedFields)
        return UpstreamRecord(id: id, fields: fields, extra: extra)
    }

    static let usedFields = Set(scalarFields + listFields + ["id"])

    /// `record(from:)` above, as a shape: plain elements are decoded straight from their bytes
    /// (`FlatRecordDecoder`, tested equal to the strict decoder), the others strictly. The
    /// flat decoder writes canonical text from plain strings only: with HTML fields, all strictly.
    public func decoder(_ context: DecodeContext) -> any RecordDecoder {
        let strict = StrictDecoder(self, context: context)
        return context.htmlFields.isEmpty ? FlatRecordDecoder(shape: Self.shape, strict: strict) : strict
    }

    static let shape = FlatRecordShape(idKey: "id", scalars: scalarFields, lists: listFields, required: ["name"])
}

func singleInput(_ inputs: [ImportInput], format: String) throws(CatalogError) -> ImportInput {
    guard inputs.count == 1 else { throw CatalogError(.usage, "format \(format) reads one file, \(inputs.count) were given") }
    return inputs[0]
}
