import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Several editors at once: different records all land; on the same record every change that
/// reports success is in the final file, the others are refused (exit 73), and nothing is corrupt.
@Suite struct ConcurrencyTests {
    func start(_ arguments: [String], in dir: String) throws -> (Process, Pipe) {
        let process = catalogProcess(arguments, in: dir, environment: ["CATALOG_EDITOR": "concurrent"])
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        return (process, err)
    }

    @Test func editorsAtOnceLoseNoUpdate() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        for round in 0..<5 {
            // Six processes on six different records, six on the same record (one field each).
            let fields = ["level=beginner", "setupSeconds=30", "movementPattern=squat", "equipment=barbell", "primaryMuscles=quads", "secondaryMuscles=glutes"]
            var jobs: [(args: [String], process: Process, err: Pipe)] = []
            for (i, id) in ["s001", "s002", "s003", "s004", "s005", "s006"].enumerated() {
                let args = ["review", id, "--set", fields[i], "--note", "round \(round)"]
                let (p, e) = try start(args, in: dir.path)
                jobs.append((args, p, e))
                let same = ["review", "s010", "--set", fields[i]]
                let (q, f) = try start(same, in: dir.path)
                jobs.append((same, q, f))
            }
            var succeededOnSame: [String] = []
            for job in jobs {
                job.process.waitUntilExit()
                let stderr = String(decoding: job.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                if job.args[1] == "s010" {
                    #expect(job.process.terminationStatus == 0 || job.process.terminationStatus == 73, "\(stderr)")
                    if job.process.terminationStatus == 0 { succeededOnSame.append(job.args[3]) }
                    else { #expect(stderr.contains("changed on disk since it was read")) }
                } else {
                    #expect(job.process.terminationStatus == 0, "\(job.args): \(stderr)")
                }
            }
            #expect(!succeededOnSame.isEmpty)
            // Every file parses; every reported success is in it.
            let s010 = try Review.parse(Array(dir.read("reviews/exercisedb/s010.json")!.utf8), file: "s010")
            for assignment in succeededOnSame {
                let field = PlannerField(rawValue: String(assignment.split(separator: "=")[0]))!
                #expect(s010.corrections[field] != nil, "round \(round): a successful --set \(assignment) was lost")
            }
            for id in ["s001", "s002", "s003", "s004", "s005", "s006"] {
                let review = try Review.parse(Array(dir.read("reviews/exercisedb/\(id).json")!.utf8), file: id)
                #expect(review.note == "round \(round)")
            }
        }
        #expect(try runCatalog(["status", "--json"], in: dir.path).status == 0)
    }
}

@Suite struct ConcurrentImportTests {
    @Test func importsAtOnceAllLand() throws {
        for round in 0..<3 {
            let dir = TempDirectory()
            _ = try runCatalog(["init"], in: dir.path)
            var processes: [Process] = []
            for source in ["a", "b", "c", "d"] {
                let process = catalogProcess(["import", TestPaths.sample, "--source", source], in: dir.path)
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                processes.append(process)
            }
            for p in processes {
                p.waitUntilExit()
                #expect(p.terminationStatus == 0, "round \(round)")
            }
            let files = Set(((try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/catalog/upstream")) ?? []).filter { !$0.hasPrefix(".") })
            #expect(files == ["a.jsonl", "a.meta.json", "b.jsonl", "b.meta.json", "c.jsonl", "c.meta.json", "d.jsonl", "d.meta.json"], "round \(round): \(files)")
        }
    }
}
