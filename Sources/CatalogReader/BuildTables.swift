import CatalogJSON
import CatalogModel
import CatalogSQLite

/// `catalog.sqlite`'s tables and the rows an exercise makes in them: export writes these rows,
/// and the reader checks every exercise row against the record it holds.
public enum BuildTables {
    /// The statements that create the tables of a build of the current schema.
    public static let schema = schema(BuildFormat.schemaVersion)

    /// The statements that create the tables of a build of `version`, 3 or later (`exercises`
    /// from the field table, `ExerciseColumn`; `BuildSchema` keeps the tables of 1 and 2).
    static func schema(_ version: Int) -> String {
        """
        CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        \(ExerciseColumn.createTable(schema: version))
        CREATE TABLE muscles (
            exercise_id TEXT NOT NULL, muscle TEXT NOT NULL, role TEXT NOT NULL, credit REAL NOT NULL,
            PRIMARY KEY (exercise_id, muscle, role)
        ) WITHOUT ROWID;
        CREATE TABLE equipment (exercise_id TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (exercise_id, item)) WITHOUT ROWID;
        CREATE TABLE joint_stress (exercise_id TEXT NOT NULL, joint TEXT NOT NULL, PRIMARY KEY (exercise_id, joint)) WITHOUT ROWID;
        CREATE TABLE reasons (exercise_id TEXT NOT NULL, code TEXT NOT NULL, details TEXT NOT NULL, PRIMARY KEY (exercise_id, code)) WITHOUT ROWID;
        CREATE TABLE vocabulary (name TEXT PRIMARY KEY, document TEXT NOT NULL) WITHOUT ROWID;
        """
    }

    public static let indexes = """
        CREATE INDEX exercises_by_plan ON exercises (auto_plan, level_rank);
        CREATE INDEX exercises_by_pattern ON exercises (movement_pattern);
        CREATE INDEX exercises_by_variant ON exercises (variant_of);
        CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
        CREATE INDEX equipment_by_item ON equipment (item);
        CREATE INDEX joint_stress_by_joint ON joint_stress (joint);
        CREATE INDEX reasons_by_code ON reasons (code);
        """

    /// The columns of `exercises` in a build of `schema`, in the order of `exerciseRow`
    /// (`ExerciseColumn`); the record's JSON is the last.
    public static func exerciseColumns(schema: Int) -> [String] {
        ExerciseColumn.columns(schema: schema).map(\.name) + ["record"]
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
        for column in ExerciseColumn.columns(schema: schema) {
            switch column.value(e) {
            case .null: row.null()
            case .int(let value): row.int(value)
            case .double(let value): row.double(value)
            case .text(let value): row.text(value)
            }
        }
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
