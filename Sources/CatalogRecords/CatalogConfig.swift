import CatalogJSON
import CatalogModel

/// `catalog/catalog.json`: which source provides the members, which are references, which fields
/// are fingerprinted, the confidence threshold and the build name.
public struct CatalogConfig: Sendable, Equatable {
    public var memberSource: String
    public var referenceSources: [String]
    public var fingerprintFields: [String]
    public var confidenceThreshold: Double
    public var buildName: String
    /// The largest share of auto-plannable records a build may lose without --allow-drop.
    public var maxAutoPlanDrop: Double = 0.05
    /// The largest upstream file an import reads (a release is a few MB; 2 GiB by default).
    public var maxInputBytes: Int = 2 << 30
    /// Source → folder (relative to the catalog root) of its demonstration media.
    public var media: [String: String] = [:]
    /// The kinds of user whose week the catalog must be able to plan: name → the equipment they
    /// have (`*`: every item of the vocabulary). `catalog coverage` and the export gate use them.
    public var profiles: [EquipmentProfile] = EquipmentProfile.defaults
    /// A coverage cell (profile, level, muscle) counts as covered with at least this many cleared
    /// candidates that train the muscle as primary.
    public var coverageMin: Int = 2

    public static let `default` = CatalogConfig(
        memberSource: "exercisedb",
        referenceSources: ["free-exercise-db", "wger"],
        fingerprintFields: UpstreamRecord.sharedFields,
        confidenceThreshold: 0.7,
        buildName: "exercise-catalog")

    public init(memberSource: String, referenceSources: [String], fingerprintFields: [String], confidenceThreshold: Double, buildName: String) {
        self.memberSource = memberSource
        self.referenceSources = referenceSources
        self.fingerprintFields = fingerprintFields
        self.confidenceThreshold = confidenceThreshold
        self.buildName = buildName
    }

    static let knownKeys: Set<String> = ["memberSource", "referenceSources", "fingerprintFields", "confidenceThreshold", "buildName", "formatVersion", "maxAutoPlanDrop", "media", "maxInputBytes", "profiles", "coverage"]

    /// Reads the config, naming the field that is wrong.
    public init(json: JSONValue, file: String) throws(CatalogError) {
        guard let object = json.objectValue else { throw .data("expected an object, found \(json.typeName)", file: file) }
        for key in object.keys where !Self.knownKeys.contains(key) {
            throw .data("unknown setting", file: file, field: key)
        }
        func string(_ key: String) throws(CatalogError) -> String {
            guard let s = object[key]?.stringValue, !s.isEmpty else { throw .data("expected a non-empty string", file: file, field: key) }
            return s
        }
        func strings(_ key: String, default fallback: [String]) throws(CatalogError) -> [String] {
            guard let value = object[key] else { return fallback }
            guard let array = value.arrayValue else { throw .data("expected a list of strings, found \(value.typeName)", file: file, field: key) }
            var out: [String] = []
            for (i, element) in array.enumerated() {
                guard let s = element.stringValue, !s.isEmpty else { throw .data("expected a non-empty string", file: file, field: "\(key)[\(i)]") }
                // A name given twice would count twice: a field twice in every canonical text
                // (every fingerprint moves), a source read twice as evidence.
                if let first = out.firstIndex(of: s) { throw .data("\"\(CatalogError.quote(s))\" is listed already, at \(key)[\(first)]", file: file, field: "\(key)[\(i)]") }
                out.append(s)
            }
            return out
        }
        memberSource = try string("memberSource")
        if let problem = RecordID.sourceNameProblem(memberSource) { throw .data("source name \(problem)", file: file, field: "memberSource") }
        referenceSources = try strings("referenceSources", default: [])
        fingerprintFields = try strings("fingerprintFields", default: UpstreamRecord.sharedFields)
        if let i = fingerprintFields.firstIndex(where: UpstreamRecord.mediaLinkFields.contains) {
            throw .data("\(fingerprintFields[i]) is a media link, and a fingerprint never covers media links (a release that only moves them changes no reviewed text)", file: file, field: "fingerprintFields[\(i)]")
        }
        if fingerprintFields.isEmpty { throw .data("must name at least one field", file: file, field: "fingerprintFields") }
        buildName = try string("buildName")
        // It names the build's folder under dist/: a plain name, as a source's is.
        if let problem = RecordID.sourceNameProblem(buildName) { throw .data("build name \(problem)", file: file, field: "buildName") }
        switch object["confidenceThreshold"] {
        case .number(let n)?:
            guard let value = Double(n), value >= 0, value <= 1 else { throw .data("must be a number from 0 to 1", file: file, field: "confidenceThreshold") }
            confidenceThreshold = value
        case nil: confidenceThreshold = Self.default.confidenceThreshold
        case let other?: throw .data("expected a number, found \(other.typeName)", file: file, field: "confidenceThreshold")
        }
        if let m = try JSONReader(json, file: file).optionalObjectReader("media") {
            for member in m.object.members { media[member.key] = try m.string(member.key) }
        }
        if let p = try JSONReader(json, file: file).optionalObjectReader("profiles") {
            profiles = try p.object.members.map { (member: JSONMember) throws(CatalogError) -> EquipmentProfile in
                EquipmentProfile(name: member.key, equipment: try p.strings(member.key))
            }
            if profiles.isEmpty { throw .data("must name at least one profile", file: file, field: "profiles") }
        }
        if let c = try JSONReader(json, file: file).optionalObjectReader("coverage") {
            try c.rejectUnknown(["min"])
            if let min = try c.optionalNumber("min") {
                guard min >= 0, min == min.rounded(), min < 1_000_000 else { throw .data("must be a whole number, 0 or more", file: file, field: "coverage.min") }
                coverageMin = Int(min)
            }
        }
        if let drop = try JSONReader(json, file: file).optionalNumber("maxAutoPlanDrop") {
            guard (0...1).contains(drop) else { throw .data("must be a number from 0 to 1", file: file, field: "maxAutoPlanDrop") }
            maxAutoPlanDrop = drop
        }
        if let limit = try JSONReader(json, file: file).optionalInt("maxInputBytes") {
            guard limit > 0 else { throw .data("must be a positive number of bytes", file: file, field: "maxInputBytes") }
            maxInputBytes = limit
        }
    }

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("formatVersion", 1),
            JSONMember("memberSource", .string(memberSource)),
            JSONMember("referenceSources", .strings(referenceSources)),
            JSONMember("fingerprintFields", .strings(fingerprintFields)),
            JSONMember("confidenceThreshold", .number(JSONNumber.format(confidenceThreshold))),
            JSONMember("buildName", .string(buildName)),
            JSONMember("maxAutoPlanDrop", .number(JSONNumber.format(maxAutoPlanDrop))),
            JSONMember("profiles", .object(JSONObject(profiles.map { JSONMember($0.name, .strings($0.equipment)) }))),
            JSONMember("coverage", .object(JSONObject([JSONMember("min", .int(coverageMin))]))),
        ] + (maxInputBytes == Self.default.maxInputBytes ? [] : [JSONMember("maxInputBytes", .int(maxInputBytes))])
          + (media.isEmpty ? [] : [JSONMember("media", .object(JSONObject(media.keys.sorted().map { JSONMember($0, .string(media[$0]!)) })))])))
    }
}
