import CatalogCommands
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 36: every command finds the catalog's root upward from the current folder, as git does.
@Suite struct RootDiscoveryTests {
    @Test func statusFromAReviewFolderReportsTheCatalogAboveIt() throws {
        let dir = try committedSampleCatalog()
        let result = runInProcess(["status"], in: dir.path + "/reviews/exercisedb")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("member source exercisedb: 24 records"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/reviews/exercisedb/.catalog"))
    }

    @Test func initInsideACatalogsOwnFolderRefusesNamingItsRoot() throws {
        let dir = try committedSampleCatalog()
        try FileManager.default.createDirectory(atPath: dir.path + "/dist/x", withIntermediateDirectories: true)
        let before = treeHashes(dir.path)
        for folder in ["reviews/exercisedb", "catalog", "catalog/vocab", "dist/x"] {
            let result = runInProcess(["init"], in: dir.path + "/" + folder)
            #expect(result.status == 64, "\(folder): \(result.stderr)")
            let top = String(folder.split(separator: "/")[0])
            #expect(result.stderr.contains("inside \(top)/ of the catalog at \(URL(fileURLWithPath: dir.path).standardizedFileURL.path)"), "\(result.stderr)")
        }
        let refused = runInProcess(["init", "--root", dir.path + "/reviews/new"], in: dir.path)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(treeHashes(dir.path) == before)
    }

    @Test func initElsewhereInACatalogMakesANestedOneAndSaysSo() throws {
        let dir = try committedSampleCatalog()
        try FileManager.default.createDirectory(atPath: dir.path + "/experiments", withIntermediateDirectories: true)
        let result = runInProcess(["init"], in: dir.path + "/experiments")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("nested inside the catalog at"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/experiments/catalog/catalog.json"))
        // Commands run there now use the nested catalog.
        let status = runInProcess(["status"], in: dir.path + "/experiments")
        #expect(status.stdout.contains("0 records"), "\(status.stdout)")
    }

    @Test func rootAndCatalogRootOverrideAndTheCeilingStopsTheWalk() throws {
        let dir = try committedSampleCatalog()
        let elsewhere = TempDirectory()
        let byEnvironment = runInProcess(["status"], in: elsewhere.path, environment: ["CATALOG_ROOT": dir.path])
        #expect(byEnvironment.status == 0 && byEnvironment.stdout.contains("24 records"), "\(byEnvironment.stderr)")
        let byOption = runInProcess(["--root", elsewhere.path, "status"], in: dir.path, environment: ["CATALOG_ROOT": dir.path])
        #expect(byOption.status == 66, "--root beats CATALOG_ROOT: \(byOption.stdout)")
        let stopped = runInProcess(["status"], in: dir.path + "/reviews/exercisedb", environment: ["CATALOG_CEILING_DIRECTORIES": "/nowhere:" + dir.path + "/reviews"])
        #expect(stopped.status == 66, "\(stopped.stdout)")
        #expect(stopped.stderr.contains("no catalog/catalog.json in this folder or any above it below CATALOG_CEILING_DIRECTORIES"), "\(stopped.stderr)")
    }

    @Test func theWalkFindsTheNearestCatalogAndStopsAtACeiling() throws {
        let dir = try committedSampleCatalog()
        let root = URL(fileURLWithPath: dir.path).standardizedFileURL.path
        let deep = root + "/reviews/exercisedb"
        #expect(CatalogRoot(workingDirectory: deep, given: nil, environment: [:]).path == root)
        #expect(CatalogRoot(workingDirectory: deep + "/../..", given: nil, environment: [:]).path == root)
        #expect(CatalogRoot(workingDirectory: deep, given: "x", environment: ["CATALOG_ROOT": "y"]).path == "x")
        #expect(CatalogRoot(workingDirectory: deep, given: nil, environment: ["CATALOG_ROOT": "y"]).path == "y")
        let ceiling = CatalogRoot(workingDirectory: deep, given: nil, environment: ["CATALOG_CEILING_DIRECTORIES": root + "/reviews/"])
        #expect(ceiling.path == deep)
        // A relative ceiling is ignored, as git ignores one.
        #expect(CatalogRoot(workingDirectory: deep, given: nil, environment: ["CATALOG_CEILING_DIRECTORIES": "reviews"]).path == root)
    }

    /// `make test`, `make bench` and `make eval` run inside `make guarded`, which compares digests
    /// of the repository's catalog/ and reviews/ before and after: here on a copy of the Makefile
    /// with a step that leaves them alone and one that writes into reviews/.
    @Test func theMakefileFailsAStepThatTouchesTheRepositorysCatalog() throws {
        let dir = try committedSampleCatalog()
        let makefile = try String(contentsOfFile: TestPaths.packageRoot + "/Makefile", encoding: .utf8)
        for target in ["test", "bench", "eval"] {
            #expect(makefile.contains("\(target):") && makefile.contains("guarded STEP=\(target)-steps"), "make \(target) is not guarded")
        }
        #expect(makefile.contains("export CATALOG_CEILING_DIRECTORIES := $(CURDIR)"))
        dir.write("Makefile", makefile + "\nharmless:\n\t@echo harmless\ntouchy:\n\t@echo '{}' > reviews/exercisedb/stray.json\n")
        func make(_ step: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["make", "--no-print-directory", "guarded", "STEP=\(step)"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            process.environment = scratchEnvironment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try make("harmless") == 0)
        #expect(try make("touchy") != 0)
    }
}
