import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog import`: each kind of change reported, dry runs, re-imports, valid JSON whatever upstream holds, the format read and why.
@Suite struct ImportCommandTests: CommandFixtures {
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

    @Test func theCommittedSampleCatalogIsTheImportOfTheSampleRelease() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let committed = try String(contentsOfFile: TestPaths.packageRoot + "/catalog/upstream/exercisedb.jsonl", encoding: .utf8)
        #expect(dir.read("catalog/upstream/exercisedb.jsonl") == committed)
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

    @Test func aFileThatIsNeitherJSONNorNamedCSVSaysWhyItWasReadAsCSV() throws {
        let dir = try newCatalog()
        dir.write("notes.md", "# Notes\n\nSome \"quoted\" text, and more.\n")
        let result = runInProcess(["import", "notes.md"], in: dir.path)
        #expect(result.status == 65 && result.stderr.contains("read as CSV because it does not start with [ or {"), "\(result.stderr)")
    }
}
