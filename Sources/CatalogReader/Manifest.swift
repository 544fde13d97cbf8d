import CatalogJSON
import CatalogModel


/// `manifest.json`: what a build is (format tag, schema, version), its counts, the upstream
/// snapshots it was built from, and the digest of every file. Its own digest (`selfSha256`,
/// over the canonical manifest without that key) makes any edited byte detectable.
public struct Manifest: Sendable, Equatable {
    public struct FileEntry: Sendable, Equatable {
        public var sha256: String
        public var bytes: Int

        public init(sha256: String, bytes: Int) {
            self.sha256 = sha256
            self.bytes = bytes
        }
    }

    public var schemaVersion: Int
    public var minReaderSchemaVersion: Int
    public var name: String
    public var version: SemanticVersion
    public var createdAt: String
    /// total, autoPlan, and reasons (code → count).
    public var counts: JSONValue
    /// source → {snapshotSha256, files: [{name, sha256}]}.
    public var upstream: JSONValue
    public var files: [String: FileEntry]
    public var previous: JSONValue
    /// The last moment (`YYYY-MM-DDTHH:MM:SSZ`) a reader takes this build as a new one (schema
    /// 3; nil: no end). Given to export, never read from a clock, so builds stay deterministic.
    public var validUntil: String?
    /// Every rotation of the signing key made so far, in sequence (schema 3).
    public var keyRotations: [KeyRotation] = []

    public init(name: String, version: SemanticVersion, createdAt: String, counts: JSONValue, upstream: JSONValue, files: [String: FileEntry], previous: JSONValue,
                validUntil: String? = nil, keyRotations: [KeyRotation] = []) {
        self.validUntil = validUntil
        self.keyRotations = keyRotations
        schemaVersion = BuildFormat.schemaVersion
        minReaderSchemaVersion = BuildFormat.minReaderSchemaVersion
        self.name = name
        self.version = version
        self.createdAt = createdAt
        self.counts = counts
        self.upstream = upstream
        self.files = files
        self.previous = previous
    }

    var unsignedJSON: JSONObject {
        JSONObject([
            JSONMember("format", .string(BuildFormat.manifestTag)),
            JSONMember("schemaVersion", .int(schemaVersion)),
            JSONMember("minReaderSchemaVersion", .int(minReaderSchemaVersion)),
            JSONMember("name", .string(name)),
            JSONMember("version", .string(version.description)),
            JSONMember("createdAt", .string(createdAt)),
            JSONMember("counts", counts),
            JSONMember("upstream", upstream),
            JSONMember("files", .object(JSONObject(files.keys.sorted().map { JSONMember($0, .object(JSONObject([
                JSONMember("sha256", .string(files[$0]!.sha256)), JSONMember("bytes", .int(files[$0]!.bytes)),
            ]))) }))),
            JSONMember("previous", previous),
        ] + (schemaVersion >= 3 ? [
            JSONMember("validUntil", validUntil.map { .string($0) } ?? .null), JSONMember("keyRotations", .array(keyRotations.map(\.json))),
        ] : []))
    }

    /// The manifest file's bytes: canonical pretty JSON including `selfSha256`.
    public var fileText: String {
        var object = unsignedJSON
        object["selfSha256"] = .string(SHA256.hex(JSONWriter.string(.object(unsignedJSON), style: .pretty)))
        return JSONWriter.string(.object(object), style: .pretty)
    }

