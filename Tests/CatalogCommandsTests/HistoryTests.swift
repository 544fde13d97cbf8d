@testable import CatalogCommands
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `history/<source>/<id>.jsonl`, `catalog log` and `catalog undo` (issue 33, item 3), run
/// in-process: every door's write appends one entry, undo walks back through them.
@Suite struct HistoryTests {
    struct Ran {
        let status: Int32, out: String, err: String
    }

    func run(_ arguments: [String], in dir: TempDirectory, editor: String = "ana", epoch: Int = 1_793_232_000) -> Ran {
        let ran = runInProcess(["--root", dir.path] + arguments, in: dir.path, environment: ["CATALOG_EDITOR": editor, "SOURCE_DATE_EPOCH": String(epoch)])
        return Ran(status: ran.status, out: ran.stdout, err: ran.stderr)
    }

    func review(_ dir: TempDirectory, _ id: String) -> String? { dir.read("reviews/exercisedb/\(id).json") }

    func entries(_ dir: TempDirectory, _ id: String) throws -> [JSONValue] {
        let ran = run(["log", id, "--json"], in: dir)
        return try #require(try JSONParser.parse(ran.out).objectValue?["entries"]?.arrayValue)
    }

    /// Three saves, three entries; undo restores the second save's file byte for byte, then the
    /// first's; undoing the creation removes the file; with nothing left, exit 1.
    @Test func logListsThreeSavesAndUndoWalksBackThroughThem() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(run(["review", "s001", "--set", "level=beginner"], in: dir).status == 0)
        let first = review(dir, "s001")
        #expect(run(["review", "s001", "--set", "level=intermediate", "--note", "checked"], in: dir, epoch: 1_793_232_060).status == 0)
        let second = review(dir, "s001")
        #expect(run(["review", "s001", "--set", "level=advanced"], in: dir, editor: "bo", epoch: 1_793_232_120).status == 0)
        let log = try entries(dir, "s001")
        #expect(log.count == 3)
        let third = try #require(log.last?.objectValue)
        #expect(third["who"] == "bo" && third["door"] == "review" && third["when"] == "2026-10-29T00:02:00Z")
        #expect(third["changes"] == .array([.object(JSONObject([JSONMember("field", "level"), JSONMember("from", "intermediate"), JSONMember("to", "advanced")]))]))
        #expect(run(["log", "s001"], in: dir).out.contains("level: \"intermediate\" → \"advanced\""))

