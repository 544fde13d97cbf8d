import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The acceptance run on the real ExerciseDB catalog (skipped, with the reason, when absent).
@Suite(.enabled(if: TestPaths.upstream != nil, "\(TestPaths.upstreamMissingReason)"))
struct RealDataEndToEndTests {
    var exercises: String { TestPaths.upstream! + "/exercisedb/exercises.json" }

    @Test func importsTheCatalogOnceThenFindsItUnchanged() throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        let first = runInProcess(["import", exercises], in: dir.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("added 1324, changed 0, removed 0, unchanged 0"))
        let second = runInProcess(["import", exercises], in: dir.path)
        #expect(second.stdout.contains("added 0, changed 0, removed 0, unchanged 1324"))
        let status = try #require(try JSONParser.parse(runInProcess(["status", "--json"], in: dir.path).stdout).objectValue)
        #expect(status["records"] == .number("1324"))
        #expect(status["states"]?.objectValue?["unreviewed"] == .number("1324"))
    }

    @Test func theCSVCopyGivesTheSameFingerprints() throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        _ = runInProcess(["import", exercises], in: dir.path)
        let csv = runInProcess(["import", TestPaths.upstream! + "/exercisedb/kaggle-fitness-exercises.csv", "--json"], in: dir.path)
        #expect(csv.status == 0, "\(csv.stderr)")
        let report = try #require(try JSONParser.parse(csv.stdout).objectValue)
        #expect(report["adapter"] == "exercisedb-csv")
        #expect(report["unchanged"] == .number("1324"))
        #expect(report["changed"] == .number("0"))
        // The CSV has no media links: reported as a schema change, not a text change.
        #expect(report["schemaChanges"] == [["field": "gifUrl", "kind": "disappeared", "records": 1324]])
    }
}
