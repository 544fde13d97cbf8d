import CatalogSQLite

/// The index schema, as named migrations applied in order and recorded in `schema_migrations`.
/// The index is derived from the catalog's files: a migration may drop and rebuild anything.
enum Migrations {
    static let all: [(name: String, sql: String)] = [
        ("001-records", """
            CREATE TABLE sources (
                source TEXT PRIMARY KEY,
                signature TEXT NOT NULL,
                adapter TEXT NOT NULL,
                importedAt TEXT NOT NULL
            ) WITHOUT ROWID;
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
                PRIMARY KEY (source, id)
            ) WITHOUT ROWID;
            CREATE INDEX records_by_id ON records (id);
            CREATE TABLE record_reasons (
                source TEXT NOT NULL,
                id TEXT NOT NULL,
                code TEXT NOT NULL,
                PRIMARY KEY (source, id, code)
            ) WITHOUT ROWID;
            CREATE INDEX record_reasons_by_code ON record_reasons (code);
            """),
        // Reviews join the index: the rows are derived, so they are rebuilt from the files.
        ("002-reviews", """
            DELETE FROM sources;
            DELETE FROM records;
            DELETE FROM record_reasons;
            ALTER TABLE records ADD COLUMN review TEXT;
            CREATE INDEX records_by_state ON records (source, state);
            """),
        // Demonstration media: frame counts for status (NULL when a record has none).
        ("003-media", """
            DELETE FROM sources;
            DELETE FROM records;
            DELETE FROM record_reasons;
            ALTER TABLE records ADD COLUMN mediaFrames INTEGER;
            """),
        // Rows hold kilobytes of text: an ordinary rowid table stores them far more compactly
        // than WITHOUT ROWID (482 MB against ~170 MB for 100,000 records).
        ("004-rowid-records", """
            DELETE FROM sources;
            DROP TABLE records;
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
            DELETE FROM record_reasons;
            """),
    ]

    static func apply(to database: Database) throws {
        try database.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let applied = Set(try database.rows("SELECT name FROM schema_migrations").compactMap { $0[0].text })
        for (i, migration) in all.enumerated() where !applied.contains(migration.name) {
            try database.inTransaction {
                // Re-check inside the write lock: another process may have just applied it.
                let done = try database.rows("SELECT 1 FROM schema_migrations WHERE name = ?", [.text(migration.name)])
                guard done.isEmpty else { return }
                try database.execute(migration.sql)
                let insert = try database.prepare("INSERT INTO schema_migrations (version, name) VALUES (?, ?)")
                try insert.run([.int(Int64(i + 1)), .text(migration.name)])
            }
        }
    }
}
