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
            record TEXT NOT NULL
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
        return first + (schema >= 2 ? ["confidence", "mechanic", "laterality", "variant_of", "joint_stress_known"] : []) + ["record"]
    }

    /// An exercise's row in `exercises` of a build of `schema`; `record` is its compact JSON.
    public static func exerciseRow(_ e: Exercise, record: String, schema: Int = BuildFormat.schemaVersion) -> [SQLValue] {
        func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
        let rank = e.level.flatMap(BuildFormat.levels.firstIndex(of:))
        var row: [SQLValue] = [
            .text(e.id), .text(e.source), .text(e.upstreamID), .text(e.name), text(e.movementPattern), text(e.level),
            rank.map { .int(Int64($0)) } ?? .null, e.setupSeconds.map { .int(Int64($0)) } ?? .null,
            .int(e.autoPlan ? 1 : 0), .int(e.equipment == nil ? 0 : 1), text(e.license), text(e.attribution),
        ]
        if schema >= 2 {
            row += [e.confidence.map { .double($0) } ?? .null, text(e.mechanic), text(e.laterality), text(e.variantOf), .int(e.jointStress == nil ? 0 : 1)]
        }
        return row + [.text(record)]
    }

    /// An exercise's rows in `muscles` (muscle, role, credit), duplicates included: the table
    /// keeps one of each (muscle, role).
    public static func muscleRows(_ e: Exercise) -> [(muscle: String, role: String, credit: Double)] {
        e.primaryMuscles.map { ($0, "primary", 1.0) } + e.secondaryMuscles.map { ($0, "secondary", 0.5) }
            + e.setCredit.keys.sorted().map { ($0, "credit", e.setCredit[$0]!) }
    }

    /// Rows in the muscles, equipment, joint_stress (schema 2) and reasons tables.
    struct RowCounts: Equatable, CustomStringConvertible {
        var muscles = 0, equipment = 0, joints = 0, reasons = 0

        static func += (lhs: inout RowCounts, rhs: RowCounts) {
            lhs.muscles += rhs.muscles
            lhs.equipment += rhs.equipment
            lhs.joints += rhs.joints
            lhs.reasons += rhs.reasons
        }

        var description: String { "muscles \(muscles), equipment \(equipment), joint_stress \(joints), reasons \(reasons)" }
    }

    /// How many rows the exercise has in those tables once duplicates are dropped.
    static func rowCounts(_ e: Exercise, schema: Int) -> RowCounts {
        // By bytes, as the tables' keys compare (Swift strings compare canonically equivalent
        // text equal). A record has a few of each: pairs are compared, nothing is hashed or
        // allocated. The muscle rows are keyed by (muscle, role): the primary, the secondary
        // and the credit rows (`muscleRows`) never share a role, and setCredit's keys are
        // distinct already (no two are even canonically equal).
        func distinct(_ items: [String]) -> Int {
            var n = 0
            for i in items.indices where !items[..<i].contains(where: { $0.sameUTF8(items[i]) }) { n += 1 }
            return n
        }
        return RowCounts(muscles: distinct(e.primaryMuscles) + distinct(e.secondaryMuscles) + e.setCredit.count,
                         equipment: distinct(e.equipment ?? []), joints: schema >= 2 ? distinct(e.jointStress ?? []) : 0,
                         reasons: distinct(e.reasonCodes))
    }
}
