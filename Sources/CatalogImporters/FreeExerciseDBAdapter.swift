import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// free-exercise-db's dist JSON: `{id, name, primaryMuscles[], secondaryMuscles[], equipment,
/// instructions[], level, force, mechanic, category, images[]}`. primaryMuscles become the
/// shared `target`; level, force, mechanic, category and images stay verbatim as extras.
public struct FreeExerciseDBAdapter: ElementAdapter {
    public init() {}
    public var format: String { "free-exercise-db" }
    public var defaultSource: String { "free-exercise-db" }
    public var htmlFields: Set<String> { [] }

    public func matches(_ inputs: [ImportInput]) -> Bool {
        guard inputs.count == 1, let first = inputs[0].firstJSONObject else { return false }
        return first["primaryMuscles"] != nil
    }

    static let usedFields: Set<String> = ["id", "name", "primaryMuscles", "equipment", "secondaryMuscles", "instructions"]

    public func record(from element: JSONValue, index: Int, file: String) throws(CatalogError) -> UpstreamRecord {
        var reader = try FieldReader(element, file: file, index: index)
        let id = try reader.id()
        var fields = JSONObject()
        fields.set("name", try reader.string("name", required: true))
        fields.set("target", try reader.strings("primaryMuscles"))
        fields.set("equipment", try reader.string("equipment"))
        fields.set("secondaryMuscles", try reader.strings("secondaryMuscles"))
        fields.set("instructions", try reader.strings("instructions"))
        let extra = reader.extra(excluding: Self.usedFields)
        return UpstreamRecord(id: id, fields: fields, extra: extra)
    }
}
