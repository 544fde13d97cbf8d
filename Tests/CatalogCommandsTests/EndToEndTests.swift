import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Runs the built `catalog` binary in fresh folders and checks output, exit codes and files.
@Suite struct EndToEndTests {
    func freshCatalog() throws -> TempDirectory {
        let dir = TempDirectory()
        let result = runInProcess(["init"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    func json(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).objectValue)
    }

    func int(_ object: JSONObject, _ path: String...) -> Int? {
        var value: JSONValue? = .object(object)
        for key in path { value = value?.objectValue?[key] }
        if case .number(let n)? = value { return Int(n) }
        return nil
    }

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

    @Test func sampleReleaseThenNextReleaseReportsEachKindOfChange() throws {
        let dir = try freshCatalog()
        let first = runInProcess(["import", TestPaths.sample, "--json"], in: dir.path)
        #expect(first.status == 0, "\(first.stderr)")
        let report1 = try json(first.stdout)
        #expect(int(report1, "added") == 24)
        #expect(report1["source"] == "exercisedb")

        let next = runInProcess(["import", TestPaths.sampleNext, "--json"], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        let report2 = try json(next.stdout)
        #expect(report2["ids"]?.objectValue?["changed"] == ["s004", "s006"])
        #expect(report2["ids"]?.objectValue?["removed"] == ["s020"])
        #expect(int(report2, "unchanged") == 21)
        #expect(int(report2, "added") == 0)

        // The removed record stays in the catalog, flagged.
        let show = runInProcess(["show", "s020", "--json"], in: dir.path)
        let record = try json(show.stdout)
        #expect(record["state"] == "removed")
        #expect(record["review"] == .null)
        let codes = record["reasons"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue }
        #expect(codes == ["REVIEW_MISSING", "UPSTREAM_REMOVED"])

        let status = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(status, "records") == 24)
        #expect(int(status, "states", "removed") == 1)
        #expect(int(status, "states", "unreviewed") == 23)
        #expect(int(status, "reasons", "UPSTREAM_REMOVED") == 1)

        // Back to the first release: s020 returns, matched by its id.
        let back = try json(runInProcess(["import", TestPaths.sample, "--json"], in: dir.path).stdout)
        #expect(back["ids"]?.objectValue?["returned"] == ["s020"])
        #expect(back["ids"]?.objectValue?["changed"] == ["s004", "s006"])
    }

    @Test func dryRunWritesNothing() throws {
        let dir = try freshCatalog()
        let before = treeHashes(dir.path)
        let result = runInProcess(["import", TestPaths.sample, "--dry-run"], in: dir.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("would import"))
        #expect(result.stdout.contains("added 24"))
        #expect(treeHashes(dir.path) == before)
    }

    @Test func reimportingTheSameReleaseLeavesFilesUntouched() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let before = treeHashes(dir.path)
        let again = runInProcess(["import", TestPaths.sample], in: dir.path, environment: ["SOURCE_DATE_EPOCH": "1893456000"])
        #expect(again.stdout.contains("unchanged 24"))
        #expect(treeHashes(dir.path) == before)
    }

