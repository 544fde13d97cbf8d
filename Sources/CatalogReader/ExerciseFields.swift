import CatalogJSON
import CatalogModel
import CatalogSQLite

/// One key of a build's exercise record: the schema that added it, the property of `Exercise`
/// that holds it, and whether the changelog compares it. `ExerciseField.all` and
/// `ExerciseColumn.all` are the build schema's one table (as a GRDB record type's columns are):
/// the record's JSON, its strict and quick readings, its `exercises` row and the changelog's
/// compared fields are driven by them. A field is added here, with its `Exercise` property.
public struct ExerciseField: Sendable {
    /// The property (read and written by closures: a key path costs a build a few hundred
    /// instructions a field) and the one JSON form of its value.
    public enum Value: Sendable {
        // Null when unset is not none (`[]`); an int as `String(Int)` spells it, a number as
        // `JSONNumber.format` does; credits' muscles in byte order; reasons in contract order.
        case string(@Sendable (Exercise) -> String, @Sendable (inout Exercise, String) -> Void)
        case optionalString(@Sendable (Exercise) -> String?, @Sendable (inout Exercise, String?) -> Void)
        case strings(@Sendable (Exercise) -> [String], @Sendable (inout Exercise, [String]) -> Void)
        case optionalStrings(@Sendable (Exercise) -> [String]?, @Sendable (inout Exercise, [String]?) -> Void)
        case optionalInt(@Sendable (Exercise) -> Int?, @Sendable (inout Exercise, Int?) -> Void)
        case optionalNumber(@Sendable (Exercise) -> Double?, @Sendable (inout Exercise, Double?) -> Void)
        case bool(@Sendable (Exercise) -> Bool, @Sendable (inout Exercise, Bool) -> Void)
        case credits(@Sendable (Exercise) -> [String: Double], @Sendable (inout Exercise, [String: Double]) -> Void)
        case reasons(@Sendable (Exercise) -> [(code: ReasonCode, details: JSONValue)], @Sendable (inout Exercise, [(code: ReasonCode, details: JSONValue)]) -> Void)
    }

    /// The JSON key.
    public let key: StaticString
    public let name: String
    /// The schema that added the key: a build of an earlier schema has no such key.
    public let since: Int
    public let value: Value
    /// Whether a record whose value changed is listed as changed (the changelog, changes.json).
    public let compared: Bool

    init(_ key: StaticString, since: Int = 1, _ value: Value, compared: Bool = true) {
        self.key = key
        self.name = key.description
        self.since = since
        self.value = value
        self.compared = compared
    }

    /// The fields, in the order the changelog lists a record's changed fields (and a record's
    /// JSON is read in); JSON writes them sorted by key.
    public static let all: [ExerciseField] = [
        ExerciseField("id", .string({ $0.id }, { $0.id = $1 }), compared: false),
        ExerciseField("source", .string({ $0.source }, { $0.source = $1 }), compared: false),
        ExerciseField("upstreamId", .string({ $0.upstreamID }, { $0.upstreamID = $1 }), compared: false),
        ExerciseField("name", .string({ $0.name }, { $0.name = $1 })),
        ExerciseField("movementPattern", .optionalString({ $0.movementPattern }, { $0.movementPattern = $1 })),
        ExerciseField("equipment", .optionalStrings({ $0.equipment }, { $0.equipment = $1 })),
        ExerciseField("primaryMuscles", .strings({ $0.primaryMuscles }, { $0.primaryMuscles = $1 })),
        ExerciseField("secondaryMuscles", .strings({ $0.secondaryMuscles }, { $0.secondaryMuscles = $1 })),
        ExerciseField("level", .optionalString({ $0.level }, { $0.level = $1 })),
        ExerciseField("setupSeconds", .optionalInt({ $0.setupSeconds }, { $0.setupSeconds = $1 })),
        // The codes and their details: a record whose details changed is not the same record.
        ExerciseField("reasons", .reasons({ $0.reasons }, { $0.reasons = $1 })),
        ExerciseField("setCredit", .credits({ $0.setCredit }, { $0.setCredit = $1 })),
        ExerciseField("license", .optionalString({ $0.license }, { $0.license = $1 })),
        ExerciseField("attribution", .optionalString({ $0.attribution }, { $0.attribution = $1 })),
        // Joining or leaving automatic planning is a promotion or a demotion, not a change.
        ExerciseField("autoPlan", .bool({ $0.autoPlan }, { $0.autoPlan = $1 }), compared: false),
        // Schema 2: the planner-scoring fields.
        ExerciseField("confidence", since: 2, .optionalNumber({ $0.confidence }, { $0.confidence = $1 })),
        ExerciseField("mechanic", since: 2, .optionalString({ $0.mechanic }, { $0.mechanic = $1 })),
        ExerciseField("jointStress", since: 2, .optionalStrings({ $0.jointStress }, { $0.jointStress = $1 })),
        ExerciseField("laterality", since: 2, .optionalString({ $0.laterality }, { $0.laterality = $1 })),
        ExerciseField("variantOf", since: 2, .optionalString({ $0.variantOf }, { $0.variantOf = $1 })),
        ExerciseField("variants", since: 2, .strings({ $0.variants }, { $0.variants = $1 })),
        // Schema 3.
        ExerciseField("replacedBy", since: 3, .optionalString({ $0.replacedBy }, { $0.replacedBy = $1 })),
    ]

