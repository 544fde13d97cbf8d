import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 36: import, revalidate, bulk review, export and queue end with the command a person most
/// likely runs next (`next: …`, pasteable), never in --json; summaries say added ids, new
/// records and counts of one in the singular.
@Suite struct NextStepTests {
    func lastLine(_ text: String) -> String { String(text.split(separator: "\n").last ?? "") }

    @Test func importListsAddedIdsAndSaysWhatIsNext() throws {
        let dir = try newCatalog()
        let dry = runInProcess(["import", TestPaths.sample, "--dry-run"], in: dir.path)
        let again = lastLine(dry.stdout)
        #expect(again.hasPrefix("next: catalog import ") && again.hasSuffix("exercisedb-sample.json") && !again.contains("--dry-run"), "\(dry.stdout)")
        let first = runInProcess(["import", TestPaths.sample], in: dir.path)
        #expect(first.stdout.contains("\n  added: s001 s002 "), "\(first.stdout)")
        #expect(lastLine(first.stdout) == "next: catalog queue --state unreviewed")
        let json = runInProcess(["import", TestPaths.sampleNext, "--json"], in: dir.path)
        #expect(json.status == 0 && !json.stdout.contains("next:"))
    }

    @Test func importOfOneRecordSaysOneRecord() throws {
        let dir = try newCatalog()
        let one = dir.write("one.json", #"[{"id": "x001", "name": "squat", "bodyPart": "upper legs", "target": "quads", "equipment": "body weight", "instructions": ["Stand up."]}]"#)
        let result = runInProcess(["import", one], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n")[0].hasSuffix("): 1 record"), "\(result.stdout)")
    }

    @Test func revalidateCountsNewRecordsAndPointsAtTheFirstAccept() throws {
        let dir = try committedSampleCatalog()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        let report = runInProcess(["revalidate"], in: dir.path)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("\n  0 records new in this release (added or back upstream since the review round)\n"), "\(report.stdout)")
        #expect(lastLine(report.stdout).hasPrefix("next: catalog accept "), "\(report.stdout)")
        #expect(!(runInProcess(["revalidate", "--json"], in: dir.path).stdout.contains("next:")))
    }

    @Test func revalidateCountsARecordNewInTheRelease() throws {
        let dir = try committedSampleCatalog()
        var release = try String(contentsOfFile: TestPaths.sample, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        release.removeLast()
        release += #", {"id": "x999", "name": "goblet squat", "bodyPart": "upper legs", "target": "quads", "equipment": "kettlebell", "instructions": ["Squat."]}]"#
        _ = runInProcess(["import", dir.write("next.json", release)], in: dir.path)
        let report = runInProcess(["revalidate"], in: dir.path)
        #expect(report.stdout.contains("\n  1 record new in this release (added or back upstream since the review round)\n"), "\(report.stdout)")
        #expect(lastLine(report.stdout) == "next: catalog queue --state unreviewed", "\(report.stdout)")
    }

    @Test func bulkReviewPointsAtTheQueueOfWhatItCouldNotClear() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = runInProcess(["review", "--from-suggestions", "--all"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(result.status == 0, "\(result.stderr)")
        let next = lastLine(result.stdout)
        #expect(next.hasPrefix("next: catalog queue --reason ") || next == "next: catalog export", "\(result.stdout)")
        if next.hasPrefix("next: catalog queue --reason ") {
            let code = String(next.dropFirst("next: catalog queue --reason ".count))
            #expect(result.stdout.contains("not cleared, by reason: ") && result.stdout.contains(code))
            let queue = runInProcess(["queue", "--reason", code], in: dir.path)
            #expect(queue.status == 0 && queue.stdout.contains("[\(code)") || queue.stdout.contains(" \(code)"), "\(queue.stdout)")
        }
    }

    @Test func exportPointsAtVerify() throws {
        let dir = try publishableSampleCatalog()
        let result = runInProcess(["export"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lastLine(result.stdout) == "next: catalog verify dist/exercise-catalog-1.0.0" || lastLine(result.stdout).hasPrefix("next: catalog verify "), "\(result.stdout)")
        let verify = lastLine(result.stdout).dropFirst("next: ".count).split(separator: " ").dropFirst().map(String.init)
        #expect(runInProcess(verify, in: dir.path).status == 0)
    }
}
