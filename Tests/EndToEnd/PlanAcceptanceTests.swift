import CatalogJSON
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 38's determinism across processes: each process hashes with its own random seed, so
/// two processes at once (the binary and this test process) must still print the same bytes
/// (the other acceptance tests run in-process: CatalogCommandsTests' PlanAcceptanceTests).
@Suite(.serialized) struct PlanAcceptanceTests {
    static let real = reviewedRealCatalog
    static let build = "dist/exercise-catalog-1.0.0"

    @Test func twoHundredRandomRequestsGiveTheSameBytesInTwoProcesses() throws {
        guard let dir = Self.real else { print(TestPaths.upstreamMissingReason); return }
        var random = SeededGenerator(seed: 38)
        let profiles = ["full-gym", "dumbbells-bench", "kettlebells", "bodyweight", "bands"]
        let items = ["dumbbell", "barbell", "bench", "kettlebell", "resistance-band", "pull-up-bar", "cable-station", "exercise-mat", "squat-rack"]
        var lines: [String] = []
        for i in 0..<200 {
            let who = i % 3 == 0 ? "--equipment " + items.filter { _ in Bool.random(using: &random) }.joined(separator: ",") + ",exercise-mat"
                : "--profile " + profiles.randomElement(using: &random)!
            lines.append("\(who) --goal \(["muscle", "strength", "general"].randomElement(using: &random)!) --level \(["beginner", "intermediate", "advanced"].randomElement(using: &random)!) --days \(Int.random(in: 1...7, using: &random)) --minutes \(Int.random(in: 15...90, using: &random))")
        }
        let batch = dir.write("requests.txt", lines.joined(separator: "\n") + "\n")
        // Two processes at once (each hashes with its own random seed): the same bytes. One is
        // this test process (`runInProcess`), the other the binary: two seeds, one process start.
        let results = Locked<[Int: RunResult]>([:])
        let arguments = ["plan", Self.build, "--batch", batch, "--json"]
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let run = i == 0 ? runInProcess(arguments, in: dir.path) : try? runCatalog(arguments, in: dir.path)
            results.withLock { $0[i] = run }
        }
        let runs = results.withLock { $0 }
        let first = try #require(runs[0]), second = try #require(runs[1])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let weeks = try #require(try JSONParser.parse(Array(first.stdout.utf8)).arrayValue)
        #expect(weeks.count == 200)
        #expect(weeks.allSatisfy { ($0.objectValue?["sessions"]?.arrayValue?.count ?? 0) >= 1 })
    }
}

/// A value shared between threads behind a lock.
final class Locked<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ value: T) { self.value = value }
    func withLock<R>(_ body: (inout T) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
