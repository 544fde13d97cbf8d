import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogSQLite
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 34: the index (`.catalog/index.sqlite`) is a cache that can be deleted at any time, so
/// nothing planted in it may decide what export publishes or whether its gates pass. A build
/// with a damaged index must be byte for byte the build made after deleting it.
struct IndexTrustTests {
    /// Runs `sql` on the catalog's index (made first by `status`).
    func tamper(_ dir: TempDirectory, _ sql: String) throws {
        #expect(runInProcess(["status"], in: dir.path).status == 0)
        let index = try Database(path: dir.path + "/.catalog/index.sqlite", create: false)
        try index.execute(sql)
    }

    /// catalog.json, catalog.sqlite and manifest.json of the first build written into `out`.
    func build(_ dir: TempDirectory, out: String) throws -> [String: [UInt8]] {
        let export = runInProcess(["export", "--out", out], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        return files(dir.path + "/" + out + "/exercise-catalog-1.0.0").filter { $0.key != "CHANGELOG.md" }
    }

    /// Every row cleared and current, now and whenever a row is written again: the first
    /// finding's trigger (status said 1,238 cleared and 0 stale; export published 1,238).
    static let clearEverything = """
        CREATE TRIGGER clear_inserted AFTER INSERT ON records BEGIN
            UPDATE records SET state = 'current', autoPlan = 1, reasonMask = 0, reasons = NULL WHERE source = NEW.source AND id = NEW.id;
        END;
        CREATE TRIGGER clear_updated AFTER UPDATE ON records BEGIN
            UPDATE records SET state = 'current', autoPlan = 1, reasonMask = 0, reasons = NULL WHERE source = NEW.source AND id = NEW.id;
        END;
        UPDATE records SET state = state;
        """

    /// Every row's lint count reset to 0, now and whenever a row is written again.
    static let resetLint = """
        CREATE TRIGGER lint_inserted AFTER INSERT ON records BEGIN
            UPDATE records SET lintErrors = 0 WHERE source = NEW.source AND id = NEW.id;
        END;
        CREATE TRIGGER lint_updated AFTER UPDATE ON records BEGIN
            UPDATE records SET lintErrors = 0 WHERE source = NEW.source AND id = NEW.id;
        END;
        UPDATE records SET lintErrors = lintErrors;
        """

    @Test func aTriggerThatClearsEveryRowChangesNothingExportPublishes() throws {
        let dir = try publishableSample()
        let truth = runInProcess(["status", "--json"], in: dir.path).stdout
        try tamper(dir, Self.clearEverything)
        let tampered = try build(dir, out: "tampered")
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        let clean = try build(dir, out: "clean")
        #expect(tampered.keys.sorted() == ["catalog.json", "catalog.sqlite", "changes.json", "manifest.json", "profiles.json"])
        for name in clean.keys.sorted() { #expect(tampered[name] == clean[name], "\(name) differs from the build without the index") }
        // The index was made again: status tells the truth too.
        try tamper(dir, Self.clearEverything)
        #expect(runInProcess(["status", "--json"], in: dir.path).stdout == truth)
    }

    /// Rows edited once, with no trigger to keep them so. (Within seconds of the review files'
    /// change times their stamps are racy and the index evaluates the rows again anyway; the
    /// build must not depend on that either.)
    @Test func rowsEditedWithoutATriggerDecideNothingEither() throws {
        let dir = try publishableSample()
        try tamper(dir, "UPDATE records SET state = 'current', autoPlan = 1, reasonMask = 0, reasons = NULL, lintErrors = 0")
        let tampered = try build(dir, out: "tampered")
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        let clean = try build(dir, out: "clean")
        for name in clean.keys.sorted() { #expect(tampered[name] == clean[name], "\(name) differs from the build without the index") }
    }

    @Test func aTriggerThatResetsLintCountsDoesNotOpenTheLintGate() throws {
        // The committed sample has one lint error (reviews/exercisedb/s018.json).
        for sql in [Self.resetLint, "UPDATE records SET lintErrors = 0"] {
            let dir = try committedSampleCatalog()
            try tamper(dir, sql)
            let export = runInProcess(["export"], in: dir.path)
            #expect(export.status == 1, "\(sql): \(export.stderr)")
            #expect(export.stderr.contains("release gate: lint reports 1 error; run `catalog lint` and fix them (reviews/exercisedb/s018.json)"), "\(export.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
        }
    }

    @Test func anIndexWithObjectsTheCodeDidNotMakeIsMadeAgain() throws {
        let dir = try publishableSample()
        try tamper(dir, """
            CREATE VIEW extra AS SELECT 1;
            CREATE TABLE notes (x);
            CREATE INDEX records_by_name ON records (name);
            """ + Self.resetLint)
        #expect(runInProcess(["status"], in: dir.path).status == 0)
        let index = try Database(path: dir.path + "/.catalog/index.sqlite", create: false)
        let names = try index.rows("SELECT name FROM sqlite_master WHERE name IN ('extra', 'notes', 'records_by_name', 'lint_inserted', 'lint_updated')")
        #expect(names.isEmpty, "\(names)")
    }
}
