import CatalogJSON
import CatalogModel

/// `changes.json` (schema 3): a build's records against its previous build, named by its
/// manifest's digest. Each entry is a record added or changed, with the fields that changed,
/// whether it joined or left automatic planning (and why: the reasons it shed, or now carries),
/// whether it was removed upstream in this build, the record that replaces it, and the new
/// record whole. A first build's lists every record as added, previous null. Applied to the
/// records of the build it names (`apply`), it gives this build's records; a reader holding
/// any other build loads the new one whole.
public struct BuildChanges: Sendable {
    public enum Kind: String, Sendable {
        case added, changed
    }

    public enum Planning: String, Sendable {
        case joined, left
    }

    public struct Entry: Sendable {
        public var id: String
        public var kind: Kind
        public var fields: [String]
        public var planning: Planning?
        /// joined: the reason codes it shed; left: those it now carries.
        public var why: [String]
        public var removedUpstream: Bool
        public var replacedBy: String?
        public var record: Exercise
    }

    /// The build these changes lead to, and the one they start from (nil for a first build).
    public var version: SemanticVersion
    public var previous: (version: SemanticVersion, manifestSha256: String)?
    public var entries: [Entry]
    public var vocabulary: BuildVocabulary

    /// Reads `changes.json`'s bytes (already held to the manifest's digest).
    public init(bytes: [UInt8], file: String = BuildFormat.changesFile) throws(CatalogError) {
        let r = try JSONReader.document(bytes, file: file)
        try r.rejectUnknown(["format", "previous", "records", "schemaVersion", "version", "vocabulary"])
        guard try r.string("format") == BuildFormat.changesTag else { throw r.fail("expected \(BuildFormat.changesTag)", "format") }
        guard let schema = try r.optionalInt("schemaVersion"), schema == 3 else { throw r.fail("expected 3", "schemaVersion") }
        guard let version = SemanticVersion(try r.string("version")) else { throw r.fail("not a semantic version", "version") }
        self.version = version
        if let p = try r.optionalObjectReader("previous") {
            guard let v = SemanticVersion(try p.string("version")) else { throw p.fail("not a semantic version", "version") }
            previous = (v, try p.string("manifestSha256"))
        }
        vocabulary = try BuildVocabulary(json: r.object["vocabulary"] ?? .null, file: file)
        var entries: [Entry] = []
        for (i, e) in try r.objectReaders("records").enumerated() {
            try e.rejectUnknown(["change", "fields", "id", "planning", "record", "removedUpstream", "replacedBy", "why"])
            guard let kind = Kind(rawValue: try e.string("change")) else { throw e.fail("expected added or changed", "change") }
            let planning = try e.optionalString("planning")
            guard planning == nil || Planning(rawValue: planning!) != nil else { throw e.fail("expected joined or left", "planning") }
            let record = try Exercise(json: e.object["record"] ?? .null, file: file, index: i, schema: schema)
            let id = try e.string("id")
            guard record.id == id else { throw e.fail("the record is \(record.id), not \(id)", "record") }
            entries.append(Entry(id: id, kind: kind, fields: try e.optionalStrings("fields") ?? [], planning: planning.flatMap(Planning.init(rawValue:)),
                                 why: try e.optionalStrings("why") ?? [], removedUpstream: e.object["removedUpstream"] == .bool(true),
                                 replacedBy: try e.optionalString("replacedBy"), record: record))
        }
        self.entries = entries
    }

    /// The records of the new build: `installed` (the records, in id order, of the build whose
    /// manifest digest is `installedManifestSha256`) with these changes applied. Refuses
    /// changes made against any other build (mix-and-match), and an entry that adds a record
    /// held already or changes one not held.
    public func apply(to installed: [Exercise], installedManifestSha256: String) throws(CatalogError) -> [Exercise] {
        guard let previous, previous.manifestSha256 == installedManifestSha256 else {
            throw .data("these changes lead from build \(previous.map { "\($0.version) (manifest \($0.manifestSha256.prefix(12))…)" } ?? "(none: a first build)") to \(version), not from the build held (manifest \(installedManifestSha256.prefix(12))…); load the build whole", file: BuildFormat.changesFile)
        }
        var out: [Exercise] = []
        out.reserveCapacity(installed.count + entries.count)
        var next = 0
        for entry in entries {
            while next < installed.count, installed[next].id.precedesInUTF8(entry.id) {
                out.append(installed[next])
                next += 1
            }
            let held = next < installed.count && installed[next].id == entry.id
            guard held == (entry.kind == .changed) else {
                throw .data("record \(entry.id) is \(entry.kind.rawValue) by these changes but \(held ? "is held already" : "is not held")", file: BuildFormat.changesFile)
            }
            if let last = out.last, !last.id.precedesInUTF8(entry.id) { throw .data("records out of id order at \(entry.id)", file: BuildFormat.changesFile) }
            out.append(entry.record)
            if held { next += 1 }
        }
        out += installed[next...]
        return out
    }
}