    /// The fields a build of `schema` has, in table order.
    public static func fields(schema: Int) -> [ExerciseField] {
        schema >= BuildFormat.schemaVersion ? all : all.filter { $0.since <= schema }
    }

    /// The same sorted by key, as the record's JSON holds them (made once per schema).
    static func sorted(schema: Int) -> [ExerciseField] { sortedBySchema[min(max(schema, 1), BuildFormat.schemaVersion) - 1] }
    private static let sortedBySchema = (1...BuildFormat.schemaVersion).map { s in fields(schema: s).sorted { $0.name.precedesInUTF8($1.name) } }

    /// The keys a record of `schema` has, every one of them required.
    static func keys(schema: Int) -> Set<String> { keysBySchema[min(max(schema, 1), BuildFormat.schemaVersion) - 1] }
    private static let keysBySchema: [Set<String>] = (1...BuildFormat.schemaVersion).map { Set(fields(schema: $0).map(\.name)) }

    /// The compared fields whose value differs between two records, in table order, of those a
    /// build of `schema` has (a schema 1 build's records lack schema 2's: not a change of each).
    public static func changed(from before: Exercise, to after: Exercise, schema: Int) -> [String] {
        fields(schema: schema).filter { $0.compared && $0.json(before) != $0.json(after) }.map(\.name)
    }

    /// The value as the record's JSON holds it.
    public func json(_ e: Exercise) -> JSONValue {
        switch value {
        case .string(let get, _): return .string(get(e))
        case .optionalString(let get, _): return get(e).map { .string($0) } ?? .null
        case .strings(let get, _): return .strings(get(e))
        case .optionalStrings(let get, _): return get(e).map { .strings($0) } ?? .null
        case .optionalInt(let get, _): return get(e).map { .int($0) } ?? .null
        case .optionalNumber(let get, _): return get(e).map { .number(JSONNumber.format($0)) } ?? .null
        case .bool(let get, _): return .bool(get(e))
        case .credits(let get, _):
            let credit = get(e)
            return .object(JSONObject(credit.keys.sorted().map { JSONMember($0, .number(JSONNumber.format(credit[$0]!))) }))
        case .reasons(let get, _):
            return .array(get(e).map { .object(JSONObject([JSONMember("code", .string($0.code.rawValue)), JSONMember("details", $0.details)])) })
        }
    }

    /// Writes the value as `JSONWriter` writes `json(e)`, without making it.
    func write(_ e: Exercise, into o: inout JSONWriter.ObjectWriter) {
        switch value {
        case .string(let get, _): o.string(get(e))
        case .optionalString(let get, _): o.optional(get(e))
        case .strings(let get, _): o.strings(get(e))
        case .optionalStrings(let get, _): if let items = get(e) { o.strings(items) } else { o.null() }
        case .optionalInt(let get, _): if let n = get(e) { o.number(String(n)) } else { o.null() }
        case .optionalNumber(let get, _): if let n = get(e) { o.number(JSONNumber.format(n)) } else { o.null() }
        case .bool(let get, _): o.bool(get(e))
        case .credits(let get, _):
            let credit = get(e)
            o.object { inner in
                for muscle in credit.keys.sorted(by: { $0.precedesInUTF8($1) }) {
                    inner.key(muscle)
                    inner.number(JSONNumber.format(credit[muscle]!))
                }
            }
        case .reasons: o.value(json(e))
        }
    }

