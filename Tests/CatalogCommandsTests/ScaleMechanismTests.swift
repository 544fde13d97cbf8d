import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// What lets the tool hold a million records: the streamed import (sorted or not, same result),
/// and index freshness from the review folder's stamp instead of a stat of every review file.
@Suite struct ScaleMechanismTests {
    let env = ["CATALOG_EDITOR": "tester"]
    let fullReview = ["review", "s001", "--set", "movementPattern=squat", "--set", "equipment=barbell,squat-rack",
                      "--set", "primaryMuscles=quads,glutes", "--set", "level=intermediate", "--set", "setupSeconds=90", "--confidence", "0.9"]

    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    /// `count` records made from the sample's, with ids of their own in increasing order.
    func manyRecords(_ count: Int) throws -> [JSONValue] {
        let sample = try #require(JSONParser.parse(try String(contentsOfFile: TestPaths.sample, encoding: .utf8)).arrayValue)
        return (0..<count).map { i in
            var record = sample[i % sample.count].objectValue!
            record["id"] = .string("m" + String(100_000 + i))
            return .object(record)
        }
    }

    func reasons(_ dir: TempDirectory, clock: SteppedClock = SteppedClock()) throws -> JSONValue? {
        let status = runInProcess(["status", "--json"], in: dir.path, clock: clock.fileClock)
        return try JSONParser.parse(status.stdout).objectValue?["sources"]?.objectValue?["exercisedb"]?.objectValue?["reasons"]
    }

    @Test func anUnsortedReleaseGivesTheSameSnapshotAsTheSortedOne() throws {
        let sorted = try sampleCatalog()
        let shuffled = try sampleCatalog()
        let records = try #require(JSONParser.parse(try String(contentsOfFile: TestPaths.sample, encoding: .utf8)).arrayValue)
        shuffled.write("release.json", JSONWriter.string(.array(records.reversed()), style: .pretty))
        try FileManager.default.removeItem(atPath: shuffled.path + "/catalog/upstream/exercisedb.jsonl")
        try FileManager.default.removeItem(atPath: shuffled.path + "/catalog/upstream/exercisedb.meta.json")
        let result = runInProcess(["import", "release.json"], in: shuffled.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(shuffled.read("catalog/upstream/exercisedb.jsonl") == sorted.read("catalog/upstream/exercisedb.jsonl"))
        #expect(runInProcess(["status", "--json"], in: shuffled.path).stdout == (runInProcess(["status", "--json"], in: sorted.path).stdout))
        // A repeated id in an unsorted release is named with both positions, as adapters do.
        shuffled.write("twice.json", JSONWriter.string(.array(records.reversed() + [records[3]]), style: .pretty))
        let twice = runInProcess(["import", "twice.json"], in: shuffled.path)
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("duplicate id \"s004\" (first seen at record #20)"), "\(twice.stderr)")
    }

    /// Releases large enough that the index's rows go to SQLite on their own thread (1,024 at a
    /// time) before something goes wrong late: the rows and files are what a small import gives.
    @Test func releasesThatBreakAfterThousandsOfRowsEndAsSmallOnesDo() throws {
        let many = try manyRecords(6_000)
        let sorted = try sampleCatalog(), unsorted = try sampleCatalog()
        sorted.write("release.json", JSONWriter.string(.array(many)))
        // The release replaces the sample's records (its removals are allowed: the import gate).
        #expect(runInProcess(["import", "release.json", "--allow-removals"], in: sorted.path).status == 0)
        // Out of order after 5,000 rows: the streamed merge and its queued rows are dropped, the
        // rows sorted and merged again.
        var late = many
        late.swapAt(5_000, 5_999)
        unsorted.write("release.json", JSONWriter.string(.array(late)))
        let result = runInProcess(["import", "release.json", "--allow-removals"], in: unsorted.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(unsorted.read("catalog/upstream/exercisedb.jsonl") == sorted.read("catalog/upstream/exercisedb.jsonl"))
        let status = runInProcess(["status", "--json"], in: sorted.path).stdout
        #expect(runInProcess(["status", "--json"], in: unsorted.path).stdout == status)
        // A bad record after 5,500 rows: the import stops, naming it, and nothing changes.
        let before = treeHashes(sorted.path)
        var bad = many
        bad[5_500] = .object(JSONObject([JSONMember("id", .int(7)), JSONMember("name", .string("bad"))]))
        sorted.write("bad.json", JSONWriter.string(.array(bad)))
        let failed = runInProcess(["import", "bad.json"], in: sorted.path)
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("record #5500, field id"), "\(failed.stderr)")
        try FileManager.default.removeItem(atPath: sorted.path + "/bad.json")
        #expect(treeHashes(sorted.path) == before)
        #expect(runInProcess(["status", "--json"], in: sorted.path).stdout == status)
    }

