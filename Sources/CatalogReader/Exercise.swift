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
    public var reasons: [(code: ReasonCode, details: JSONValue)]
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
                autoPlan: Bool, reasons: [(code: ReasonCode, details: JSONValue)], license: String?, attribution: String?,
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

    public var reasonCodes: [ReasonCode] { reasons.map(\.code) }

    /// The record as the current schema writes it.
    public var json: JSONValue { json(schema: BuildFormat.schemaVersion) }

    /// The record as a build of `schema` holds it (`ExerciseField`: schema 1 has none of the
    /// planner-scoring keys).
    public func json(schema: Int) -> JSONValue {
        .object(JSONObject(ExerciseField.fields(schema: schema).map { JSONMember($0.name, $0.json(self)) }))
    }

    /// A record with every field empty, which the readings fill field by field.
    static let blank = Exercise(id: "", source: "", upstreamID: "", name: "", movementPattern: nil, equipment: nil, primaryMuscles: [],
                                secondaryMuscles: [], level: nil, setupSeconds: nil, setCredit: [:], autoPlan: false, reasons: [],
                                license: nil, attribution: nil)

    public init(json: JSONValue, file: String, index: Int, schema: Int = BuildFormat.schemaVersion) throws(CatalogError) {
        let r = try JSONReader(json, file: file, record: "#\(index)")
        try r.rejectUnknown(ExerciseField.keys(schema: schema))
        self = Self.blank
        for field in ExerciseField.fields(schema: schema) {
            // Every key a later schema added is there, null or not: a record that lacks one is
            // not of this schema (schema 1's may leave an optional one out).
            if field.since >= 2, r.object[field.name] == nil { throw r.fail("missing", field.name) }
            try field.read(r, into: &self)
        }
    }
}
