import CatalogModel
import Testing

/// The ways work is spread over the cores give every item once, in order.
struct ParallelTests {
    @Test(arguments: [0, 1, 63, 64, 127, 128, 1_000, 1_024])
    func sharesCoverEveryItemOnceInOrder(count: Int) {
        let expectedShares = count == 0 ? 0 : min(Parallel.workers, max(1, count / 64))
        let mapped = Parallel.mapShares(count) { $0 }
        #expect(mapped.count == expectedShares)
        #expect(mapped.flatMap { Array($0) } == Array(0..<count))
        let started = Parallel.startShares(count) { range in range.map { $0 * 2 } }.wait()
        #expect(started.flatMap { $0 } == (0..<count).map { $0 * 2 })
        #expect(Parallel.map(count) { $0 + 1 } == (0..<count).map { $0 + 1 })
    }

    struct Failure: Error, Equatable { var item: Int }

    /// The throwing map gives every result in order, or the failure a loop would meet first.
    @Test(arguments: [0, 1, 100, 1_000])
    func aThrowingMapThrowsTheFirstFailureInOrder(count: Int) throws {
        #expect(try Parallel.map(count) { i throws(Failure) in i * 3 } == (0..<count).map { $0 * 3 })
        guard count > 1 else { return }
        let failing = Set([count / 2, count - 1, count / 3 + 1])
        #expect(throws: Failure(item: failing.min()!)) {
            try Parallel.map(count) { i throws(Failure) in
                if failing.contains(i) { throw Failure(item: i) }
                return i
            }
        }
    }
}

