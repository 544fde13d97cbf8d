import CatalogCore
import CatalogReader
import CatalogSQLite
import Foundation

/// Writes `catalog.sqlite` the same way every time: a new file, fixed page size, the same
/// statements in the same order (rows by id, indexes last) in one transaction, so the same
/// records give the same bytes (the rebuild tests compare them).
enum BuildSQLite {
    static let schema = """
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
    static let indexes = """
        CREATE INDEX exercises_by_plan ON exercises (auto_plan, level_rank);
        CREATE INDEX exercises_by_pattern ON exercises (movement_pattern);
        CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
        CREATE INDEX equipment_by_item ON equipment (item);
        CREATE INDEX reasons_by_code ON reasons (code);
        """

    static func write(_ path: String, exercises: [Exercise], metadata: [(String, String)]) throws {
        unlink(path)
        try fill(path, exercises: exercises, metadata: metadata)
        // No journal and no syncs while building a file nobody reads yet; one fsync at the end.
        let fd = open(path, O_RDONLY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    private static func fill(_ path: String, exercises: [Exercise], metadata: [(String, String)]) throws {
        let db = try Database(path: path)
        try db.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA encoding = 'UTF-8'")
        try db.inTransaction {
            try db.execute(schema)
            let meta = try db.prepare("INSERT INTO metadata (key, value) VALUES (?, ?)")
            for (key, value) in metadata.sorted(by: { $0.0 < $1.0 }) { try meta.run([.text(key), .text(value)]) }
            let insert = try db.prepare("""
                INSERT INTO exercises (id, source, upstream_id, name, movement_pattern, level, level_rank, setup_seconds,
                                       auto_plan, equipment_known, license, attribution, record)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let muscle = try db.prepare("INSERT OR IGNORE INTO muscles (exercise_id, muscle, role, credit) VALUES (?, ?, ?, ?)")
            let item = try db.prepare("INSERT OR IGNORE INTO equipment (exercise_id, item) VALUES (?, ?)")
            let reason = try db.prepare("INSERT INTO reasons (exercise_id, code, details) VALUES (?, ?, ?)")
            func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
            for e in exercises {
                let rank = e.level.flatMap(BuildFormat.levels.firstIndex(of:))
                try insert.run([
                    .text(e.id), .text(e.source), .text(e.upstreamID), .text(e.name), text(e.movementPattern), text(e.level),
                    rank.map { .int(Int64($0)) } ?? .null, e.setupSeconds.map { .int(Int64($0)) } ?? .null,
                    .int(e.autoPlan ? 1 : 0), .int(e.equipment == nil ? 0 : 1), text(e.license), text(e.attribution),
                    .text(JSONWriter.string(e.json)),
                ])
                for m in e.primaryMuscles { try muscle.run([.text(e.id), .text(m), .text("primary"), .double(1.0)]) }
                for m in e.secondaryMuscles { try muscle.run([.text(e.id), .text(m), .text("secondary"), .double(0.5)]) }
                for m in e.setCredit.keys.sorted() { try muscle.run([.text(e.id), .text(m), .text("credit"), .double(e.setCredit[m]!)]) }
                for i in e.equipment ?? [] { try item.run([.text(e.id), .text(i)]) }
                for r in e.reasons { try reason.run([.text(e.id), .text(r.code), .text(JSONWriter.string(r.details))]) }
            }
            try db.execute(indexes)
        }
        // Same statements in the same order give the same file: no VACUUM needed (tests compare bytes).
    }
}