    @Test func aReviewRewrittenInPlaceJustAfterAnotherWriteIsNoticed() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        // This check happens within a second of the write: the folder's stamp is not trusted.
        #expect(try reasons(dir)?.objectValue?["LOW_CONFIDENCE"] == nil)
        try rewriteInPlace(dir.path + "/reviews/exercisedb/s001.json") { $0.replacingOccurrences(of: "\"confidence\": 0.9", with: "\"confidence\": 0.2") }
        #expect(try reasons(dir)?.objectValue?["LOW_CONFIDENCE"] == 1)
    }

    @Test func aThoroughCheckFindsAnInPlaceEditTheFolderDoesNotShow() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let file = dir.path + "/reviews/exercisedb/s001.json"
        let folder = dir.path + "/reviews/exercisedb"
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder)
        _ = try reasons(dir)
        try rewriteInPlace(file) { $0.replacingOccurrences(of: "\"confidence\": 0.9", with: "\"confidence\": 0.2") }
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder)
        let catalog = try Catalog(root: dir.path)
        let entry = try catalog.index(thorough: true).catalogEntry(source: "exercisedb", id: "s001")
        #expect(entry.reasons.arrayValue?.contains { $0.objectValue?["code"] == "LOW_CONFIDENCE" } == true)
    }

    @Test func anImportReadsAgainAReviewEditedInPlaceWithItsTimesPutBack() throws {
        let dir = try sampleCatalog()
        let clock = SteppedClock()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let file = dir.path + "/reviews/exercisedb/s001.json"
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        clock.settle()
        _ = try reasons(dir, clock: clock)
        // Same size, same mtime, same inode, the folder's time put back too: before issue 16 an
        // import of a release where s001 is unchanged kept its row and never read the edit. The
        // stamp's ctime moved (no user call sets it back), so the review is read again.
        try rewriteInPlace(file) { $0.replacingOccurrences(of: "\"confidence\": 0.9", with: "\"confidence\": 0.2") }
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: dir.path + "/reviews/exercisedb")
        // Past the edit's racy second too: only its change time tells.
        clock.settle()
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path, clock: clock.fileClock).status == 0)
        let entry = try Catalog(root: dir.path, fileClock: clock.fileClock).index(thorough: true).catalogEntry(source: "exercisedb", id: "s001")
        #expect(entry.reasons.arrayValue?.contains { $0.objectValue?["code"] == "LOW_CONFIDENCE" } == true)
    }

    @Test(arguments: [253, 254, 255, 256])
    func aStreamedReleaseAcceptsExactlyTheNestingAWholeFileParseDoes(depth: Int) throws {
        let dir = try sampleCatalog()
        let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let text = "[{\"id\": \"deep\", \"name\": \"deep\", \"x\": \(nested)}, {\"id\": \"z\", \"name\": \"z\"}]"
        dir.write("deep.json", text)
        let strictAccepts = (try? JSONParser.parse(text)) != nil
        let result = runInProcess(["import", "deep.json", "--source", "deep"], in: dir.path)
        #expect(result.status == (strictAccepts ? 0 : 65), "depth \(depth): \(result.stderr)")
    }

    @Test func aStreamedSuggestionListPrintsAsOneDocument() throws {
        let dir = try sampleCatalog()
        let result = runInProcess(["suggest", "--all", "--json"], in: dir.path)
        #expect(result.status == 0)
        let list = try #require(JSONParser.parse(result.stdout).arrayValue)
        #expect(list.count == 24)
        #expect(result.stdout == JSONWriter.string(.array(list), style: .pretty))
    }

    /// A bulk review of thousands of records writes their index rows itself: the next command
    /// reads no review file (its refresh has nothing to do), and the rows are a rebuild's.
    @Test func aBulkReviewLeavesTheIndexCurrentForTheNextCommand() throws {
        let many = try manyRecords(5_100)
        let dir = try newCatalog()
        dir.write("release.json", JSONWriter.string(.array(many)))
        #expect(runInProcess(["import", "release.json"], in: dir.path).status == 0)
        let bulk = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9"], in: dir.path, environment: env)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        #expect(try Catalog(root: dir.path).index().lastRefresh == CatalogIndex.RefreshStats(), "the command after the bulk review read review files again")
        let status = runInProcess(["status", "--json"], in: dir.path).stdout
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(runInProcess(["status", "--json"], in: dir.path).stdout == status)
    }
}
