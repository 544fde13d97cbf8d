import CatalogJSON
import CatalogModel


/// One exercise of a build, as the planner reads it.
public struct Exercise: Sendable, Equatable {
    public var id: String
    public var source: String
    public var upstreamID: String
    public var name: String
    public var movementPattern: String?
    /// Required equipment; nil when no editor has set it.
    public var equipment: [String]?
    public var primaryMuscles: [String]
    public var secondaryMuscles: [String]
    public var level: String?
    public var setupSeconds: Int?
    /// Muscle → sets credited per set: 1.0 for primary, 0.5 for secondary (groups expanded).
    public var setCredit: [String: Double]
    public var autoPlan: Bool
    /// Reason codes with details, in contract order.
    public var reasons: [(code: String, details: JSONValue)]
    public var license: String?
    public var attribution: String?
    /// The review's confidence (0–1), nil when it states none or no editor reviewed the record.
    public var confidence: Double?
    /// `compound` or `isolation`; nil when unset.
    public var mechanic: String?
    /// The joints a set loads meaningfully (the build's joints vocabulary); nil when no editor
    /// has said, which is not the same as none (`[]`).
    public var jointStress: [String]?
    /// `bilateral`, `unilateral` or `alternating`; nil when unset.
    public var laterality: String?
    /// The build id (`SOURCE:ID`, as `id` is spelled) of the record this one is a copy of.
    public var variantOf: String?
    /// The build ids of the records whose `variantOf` names this one, in id order.
    public var variants: [String]
    /// For a record removed upstream: the build id of the record that replaces it (schema 3),
    /// so a user's logged history can follow it. Never a record removed or replaced itself.
    public var replacedBy: String?

    public init(id: String, source: String, upstreamID: String, name: String, movementPattern: String?, equipment: [String]?,
                primaryMuscles: [String], secondaryMuscles: [String], level: String?, setupSeconds: Int?, setCredit: [String: Double],
                autoPlan: Bool, reasons: [(code: String, details: JSONValue)], license: String?, attribution: String?,
                confidence: Double? = nil, mechanic: String? = nil, jointStress: [String]? = nil, laterality: String? = nil,
                variantOf: String? = nil, variants: [String] = [], replacedBy: String? = nil) {
        self.id = id
        self.source = source
        self.upstreamID = upstreamID
        self.name = name
        self.movementPattern = movementPattern
        self.equipment = equipment
        self.primaryMuscles = primaryMuscles
        self.secondaryMuscles = secondaryMuscles
        self.level = level
        self.setupSeconds = setupSeconds
        self.setCredit = setCredit
        self.autoPlan = autoPlan
        self.reasons = reasons
        self.license = license
        self.attribution = attribution
        self.confidence = confidence
        self.mechanic = mechanic
        self.jointStress = jointStress
        self.laterality = laterality
        self.variantOf = variantOf
        self.variants = variants
        self.replacedBy = replacedBy
    }

    public static func == (lhs: Exercise, rhs: Exercise) -> Bool {
        lhs.json == rhs.json
    }

    public var reasonCodes: [String] { reasons.map(\.code) }

    /// The record as the current schema writes it.
    public var json: JSONValue { json(schema: BuildFormat.schemaVersion) }

