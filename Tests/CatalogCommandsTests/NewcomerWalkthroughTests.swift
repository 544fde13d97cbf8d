import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// What a newcomer's walk through the README with the built binary met, each as they met it.
@Suite struct NewcomerWalkthroughTests {
    let env = ["CATALOG_EDITOR": "newcomer"]

    @Test func dashHPrintsTheOverviewAsHelpDoes() throws {
        let dir = TempDirectory()
        let short = runInProcess(["-h"], in: dir.path), long = runInProcess(["--help"], in: dir.path)
        #expect(short.status == 0 && short.stdout == long.stdout && short.stdout.contains("Commands"), "\(short.stderr)")
    }

    @Test func aRootThatDoesNotExistIsSaidSoNotCalledNoCatalog() throws {
        let dir = TempDirectory()
        let result = runInProcess(["--root", dir.path + "/nowhere", "status"], in: dir.path)
        #expect(result.status == 66)
        #expect(result.stderr.contains("no such folder") && result.stderr.contains("nowhere"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/nowhere"))
    }

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

    @Test func aFileThatIsNeitherJSONNorNamedCSVSaysWhyItWasReadAsCSV() throws {
        let dir = try newCatalog()
        dir.write("notes.md", "# Notes\n\nSome \"quoted\" text, and more.\n")
        let result = runInProcess(["import", "notes.md"], in: dir.path)
        #expect(result.status == 65 && result.stderr.contains("read as CSV because it does not start with [ or {"), "\(result.stderr)")
    }

    @Test func vocabBeforeAnyImportSaysThereIsNothingToMapYet() throws {
        let dir = try newCatalog()
        let result = runInProcess(["vocab"], in: dir.path)
        #expect(result.status == 0 && result.stdout.contains("no upstream source imported yet"), "\(result.stdout)")
        #expect(!result.stdout.contains("is mapped"))
    }

    @Test func lintSaysWhereAReviewFileStopsParsing() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        dir.write("reviews/exercisedb/s010.json", "{broken\n")
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("[review-format]") && lint.stdout.contains("(line 1, column 2)"), "\(lint.stdout)")
    }

    /// A soft rule broken at review time is said as lint and export will treat it.
    @Test func aSoftRuleBrokenAtReviewSaysLintAndExportStopAtIt() throws {
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
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env)
        #expect(result.status == 0 && result.stdout.contains("FIELD_MISSING"), "\(result.stdout)")
        #expect(result.stdout.contains("`catalog review --from-suggestions -- s001`"), "\(result.stdout)")
    }

    @Test func confirmingOneRecordSaysRecordNotRecords() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["review", "--from-suggestions", "s001"], in: dir.path, environment: env)
        #expect(result.status == 0)
        #expect(result.stdout.contains("confirmed suggestions for 1 record of exercisedb"), "\(result.stdout)")
    }

    /// A review edited in place, its folder unchanged: `show` checks the record's file first, so
    /// its state and its review agree (the folder-level check would not see the edit until export).
    @Test func showSeesAReviewEditedInPlaceAtOnce() throws {
        let dir = try committedSampleCatalog()
        let file = dir.path + "/reviews/exercisedb/s001.json"
        // Past the racy second, so the index trusts the folder's stamp and every file's.
        let clock = SteppedClock()
        clock.settle()
        #expect(runInProcess(["status"], in: dir.path, clock: clock.fileClock).status == 0)
        func show() throws -> JSONObject { try #require(try JSONParser.parse(runInProcess(["show", "s001", "--json"], in: dir.path, clock: clock.fileClock).stdout).objectValue) }
        #expect(try show()["autoPlan"] == true)
        // Written in place: the folder does not change.
        try rewriteInPlace(file) { $0.replacingOccurrences(of: "\"value\": 90", with: "\"value\": 1e30") }
        let after = try show()
        #expect(after["autoPlan"] == false, "\(after)")
        #expect(JSONWriter.string(after["reasons"] ?? .null).contains("FIELD_INVALID"), "\(after["reasons"] ?? .null)")
        #expect(JSONWriter.string(after["review"] ?? .null).contains("1e30") || JSONWriter.string(after["review"] ?? .null).contains("1e+30"))
    }

    /// A review file that does not parse is not shown as no review at all (the state is the file's).
    @Test func showSaysAReviewFileDoesNotReadInsteadOfNone() throws {
        let dir = try committedSampleCatalog()
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: dir.path + "/reviews/exercisedb/s002.json"))
        let shown = runInProcess(["show", "s002"], in: dir.path)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("review: unreadable (reviews/exercisedb/s002.json; catalog lint says why)"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("review: none"))
        // A link is never read (its row stays unreviewed), and is not shown as none either.
        try FileManager.default.removeItem(atPath: dir.path + "/reviews/exercisedb/s004.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/reviews/exercisedb/s004.json", withDestinationPath: "nowhere.json")
        let linked = runInProcess(["show", "s004"], in: dir.path)
        #expect(linked.stdout.contains("review: unreadable (reviews/exercisedb/s004.json; catalog lint says why)"), "\(linked.stdout)")
    }

    /// While another process holds the index's write lock (an import), `show` does not wait to
    /// check the record's file: it shows the stored row at once, and checks next time.
    @Test func showDoesNotWaitForAnotherWriterToCheckAFile() throws {
        let dir = try committedSampleCatalog()
        let clock = SteppedClock()
        clock.settle()
        #expect(runInProcess(["status"], in: dir.path, clock: clock.fileClock).status == 0)
        try rewriteInPlace(dir.path + "/reviews/exercisedb/s001.json") { $0.replacingOccurrences(of: "\"value\": 90", with: "\"value\": 1e30") }
        let holder = Process()
        holder.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(60)
            """, dir.path + "/.catalog/index.sqlite"]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        // SIGKILL: the test runner's children inherit its blocked signals.
        func release() {
            if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
            holder.waitUntilExit()
        }
        defer { release() }
        #expect(String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).contains("locked"))
        let held = runInProcess(["show", "s001", "--json"], in: dir.path, clock: clock.fileClock)
        #expect(holder.isRunning, "show waited for the lock to go")
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout.contains("\"autoPlan\": true"), "the stored row")
        release()
        let after = runInProcess(["show", "s001", "--json"], in: dir.path, clock: clock.fileClock)
        #expect(after.stdout.contains("\"autoPlan\": false") && after.stdout.contains("FIELD_INVALID"), "\(after.stdout.prefix(400))")
    }
}
