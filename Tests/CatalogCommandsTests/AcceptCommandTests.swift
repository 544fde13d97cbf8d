import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog accept`: a removed record, and `--kind` with nothing to accept.
@Suite struct AcceptCommandTests: CommandFixtures {
    @Test func acceptingARemovedRecordSaysItWasRemoved() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try sampleCatalog()
        #expect(runInProcess(["review", "s020", "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let accept = runInProcess(["accept", "s020"], in: dir.path, environment: env)
        #expect(accept.status == 0)
        #expect(accept.stdout.contains("removed upstream"), "\(accept.stdout)")
        #expect(!accept.stdout.contains("current already"))
        let skipped = try json(runInProcess(["accept", "s020", "--json"], in: dir.path, environment: env).stdout)["skipped"]?.arrayValue
        #expect(skipped?.first?.objectValue?["id"] == "exercisedb:s020")
    }

    @Test func acceptByKindWithNothingToAcceptStillPrintsJSON() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try sampleCatalog()
        let result = runInProcess(["accept", "--kind", "spelling", "--json"], in: dir.path, environment: env)
        #expect(result.status == 0)
        let o = try json(result.stdout)
        #expect(o["accepted"] == [])
    }
}
