import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog show`: a review edited in place seen at once, an unreadable review named as such, no wait for another writer.
@Suite struct ShowCommandTests: CommandFixtures {
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
        let env = ["CATALOG_EDITOR": "newcomer"]
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
