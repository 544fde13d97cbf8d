import CatalogJSON
import CatalogModel

/// The review file format: canonical JSON (sorted keys, two-space indent, trailing newline).
extension Review {
    static let keys: Set<String> = ["formatVersion", "source", "id", "corrections", "confidence", "planning", "note", "exceptions", "basis"]
    static let correctionKeys: Set<String> = ["value", "replaced", "fingerprint", "editor", "date", "via", "media"]

    /// The review as a JSON value: its file's text, parsed (`fileBytes` is the one definition).
    public var json: JSONValue { (try? JSONParser.parse(fileBytes)) ?? .null }

    /// The file's text: canonical pretty JSON.
    public var fileText: String { String(decoding: fileBytes, as: UTF8.self) }

    /// The file's bytes, written member by member in key order (UTF-8 bytes, as `JSONWriter`
    /// sorts them) without building the document first: a bulk review writes one per record.
    public var fileBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2048)
        var o = JSONWriter.ObjectWriter(style: .pretty, indent: 0, into: &out)
        o.key("basis")
        o.object { b in
            for key in basis.keys.sorted(by: { $0.precedesInUTF8($1) }) {
                b.key(key)
                b.string(basis[key]!)
            }
        }
        if let confidence {
            o.key("confidence")
            o.number(JSONNumber.format(confidence))
        }
        o.key("corrections")
        o.object { list in
            for field in corrections.keys.sorted(by: { $0.rawValue.precedesInUTF8($1.rawValue) }) {
                let c = corrections[field]!
                list.key(field.rawValue)
                list.object { c.writeMembers(&$0) }
            }
        }
        if !exceptions.isEmpty {
            o.key("exceptions")
            o.object { e in
                for key in exceptions.keys.sorted(by: { $0.precedesInUTF8($1) }) {
                    e.key(key)
                    e.string(exceptions[key]!)
                }
            }
        }
        o.key("formatVersion"); o.number(String(Self.formatVersion))
        o.key("id"); o.string(id)
        if let note { o.key("note"); o.string(note) }
        o.key("planning")
        o.object { p in
            switch planning {
            case .auto: p.key("mode"); p.string(Planning.Mode.auto.rawValue)
            case .manualOnly(let reason): p.key("mode"); p.string(Planning.Mode.manualOnly.rawValue); p.key("reason"); p.string(reason)
            }
        }
        o.key("source"); o.string(source)
        out = o.close()
        out.append(0x0A)
        return out
    }

    /// A correction's `via` (`edit` when absent).
    static func via(_ c: JSONReader) throws(CatalogError) -> Correction.Via {
        guard let text = try c.optionalString("via") else { return .edit }
        guard let via = Correction.Via(rawValue: text) else {
            throw c.fail("expected one of \(Correction.Via.allCases.map(\.rawValue).joined(separator: ", "))", "via")
        }
        return via
    }

    /// Reads a review file. Structure errors (unknown fields, wrong types, broken JSON) name the
    /// file and field; vocabulary and plausibility are the rules' business, not the parser's.
    public init(json: JSONValue, file: String) throws(CatalogError) {
        let r = try JSONReader(json, file: file)
        try r.rejectUnknown(Self.keys)
        if let version = try r.optionalNumber("formatVersion"), version != Double(Self.formatVersion) {
            throw r.fail("unsupported review format \(version); this catalog reads \(Self.formatVersion)", "formatVersion")
        }
        self.init(source: try r.string("source"), id: try r.string("id"))
        if let corrections = try r.optionalObjectReader("corrections") {
            for member in corrections.object.members {
                guard let field = PlannerField(rawValue: member.key) else {
                    throw corrections.fail("unknown planner field (known: \(PlannerField.allCases.map(\.rawValue).joined(separator: ", ")))", member.key)
                }
                let c = try corrections.objectReader(member.key)
                try c.rejectUnknown(Self.correctionKeys)
                guard let value = c.object["value"] else { throw c.fail("missing", "value") }
                try Self.checkShape(value, of: field, file: c.file, record: c.record, path: c.fieldPath("value"))
                let fingerprint = try c.string("fingerprint")
                guard Fingerprint(fingerprint) != nil else { throw c.fail("not a fingerprint (fp1: and 64 hex digits)", "fingerprint") }
                self.corrections[field] = Correction(
                    value: value, replaced: c.object["replaced"] ?? .null, fingerprint: fingerprint,
                    editor: try c.string("editor"), date: try c.string("date"), via: try Self.via(c),
                    media: try c.optionalString("media"))
            }
        }
        confidence = try r.optionalNumber("confidence")
        note = try r.optionalString("note")
        if let p = try r.optionalObjectReader("planning") {
            try p.rejectUnknown(["mode", "reason"])
            let mode = try p.string("mode")
            switch Planning.Mode(rawValue: mode) {
            case .auto: planning = .auto
            case .manualOnly: planning = .manualOnly(reason: try p.optionalString("reason") ?? "")
            case nil: throw p.fail("expected auto or manual-only, found '\(mode)'", "mode")
            }
        }
        if let e = try r.optionalObjectReader("exceptions") {
            for member in e.object.members { exceptions[member.key] = try e.string(member.key) }
        }
        if let b = try r.optionalObjectReader("basis") {
            for member in b.object.members { basis[member.key] = try b.string(member.key) }
        }
    }

    /// Values have the shape of their field: lists of strings, a string, or a number.
    public static func checkShape(_ value: JSONValue, of field: PlannerField, file: String, record: String?, path: String) throws(CatalogError) {
        switch field {
        case .equipment, .primaryMuscles, .secondaryMuscles, .jointStress:
            _ = try JSONReader.strings(value, at: path, file: file, record: record)
        case .movementPattern, .level, .mechanic, .laterality, .variantOf, .replacedBy:
            guard value.stringValue != nil else { throw .data("expected a string, found \(value.typeName)", file: file, record: record, field: path) }
        case .setupSeconds:
            guard case .number = value else { throw .data("expected a number of seconds, found \(value.typeName)", file: file, record: record, field: path) }
        }
    }

    /// Reads a review file: in the canonical layout the tool writes, without a JSON tree
    /// (`CanonicalReviewReader`); any other bytes the strict way (`strictlyParsed`), which gives
    /// the same review or says what is wrong.
    /// `file` (for messages) is made only when the bytes are not in the canonical layout.
    public static func parse(_ bytes: [UInt8], file: @autoclosure () -> String) throws(CatalogError) -> Review {
        if let review = bytes.withUnsafeBufferPointer(CanonicalReviewReader.review) { return review }
        return try strictlyParsed(bytes, file: file())
    }

    /// Reads a review file through `JSONParser` and `init(json:file:)`, whatever its layout.
    static func strictlyParsed(_ bytes: [UInt8], file: String) throws(CatalogError) -> Review {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .json(error, file: file) }
        return try Review(json: value, file: file)
    }
}

extension Correction {
    /// A correction's members in the review file's order: the file and a history entry's
    /// changes write them alike.
    public func writeMembers(_ w: inout JSONWriter.ObjectWriter) {
        w.key("date"); w.string(date)
        w.key("editor"); w.string(editor)
        w.key("fingerprint"); w.string(fingerprint)
        if let media { w.key("media"); w.string(media) }
        w.key("replaced"); w.value(replaced)
        w.key("value"); w.value(value)
        w.key("via"); w.string(via.rawValue)
    }
}
