import CatalogCore
import CatalogStore
import Foundation

extension BulkReview {
    /// The review files of a bulk review, written a batch at a time on a thread of their own
    /// (`SerialWorker`) while the workers draft the next records: both cores stay busy. Each
    /// batch's files are checked, written and flushed together, and their index rows written,
    /// as `Catalog.saveReviews` does it; the command holds the review lock throughout.
    final class BatchWriter: @unchecked Sendable {
        /// One batch written while one more waits: a million-record review peaked at 533 MB with
        /// two waiting (issue 19's bound is 512 MB), and drafting is not faster than writing.
        private let worker = SerialWorker<CatalogError>(label: "catalog.reviews.write", depth: 1)
        private let store: ReviewStore
        private let indexing: ReviewIndexing
        private let lock = NSLock()
        private var written: [String] = []
        private var conflicts: [String] = []

        /// Files to a batch when `remaining` records are still to be drafted: at most three
        /// batches are in memory (drafted, waiting, being written). Toward the end they shrink, so
        /// that little is left to write once the last record is drafted: the batches written
        /// after that have one core to themselves (100k records: about 0.6 s with full batches).
        static func batchSize(remaining: Int) -> Int { min(5_000, max(500, remaining / 2)) }

        init(store: ReviewStore, indexing: ReviewIndexing) {
            self.store = store
            self.indexing = indexing
        }

        /// How many files the batches done so far wrote.
        var writtenCount: Int { lock.withLock { written.count } }

        /// Hands a batch over; throws the first failure of a batch handed over before.
        func submit(_ batch: [ReviewWrite]) throws(CatalogError) {
            try worker.submit { [self] () throws(CatalogError) in
                let (done, refused) = try store.save(batch, indexing: indexing)
                lock.withLock {
                    written += done
                    conflicts += refused
                }
            }
        }

        /// Waits for every batch: the ids written and those left alone (changed on disk), in order.
        func drain() throws(CatalogError) -> (written: [String], conflicts: [String]) {
            try worker.drain()
            return lock.withLock { (written, conflicts) }
        }
    }
}
