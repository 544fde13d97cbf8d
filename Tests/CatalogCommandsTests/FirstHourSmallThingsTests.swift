import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The small dead ends of an editor's first hour (issue 17), each as the editor met it.
@Suite struct FirstHourSmallThingsTests {
    let env = ["CATALOG_EDITOR": "ana"]

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    @Test func acceptingARemovedRecordSaysItWasRemoved() throws {
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
        let dir = try sampleCatalog()
        let result = runInProcess(["accept", "--kind", "spelling", "--json"], in: dir.path, environment: env)
        #expect(result.status == 0)
        let o = try json(result.stdout)
        #expect(o["accepted"] == [])
    }

    @Test func importTextCountsAReturnedRecordAsAddedAsJSONDoes() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let back = runInProcess(["import", TestPaths.sample], in: dir.path)
        #expect(back.stdout.contains("added 1 (1 returned)"), "\(back.stdout)")
        #expect(runInProcess(["import", TestPaths.sampleNext, "--json"], in: dir.path).status == 0)
        let again = try json(runInProcess(["import", TestPaths.sample, "--json"], in: dir.path).stdout)
        #expect(again["added"] == 1 && again["returned"] == 1)
    }

    @Test func verifyNamesTheKeyFileAsGiven() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(["keygen", "--out", "k"], in: dir.path).status == 0)
        #expect(runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        #expect(runInProcess(["export", "--sign", "k.key"], in: dir.path).status == 0)
        _ = dir.write("other.pub", "not a key\n")
        let build = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/dist").first)
        let result = runInProcess(["verify", "dist/" + build, "--key", "other.pub"], in: dir.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("(other.pub)"), "\(result.stderr)")
        #expect(!result.stderr.contains("/other.pub"), "\(result.stderr)")
    }

    @Test func keygenIntoAMissingFolderCreatesNothing() throws {
        let dir = TempDirectory()
        let result = runInProcess(["keygen", "--out", "no/such/dir/key"], in: dir.path)
        #expect(result.status == 66)
        #expect(result.stderr.contains("no such folder"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/no"))
    }

    @Test func anEditorNameOfOnlySpacesIsRefused() throws {
        let dir = try sampleCatalog()
        let result = runInProcess(["review", "s001", "--set", "level=beginner", "--editor", "  "], in: dir.path)
        #expect(result.status == 64)
        #expect(dir.read("reviews/exercisedb/s001.json") == nil)
        // Nor is one from the environment (git knows no name here either).
        let fromEnvironment = runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path,
                                             environment: ["CATALOG_EDITOR": " ", "HOME": dir.path, "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": dir.path])
        #expect(fromEnvironment.status == 64, "\(fromEnvironment.stderr)")
    }

    @Test func aMoreSpecificBenchOrAnAssistedMachineSatisfiesTheName() throws {
        let dir = try sampleCatalog()
        // s003 is a bench press; an incline bench is a bench.
        let bench = runInProcess(["review", "s003", "--set", "equipment=barbell,incline-bench"], in: dir.path, environment: env)
        #expect(bench.status == 0)
        #expect(!bench.stderr.contains("name-implies-equipment"), "\(bench.stderr)")
        let flat = runInProcess(["review", "s003", "--set", "equipment=barbell"], in: dir.path, environment: env)
        #expect(flat.stderr.contains("name-implies-equipment"), "\(flat.stderr)")
    }

    @Test func initMakesItsRootFolderOnlyInsideOneThatExistsAndSaysSo() throws {
        let dir = TempDirectory()
        let deep = runInProcess(["--root", dir.path + "/no/such/catalog", "init"], in: dir.path)
        #expect(deep.status == 66, "\(deep.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/no"))
        let one = runInProcess(["--root", dir.path + "/exercises", "init"], in: dir.path)
        #expect(one.status == 0)
        #expect(one.stdout.contains("created \(dir.path)/exercises/"), "\(one.stdout)")
    }
}
