@testable import CatalogCommands
import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog plan` in-process on the committed fixture build and on the sample catalog as edited:
/// its output, its errors as the other commands give them, and --help.
@Suite struct PlanCommandTests {
    func run(_ arguments: [String], in dir: String) -> (status: Int32, out: String, err: String) {
        let ran = runInProcess(["--root", dir] + arguments, in: dir, environment: ["CATALOG_EDITOR": "tester"])
        return (ran.status, ran.stdout, ran.stderr)
    }

    let week = ["--goal", "muscle", "--level", "intermediate", "--days", "3", "--minutes", "45"]

    @Test func aWeekFromABuildNamesItsExercisesSetsRepsLoadsAndMuscles() throws {
        let dir = TempDirectory()
        let plan = run(["plan", TestPaths.fixtureBuild, "--profile", "full-gym"] + week, in: dir.path)
        #expect(plan.status == 0, "\(plan.err)")
        #expect(plan.out.contains("full-gym / muscle / intermediate: 3 days × 45 min"), "\(plan.out)")
        #expect(plan.out.contains("day 1 (") && plan.out.contains("(exercisedb:s0") && plan.out.contains(" × 8-12"), "\(plan.out)")
        #expect(plan.out.contains("weekly sets (minimum / target / ceiling)") && plan.out.contains("pectorals:"))
        let json = run(["plan", TestPaths.fixtureBuild, "--equipment", "dumbbell,bench"] + week + ["--json"], in: dir.path)
        let object = try #require(try JSONParser.parse(Array(json.out.utf8)).objectValue)
        #expect(object["profile"]?.objectValue?["equipment"] == .strings(["dumbbell", "bench"]))
        #expect(object["sessions"]?.arrayValue?.count == 3)
    }

    @Test func withoutABuildItPlansTheCatalogAsEditedAndLeavesNothingBehind() throws {
        let dir = try committedSampleCatalog()
        let before = treeHashes(dir.path)
        let plan = run(["plan", "--profile", "dumbbells-bench"] + week, in: dir.path)
        #expect(plan.status == 0, "\(plan.err)")
        #expect(plan.out.contains("dumbbells-bench / muscle / intermediate"), "\(plan.out)")
        #expect(treeHashes(dir.path) == before)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/.catalog")) ?? []
        #expect(!leftovers.contains { $0.hasPrefix("plan-") }, "\(leftovers)")
    }

    @Test func badRequestsAreUsageErrorsThatSayWhat() throws {
        let dir = TempDirectory()
        let build = TestPaths.fixtureBuild
        let cases: [([String], String)] = [
            (["plan", build, "--profile", "full-gim"] + week, "unknown profile 'full-gim'; did you mean full-gym?"),
            (["plan", build] + week, "missing --profile NAME or --equipment ITEMS"),
            (["plan", build, "--profile", "bands", "--equipment", "dumbbell"] + week, "cannot be used together"),
            (["plan", build, "--profile", "bands", "--goal", "cardio", "--level", "beginner", "--days", "3", "--minutes", "45"], "--goal takes muscle, strength or general, not 'cardio'"),
            (["plan", build, "--profile", "bands", "--goal", "muscle", "--level", "beginner", "--days", "9", "--minutes", "45"], "--days takes 1 to 7, not 9"),
            (["plan", build, "--profile", "bands", "--goal", "muscle", "--level", "beginner", "--days", "3"], "missing --minutes"),
            (["plan", build, "--equipment", "hoverboard"] + week, "unknown equipment item 'hoverboard'"),
            (["plan", build, "--profile", "bands", "--goal", "muscle", "--level", "expert", "--days", "3", "--minutes", "45"], "unknown level 'expert'"),
        ]
        for (arguments, message) in cases {
            let result = run(arguments, in: dir.path)
            #expect(result.status == 64 && result.err.hasPrefix("error: ") && result.err.contains(message), "\(arguments): \(result.err)")
            #expect(result.out.isEmpty)
        }
        let missing = run(["plan", dir.path + "/nope", "--profile", "bands"] + week, in: dir.path)
        #expect(missing.status == 66 && missing.err.contains("no such build folder"), "\(missing.err)")
        // A batch line's error names the file and the line.
        let batch = dir.write("batch.txt", "--profile bands --goal muscle --level beginner --days 3 --minutes 45\n\n--profile bands --goal muscle --level beginner --days 0 --minutes 45\n")
        let bad = run(["plan", build, "--batch", batch], in: dir.path)
        #expect(bad.status == 64 && bad.err.contains("--days takes 1 to 7, not 0") && bad.err.contains("batch.txt:3"), "\(bad.err)")
    }

    @Test func helpListsTheRequestOptions() {
        let dir = TempDirectory()
        let help = run(["plan", "--help"], in: dir.path)
        #expect(help.status == 0)
        for word in ["Usage: catalog plan [BUILD]", "--profile NAME", "--equipment ITEMS", "--goal", "--level", "--days", "--minutes", "--batch FILE", "VOLUME_BELOW_TARGET"] {
            #expect(help.out.contains(word), "\(word)")
        }
        let table = run(["--help"], in: dir.path)
        #expect(table.out.contains("plan "), "\(table.out)")
    }
}
