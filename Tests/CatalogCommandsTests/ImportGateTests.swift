import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The import's removal gate (issue 34): a release that would mark more than 5% of a source's
/// current records removed is refused, as export's gates refuse, and changes nothing.
struct ImportGateTests {
    /// A release file of the sample's records but the first `dropping`.
    func release(dropping: Int, in dir: TempDirectory) throws -> String {
        let records = try #require(try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample)))).arrayValue)
        let path = dir.path + "/release-\(dropping).json"
        try Data(JSONWriter.bytes(.array(Array(records.dropFirst(dropping))), style: .pretty)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aReleaseThatRemovesMoreThanFivePercentIsRefusedAndChangesNothing() throws {
        // The sample's 24 records: one removed is 4%, two are 8%.
        let dir = try newCatalog(importing: TestPaths.sample)
        let before = treeHashes(dir.path), status = runInProcess(["status", "--json"], in: dir.path).stdout
        let two = try release(dropping: 2, in: dir)
        for arguments in [["import", two], ["import", two, "--dry-run"], ["import", two, "--json"]] {
            let refused = runInProcess(arguments, in: dir.path)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("error: import gate: the release would mark 2 of the 24 current records of source exercisedb removed (8% > 5% allowed): "),
                    "\(refused.stderr)")
            #expect(refused.stderr.contains("pass --allow-removals; nothing was written (\(two))"), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        // Nothing changed: not the snapshot, its meta, nor the index's rows.
        #expect(treeHashes(dir.path).filter { $0.key != "release-2.json" } == before)
        #expect(runInProcess(["status", "--json"], in: dir.path).stdout == status)
        // One of 24 is under the gate; --allow-removals lets two through.
        let allowed = runInProcess(["import", two, "--allow-removals", "--json"], in: dir.path)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try JSONParser.parse(allowed.stdout).objectValue?["removed"] == 2)
        let fresh = try newCatalog(importing: TestPaths.sample)
        let one = runInProcess(["import", try release(dropping: 1, in: fresh), "--json"], in: fresh.path)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try JSONParser.parse(one.stdout).objectValue?["removed"] == 1)
    }

    @Test func aSourcesFirstImportIsNeverRefused() throws {
        let dir = try newCatalog()
        let first = runInProcess(["import", TestPaths.sample, "--json"], in: dir.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try JSONParser.parse(first.stdout).objectValue?["added"] == 24)
    }
}

@Suite(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
struct RealDataImportGateTests {
    /// Issue 34's finding: the sample's release imported into the real ExerciseDB catalog said
    /// `added 23, changed 0, removed 1324`, exit 0. Now it is refused, and nothing changes.
    @Test func theSampleReleaseIntoTheRealCatalogIsRefusedUnlessRemovalsAreAllowed() throws {
        let dir = try newCatalog(importing: TestPaths.upstream! + "/exercisedb/exercises.json")
        let before = treeHashes(dir.path), status = runInProcess(["status", "--json"], in: dir.path).stdout
        let refused = runInProcess(["import", TestPaths.sample], in: dir.path)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("import gate: the release would mark 1324 of the 1324 current records of source exercisedb removed (100% > 5% allowed): 0001 0002 0003"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("(\(TestPaths.sample))"), "\(refused.stderr)")
        #expect(treeHashes(dir.path) == before)
        #expect(runInProcess(["status", "--json"], in: dir.path).stdout == status)
        let allowed = runInProcess(["import", TestPaths.sample, "--allow-removals", "--json"], in: dir.path)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try JSONParser.parse(allowed.stdout).objectValue?["removed"] == 1324)
    }
}
