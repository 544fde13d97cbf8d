import CatalogJSON
import CatalogModel


/// The bytes of `catalog.json`, a record at a time: export writes them and verify compares a
/// build against them, so neither holds the whole document. They are exactly the bytes of the
/// whole object written in JSONWriter's pretty style (keys sorted: format, name, records,
/// schemaVersion, version, and from schema 2 vocabulary), which is how builds were always
/// written; a test holds the two equal.
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
    public static func record(_ exercise: Exercise, index: Int, schema: Int = BuildFormat.schemaVersion) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        separator(index: index, into: &out)
        exercise.write(style: .pretty, indent: 2, schema: schema, into: &out)
        return out
    }

    /// The same bytes from the record's compact form (`Exercise.write` in the compact style),
    /// appended to `out`: the writer's layout added to it (`JSONWriter.reindent`), not the
    /// record written again.
    public static func record(compact: UnsafeBufferPointer<UInt8>, index: Int, into out: inout [UInt8]) {
        separator(index: index, into: &out)
        JSONWriter.reindent(compact: compact, indent: 2, into: &out)
    }

    /// What comes before record number `index`: its comma, a line break and its indent.
    private static func separator(index: Int, into out: inout [UInt8]) {
        if index > 0 { out.append(0x2C) }
        out.append(contentsOf: [0x0A, 0x20, 0x20, 0x20, 0x20])
    }

    /// Everything after the last of `count` records; from schema 2 with the build's
    /// vocabularies (`BuildVocabulary.json`), which schema 1 builds do not carry.
    public static func trailer(count: Int, schemaVersion: Int = BuildFormat.schemaVersion, version: SemanticVersion, vocabulary: JSONValue? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: (count == 0 ? "]" : "\n  ]").utf8)
        out.append(contentsOf: ",\n  \"schemaVersion\": \(schemaVersion),\n  \"version\": ".utf8)
        JSONWriter.write(.string(version.description), style: .compact, indent: 0, into: &out)
        if let vocabulary {
            out.append(contentsOf: ",\n  \"vocabulary\": ".utf8)
            JSONWriter.write(vocabulary, style: .pretty, indent: 1, into: &out)
        }
        out.append(contentsOf: "\n}\n".utf8)
        return out
    }
}

extension Exercise {
    /// Writes `json(schema:)` as JSONWriter would at nesting level `indent`, member by member
    /// with JSONWriter's own object writer, without building the value: a build writes a
    /// million of these twice (pretty for catalog.json, compact for SQLite). A test holds the
    /// two equal.
    public func write(style: JSONWriter.Style, indent: Int, schema: Int = BuildFormat.schemaVersion, into out: inout [UInt8]) {
        var o = JSONWriter.ObjectWriter(style: style, indent: indent, into: &out)
        // Keys in sorted order, as JSONWriter sorts them.
        for field in ExerciseField.sorted(schema: schema) {
            o.key(field.key)
            field.write(self, into: &o)
        }
        out = o.close()
    }
}
