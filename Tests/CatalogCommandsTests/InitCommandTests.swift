import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog init`: the skeleton, default or bare vocabularies, the `.gitignore`, and where it may make its root folder.
@Suite struct InitCommandTests: CommandFixtures {
    @Test func initCreatesTheSkeletonAndIsIdempotent() throws {
        let dir = try freshCatalog()
        for path in ["catalog/catalog.json", "catalog/vocab", "catalog/upstream", "reviews"] {
            #expect(FileManager.default.fileExists(atPath: dir.path + "/" + path), "\(path)")
        }
        let before = treeHashes(dir.path)
        let again = runInProcess(["init"], in: dir.path)
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing changed"))
        #expect(treeHashes(dir.path) == before)
    }

    @Test func initWritesWorkingDefaultVocabulariesAndAGitignore() throws {
        let dir = TempDirectory()
        let initialised = runInProcess(["init"], in: dir.path)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        for name in Vocabulary.files {
            let project = try String(contentsOfFile: TestPaths.packageRoot + "/catalog/vocab/" + name, encoding: .utf8)
            #expect(dir.read("catalog/vocab/" + name) == project, "\(name) is the project's own")
        }
        #expect(dir.read(".gitignore") == ".catalog/\ndist/\n*.key\n")
        let vocab = try json(runInProcess(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["patterns"] == 28)
        // The third step of the walkthrough works on a fresh catalog.
        #expect(runInProcess(["import", TestPaths.sample], in: dir.path).status == 0)
        let review = runInProcess(["review", "s001", "--set", "movementPattern=trunk-flexion", "--editor", "ana"], in: dir.path)
        #expect(review.status == 0, "\(review.stderr)")
        let suggest = runInProcess(["suggest", "s001"], in: dir.path)
        #expect(suggest.stdout.contains("movementPattern: \"squat\""), "\(suggest.stdout)")
    }

    @Test func initBareWritesEmptyVocabulariesAndKeepsAGitignoresLines() throws {
        let dir = TempDirectory()
        _ = dir.write(".gitignore", "node_modules/\ndist/")
        #expect(runInProcess(["init", "--bare"], in: dir.path).status == 0)
        #expect(dir.read(".gitignore") == "node_modules/\ndist/\n.catalog/\n*.key\n")
        let vocab = try json(runInProcess(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["patterns"] == 0)
        #expect(vocab["equipment"] == 0)
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
