import CatalogCore
@testable import CatalogCommands
import CatalogStore
import Foundation
import Testing
import TestSupport

/// A bulk review's two writers (`BulkReview.BatchWriter`) take batches by turns; whichever ends
/// first, the ids come out in the order the batches were handed over.
@Suite struct BatchWriterTests {
    @Test func theIdsWrittenAreInTheOrderOfTheBatchesWhicheverWriterEndsFirst() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let vocabulary = try catalog.vocabulary()
        let html = try catalog.meta("exercisedb").htmlFields
        var items: [ReviewWrite] = []
        try catalog.forEachRecord("exercisedb", currentOnly: true) { record in
            var review = Review(source: "exercisedb", id: record.id)
            review.planning = .manualOnly(reason: "kept for the coach")
            let canonical = catalog.canonicalText(record, htmlFields: html)
            let eligibility = Eligibility(Eligibility.Input(record: record, canonical: canonical, review: review, vocabulary: vocabulary,
                                                            confidenceThreshold: catalog.config.confidenceThreshold,
                                                            fingerprintFields: catalog.config.fingerprintFields))
            items.append(ReviewWrite(review, expected: nil, eligibility: eligibility))
        }
        #expect(items.count == 24)
        // A large batch, then one file: the second writer is likely done first.
        let batches = [Array(items[0..<20]), [items[20]], Array(items[21...])]
        let writer = BulkReview.BatchWriter(store: catalog.reviewStore, indexing: try ReviewIndexing(catalog, source: "exercisedb"))
        for batch in batches { try writer.submit(batch) }
        let outcome = try writer.drain()
        #expect(outcome.written == items.map(\.id))
        #expect(outcome.conflicts.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reviews/exercisedb").filter { $0.hasSuffix(".json") }.count == 24)
    }
}
