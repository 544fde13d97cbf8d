import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite

/// The index schema, as named migrations applied in order and recorded in `schema_migrations`.
/// The index is derived from the catalog's files: an index whose recorded migrations this
/// version does not know (written by another version) is deleted and rebuilt, never guessed at.
enum Migrations {
    static let all: [(name: String, sql: String)] = [
        ("001-schema", """
            CREATE TABLE sources (
                source TEXT PRIMARY KEY,
                signature TEXT NOT NULL,
                adapter TEXT NOT NULL,
                importedAt TEXT NOT NULL
            ) WITHOUT ROWID;
            -- Rows hold kilobytes of text: a rowid table stores them far more compactly than
            -- WITHOUT ROWID (200 MB against 482 MB for 100,000 records).
            CREATE TABLE records (
                source TEXT NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                removed INTEGER NOT NULL,
                fingerprint TEXT NOT NULL,
                canonicalText TEXT NOT NULL,
                state TEXT NOT NULL,
                autoPlan INTEGER NOT NULL,
                reasons TEXT NOT NULL,
                record TEXT NOT NULL,
                review TEXT,
                mediaFrames INTEGER
            );
            CREATE UNIQUE INDEX records_by_source_id ON records (source, id);
            CREATE INDEX records_by_id ON records (id);
            CREATE INDEX records_by_state ON records (source, state);
            CREATE TABLE record_reasons (
                source TEXT NOT NULL,
                id TEXT NOT NULL,
                code TEXT NOT NULL,
                PRIMARY KEY (source, id, code)
            ) WITHOUT ROWID;
            CREATE INDEX record_reasons_by_code ON record_reasons (code);
            """),
        // Rows point into the snapshot instead of copying records and canonical texts (a
        // million records: 2 kB → about 200 bytes a row); reasons counted from a bit mask.
        ("002-rows-point-into-snapshots", """
            DROP TABLE record_reasons;
            DROP TABLE records;
            DROP TABLE sources;
            CREATE TABLE sources (
                source TEXT PRIMARY KEY,
                signature TEXT NOT NULL,
                adapter TEXT NOT NULL,
                importedAt TEXT NOT NULL,
                htmlFields TEXT NOT NULL,
                reviewsSignature TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE records (
                source TEXT NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                removed INTEGER NOT NULL,
                fingerprint TEXT NOT NULL,
                lineDigest INTEGER NOT NULL,
                lineOffset INTEGER NOT NULL,
                lineLength INTEGER NOT NULL,
                mediaSha256 TEXT,
                mediaFrames INTEGER,
                state TEXT NOT NULL,
                autoPlan INTEGER NOT NULL,
                hasReview INTEGER NOT NULL,
                reasonMask INTEGER NOT NULL,
                reasons TEXT NOT NULL,
                reviewStamp TEXT,
                PRIMARY KEY (source, id)
            ) WITHOUT ROWID;
            """),
        // Rows keep what a build takes from the review (its planner fields and its lint error
        // count), so export reads no review file whose stamp has not moved. Rows are rebuilt.
        ("003-rows-keep-planner-fields", """
            DELETE FROM records;
            DELETE FROM sources;
            ALTER TABLE records ADD COLUMN planner TEXT NOT NULL DEFAULT '';
            ALTER TABLE records ADD COLUMN lintErrors INTEGER NOT NULL DEFAULT 0;
            """),
        // Slimmer rows, rebuilt from the files (a million: 234 MB → ~150 MB, and ~0.5 s less of
        // SQLite's time per import): the fingerprint as its 32 digest bytes (not `fp1:` and 64 hex
        // digits), reasons NULL when `reasonMask` names them all without details (nearly every row),
        // and a line digest that is the line's XXH64 (old digests would mark every record touched).
        ("004-slim-rows", """
            DROP TABLE records;
            DELETE FROM sources;
            CREATE TABLE records (
                source TEXT NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                removed INTEGER NOT NULL,
                fingerprint BLOB NOT NULL,
                lineDigest INTEGER NOT NULL,
                lineOffset INTEGER NOT NULL,
                lineLength INTEGER NOT NULL,
                mediaSha256 TEXT,
                mediaFrames INTEGER,
                state TEXT NOT NULL,
                autoPlan INTEGER NOT NULL,
                hasReview INTEGER NOT NULL,
                reasonMask INTEGER NOT NULL,
                reasons TEXT,
                planner TEXT NOT NULL,
                lintErrors INTEGER NOT NULL,
                reviewStamp TEXT,
                PRIMARY KEY (source, id)
            ) WITHOUT ROWID;
            """),
        // The catalog's lexicon (`CatalogLexicon`): each source's word counts, for the snapshot they were
        // counted in (its signature), computed when a command first needs them.
        ("005-lexicon", """
            CREATE TABLE lexiconSources (
                source TEXT PRIMARY KEY,
                signature TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE lexicon (
                source TEXT NOT NULL,
                word TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (source, word)
            ) WITHOUT ROWID;
            """),
    ]

    /// Whether the database records migrations this version does not know.
    static func isForeign(_ database: Database) throws -> Bool {
        let known = Set(all.map(\.name))
        let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        guard !tables.isEmpty else {
            // No migrations table: only an empty database is ours to fill.
            return !(try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'")).isEmpty
        }
        return try database.rows("SELECT name FROM schema_migrations").contains { !known.contains($0[0].text ?? "") }
    }

    /// The schema the migrations make (`Database.schemaObjects`), from a database in memory.
    static let schema: [[SQLValue]]? = {
        guard let database = try? Database(path: ":memory:"), (try? apply(to: database)) != nil else { return nil }
        return try? database.schemaObjects()
    }()

    /// Whether the database's schema is exactly the one the migrations make: no trigger, view,
    /// table, index or column that the code did not create (an edited index is not trusted).
    /// A database with migrations still to apply is judged once they are.
    static func isOwn(_ database: Database) throws -> Bool {
        let applied = Set(try database.rows("SELECT name FROM schema_migrations").compactMap { $0[0].text })
        guard all.allSatisfy({ applied.contains($0.name) }) else { return true }
        return try database.schemaObjects() == schema
    }

    /// Applies the migrations this database lacks, together in one write transaction: a new
    /// index is made in one commit instead of one per migration (a fresh catalog's first
    /// command spent ~10 ms making its index, most of it in those commits).
    static func apply(to database: Database) throws {
        try database.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        var applied = Set(try database.rows("SELECT name FROM schema_migrations").compactMap { $0[0].text })
        guard all.contains(where: { !applied.contains($0.name) }) else { return }
        try database.inTransaction {
            // Looked at again inside the write lock: another process may have just applied some.
            applied = Set(try database.rows("SELECT name FROM schema_migrations").compactMap { $0[0].text })
            let insert = try database.prepare("INSERT INTO schema_migrations (version, name) VALUES (?, ?)")
            for (i, migration) in all.enumerated() where !applied.contains(migration.name) {
                try database.execute(migration.sql)
                try insert.run([.int(Int64(i + 1)), .text(migration.name)])
            }
        }
    }
}
