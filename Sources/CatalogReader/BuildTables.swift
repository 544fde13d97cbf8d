import CatalogJSON
import CatalogModel
import CatalogSQLite

/// `catalog.sqlite`'s tables and the rows an exercise makes in them: export writes these rows,
/// and the reader checks every exercise row against the record it holds.
public enum BuildTables {
    public static let schema = """
        CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE exercises (
            id TEXT PRIMARY KEY, source TEXT NOT NULL, upstream_id TEXT NOT NULL, name TEXT NOT NULL,
            movement_pattern TEXT, level TEXT, level_rank INTEGER, setup_seconds INTEGER,
            auto_plan INTEGER NOT NULL, equipment_known INTEGER NOT NULL,
            license TEXT, attribution TEXT,
            confidence REAL, mechanic TEXT, laterality TEXT, variant_of TEXT, joint_stress_known INTEGER NOT NULL,
            replaced_by TEXT, record TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE muscles (
            exercise_id TEXT NOT NULL, muscle TEXT NOT NULL, role TEXT NOT NULL, credit REAL NOT NULL,
            PRIMARY KEY (exercise_id, muscle, role)
        ) WITHOUT ROWID;
        CREATE TABLE equipment (exercise_id TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (exercise_id, item)) WITHOUT ROWID;
        CREATE TABLE joint_stress (exercise_id TEXT NOT NULL, joint TEXT NOT NULL, PRIMARY KEY (exercise_id, joint)) WITHOUT ROWID;
        CREATE TABLE reasons (exercise_id TEXT NOT NULL, code TEXT NOT NULL, details TEXT NOT NULL, PRIMARY KEY (exercise_id, code)) WITHOUT ROWID;
        CREATE TABLE vocabulary (name TEXT PRIMARY KEY, document TEXT NOT NULL) WITHOUT ROWID;
        """
    public static let indexes = """
        CREATE INDEX exercises_by_plan ON exercises (auto_plan, level_rank);
        CREATE INDEX exercises_by_pattern ON exercises (movement_pattern);
        CREATE INDEX exercises_by_variant ON exercises (variant_of);
        CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
        CREATE INDEX equipment_by_item ON equipment (item);
        CREATE INDEX joint_stress_by_joint ON joint_stress (joint);
        CREATE INDEX reasons_by_code ON reasons (code);
        """

    /// The columns of `exercises` in a build of `schema`, in the order of `exerciseRow`; the
    /// record's JSON is the last.
    public static func exerciseColumns(schema: Int) -> [String] {
        let first = ["id", "source", "upstream_id", "name", "movement_pattern", "level", "level_rank", "setup_seconds", "auto_plan", "equipment_known",
                     "license", "attribution"]
        return first + (schema >= 2 ? ["confidence", "mechanic", "laterality", "variant_of", "joint_stress_known"] : [])
            + (schema >= 3 ? ["replaced_by"] : []) + ["record"]
    }

    /// An exercise's row in `exercises` of a build of `schema`; `record` is its compact JSON.
    public static func exerciseRow(_ e: Exercise, record: String, schema: Int = BuildFormat.schemaVersion) -> [SQLValue] {
        var row = ValueList()
        exerciseValues(e, schema: schema, into: &row)
        row.text(record)
        return row.values
    }

    /// The values of an exercise's row in `exercises` of a build of `schema`, in column order,
    /// all but the last (the record's JSON): `exerciseRow`'s, and export's without an array.
    public static func exerciseValues<Values: RowValues>(_ e: Exercise, schema: Int = BuildFormat.schemaVersion, into row: inout Values) {
        row.text(e.id); row.text(e.source); row.text(e.upstreamID); row.text(e.name); row.text(e.movementPattern); row.text(e.level)
        row.int(e.level.flatMap(BuildFormat.levels.firstIndex(of:))); row.int(e.setupSeconds)
        row.int(e.autoPlan ? 1 : 0); row.int(e.equipment == nil ? 0 : 1); row.text(e.license); row.text(e.attribution)
        guard schema >= 2 else { return }
        if let confidence = e.confidence { row.double(confidence) } else { row.null() }
        row.text(e.mechanic); row.text(e.laterality); row.text(e.variantOf); row.int(e.jointStress == nil ? 0 : 1)
        if schema >= 3 { row.text(e.replacedBy) }
    }

    /// An exercise's rows in `muscles` (muscle, role, credit), duplicates included, in the order
    /// they are inserted: the table keeps one of each (muscle, role).
    public static func muscleRows(_ e: Exercise, _ row: (_ muscle: String, _ role: String, _ credit: Double) -> Void) {
        for muscle in e.primaryMuscles { row(muscle, "primary", 1.0) }
        for muscle in e.secondaryMuscles { row(muscle, "secondary", 0.5) }
        for muscle in e.setCredit.keys.sorted() { row(muscle, "credit", e.setCredit[muscle]!) }
    }
}

/// Where a row's values go, column by column: an array of values (`exerciseRow`), or a build's
/// rows encoded for the thread that inserts them.
public protocol RowValues {
    mutating func null()
    mutating func int(_ value: Int64)
    mutating func double(_ value: Double)
    mutating func text(_ value: String)
}

extension RowValues {
    public mutating func text(_ value: String?) {
        if let value { text(value) } else { null() }
    }

    public mutating func int(_ value: Int?) {
        if let value { int(Int64(value)) } else { null() }
    }
}

/// A row's values in an array.
struct ValueList: RowValues {
    var values: [SQLValue] = []
    mutating func null() { values.append(.null) }
    mutating func int(_ value: Int64) { values.append(.int(value)) }
    mutating func double(_ value: Double) { values.append(.double(value)) }
    mutating func text(_ value: String) { values.append(.text(value)) }
}
