import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog review --from-suggestions`: confirming again with a confidence, never a rule-breaking review, one record said as one, copies drafted from a reviewed sibling, and the real catalog from an empty folder to a first build.
@Suite struct BulkReviewTests: CommandFixtures {
    @Test func confirmingAgainWithAConfidenceAppliesItToRecordsAlreadyComplete() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try newCatalog(importing: TestPaths.sample)
        // Every draft confirmed (--min-draft-confidence 0): the stated confidence is what moves.
        #expect(runInProcess(["review", "--from-suggestions", "--all", "--min-draft-confidence", "0"], in: dir.path, environment: env).status == 0)
        let first = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        let again = try json(runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--min-draft-confidence", "0", "--json"],
                                            in: dir.path, environment: env).stdout)
        let written = again["written"]?.arrayValue?.count ?? 0
        #expect(written > 0)
        #expect(try reviewJSON(dir, "s001")["confidence"] == .number("0.9"))
        let after = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(after["reasons"]?.objectValue?["LOW_CONFIDENCE"] == nil, "\(after)")
        #expect(first["autoPlan"] != after["autoPlan"])
        // The summary says where the selected records stand.
        #expect(again["cleared"] == after["autoPlan"])
    }

    @Test func bulkConfirmationNeverWritesARuleBreakingReviewAndNeverRepeatsAPrimary() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try newCatalog(importing: TestPaths.sample)
        // An editor set primaries that the suggested secondaries repeat.
        let listed = try JSONParser.parse(Array(runInProcess(["suggest", "s003", "--json"], in: dir.path).stdout.utf8))
        let suggested = try #require(listed.arrayValue?.first?.objectValue)
        let secondary = suggested["fields"]?.objectValue?["secondaryMuscles"]?.objectValue?["value"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try #require(!secondary.isEmpty)
        let primary = (secondary.prefix(1) + ["pectorals"]).joined(separator: ",")
        #expect(runInProcess(["review", "s003", "--set", "primaryMuscles=" + primary], in: dir.path, environment: env).status == 0)
        // Another record whose drafted review would break a soft rule: its primary is no planner muscle.
        #expect(runInProcess(["review", "s001", "--set", "primaryMuscles=serratus-anterior"], in: dir.path, environment: env).status == 0)

        let result = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--json"], in: dir.path, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        let outcome = try json(result.stdout)
        let s003 = try reviewJSON(dir, "s003")
        let written = s003["corrections"]?.objectValue?["secondaryMuscles"]?.objectValue?["value"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!written.contains(secondary[0]), "\(written)")
        let leftOut = outcome["leftOut"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(leftOut.contains { $0["id"] == "s001" && $0["rules"]?.arrayValue?.contains("primary-not-planner") == true }, "\(leftOut)")
        #expect(outcome["leftOutByRule"]?.objectValue?["primary-not-planner"] != nil)
        // What was written passes lint: a bulk-confirmed catalog is not refused by the gate.
        let lint = try json(runInProcess(["lint", "--json"], in: dir.path).stdout)
        let findings = lint["findings"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(findings.filter { $0["level"] == "error" && $0["file"] != "reviews/exercisedb/s001.json" }.isEmpty, "\(findings)")
        // The text summary names the rule and the record.
        let text = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9"], in: dir.path, environment: env)
        #expect(text.stdout.contains("[primary-not-planner] 1: s001"), "\(text.stdout)")
        #expect(text.stdout.contains("now cleared for automatic planning:"))
    }

    @Test func confirmingOneRecordSaysRecordNotRecords() throws {
        let env = ["CATALOG_EDITOR": "newcomer"]
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["review", "--from-suggestions", "s001"], in: dir.path, environment: env)
        #expect(result.status == 0)
        #expect(result.stdout.contains("confirmed suggestions for 1 record of exercisedb"), "\(result.stdout)")
    }

    /// A reviewed record drafts its camera-angle copies: the store finds the sibling from the
    /// index's names and reads only the reviews that have one.
    @Test func aReviewedRecordDraftsItsCopies() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        guard let upstream = TestPaths.upstream else { print(TestPaths.upstreamMissingReason); return }
        let dir = try newCatalog(importing: upstream + "/exercisedb/exercises.json")
        let before = runInProcess(["suggest", "1461", "--json"], in: dir.path)
        #expect(!before.stdout.contains("reviewed sibling"))
        #expect(runInProcess(["review", "0043", "--set", "level=advanced", "--set", "movementPattern=squat", "--confidence", "0.9"], in: dir.path, environment: env).status == 0)
        let after = runInProcess(["suggest", "1461", "--json"], in: dir.path)
        #expect(after.stdout.contains("reviewed sibling exercisedb:0043 by ana"), "\(after.stdout.prefix(800))")
        #expect(after.stdout.contains("\"advanced\""))
    }

    /// Issue 17's acceptance on the real catalog, from an empty folder: init, the catalog and its
    /// references, one bulk confirmation, then lint and export pass with no record edited by hand,
    /// and no stretch is cleared as strength work.
    @Test func theRealCatalogFromEmptyFolderToAFirstBuild() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        guard let upstream = TestPaths.upstream else { print(TestPaths.upstreamMissingReason); return }
        let dir = TempDirectory()
        #expect(runInProcess(["init"], in: dir.path).status == 0)
        let wger = ["translations", "exercise-base-data", "categories", "equipment", "muscles", "languages"].map { upstream + "/wger/\($0).json" }
        for files in [[upstream + "/exercisedb/exercises.json"], [upstream + "/free-exercise-db/acd61f7.json"], wger] {
            let imported = runInProcess(["import"] + files, in: dir.path)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        // Every draft confirmed (--min-draft-confidence 0, the most a bulk step can write): the
        // gates still hold. What the default confirms: BulkConfirmationTests.
        let bulk = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--min-draft-confidence", "0", "--json"],
                                  in: dir.path, environment: env)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        let outcome = try json(bulk.stdout)
        #expect(outcome["selected"] == 1324)
        let cleared = outcome["cleared"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } } ?? 0
        #expect(cleared > 1000, "\(outcome)")
        #expect(runInProcess(["lint"], in: dir.path).status == 0)
        let export = runInProcess(["export", "--json"], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        let build = try json(try #require(dir.read("dist/exercise-catalog-1.0.0/catalog.json")))
        let records = build["records"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(records.count == 1324)
        let stretches = records.filter { r in
            (r["name"]?.stringValue ?? "").lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == "stretch" || $0 == "stretching" }
        }
        #expect(stretches.count > 20)
        #expect(stretches.filter { $0["autoPlan"] == true }.isEmpty, "stretches cleared as strength work: \(stretches.filter { $0["autoPlan"] == true }.compactMap { $0["name"]?.stringValue })")
    }
}
