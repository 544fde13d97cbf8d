import CatalogCore

/// ExerciseDB's JSON: an array of `{id, name, bodyPart, target, equipment, secondaryMuscles[],
/// instructions[], gifUrl}`. Fields other than the shared ones are kept verbatim as extras.
public struct ExerciseDBAdapter: SourceAdapter {
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

    public func records(from inputs: [ImportInput], options: ImportOptions) throws(CatalogError) -> [UpstreamRecord] {
        let input = try singleInput(inputs, format: format)
        let array = try input.jsonArray(format: format)
        var records: [UpstreamRecord] = []
        records.reserveCapacity(array.count)
        for (index, value) in array.enumerated() {
            var reader = try FieldReader(value, file: input.path, index: index)
            let id = try reader.id()
            var fields = JSONObject()
            fields.set("name", try reader.string("name", required: true))
            for key in Self.scalarFields.dropFirst() { fields.set(key, try reader.string(key)) }
            for key in Self.listFields { fields.set(key, try reader.strings(key)) }
            let extra = reader.extra(excluding: Set(Self.scalarFields + Self.listFields + ["id"]))
            records.append(UpstreamRecord(id: id, fields: fields, extra: extra))
        }
        return try uniqueSorted(records, file: input.path)
    }
}

func singleInput(_ inputs: [ImportInput], format: String) throws(CatalogError) -> ImportInput {
    guard inputs.count == 1 else { throw CatalogError(.usage, "format \(format) reads one file, \(inputs.count) were given") }
    return inputs[0]
}