    /// Reads a manifest, refusing a format or schema this reader does not know.
    public init(bytes: [UInt8], file: String) throws(CatalogError) {
        let r = try JSONReader.document(bytes, file: file)
        let format = try r.string("format")
        guard format == BuildFormat.manifestTag else { throw r.fail("unknown format tag '\(format)' (expected \(BuildFormat.manifestTag))", "format") }
        guard let schema = try r.optionalInt("schemaVersion") else { throw r.fail("missing or not an integer", "schemaVersion") }
        schemaVersion = schema
        minReaderSchemaVersion = try r.optionalInt("minReaderSchemaVersion") ?? schema
        guard minReaderSchemaVersion <= BuildFormat.schemaVersion else {
            throw r.fail("this build needs a reader of schema \(minReaderSchemaVersion) or later; this reader supports schema \(BuildFormat.schemaVersion)", "minReaderSchemaVersion")
        }
        name = try r.string("name")
        if let problem = RecordID.sourceNameProblem(name) { throw r.fail("build name \(problem)", "name") }
        let versionText = try r.string("version")
        guard let version = SemanticVersion(versionText) else { throw r.fail("'\(versionText)' is not a semantic version", "version") }
        self.version = version
        createdAt = try r.string("createdAt")
        counts = r.object["counts"] ?? .null
        upstream = r.object["upstream"] ?? .null
        previous = r.object["previous"] ?? .null
        var files: [String: FileEntry] = [:]
        let f = try r.objectReader("files")
        for member in f.object.members {
            let entry = try f.objectReader(member.key)
            files[member.key] = FileEntry(sha256: try entry.string("sha256"), bytes: try entry.optionalInt("bytes") ?? -1)
        }
        self.files = files
        if schema >= 3 {
            validUntil = try r.optionalString("validUntil")
            if let validUntil, !Self.isMoment(validUntil) { throw r.fail("'\(validUntil)' is not a UTC time YYYY-MM-DDTHH:MM:SSZ", "validUntil") }
            var rotations: [KeyRotation] = []
            guard case .array(let list)? = r.object["keyRotations"] else { throw r.fail("expected a list", "keyRotations") }
            for (i, item) in list.enumerated() { rotations.append(try KeyRotation(json: item, file: file, record: "keyRotations[\(i)]")) }
            keyRotations = rotations
        }
        let selfSha = try r.string("selfSha256")
        guard selfSha == SHA256.hex(JSONWriter.string(.object(unsignedJSON), style: .pretty)), String(decoding: bytes, as: UTF8.self) == fileText else {
            throw .data("the manifest was altered: its content does not match its selfSha256 and canonical form", file: file)
        }
    }
}

extension Manifest {
    /// `YYYY-MM-DDTHH:MM:SSZ` with digits where digits go: such texts order as the moments do.
    public static func isMoment(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return false }
        for (i, b) in bytes.enumerated() {
            switch i {
            case 4, 7: guard b == UInt8(ascii: "-") else { return false }
            case 10: guard b == UInt8(ascii: "T") else { return false }
            case 13, 16: guard b == UInt8(ascii: ":") else { return false }
            case 19: guard b == UInt8(ascii: "Z") else { return false }
            default: guard (0x30...0x39).contains(b) else { return false }
            }
        }
        return true
    }

    /// A build's validity given as a day (`YYYY-MM-DD`: to its last second, UTC) or a moment;
    /// nil for anything else.
    public static func moment(validUntil text: String) -> String? {
        if isMoment(text) { return text }
        let day = text + "T23:59:59Z"
        return isMoment(day) ? day : nil
    }
}

/// A semantic version `MAJOR.MINOR.PATCH` (no pre-release tags in builds).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The largest number a part may be: nine digits, so that one more never overflows and a
    /// version read back is a version that can be bumped (the part at it excepted: `bumped`).
    public static let maxPart = 999_999_999

    /// `MAJOR.MINOR.PATCH`, each part a number from 0 to `maxPart` without leading zeros.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.count <= 9, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), part == "0" || !part.hasPrefix("0"),
                  let n = Int(part), n <= Self.maxPart else { return nil }
            numbers.append(n)
        }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// The next version up by `part`; nil when that part is at `maxPart` already (or above it,
    /// in a version made in code), so that no version is made that could not be read back.
    public func bumped(_ part: Bump) -> SemanticVersion? {
        switch part {
        case .major: return major < Self.maxPart ? SemanticVersion(major + 1, 0, 0) : nil
        case .minor: return minor < Self.maxPart ? SemanticVersion(major, minor + 1, 0) : nil
        case .patch: return patch < Self.maxPart ? SemanticVersion(major, minor, patch + 1) : nil
        }
    }

    public enum Bump: String, Sendable, Comparable {
        case patch, minor, major
        public static func < (lhs: Bump, rhs: Bump) -> Bool {
            [Bump.patch, .minor, .major].firstIndex(of: lhs)! < [Bump.patch, .minor, .major].firstIndex(of: rhs)!
        }
    }
}