    /// The record as a build of `schema` holds it (schema 1 has none of the planner-scoring keys).
    public func json(schema: Int) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        var object = JSONObject([
            JSONMember("id", .string(id)),
            JSONMember("source", .string(source)),
            JSONMember("upstreamId", .string(upstreamID)),
            JSONMember("name", .string(name)),
            JSONMember("movementPattern", optional(movementPattern)),
            JSONMember("equipment", equipment.map { .strings($0) } ?? .null),
            JSONMember("primaryMuscles", .strings(primaryMuscles)),
            JSONMember("secondaryMuscles", .strings(secondaryMuscles)),
            JSONMember("level", optional(level)),
            JSONMember("setupSeconds", setupSeconds.map { .int($0) } ?? .null),
            JSONMember("setCredit", .object(JSONObject(setCredit.keys.sorted().map { JSONMember($0, .number(JSONNumber.format(setCredit[$0]!))) }))),
            JSONMember("autoPlan", .bool(autoPlan)),
            JSONMember("reasons", .array(reasons.map { .object(JSONObject([JSONMember("code", .string($0.code)), JSONMember("details", $0.details)])) })),
            JSONMember("license", optional(license)),
            JSONMember("attribution", optional(attribution)),
        ])
        guard schema >= 2 else { return .object(object) }
        object["confidence"] = confidence.map { .number(JSONNumber.format($0)) } ?? .null
        object["mechanic"] = optional(mechanic)
        object["jointStress"] = jointStress.map { .strings($0) } ?? .null
        object["laterality"] = optional(laterality)
        object["variantOf"] = optional(variantOf)
        object["variants"] = .strings(variants)
        if schema >= 3 { object["replacedBy"] = optional(replacedBy) }
        return .object(object)
    }

    static let schema1Keys: Set<String> = ["id", "source", "upstreamId", "name", "movementPattern", "equipment", "primaryMuscles", "secondaryMuscles",
                                           "level", "setupSeconds", "setCredit", "autoPlan", "reasons", "license", "attribution"]
    /// The planner-scoring keys schema 2 added.
    static let schema2Keys: Set<String> = ["confidence", "mechanic", "jointStress", "laterality", "variantOf", "variants"]

    static let allKeys = schema1Keys.union(schema2Keys).union(["replacedBy"])
    static let sortedSchema2Keys = schema2Keys.sorted()

    /// The keys a record of `schema` has, every one of them required (schema 3 added replacedBy).
    static func keys(schema: Int) -> Set<String> {
        schema >= 3 ? allKeys : schema == 2 ? schema1Keys.union(schema2Keys) : schema1Keys
    }

    public init(json: JSONValue, file: String, index: Int, schema: Int = BuildFormat.schemaVersion) throws(CatalogError) {
        let r = try JSONReader(json, file: file, record: "#\(index)")
        try r.rejectUnknown(Self.keys(schema: schema))
        id = try r.string("id")
        source = try r.string("source")
        upstreamID = try r.string("upstreamId")
        name = try r.string("name")
        movementPattern = try r.optionalString("movementPattern")
        equipment = try r.optionalStrings("equipment")
        primaryMuscles = try r.strings("primaryMuscles")
        secondaryMuscles = try r.strings("secondaryMuscles")
        level = try r.optionalString("level")
        setupSeconds = try r.optionalInt("setupSeconds")
        var credit: [String: Double] = [:]
        let c = try r.objectReader("setCredit")
        for member in c.object.members {
            guard let value = try c.optionalNumber(member.key) else { throw c.fail("expected a number", member.key) }
            credit[member.key] = value
        }
        setCredit = credit
        guard case .bool(let auto)? = r.object["autoPlan"] else { throw r.fail("expected true or false", "autoPlan") }
        autoPlan = auto
        var reasons: [(String, JSONValue)] = []
        for reason in try r.objectReaders("reasons") {
            reasons.append((try reason.string("code"), reason.object["details"] ?? .object(JSONObject())))
        }
        self.reasons = reasons
        license = try r.optionalString("license")
        attribution = try r.optionalString("attribution")
        guard schema >= 2 else {
            variants = []
            return
        }
        // Every key is there, null or not: a record that lacks one is not of this schema.
        for key in Self.sortedSchema2Keys where r.object[key] == nil { throw r.fail("missing", key) }
        confidence = try r.optionalNumber("confidence")
        mechanic = try r.optionalString("mechanic")
        jointStress = try r.optionalStrings("jointStress")
        laterality = try r.optionalString("laterality")
        variantOf = try r.optionalString("variantOf")
        variants = try r.strings("variants")
        guard schema >= 3 else { return }
        guard r.object["replacedBy"] != nil else { throw r.fail("missing", "replacedBy") }
        replacedBy = try r.optionalString("replacedBy")
    }
}
