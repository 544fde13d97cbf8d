@testable import CatalogCommands
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Near misses at the command line (issue 36, item 2), run in-process.
@Suite struct NearMissCommandTests {
    func run(_ arguments: [String], in dir: TempDirectory) -> (status: Int32, err: String) {
        let ran = runInProcess(["--root", dir.path] + arguments, in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        return (ran.status, ran.stderr)
    }

    @Test func anUnknownCommandOptionValueOrGroupNamesTheNearestKnownOne() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let command = run(["reveiw", "s001"], in: dir)
        #expect(command.status == 64 && command.err.contains("did you mean review?"), "\(command.err)")
        let value = run(["review", "s001", "--set", "equipment=barbel"], in: dir)
        #expect(value.status == 65 && value.err.contains("did you mean barbell?"), "\(value.err)")
        #expect(dir.read("reviews/exercisedb/s001.json") == nil)
        let option = run(["review", "s001", "--confidance", "0.9"], in: dir)
        #expect(option.status == 64 && option.err.contains("did you mean --confidence?"), "\(option.err)")
        let group = run(["review", "--from-suggestions", "--group", "vertical_pull"], in: dir)
        #expect(group.err.contains("did you mean vertical-pull?"), "\(group.err)")
        let far = run(["review", "s001", "--set", "equipment=hoverboard"], in: dir)
        #expect(far.status == 65 && !far.err.contains("did you mean"), "\(far.err)")
    }
}

/// The queue's count reads right for one record (issue 36: `1 records of exercisedb to review`).
@Suite struct QueueWordingTests {
    @Test func oneRecordToReviewIsOneRecord() throws {
        // The committed sample with every record reviewed but s007.
        let dir = try committedSampleCatalog()
        try FileManager.default.removeItem(atPath: dir.path + "/reviews/exercisedb/s007.json")
        let queue = runInProcess(["--root", dir.path, "queue", "--unreviewed"], in: dir.path)
        #expect(queue.stdout.contains("1 record of exercisedb to review"), "\(queue.stdout)")
    }
}
