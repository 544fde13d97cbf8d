import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog review ID --set ...`: many ids all or nothing, the editor's name, soft rules and missing fields said with what to do, equipment the name implies.
@Suite struct ScriptedReviewTests: CommandFixtures {
    @Test func manyIdsAtOnceAllOrNothing() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try newCatalog(importing: TestPaths.sample)
        let bad = runInProcess(["review", "s007", "s015", "--set", "level=expert", "--confidence", "0.8"], in: dir.path, environment: env)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("level-unknown") && bad.stderr.contains("nothing written"), "\(bad.stderr)")
        #expect(dir.read("reviews/exercisedb/s007.json") == nil && dir.read("reviews/exercisedb/s015.json") == nil)
        let good = runInProcess(["review", "s007", "s015", "--set", "level=beginner", "--confidence", "0.8"], in: dir.path, environment: env)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("2 of 2 reviews written"))
        for id in ["s007", "s015"] { #expect(try reviewJSON(dir, id)["confidence"] == .number("0.8")) }
        // A missing id fails the whole command, before anything is written.
        let missing = runInProcess(["review", "s001", "nope", "--set", "level=beginner"], in: dir.path, environment: env)
        #expect(missing.status == 66)
        #expect(dir.read("reviews/exercisedb/s001.json") == nil)
        // $EDITOR edits one review at a time.
        #expect(runInProcess(["review", "s001", "s002"], in: dir.path, environment: env).status == 64)
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

    /// A soft rule broken at review time is said as lint and export will treat it.
    @Test func aSoftRuleBrokenAtReviewSaysLintAndExportStopAtIt() throws {
        let env = ["CATALOG_EDITOR": "newcomer"]
        let dir = try newCatalog(importing: TestPaths.sample)
        let review = runInProcess(["review", "s003", "--set", "primaryMuscles=glutes,quads,hamstrings,abs"], in: dir.path, environment: env)
        #expect(review.status == 0)
        #expect(review.stderr.contains("warning: [primary-count]") && review.stderr.contains("--except primary-count=WHY")
                && review.stderr.contains("lint counts it as an error"), "\(review.stderr)")
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1 && lint.stdout.contains("error: [primary-count]"), "\(lint.stdout)")
        let excepted = runInProcess(["review", "s003", "--except", "primary-count=a full lower-body drill"], in: dir.path, environment: env)
        #expect(excepted.stderr.contains("note: [primary-count]") && excepted.stderr.contains("(excepted)"), "\(excepted.stderr)")
    }

    @Test func aReviewThatLeavesFieldsMissingSaysHowToDraftThem() throws {
        let env = ["CATALOG_EDITOR": "newcomer"]
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env)
        #expect(result.status == 0 && result.stdout.contains("FIELD_MISSING"), "\(result.stdout)")
        #expect(result.stdout.contains("`catalog review --from-suggestions -- s001`"), "\(result.stdout)")
    }

    @Test func aMoreSpecificBenchOrAnAssistedMachineSatisfiesTheName() throws {
        let env = ["CATALOG_EDITOR": "ana"]
        let dir = try sampleCatalog()
        // s003 is a bench press; an incline bench is a bench.
        let bench = runInProcess(["review", "s003", "--set", "equipment=barbell,incline-bench"], in: dir.path, environment: env)
        #expect(bench.status == 0)
        #expect(!bench.stderr.contains("name-implies-equipment"), "\(bench.stderr)")
        let flat = runInProcess(["review", "s003", "--set", "equipment=barbell"], in: dir.path, environment: env)
        #expect(flat.stderr.contains("name-implies-equipment"), "\(flat.stderr)")
    }
}
