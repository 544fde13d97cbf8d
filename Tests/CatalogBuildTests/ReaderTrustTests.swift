import CatalogBuild
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 34, item 2: the reader trusts nothing it has not hashed. Every file is held to its
/// digest before SQLite opens catalog.sqlite; SQLite opens it immutable and defensive, runs no
/// view or trigger, and its `sqlite_master` must be the format's; every row of every child table
/// must be one its record makes. Forgeries made from the committed fixture build.
@Suite struct ReaderTrustTests {
    static let recursiveView = """
        DROP TABLE metadata;
        CREATE VIEW metadata (key, value) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 'schemaVersion', n FROM r;
        """
    static let randomblobView = """
        DROP TABLE metadata;
        CREATE VIEW metadata (key, value) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5000)
            SELECT 'schemaVersion', randomblob(1000000) FROM r;
        """

    /// A copy of the fixture build at `dir/dist/exercise-catalog-1.0.0`, signed with a fresh key
    /// (`dir/k.pub`), then `sql` run on its catalog.sqlite; the manifest rewritten to match
    /// (which breaks the signature) when `rewrite`.
    func forged(_ sql: String, rewrite: Bool, in dir: TempDirectory = TempDirectory()) throws -> (TempDirectory, String) {
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        try FileManager.default.createDirectory(atPath: dir.path + "/dist", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixtureBuild, toPath: build)
        let key = try Ed25519.generate()
        let manifest = [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/manifest.json")))
        try Data(try Ed25519.sign(manifest, privatePEM: key.privatePEM, keyFile: "k.key").utf8).write(to: URL(fileURLWithPath: build + "/manifest.sig"))
        try Data(key.publicPEM.utf8).write(to: URL(fileURLWithPath: dir.path + "/k.pub"))
        if !sql.isEmpty {
            let database = try Database(path: build + "/catalog.sqlite", create: false)
            try database.execute(sql)
        }
        if rewrite { try VerifyHardeningTests().rewriteManifest(build) }
        return (dir, build)
    }

    /// `body`, which must throw or fail within 2 s: the error's text.
    func failsQuickly(_ what: String, _ body: () throws -> RunResult?) -> String {
        let start = Date()
        var text = ""
        do {
            if let result = try body() {
                #expect(result.status != 0, "\(what) succeeded: \(result.stdout)")
                text = result.stderr + result.stdout
            } else {
                Issue.record("\(what) did not fail")
            }
        } catch {
            text = "\(error)"
        }
        #expect(Date().timeIntervalSince(start) < 2, "\(what) took \(Date().timeIntervalSince(start)) s")
        return text
    }

    /// Every way a build is read: verify (with the key when `key`), diff, load, and an export
    /// whose previous build it is; each must fail within 2 s, its message containing `expected`.
    func everyReaderRefuses(_ dir: TempDirectory, _ build: String, key: Bool, _ expected: String) throws {
        var runs: [(String, () throws -> RunResult?)] = [
            ("verify", { runInProcess(["verify", build], in: dir.path) }),
            ("diff", { runInProcess(["diff", build, TestPaths.fixtureBuild], in: dir.path) }),
            ("load", {
                _ = try PublishedCatalog.load(directory: build)
                return nil
            }),
        ]
        if key { runs.append(("verify --key", { runInProcess(["verify", build, "--key", "k.pub", "--require-signature"], in: dir.path) })) }
        for (what, run) in runs {
            let text = failsQuickly(what, run)
            #expect(text.contains(expected), "\(what): \(text)")
        }
        // An export beside it, in a catalog whose dist/ holds it as the previous build.
        let catalog = try publishableSampleCatalog()
        try FileManager.default.createDirectory(atPath: catalog.path + "/dist", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: build, toPath: catalog.path + "/dist/exercise-catalog-1.0.0")
        let text = failsQuickly("export") { runInProcess(["export"], in: catalog.path) }
        #expect(text.contains(expected), "export: \(text)")
    }

    @Test func aViewSwappedIntoASignedBuildIsRefusedByItsDigestBeforeSQLiteOpensIt() throws {
        for sql in [Self.recursiveView, Self.randomblobView] {
            let (dir, build) = try forged(sql, rewrite: false)
            try everyReaderRefuses(dir, build, key: true, "sha256 differs from manifest.json")
        }
    }

    @Test func aViewUnderARewrittenManifestIsRefusedByTheSchemaBeforeAnyTableIsRead() throws {
        for sql in [Self.recursiveView, Self.randomblobView] {
            let (dir, build) = try forged(sql, rewrite: true)
            try everyReaderRefuses(dir, build, key: false, "view \"metadata\" is not the format's table \"metadata\"")
        }
    }

    /// Objects the format does not have, under a consistent manifest: each named.
    @Test func sqliteMasterMustBeTheFormatsSchemaExactly() throws {
        let cases: [(String, String)] = [
            ("CREATE TABLE log (x TEXT); CREATE TRIGGER logged AFTER INSERT ON log BEGIN SELECT 1; END;", "unexpected table \"log\""),
            ("CREATE TABLE log (x TEXT); CREATE TRIGGER logged AFTER INSERT ON log BEGIN SELECT 1; END;", "unexpected trigger \"logged\""),
            ("CREATE VIEW everything AS SELECT * FROM exercises;", "unexpected view \"everything\""),
            ("CREATE INDEX muscles_by_role ON muscles (role);", "unexpected index \"muscles_by_role\""),
            ("""
             ALTER TABLE exercises RENAME TO original;
             CREATE VIEW exercises AS SELECT * FROM original;
             """, "view \"exercises\" is not the format's table \"exercises\""),
            // A column of another type: the table made by another statement.
            ("""
             DROP INDEX muscles_by_muscle;
             ALTER TABLE muscles RENAME TO original;
             CREATE TABLE muscles (
                 exercise_id TEXT NOT NULL, muscle TEXT NOT NULL, role TEXT NOT NULL, credit TEXT NOT NULL,
                 PRIMARY KEY (exercise_id, muscle, role)
             ) WITHOUT ROWID;
             INSERT INTO muscles SELECT * FROM original;
             DROP TABLE original;
             CREATE INDEX muscles_by_muscle ON muscles (muscle, credit);
             """, "table \"muscles\" is not the format's table \"muscles\" (made by another statement)"),
        ]
        for (sql, expected) in cases {
            let (dir, build) = try forged(sql, rewrite: true)
            let (summary, problems) = PublishedCatalog.inspect(directory: build)
            withExtendedLifetime(dir) {}
            #expect(summary == nil)
            #expect(problems.contains { $0.file == "catalog.sqlite" && $0.message.contains(expected) }, "\(expected): \(problems)")
        }
    }

    /// Child-table rows changed with the record left as it was, the manifest consistent: each
    /// found, naming the record and the table.
    @Test func everyChildRowMustBeOneItsRecordMakes() throws {
        let cases: [(String, String)] = [
            ("UPDATE equipment SET item = 'resistance-band' WHERE item = 'barbell'", "record exercisedb:s001: table equipment"),
            ("UPDATE muscles SET muscle = 'biceps' WHERE exercise_id = 'exercisedb:s008' AND role = 'primary' AND muscle = 'abs'",
             "record exercisedb:s008: table muscles"),
            ("UPDATE reasons SET code = 'VARIANT' WHERE code = 'MANUAL_ONLY'", "record exercisedb:s010: table reasons"),
            ("UPDATE reasons SET details = '{}' WHERE code = 'MANUAL_ONLY'", "record exercisedb:s010: table reasons"),
            ("UPDATE joint_stress SET joint = 'elbow' WHERE exercise_id = 'exercisedb:s001' AND joint = 'knee'", "record exercisedb:s001: table joint_stress"),
            ("UPDATE muscles SET credit = 'full' WHERE exercise_id = 'exercisedb:s008' AND role = 'primary'", "record exercisedb:s008: table muscles"),
            ("DELETE FROM equipment WHERE exercise_id = 'exercisedb:s002' AND item = 'barbell'", "record exercisedb:s002: table equipment lacks"),
            ("INSERT INTO equipment VALUES ('exercisedb:s002', 'kettlebell')", "record exercisedb:s002: table equipment holds a row its record does not make"),
            ("INSERT INTO muscles VALUES ('exercisedb:s000', 'abs', 'primary', 1.0)", "table muscles holds a row of exercisedb:s000, which is no record"),
            ("INSERT INTO reasons VALUES ('zzz:last', 'VARIANT', '{}')", "table reasons holds a row of zzz:last, which is no record"),
        ]
        for (sql, expected) in cases {
            let (dir, build) = try forged(sql, rewrite: true)
            let (summary, problems) = PublishedCatalog.inspect(directory: build)
            withExtendedLifetime(dir) {}
            #expect(summary == nil, "\(sql) verified")
            #expect(problems.contains { $0.file == "catalog.sqlite" && $0.message.contains(expected) }, "\(expected): \(problems)")
        }
    }

    /// Metadata rows other than the manifest's (an extra key, or createdAt changed) are refused.
    @Test func theMetadataTableIsTheManifestsExactly() throws {
        for sql in ["INSERT INTO metadata VALUES ('extra', 'x')", "UPDATE metadata SET value = '2030-01-01T00:00:00Z' WHERE key = 'createdAt'"] {
            let (dir, build) = try forged(sql, rewrite: true)
            let (summary, problems) = PublishedCatalog.inspect(directory: build)
            withExtendedLifetime(dir) {}
            #expect(summary == nil && problems.contains { $0.message.contains("metadata (format") }, "\(sql): \(problems)")
        }
    }

    /// verify, diff and load leave the build's folder as it was, even when catalog.sqlite's
    /// header says WAL (SQLite would make -wal and -shm files beside it).
    @Test func readingABuildNeverCreatesAFile() throws {
        for wal in [false, true] {
            let (dir, build) = try forged("", rewrite: false)
            if wal {
                let handle = try #require(FileHandle(forUpdatingAtPath: build + "/catalog.sqlite"))
                try handle.seek(toOffset: 18)
                handle.write(Data([2, 2]))
                try handle.close()
                try VerifyHardeningTests().rewriteManifest(build)
            }
            let before = try FileManager.default.contentsOfDirectory(atPath: build).sorted()
            let verify = runInProcess(["verify", build], in: dir.path)
            #expect(verify.status == 0, "\(verify.stderr)")
            #expect(runInProcess(["diff", build, TestPaths.fixtureBuild], in: dir.path).status == 0)
            _ = try PublishedCatalog.load(directory: build)
            #expect(try FileManager.default.contentsOfDirectory(atPath: build).sorted() == before, "wal header \(wal)")
            #expect(runInProcess(["verify", build], in: dir.path).status == 0, "a second verify")
        }
    }
}
