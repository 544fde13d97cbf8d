import CatalogCore

/// The bytes of `catalog.json`, a record at a time: export writes them and verify compares a
/// build against them, so neither holds the whole document. They are exactly the bytes of the
/// whole object written in JSONWriter's pretty style (keys sorted: format, name, records,
/// schemaVersion, version), which is how builds were always written; a test holds the two equal.
///
/// Because the keys are sorted, the version comes after the records: a build can be written
/// before its version is decided (the version follows from the changes the records make).
public enum CatalogJSON {
    /// Everything before the first record.
    public static func header(name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: "{\n  \"format\": ".utf8)
        JSONWriter.write(.string(BuildFormat.catalogTag), style: .compact, indent: 0, into: &out)
        out.append(contentsOf: ",\n  \"name\": ".utf8)
        JSONWriter.write(.string(name), style: .compact, indent: 0, into: &out)
        out.append(contentsOf: ",\n  \"records\": [".utf8)
        return out
    }

    /// Record number `index` (from 0), with the separator before it.
    public static func record(_ exercise: Exercise, index: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        append(exercise.json, index: index, into: &out)
        return out
    }

    /// Appends an exercise's JSON as record number `index`.
    public static func append(_ json: JSONValue, index: Int, into out: inout [UInt8]) {
        if index > 0 { out.append(0x2C) }
        out.append(contentsOf: [0x0A, 0x20, 0x20, 0x20, 0x20])
        JSONWriter.write(json, style: .pretty, indent: 2, into: &out)
    }

    /// Everything after the last of `count` records.
    public static func trailer(count: Int, schemaVersion: Int = BuildFormat.schemaVersion, version: SemanticVersion) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: (count == 0 ? "]" : "\n  ]").utf8)
        out.append(contentsOf: ",\n  \"schemaVersion\": \(schemaVersion),\n  \"version\": ".utf8)
        JSONWriter.write(.string(version.description), style: .compact, indent: 0, into: &out)
        out.append(contentsOf: "\n}\n".utf8)
        return out
    }
}
