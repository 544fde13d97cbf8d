import CatalogJSON
import CatalogModel


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
        if index > 0 { out.append(0x2C) }
        out.append(contentsOf: [0x0A, 0x20, 0x20, 0x20, 0x20])
        exercise.write(style: .pretty, indent: 2, into: &out)
        return out
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

extension Exercise {
    /// Writes `json` as JSONWriter would at nesting level `indent`, without building the value:
    /// a build writes a million of these twice (pretty for catalog.json, compact for SQLite).
    /// A test holds the two writers equal.
    public func write(style: JSONWriter.Style, indent: Int, into out: inout [UInt8]) {
        var o = ObjectWriter(style: style, indent: indent, out: out)
        out = []
        // Keys in sorted order, as JSONWriter sorts them.
        o.field("attribution"); o.optional(attribution)
        o.field("autoPlan"); o.out.append(contentsOf: autoPlan ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
        o.field("equipment"); if let equipment { o.strings(equipment) } else { o.null() }
        o.field("id"); JSONWriter.writeString(id, into: &o.out)
        o.field("level"); o.optional(level)
        o.field("license"); o.optional(license)
        o.field("movementPattern"); o.optional(movementPattern)
        o.field("name"); JSONWriter.writeString(name, into: &o.out)
        o.field("primaryMuscles"); o.strings(primaryMuscles)
        o.field("reasons")
        if reasons.isEmpty {
            o.out.append(contentsOf: [0x5B, 0x5D])
        } else {
            JSONWriter.write(.array(reasons.map { .object(JSONObject([JSONMember("code", .string($0.code)), JSONMember("details", $0.details)])) }),
                             style: style, indent: indent + 1, into: &o.out)
        }
        o.field("secondaryMuscles"); o.strings(secondaryMuscles)
        o.field("setCredit")
        if setCredit.isEmpty {
            o.out.append(contentsOf: [0x7B, 0x7D])
        } else {
            var inner = ObjectWriter(style: style, indent: indent + 1, out: o.out)
            o.out = []
            for key in setCredit.keys.sorted(by: { $0.precedesInUTF8($1) }) {
                inner.key(key)
                inner.out.append(contentsOf: Review.format(setCredit[key]!).utf8)
            }
            o.out = inner.close()
        }
        o.field("setupSeconds")
        if let setupSeconds { o.out.append(contentsOf: String(setupSeconds).utf8) } else { o.null() }
        o.field("source"); JSONWriter.writeString(source, into: &o.out)
        o.field("upstreamId"); JSONWriter.writeString(upstreamID, into: &o.out)
        out = o.close()
    }

    /// The members of one JSON object, written in the order given.
    private struct ObjectWriter {
        let style: JSONWriter.Style
        let indent: Int
        var out: [UInt8]
        var count = 0

        init(style: JSONWriter.Style, indent: Int, out: [UInt8]) {
            self.style = style
            self.indent = indent
            self.out = out
            self.out.append(0x7B)
        }

        mutating func key(_ key: String) {
            separate()
            JSONWriter.writeString(key, into: &out)
            colon()
        }

        /// One of the record's own keys: plain ASCII, copied as is (a million records, two forms).
        mutating func field(_ key: StaticString) {
            separate()
            out.append(0x22)
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            out.append(0x22)
            colon()
        }

        private mutating func separate() {
            if count > 0 { out.append(0x2C) }
            count += 1
            newline(indent + 1)
        }

        private mutating func colon() {
            out.append(0x3A)
            if style == .pretty { out.append(0x20) }
        }

        mutating func null() { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

        mutating func optional(_ value: String?) {
            if let value { JSONWriter.writeString(value, into: &out) } else { null() }
        }

        mutating func strings(_ values: [String]) {
            guard !values.isEmpty else { out.append(contentsOf: [0x5B, 0x5D]); return }
            out.append(0x5B)
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(indent + 2)
                JSONWriter.writeString(value, into: &out)
            }
            newline(indent + 1)
            out.append(0x5D)
        }

        mutating func newline(_ level: Int) {
            guard style == .pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: level * 2))
        }

        /// Ends the object; returns the bytes.
        mutating func close() -> [UInt8] {
            if count > 0 { newline(indent) }
            out.append(0x7D)
            return out
        }
    }
}