    /// Reads the value from the record `r` into `e`, strictly.
    func read(_ r: JSONReader, into e: inout Exercise) throws(CatalogError) {
        switch value {
        case .string(_, let set): set(&e, try r.string(name))
        case .optionalString(_, let set): set(&e, try r.optionalString(name))
        case .strings(_, let set): set(&e, try r.strings(name))
        case .optionalStrings(_, let set): set(&e, try r.optionalStrings(name))
        case .optionalInt(_, let set): set(&e, try r.optionalInt(name))
        case .optionalNumber(_, let set): set(&e, try r.optionalNumber(name))
        case .bool(_, let set):
            guard case .bool(let value)? = r.object[name] else { throw r.fail("expected true or false", name) }
            set(&e, value)
        case .credits(_, let set):
            var credit: [String: Double] = [:]
            let c = try r.objectReader(name)
            for member in c.object.members {
                guard let value = try c.optionalNumber(member.key) else { throw c.fail("expected a number", member.key) }
                credit[member.key] = value
            }
            set(&e, credit)
        case .reasons(_, let set):
            var reasons: [(code: ReasonCode, details: JSONValue)] = []
            for reason in try r.objectReaders(name) {
                let code = try reason.string("code")
                guard let known = ReasonCode(rawValue: code) else { throw reason.fail("unknown reason code \(CatalogError.quote(code))", "code") }
                reasons.append((known, reason.object["details"] ?? .object(JSONObject())))
            }
            set(&e, reasons)
        }
    }
}

/// One column of catalog.sqlite's `exercises` table: its declaration, the schema that added it,
/// and its value, made from the record's fields. The record's compact JSON is the last column,
/// `record`, after these.
public struct ExerciseColumn: Sendable {
    public let name: String
    /// Type and constraint, as the table's statement declares them.
    let type: String
    var since = 1
    /// The table's statement starts a line with this column.
    var startsLine = false
    let value: @Sendable (Exercise) -> SQLValue

    /// The columns, in the table's order.
    public static let all: [ExerciseColumn] = [
        ExerciseColumn(name: "id", type: "TEXT PRIMARY KEY", startsLine: true) { .text($0.id) },
        ExerciseColumn(name: "source", type: "TEXT NOT NULL") { .text($0.source) },
        ExerciseColumn(name: "upstream_id", type: "TEXT NOT NULL") { .text($0.upstreamID) },
        ExerciseColumn(name: "name", type: "TEXT NOT NULL") { .text($0.name) },
        ExerciseColumn(name: "movement_pattern", type: "TEXT", startsLine: true) { text($0.movementPattern) },
        ExerciseColumn(name: "level", type: "TEXT") { text($0.level) },
        ExerciseColumn(name: "level_rank", type: "INTEGER") { int($0.level.flatMap(BuildFormat.levels.firstIndex(of:))) },
        ExerciseColumn(name: "setup_seconds", type: "INTEGER") { int($0.setupSeconds) },
        ExerciseColumn(name: "auto_plan", type: "INTEGER NOT NULL", startsLine: true) { .int($0.autoPlan ? 1 : 0) },
        ExerciseColumn(name: "equipment_known", type: "INTEGER NOT NULL") { .int($0.equipment == nil ? 0 : 1) },
        ExerciseColumn(name: "license", type: "TEXT", startsLine: true) { text($0.license) },
        ExerciseColumn(name: "attribution", type: "TEXT") { text($0.attribution) },
        ExerciseColumn(name: "confidence", type: "REAL", since: 2, startsLine: true) { $0.confidence.map { .double($0) } ?? .null },
        ExerciseColumn(name: "mechanic", type: "TEXT", since: 2) { text($0.mechanic) },
        ExerciseColumn(name: "laterality", type: "TEXT", since: 2) { text($0.laterality) },
        ExerciseColumn(name: "variant_of", type: "TEXT", since: 2) { text($0.variantOf) },
        ExerciseColumn(name: "joint_stress_known", type: "INTEGER NOT NULL", since: 2) { .int($0.jointStress == nil ? 0 : 1) },
        ExerciseColumn(name: "replaced_by", type: "TEXT", since: 3, startsLine: true) { text($0.replacedBy) },
    ]

    private static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    private static func int(_ value: Int?) -> SQLValue { value.map { .int(Int64($0)) } ?? .null }

    /// The columns of a build of `schema`, in order, without `record`.
    static func columns(schema: Int) -> [ExerciseColumn] {
        bySchema[min(max(schema, 1), BuildFormat.schemaVersion) - 1]
    }

    private static let bySchema: [[ExerciseColumn]] = (1...BuildFormat.schemaVersion).map { schema in all.filter { $0.since <= schema } }

    /// The statement that creates `exercises` in a build of `schema` (from schema 3 on: the
    /// tables of schemas 1 and 2 were written otherwise, and `BuildSchema` keeps them as they were).
    static func createTable(schema: Int) -> String {
        var lines: [String] = []
        for column in columns(schema: schema) {
            let declaration = "\(column.name) \(column.type)"
            if column.startsLine || lines.isEmpty { lines.append(declaration) } else { lines[lines.count - 1] += ", " + declaration }
        }
        lines[lines.count - 1] += ", record TEXT NOT NULL"
        return "CREATE TABLE exercises (\n" + lines.map { "    " + $0 }.joined(separator: ",\n") + "\n) WITHOUT ROWID;"
    }
}
