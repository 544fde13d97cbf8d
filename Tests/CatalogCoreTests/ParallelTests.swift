import CatalogCore
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
}
