import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `saveReviews` never writes over a file it did not read: a new review whose file someone
/// else made meanwhile is a conflict, and that file stays as it is.
@Suite struct ReviewSaveTests {
    func drafts(_ ids: [String]) -> [ReviewWrite] {
        ids.map { id in
            var review = Review(source: "exercisedb", id: id)
            review.note = "drafted"
            return ReviewWrite(review, expected: nil)
        }
    }

    @Test func aNewReviewWhoseFileAppearedIsAConflictAndTheFileStays() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        dir.write("reviews/exercisedb/s002.json", "someone else's\n")
        let (written, conflicts) = try catalog.withReviewLock { try catalog.saveReviews(drafts(["s001", "s002", "s003"]), history: testHistory) }
        #expect(written == ["s001", "s003"] && conflicts == ["s002"])
        #expect(dir.read("reviews/exercisedb/s002.json") == "someone else's\n")
        #expect(dir.read("reviews/exercisedb/s001.json")?.contains("drafted") == true)
        #expect(FileSystem.list(dir.path + "/reviews/exercisedb") == ["s001.json", "s002.json", "s003.json"])
    }

    @Test func allOrNothingWritesNoneWhenOneFileAppeared() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        dir.write("reviews/exercisedb/s002.json", "someone else's\n")
        #expect(throws: CatalogError.self) {
            try catalog.withReviewLock { try catalog.saveReviews(drafts(["s001", "s002"]), allOrNothing: true, history: testHistory) }
        }
        #expect(FileSystem.list(dir.path + "/reviews/exercisedb") == ["s002.json"])
        #expect(dir.read("reviews/exercisedb/s002.json") == "someone else's\n")
    }

    /// A review whose file changed since it was read is a conflict and the file stays; when all
    /// or none are written, none is, and the error names it.
    @Test func aReviewChangedSinceItWasReadIsAConflict() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        dir.write("reviews/exercisedb/s001.json", "changed since\n")
        var review = Review(source: "exercisedb", id: "s001")
        review.note = "drafted"
        let stale = ReviewWrite(review, expected: SHA256.hex(Array("as read\n".utf8)))
        let (written, conflicts) = try catalog.withReviewLock { try catalog.saveReviews([stale] + drafts(["s002"]), history: testHistory) }
        #expect(written == ["s002"] && conflicts == ["s001"])
        #expect(dir.read("reviews/exercisedb/s001.json") == "changed since\n")
        #expect {
            try catalog.withReviewLock { try catalog.saveReviews([stale] + drafts(["s003"]), allOrNothing: true, history: testHistory) }
        } throws: { error in
            (error as? CatalogError)?.kind == .conflict && "\(error)".contains("1 of the 2 reviews changed on disk since they were read") && "\(error)".contains("s001")
        }
        #expect(FileSystem.list(dir.path + "/reviews/exercisedb") == ["s001.json", "s002.json"])
    }

    /// A step that listed the history folder once takes a name it did not list for a file to
    /// make; when that file was made meanwhile, the entry is appended to it, and what it held stays.
    @Test func aHistoryFileMadeAfterTheListingKeepsItsLinesAndGainsTheEntry() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        var history = testHistory
        history.listed = ["exercisedb": catalog.history.listed(source: "exercisedb")]
        #expect(history.listed["exercisedb"] == [])
        let earlier = "{\"at\":\"2026-10-28T00:00:00Z\",\"changes\":[],\"door\":\"review\",\"editor\":\"someone\"}\n"
        dir.write("history/exercisedb/s001.jsonl", earlier)
        let (written, conflicts) = try catalog.withReviewLock { try catalog.saveReviews(drafts(["s001", "s002"]), history: history) }
        #expect(written == ["s001", "s002"] && conflicts.isEmpty)
        for id in ["s001", "s002"] {
            let lines = try #require(dir.read("history/exercisedb/\(id).jsonl")).split(separator: "\n")
            #expect(lines.count == (id == "s001" ? 2 : 1), "\(id): \(lines)")
            #expect(lines.last?.contains("\"created\":true") == true)
        }
        #expect(dir.read("history/exercisedb/s001.jsonl")?.hasPrefix(earlier) == true)
    }
}

/// Who the store's history entries name for the reviews these tests write.
private let testHistory = HistoryContext(door: .review, editor: "tester", at: "2026-10-29T00:00:00Z")
