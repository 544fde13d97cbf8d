import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import Foundation

extension BulkConfirmation {
    /// The review files of a bulk review, written a batch at a time by two writers of their own
    /// (`SerialWorker`s, taking batches by turns) while the workers draft the next records. Each
    /// batch's files are checked, written and flushed together, and their index rows written,
    /// as `ReviewFolder.save` does it; the run holds the review lock throughout.
    ///
    /// Two writers, because one batch's write is mostly waits the other can fill: its flush
    /// (syncfs) and its links, one at a time, into the folder. With one writer the drafting
    /// waited on it (100k records: 8.66 s against 7.55 s with two, by turns). A batch's outcome
    /// is kept by its number, so the ids come out in the order drafted whichever writer ends first.
    final class BatchWriter: @unchecked Sendable {
        /// Each writer takes a batch while none waits: two being written, one being drafted.
        private let writers = (0..<2).map { _ in SerialWorker<CatalogError>(label: "catalog.reviews.write", depth: 1) }
        /// Writes one batch: its ids written and those left alone.
        typealias Save = @Sendable ([ReviewWrite]) throws(CatalogError) -> (written: [String], conflicts: [String])
        private let save: Save
        private let lock = NSLock()
        private var submitted = 0
        /// Each batch's ids written and left alone (changed on disk), by its number.
        private var outcomes: [Int: (written: [String], conflicts: [String])] = [:]

        /// Files to a batch when `remaining` records are still to be drafted: about three batches
        /// are in memory (two being written, one drafted). Toward the end they shrink, so that
        /// little is left to write once the last record is drafted (100k records: about 0.6 s
        /// with full batches). 2,000: each record makes two new files, its review and its history
        /// file, and two batches' unnamed files fit in the open-file budget
        /// (`Folder.heldFileBudget`, 4,936 a write) under a hard limit of 20,000; past the budget
        /// a file is staged named, three entries made in its folder instead of one (with 4,000,
        /// 3,064 history files of each batch were: perf showed their unlinks and lookups).
        static func batchSize(remaining: Int) -> Int { min(2_000, max(500, remaining / 2)) }

        /// Batches saved by `store`, their rows written through `indexing`, their history entries
        /// (one per record, the step's batch id shared) by `history`.
        convenience init(store: ReviewFolder, indexing: ReviewIndexing, history: HistoryContext) {
            self.init { (batch: [ReviewWrite]) throws(CatalogError) in try store.save(batch, indexing: indexing, history: history) }
        }

        init(save: @escaping Save) {
            self.save = save
        }

        /// How many files the batches done so far wrote.
        var writtenCount: Int { lock.withLock { outcomes.values.reduce(0) { $0 + $1.written.count } } }

        /// Hands a batch over; throws the first failure of a batch handed over before.
        func submit(_ batch: [ReviewWrite]) throws(CatalogError) {
            let number = submitted
            submitted += 1
            for writer in writers { if let failure = writer.failure { throw failure } }
            try writers[number % writers.count].submit { [self] () throws(CatalogError) in
                let outcome = try save(batch)
                lock.withLock { outcomes[number] = outcome }
            }
        }

        /// Waits for every batch: the ids written and those left alone (changed on disk), in order.
        func drain() throws(CatalogError) -> (written: [String], conflicts: [String]) {
            // Both drained before a failure is thrown: no batch is still being written then.
            let failures = writers.map { writer -> CatalogError? in
                do throws(CatalogError) { try writer.drain(); return nil } catch { return error }
            }
            if let failure = failures.compactMap({ $0 }).first { throw failure }
            return lock.withLock {
                let batches = outcomes.keys.sorted().map { outcomes[$0]! }
                return (batches.flatMap(\.written), batches.flatMap(\.conflicts))
            }
        }
    }
}
