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

/// A command that writes reviews writes their index rows too (issue 19): the next command's
/// refresh finds nothing to do, and the rows are those a rebuild from the files gives.
@Suite struct ReviewIndexingTests {
    /// What a row says of its record, as a query reads it.
    struct Seen: Equatable {
        var id: String, state: RecordState, autoPlan: Bool, reasons: String, planner: String, lintErrors: Int
    }

    func rows(_ catalog: Catalog) throws -> [Seen] {
        try catalog.index().entries(source: "exercisedb", states: RecordState.allCases).map {
            Seen(id: $0.id, state: $0.state, autoPlan: $0.autoPlan, reasons: JSONWriter.string($0.reasons), planner: $0.planner, lintErrors: $0.lintErrors)
        }
    }

    /// Every current record of the sample gets a review through `saveReviews`, as a bulk review
    /// writes them: a manual-only review, and for s003 one that names an unknown movement pattern.
    /// `batches`: the files are written in that many `saveReviews` calls, each but the first
    /// after `ReviewIndexing.racyWait` has passed on `clock`, so that all but the last batch's racy
    /// second is over when `finish` starts (those are stamped while the last one's runs out).
    func writeReviews(_ catalog: Catalog, indexing: ReviewIndexing, clock: SteppedClock, batches: Int = 1, between: () throws -> Void = {}) throws {
        let evaluator = try catalog.evaluator()
        let html = try catalog.meta("exercisedb").htmlFields
        var items: [ReviewWrite] = []
        try catalog.forEachRecord("exercisedb", currentOnly: true) { record in
            let canonical = catalog.canonicalText(record, htmlFields: html)
            var review = Review(source: "exercisedb", id: record.id)
            review.planning = .manualOnly(reason: "kept for the coach")
            review.note = "note"
            if record.id == "s003" {
                review.set(.movementPattern, "no-such-pattern", replaced: .null, canonical: canonical, editor: "t", date: "2026-12-01")
            }
            let eligibility = evaluator.eligibility(record, canonical: canonical, review: review)
            items.append(ReviewWrite(review, expected: nil, eligibility: eligibility))
        }
        let size = (items.count + batches - 1) / batches
        for (n, start) in stride(from: 0, to: items.count, by: size).enumerated() {
            if n > 0 { clock.pass(ReviewIndexing.racyWait) }
            try catalog.withReviewLock { try catalog.saveReviews(Array(items[start..<min(start + size, items.count)]), indexing: indexing, history: testHistory) }
        }
        try between()
        indexing.finish()
    }

    @Test func afterABulkWriteTheNextRefreshHasNothingToDoAndTheRowsAreARebuildsRows() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let clock = SteppedClock()
        let catalog = try Catalog(root: dir.path, fileClock: clock.fileClock)
        try writeReviews(catalog, indexing: catalog.reviewIndexing(source: "exercisedb", settleAtLeast: 0), clock: clock)
        // finish()'s own refresh ran (the folder was looked at) and read no review file.
        #expect(try catalog.index().lastRefresh.rescanned == ["exercisedb"])
        #expect(try catalog.index().lastRefresh.reviewsEvaluated == 0)

        let next = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let kept = try rows(next)
        #expect(try next.index().lastRefresh == CatalogIndex.RefreshStats(), "the next command read review files again")
        #expect(kept.count == 24 && kept.allSatisfy { $0.state != .unreviewed }, "every record's row has its review")
        #expect(kept.first { $0.id == "s003" }?.lintErrors ?? 0 > 0, "s003's unknown pattern is a lint error in its row")

        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        let rebuilt = try Catalog(root: dir.path, fileClock: clock.fileClock)
        #expect(try rows(rebuilt) == kept)
        #expect(try rebuilt.index().lastRefresh.rebuilt == ["exercisedb"])
    }

    /// A file changed in place in the second after it was written (same size, so its stamp may
    /// not show it) does not keep the row written for it: the next refresh reads that file.
    @Test func aFileChangedRightAfterItWasWrittenIsReadAgain() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let clock = SteppedClock()
        let catalog = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let s005 = dir.path + "/reviews/exercisedb/s005.json"
        try writeReviews(catalog, indexing: catalog.reviewIndexing(source: "exercisedb", settleAtLeast: 0), clock: clock) {
            try rewriteInPlace(s005) { $0.replacingOccurrences(of: "kept for the coach", with: "kept for the COACH") }
        }
        // The command's own refresh at the end read that one file again, and nothing else.
        #expect(try catalog.index().lastRefresh.reviewsEvaluated == 1)
        let next = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let kept = try rows(next)
        #expect(try next.index().lastRefresh == CatalogIndex.RefreshStats())
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(try rows(Catalog(root: dir.path, fileClock: clock.fileClock)) == kept)
    }

    /// Files whose racy second is over when `finish` starts are stamped first, the others after
    /// it: either way the next refresh has nothing to do, and a file changed in place since it
    /// was written (an early one here) is read again.
    @Test func earlyAndLateBatchesAreStampedAndAChangedEarlyFileIsReadAgain() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let clock = SteppedClock()
        let catalog = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let s001 = dir.path + "/reviews/exercisedb/s001.json"
        try writeReviews(catalog, indexing: catalog.reviewIndexing(source: "exercisedb", settleAtLeast: 0), clock: clock, batches: 2) {
            try rewriteInPlace(s001) { $0.replacingOccurrences(of: "kept for the coach", with: "kept for the COACH") }
        }
        #expect(try catalog.index().lastRefresh.reviewsEvaluated == 1)
        let next = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let kept = try rows(next)
        #expect(try next.index().lastRefresh == CatalogIndex.RefreshStats(), "the next command read review files again")
        #expect(kept.count == 24 && kept.allSatisfy { $0.state != .unreviewed })
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(try rows(Catalog(root: dir.path, fileClock: clock.fileClock)) == kept)
    }

    /// Below the count that makes waiting out the racy second worth it, the rows keep racy
    /// stamps: the next refresh reads those files again, and ends with the same rows.
    @Test func aFewReviewsAreLeftForTheNextRefresh() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let clock = SteppedClock()
        let catalog = try Catalog(root: dir.path, fileClock: clock.fileClock)
        try writeReviews(catalog, indexing: catalog.reviewIndexing(source: "exercisedb"), clock: clock)
        let next = try Catalog(root: dir.path, fileClock: clock.fileClock)
        let kept = try rows(next)
        #expect(try next.index().lastRefresh.reviewsEvaluated == 24)
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(try rows(Catalog(root: dir.path, fileClock: clock.fileClock)) == kept)
    }
}

/// Who the store's history entries name for the reviews these tests write.
private let testHistory = HistoryContext(door: .review, editor: "tester", at: "2026-10-29T00:00:00Z")
