import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The index is derived from the files: deleted, or with its snapshot changed outside the tool, it is rebuilt and loses nothing.
@Suite struct IndexRecoveryTests: CommandFixtures {
    @Test func deletingTheIndexLosesNothing() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        let status = runInProcess(["status", "--json"], in: dir.path).stdout
        let show = runInProcess(["show", "s006", "--json"], in: dir.path).stdout
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(runInProcess(["status", "--json"], in: dir.path).stdout == status)
        #expect(runInProcess(["show", "s006", "--json"], in: dir.path).stdout == show)
    }

    @Test func theIndexFollowsSnapshotFilesChangedOutsideTheTool() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let firstSnapshot = try #require(dir.read("catalog/upstream/exercisedb.jsonl"))
        let firstFingerprint = runInProcess(["fingerprint", "s004"], in: dir.path).stdout
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        #expect(runInProcess(["fingerprint", "s004"], in: dir.path).stdout != firstFingerprint)
        // As `git checkout` of the old snapshot would do.
        dir.write("catalog/upstream/exercisedb.jsonl", firstSnapshot)
        #expect(runInProcess(["fingerprint", "s004"], in: dir.path).stdout == firstFingerprint)
    }
}