        #expect(run(["undo", "s001"], in: dir, editor: "cy").status == 0)
        #expect(review(dir, "s001") == second)
        #expect(run(["undo", "s001"], in: dir, editor: "cy").status == 0)
        #expect(review(dir, "s001") == first && first?.contains("\"note\"") == false)
        let removed = run(["undo", "s001"], in: dir, editor: "cy")
        #expect(removed.status == 0 && removed.out.contains("removed reviews/exercisedb/s001.json"))
        #expect(review(dir, "s001") == nil)
        let nothing = run(["undo", "s001"], in: dir)
        #expect(nothing.status == 1 && nothing.err.contains("undone already"))
        // Each undo is an entry, naming the change it reverted.
        let after = try entries(dir, "s001").compactMap(\.objectValue)
        #expect(after.count == 6 && after.suffix(3).map { $0["undoes"] } == [.int(3), .int(2), .int(1)])
        #expect(after.suffix(3).allSatisfy { $0["door"] == "undo" && $0["who"] == "cy" })
        #expect(run(["log", "--editor", "bo", "--json"], in: dir).out.contains("\"advanced\""))
        #expect(try #require(try JSONParser.parse(run(["log", "--since", "2026-10-29T00:01:00Z", "--json"], in: dir).out).objectValue?["entries"]?.arrayValue).count == 2)
    }

    /// A bulk step's entries share a batch id; `undo --batch` restores every record of it.
    @Test func undoBatchRestoresEveryRecordOfABulkStep() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(run(["review", "s003", "--set", "level=beginner"], in: dir).status == 0)
        let before = review(dir, "s003")
        #expect(run(["review", "--from-suggestions", "s003", "s004", "s005", "--confidence", "0.9"], in: dir, epoch: 1_793_232_060).status == 0)
        let batches = try ["s003", "s004", "s005"].map { id in try #require(try entries(dir, id).last?.objectValue?["batch"]?.stringValue) }
        #expect(Set(batches).count == 1)
        let undo = run(["undo", "--batch", batches[0]], in: dir)
        #expect(undo.status == 0, "\(undo.err)")
        #expect(review(dir, "s003") == before && review(dir, "s004") == nil && review(dir, "s005") == nil)
        #expect(run(["undo", "--batch", "bulk-nope"], in: dir).status == 66)
    }

    /// A file changed since, outside the history (a hand edit), is not overwritten by an undo.
    @Test func undoRefusesWhenTheFileNoLongerHoldsWhatTheChangeWrote() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(run(["review", "s006", "--set", "level=beginner"], in: dir).status == 0)
        let path = dir.path + "/reviews/exercisedb/s006.json"
        let edited = try #require(review(dir, "s006")).replacingOccurrences(of: "\"beginner\"", with: "\"advanced\"")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let undo = run(["undo", "s006"], in: dir)
        #expect(undo.status == 73 && undo.err.contains("corrections.level changed since"), "\(undo.err)")
        #expect(review(dir, "s006") == edited)
    }

    /// `accept` writes one entry per record with a shared batch id, door accept.
    @Test func acceptWritesOneEntryPerRecordWithABatch() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(run(["review", "--from-suggestions", "s004", "s006", "--confidence", "0.9"], in: dir).status == 0)
        #expect(run(["import", TestPaths.sampleNext], in: dir).status == 0)
        #expect(run(["accept", "s004", "s006"], in: dir, epoch: 1_793_232_060).status == 0)
        let last = try ["s004", "s006"].map { try #require(try entries(dir, $0).last?.objectValue) }
        #expect(last.allSatisfy { $0["door"] == "accept" } && last[0]["batch"] == last[1]["batch"] && last[0]["batch"] != nil)
    }

    /// History files are written as review files are, whole (a crash leaves the old or the new
    /// file: `CrashSafetyTests`). One edited by hand into a broken line is bad input: `log` names
    /// the file and line, and the next save's entry still starts a line of its own.
    @Test func aBrokenHistoryLineIsALocatedErrorAndTheNextEntryStartsItsOwnLine() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(run(["review", "s007", "--set", "level=beginner"], in: dir).status == 0)
        let path = dir.path + "/history/exercisedb/s007.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"at":"2026-1"#.utf8))
        try handle.close()
        let log = run(["log", "s007"], in: dir)
        #expect(log.status == 65 && log.err.contains("history/exercisedb/s007.jsonl:2"), "\(log.err)")
        #expect(run(["review", "s007", "--set", "level=advanced"], in: dir).status == 0)
        let lines = try #require(dir.read("history/exercisedb/s007.jsonl")).split(separator: "\n")
        #expect(lines.count == 3 && lines[1] == #"{"at":"2026-1"# && lines[2].hasPrefix(#"{"at":"#))
    }

    /// The entry's line reads back as the same entry, and reverting a change gives the file before it.
    @Test func anEntryRoundTripsAndRevertsToTheFileBeforeIt() throws {
        var before = Review(source: "exercisedb", id: "x1")
        before.note = "first"
        var after = before
        after.note = nil
        after.confidence = 0.8
        let changes = try HistoryEntry.changes(from: before.fileBytes, to: after)
        #expect(changes.map(\.key) == ["confidence", "note"])
        let entry = HistoryEntry(at: "2026-10-29T00:00:00Z", editor: "ana", door: .workbench, batch: "b1", changes: changes)
        let line = entry.line
        #expect(line.last == 0x0A && !line.dropLast().contains(0x0A))
        #expect(try HistoryEntry(line: line.dropLast()[...], file: "h", line: 1) == entry)
        let reverted = try #require(try entry.reverted(try JSONParser.parse(after.fileBytes).objectValue))
        #expect(try Review.parse(Array(JSONWriter.string(.object(reverted), style: .pretty).utf8), file: "x").fileBytes == before.fileBytes)
    }
}
