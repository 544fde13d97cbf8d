import CatalogModel
import CatalogSQLite

/// What a build's `catalog.sqlite` may hold besides rows: exactly the tables and indexes of its
/// schema (`BuildTables.schema` and `indexes`; schema 1's below), each created by the same
/// statement, and nothing else: no view, no trigger, no other table or index. A reader checks
/// this before it reads any table, so that what it queries is what the format says (a view or a
/// trigger under a table's name would run the forger's SQL), and the columns have the types the
/// format gives them.
enum BuildSchema {
    /// One entry of `sqlite_master`: type, name, table, and the statement that created it.
    struct Object: Equatable, Sendable {
        var type: String
        var name: String
        var table: String
        var sql: String?

        var description: String { "\(type) \"\(CatalogError.quote(name))\"" }
    }

    /// The tables and indexes a schema 1 build was written with (it had no planner-scoring
    /// columns, no joint_stress and no vocabulary table).
    static let schema1 = """
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
        CREATE INDEX exercises_by_plan ON exercises (auto_plan, level_rank);
        CREATE INDEX exercises_by_pattern ON exercises (movement_pattern);
        CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
        CREATE INDEX equipment_by_item ON equipment (item);
        CREATE INDEX reasons_by_code ON reasons (code);
        """

    /// The exercises table of a schema 2 build (schema 3 added `replaced_by`); its other tables
    /// and indexes are schema 3's.
    static let schema2Exercises = """
        CREATE TABLE exercises (
            id TEXT PRIMARY KEY, source TEXT NOT NULL, upstream_id TEXT NOT NULL, name TEXT NOT NULL,
            movement_pattern TEXT, level TEXT, level_rank INTEGER, setup_seconds INTEGER,
            auto_plan INTEGER NOT NULL, equipment_known INTEGER NOT NULL,
            license TEXT, attribution TEXT,
            confidence REAL, mechanic TEXT, laterality TEXT, variant_of TEXT, joint_stress_known INTEGER NOT NULL,
            record TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// Schema 2's objects: schema 3's with schema 2's exercises table.
    static var schema2: [Object] {
        let exercises = objects(creating: schema2Exercises)[0]
        return objects(creating: BuildTables.schema(3) + "\n" + BuildTables.indexes).map { $0.type == "table" && $0.name == "exercises" ? exercises : $0 }
    }

    /// `sqlite_master` of each schema this reader reads, as SQLite records the statements
    /// (from schema 3 on, made from the field table).
    static let expected: [Int: [Object]] = [1: objects(creating: schema1), 2: schema2].merging(
        (3...BuildFormat.schemaVersion).map { ($0, objects(creating: BuildTables.schema($0) + "\n" + BuildTables.indexes)) }) { a, _ in a }

    /// The objects `ddl` makes, made in a database in memory.
    static func objects(creating ddl: String) -> [Object] {
        do {
            let database = try Database(path: ":memory:")
            try database.execute(ddl)
            return try objects(database)
        } catch {
            preconditionFailure("the schema does not create: \(error)")
        }
    }

    /// Every entry of the database's `sqlite_master`, by type and name.
    static func objects(_ database: Database) throws(SQLiteError) -> [Object] {
        try database.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map { row in
            Object(type: row[0].text ?? "\(row[0])", name: row[1].text ?? "\(row[1])", table: row[2].text ?? "\(row[2])", sql: row[3].text)
        }
    }

    /// The schema whose objects `found` are exactly, with no problem; else the nearest one and
    /// what differs from it (the first few objects it lacks, holds besides, or holds made otherwise).
    static func match(_ found: [Object], formats: [Int: [Object]] = expected) -> (schema: Int, problem: String?) {
        var nearest: (schema: Int, problems: [String])?
        for (schema, objects) in formats.sorted(by: { $0.key > $1.key }) {
            if found == objects { return (schema, nil) }
            // What can run SQL first: an object the format does not have, or of another type.
            var (unexpected, otherType, otherStatement): ([String], [String], [String]) = ([], [], [])
            for object in found where !objects.contains(object) {
                if let same = objects.first(where: { $0.name == object.name }) {
                    let problem = "\(object.description) is not the format's \(same.description)"
                    if same.type == object.type { otherStatement.append(problem + " (made by another statement)") } else { otherType.append(problem) }
                } else {
                    unexpected.append("unexpected \(object.description)")
                }
            }
            var problems = unexpected + otherType + otherStatement
            for object in objects where !found.contains(where: { $0.name == object.name }) { problems.append("no \(object.description)") }
            if nearest.map({ problems.count < $0.problems.count }) ?? true { nearest = (schema, problems) }
        }
        let (schema, problems) = nearest!
        let shown = problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; and \(problems.count - 3) more" : "")
        return (schema, "its schema is not the build format's (schema \(schema)): \(shown)")
    }
}
