import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The build commands' dead ends: `diff` with one build, `coverage --html` into a missing folder, `verify` naming the key as given, `keygen` into a missing folder.
@Suite struct BuildCommandTests: CommandFixtures {
    @Test func diffWithOneBuildNamesTheMissingOne() throws {
        let dir = TempDirectory()
        let none = runInProcess(["diff"], in: dir.path), one = runInProcess(["diff", dir.path], in: dir.path)
        #expect(none.status == 64 && none.stderr.contains("missing OLD and NEW build folders"), "\(none.stderr)")
        #expect(one.status == 64 && one.stderr.hasPrefix("error: missing NEW build folder\n"), "\(one.stderr)")
    }

    @Test func coverageHTMLIntoAFolderThatDoesNotExistIs66AndMakesNoFolder() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["coverage", "--html", "nodir/coverage.html"], in: dir.path)
        #expect(result.status == 66 && result.stderr.contains("no such folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/nodir"))
    }

    @Test func verifyNamesTheKeyFileAsGiven() throws {
        let env = ["CATALOG_EDITOR": "ana"]
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
}
