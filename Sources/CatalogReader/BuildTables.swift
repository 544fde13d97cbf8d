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
            license TEXT, attribution TEXT, record TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE muscles (
            exercise_id TEXT NOT NULL, muscle TEXT NOT NULL, role TEXT NOT NULL, credit REAL NOT NULL,
            PRIMARY KEY (exercise_id, muscle, role)
        ) WITHOUT ROWID;
        CREATE TABLE equipment (exercise_id TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (exercise_id, item)) WITHOUT ROWID;
        CREATE TABLE reasons (exercise_id TEXT NOT NULL, code TEXT NOT NULL, details TEXT NOT NULL, PRIMARY KEY (exercise_id, code)) WITHOUT ROWID;
        """
    public static let indexes = """
        CREATE INDEX exercises_by_plan ON exercises (auto_plan, level_rank);
        CREATE INDEX exercises_by_pattern ON exercises (movement_pattern);
        CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
        CREATE INDEX equipment_by_item ON equipment (item);
        CREATE INDEX reasons_by_code ON reasons (code);
        """

    /// `exerciseColumns` one by one, for messages.
    static let exerciseColumnNames = exerciseColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    /// The columns of `exercises`, in the order of `exerciseRow`.
    public static let exerciseColumns = "id, source, upstream_id, name, movement_pattern, level, level_rank, setup_seconds, auto_plan, equipment_known, license, attribution, record"

    /// An exercise's row in `exercises`; `record` is its compact JSON.
    public static func exerciseRow(_ e: Exercise, record: String) -> [SQLValue] {
        func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
        let rank = e.level.flatMap(BuildFormat.levels.firstIndex(of:))
        return [
            .text(e.id), .text(e.source), .text(e.upstreamID), .text(e.name), text(e.movementPattern), text(e.level),
            rank.map { .int(Int64($0)) } ?? .null, e.setupSeconds.map { .int(Int64($0)) } ?? .null,
            .int(e.autoPlan ? 1 : 0), .int(e.equipment == nil ? 0 : 1), text(e.license), text(e.attribution), .text(record),
        ]
    }

    /// An exercise's rows in `muscles` (muscle, role, credit), duplicates included: the table
    /// keeps one of each (muscle, role).
    public static func muscleRows(_ e: Exercise) -> [(muscle: String, role: String, credit: Double)] {
        e.primaryMuscles.map { ($0, "primary", 1.0) } + e.secondaryMuscles.map { ($0, "secondary", 0.5) }
            + e.setCredit.keys.sorted().map { ($0, "credit", e.setCredit[$0]!) }
    }

    /// How many rows the exercise has in muscles, equipment and reasons once duplicates are dropped.
    static func rowCounts(_ e: Exercise) -> (muscles: Int, equipment: Int, reasons: Int) {
        // By bytes, as the tables' keys compare (Swift strings compare canonically equivalent
        // text equal). A record has a few of each: pairs are compared, nothing is hashed.
        func distinct<T>(_ items: [T], _ same: (T, T) -> Bool) -> Int {
            items.indices.filter { i in !items[..<i].contains { same($0, items[i]) } }.count
        }
        return (distinct(muscleRows(e)) { $0.role.sameUTF8($1.role) && $0.muscle.sameUTF8($1.muscle) },
                distinct(e.equipment ?? []) { $0.sameUTF8($1) }, distinct(e.reasonCodes) { $0.sameUTF8($1) })
    }
}

/// A build's records in id order, read from its `catalog.sqlite` a batch at a time (a build of a
/// million records is never held whole). Each row's record is parsed strictly and its columns
/// are checked against it, on all cores.
public final class BuildRecords {
    public let path: String
    let database: Database
    let statement: Statement
    /// Rows read so far.
    public private(set) var count = 0
    private var lastID: String?
    /// SQLite starts a finished statement over when stepped again: stepping ends here.
    private var done = false

    /// Opens `path` read-only (`file` names it in errors).
    public init(path: String) throws(CatalogError) {
        self.path = path
        do {
            database = try Database(path: path, create: false, readOnly: true)
            statement = try database.prepare("SELECT \(BuildTables.exerciseColumns) FROM exercises ORDER BY id")
        } catch {
            throw .data("cannot be read as a catalog build's SQLite file: \(error.message)", file: path)
        }
    }

    /// Up to `limit` more exercises; empty at the end.
    public func next(_ limit: Int = 2048) throws(CatalogError) -> [Exercise] {
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(limit)
        do {
            while !done, rows.count < limit {
                if try statement.step() { rows.append(statement.row()) } else { done = true }
            }
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        let first = count
        count += rows.count
        let shared = rows
        let path = path
        let parsed = Parallel.map(shared.count) { i -> Result<Exercise, CatalogError> in
            let row = shared[i]
            let id = row[0].text ?? ""
            do throws(CatalogError) {
                guard case .text(let record) = row[12] else { throw .data("the record column is not text", file: path, record: id) }
                let bytes = Array(record.utf8)
                let json: JSONValue
                do throws(JSONParseError) { json = try JSONParser.parse(bytes) } catch {
                    var failure = CatalogError.json(error, file: path)
                    failure.location.record = id
                    throw failure
                }
                let exercise = try Exercise(json: json, file: path, index: first + i)
                // The record column in its canonical form, as catalog.json's records are checked.
                var canonical: [UInt8] = []
                exercise.write(style: .compact, indent: 0, into: &canonical)
                guard canonical == bytes else {
                    throw .data("the record of exercise \(id) is not in the build format's canonical form", file: path, record: id)
                }
                let expected = BuildTables.exerciseRow(exercise, record: record)
                if let column = (0..<min(row.count, expected.count, BuildTables.exerciseColumnNames.count)).first(where: { row[$0] != expected[$0] }) {
                    throw .data("column \(BuildTables.exerciseColumnNames[column]) of exercise \(id) differs from its record", file: path, record: id)
                }
                return .success(exercise)
            } catch {
                return .failure(error)
            }
        }
        var out: [Exercise] = []
        out.reserveCapacity(parsed.count)
        for result in parsed {
            switch result {
            case .failure(let error): throw error
            case .success(let exercise):
                // SQLite returns them by id; a damaged file could say otherwise.
                if let lastID, !lastID.precedesInUTF8(exercise.id) { throw .data("exercises are not in id order at \(exercise.id)", file: path, record: exercise.id) }
                lastID = exercise.id
                out.append(exercise)
            }
        }
        return out
    }

    /// The value of a metadata key, nil when absent.
    public func metadata() throws(CatalogError) -> [String: String] {
        var out: [String: String] = [:]
        do {
            for row in try database.rows("SELECT key, value FROM metadata") { out[row[0].text ?? ""] = row[1].text }
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        return out
    }

    /// Rows in the muscles, equipment and reasons tables.
    func tableCounts() throws(CatalogError) -> (muscles: Int, equipment: Int, reasons: Int) {
        do {
            func count(_ table: String) throws(SQLiteError) -> Int { try database.rows("SELECT COUNT(*) FROM \(table)").first?.first?.int ?? -1 }
            return (try count("muscles"), try count("equipment"), try count("reasons"))
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
    }
}
