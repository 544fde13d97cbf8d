@testable import CatalogActions
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

/// A bulk review's two writers (`BulkConfirmation.BatchWriter`) take batches by turns; whichever ends
/// first, the ids come out in the order the batches were handed over.
@Suite struct BatchWriterTests {
    /// The first batch's write waits until the second's has ended, so the second writer is done
    /// first on every run: the ids still come out in the order handed over.
    @Test func theIdsComeOutInTheOrderHandedOverWhenTheSecondWriterEndsFirst() throws {
        let second = DispatchSemaphore(value: 0)
        let ended = Ended()
        let writer = BulkConfirmation.BatchWriter { (batch: [ReviewWrite]) throws(CatalogError) in
            let ids = batch.map(\.id)
            if ids == ["a", "b"] { second.wait() }
            ended.add(ids)
            if ids == ["c"] { second.signal() }
            return (ids, [])
        }
        for ids in [["a", "b"], ["c"], ["d", "e"]] { try writer.submit(ids.map { ReviewWrite(Review(source: "exercisedb", id: $0), expected: nil) }) }
        let outcome = try writer.drain()
        #expect(ended.order.first == ["c"], "the second batch ended first")
        #expect(outcome.written == ["a", "b", "c", "d", "e"])
    }

    /// The batches in the order their writes ended.
    final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[String]] = []
        func add(_ ids: [String]) { lock.withLock { batches.append(ids) } }
        var order: [[String]] { lock.withLock { batches } }
    }

    @Test func theIdsWrittenAreInTheOrderOfTheBatchesWhicheverWriterEndsFirst() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let evaluator = try catalog.evaluator()
        let html = try catalog.meta("exercisedb").htmlFields
        var items: [ReviewWrite] = []
        try catalog.forEachRecord("exercisedb", currentOnly: true) { record in
            var review = Review(source: "exercisedb", id: record.id)
            review.planning = .manualOnly(reason: "kept for the coach")
            let canonical = catalog.canonicalText(record, htmlFields: html)
            let eligibility = evaluator.eligibility(record, canonical: canonical, review: review)
            items.append(ReviewWrite(review, expected: nil, eligibility: eligibility))
        }
        #expect(items.count == 24)
        // A large batch, then one file, written into the sample catalog's folder.
        let batches = [Array(items[0..<20]), [items[20]], Array(items[21...])]
        let writer = BulkConfirmation.BatchWriter(store: catalog.reviews, indexing: try catalog.reviewIndexing(source: "exercisedb"),
                                            history: HistoryContext(door: .bulk, editor: "tester", at: "2026-10-29T00:00:00Z", batch: "b1"))
        for batch in batches { try writer.submit(batch) }
        let outcome = try writer.drain()
        #expect(outcome.written == items.map(\.id))
        #expect(outcome.conflicts.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reviews/exercisedb").filter { $0.hasSuffix(".json") }.count == 24)
    }
}