    @Test func fingerprintPrintsCanonicalTextWhoseSHA256IsTheFingerprint() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let result = runInProcess(["fingerprint", "s004"], in: dir.path)
        #expect(result.status == 0)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // trailing newline
        let fingerprint = lines.removeLast()
        #expect(lines.first?.hasPrefix("name: ") == true)
        #expect(fingerprint == "fp1:" + SHA256.hex(lines.joined(separator: "\n") + "\n"))
        let byName = runInProcess(["fingerprint", "exercisedb:s004"], in: dir.path)
        #expect(byName.stdout == result.stdout)
    }

    /// Upstream text with characters a terminal acts on (DEL, a C1 control, U+2028): `--json`
    /// output escapes them the JSON way, so it parses back to the upstream text, and the human
    /// output escapes them for people; neither prints them raw.
    @Test func jsonOutputStaysValidWhateverTheUpstreamText() throws {
        let dir = try freshCatalog()
        let name = "press\u{85}up \u{7F} x\u{2028}y"
        let release = dir.path + "/release.json"
        try Data(#"[{"id":"0001","name":"press\u0085up \u007f x\u2028y","bodyPart":"chest","target":"pectorals","equipment":"body weight","secondaryMuscles":[],"instructions":["Push."]}]"#.utf8)
            .write(to: URL(fileURLWithPath: release))
        #expect(runInProcess(["import", release], in: dir.path).status == 0)
        let shown = runInProcess(["show", "0001", "--json"], in: dir.path)
        #expect(shown.status == 0)
        let json = try JSONParser.parse(Array(shown.stdout.utf8))
        #expect(json.objectValue?["record"]?.objectValue?["name"]?.stringValue == name)
        #expect(shown.stdout.contains(#"press\u0085up \u007f x\u2028y"#))
        let people = runInProcess(["show", "0001"], in: dir.path).stdout
        for raw in ["\u{85}", "\u{7F}", "\u{2028}"] {
            #expect(!shown.stdout.contains(raw) && !people.contains(raw))
        }
    }

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

    @Test func theCommittedSampleCatalogIsTheImportOfTheSampleRelease() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let committed = try String(contentsOfFile: TestPaths.packageRoot + "/catalog/upstream/exercisedb.jsonl", encoding: .utf8)
        #expect(dir.read("catalog/upstream/exercisedb.jsonl") == committed)
    }
}

@Suite struct CommandLineTests {
    @Test(arguments: ["init", "import", "status", "show", "fingerprint"])
    func everyCommandHasHelp(command: String) throws {
        let dir = TempDirectory()
        let result = runInProcess([command, "--help"], in: dir.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: catalog \(command)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func overviewListsCommandsAndVersionPrints() throws {
        let dir = TempDirectory()
        let help = runInProcess(["--help"], in: dir.path)
        #expect(help.status == 0)
        for command in ["init", "import", "status", "show", "fingerprint"] { #expect(help.stdout.contains("  \(command) ")) }
        let version = runInProcess(["--version"], in: dir.path)
        #expect(version.stdout.hasPrefix("catalog "))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["status", "--frob"], "unknown option '--frob'"),
        (["import"], "missing FILE"),
        (["show"], "missing ID"),
        (["import", "x.json", "--format"], "--format needs a value"),
        (["import", "x.json", "--format", "yaml"], "unknown format 'yaml'"),
    ])
    func usageErrorsExit64WithUsage(arguments: [String], message: String) throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        dir.write("x.json", "[{\"id\": \"1\", \"name\": \"a\", \"bodyPart\": \"b\", \"target\": \"c\"}]")
        let result = runInProcess(arguments, in: dir.path)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingInputsExit66() throws {
        let dir = TempDirectory()
        let notCatalog = runInProcess(["status"], in: dir.path)
        #expect(notCatalog.status == 66)
        #expect(notCatalog.stderr.contains("not a catalog"))
        _ = runInProcess(["init"], in: dir.path)
        let missing = runInProcess(["import", "nope.json"], in: dir.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("error: no such file (nope.json)"))
        let unknown = runInProcess(["show", "9999"], in: dir.path)
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("9999"))
    }

    @Test func rootOptionWorksBeforeAndAfterTheCommand() throws {
        let dir = TempDirectory()
        let elsewhere = TempDirectory()
        #expect(runInProcess(["--root", dir.path, "init"], in: elsewhere.path).status == 0)
        #expect(runInProcess(["import", TestPaths.sample, "--root", dir.path], in: elsewhere.path).status == 0)
        #expect(runInProcess(["status", "--root=\(dir.path)", "--json"], in: elsewhere.path).stdout.contains("\"records\": 24"))
    }
}
