import CatalogCommands
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `CLI.run` opens every path from the folder it is given, never the process's current folder:
/// runs in two folders at once each find their own catalog, release and output by the same
/// relative names (`CommandContext.path`), and name them as typed.
@Suite struct WorkingDirectoryTests {
    /// A folder holding a catalog in `sub/` and a release of `ids` as `release.json`.
    static func folder(_ ids: [String]) throws -> TempDirectory {
        let dir = TempDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/sub", withIntermediateDirectories: false)
        #expect(runInProcess(["init"], in: dir.path + "/sub").status == 0)
        dir.write("release.json", exerciseDBRelease(ids.map { ($0, "squat \($0)") }))
        return dir
    }

    /// `arguments` run in each folder at once, `rounds` times over, straight through `CLI.run`.
    static func sideBySide(_ arguments: [String], in folders: [String], rounds: Int = 4) -> [[RunResult]] {
        let results = Results(folders.count)
        DispatchQueue.concurrentPerform(iterations: folders.count * rounds) { n in
            let console = Console(environment: scratchEnvironment(), stream: false)
            let status = CLI.run(arguments: arguments, console: console, currentDirectory: folders[n % folders.count])
            results.add(RunResult(status: status, stdout: console.out, stderr: console.err), at: n % folders.count)
        }
        return results.runs
    }

    /// The runs of each folder, added from any thread.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var byFolder: [[RunResult]]
        init(_ count: Int) { byFolder = Array(repeating: [], count: count) }
        func add(_ run: RunResult, at folder: Int) { lock.withLock { byFolder[folder].append(run) } }
        var runs: [[RunResult]] { lock.withLock { byFolder } }
    }

    @Test func runsInTwoFoldersAtOnceEachSeeTheirOwnCatalog() throws {
        let one = try Self.folder(["a1", "a2", "a3"]), two = try Self.folder(["b1"])
        let folders = [one.path, two.path]
        let imported = Self.sideBySide(["--root", "sub", "import", "--dry-run", "release.json"], in: folders)
        for (runs, count) in zip(imported, ["3 records", "1 record"]) {
            for run in runs {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.contains("would import release.json as source exercisedb (format exercisedb): \(count)"), "\(run.stdout)")
            }
        }
        for (dir, name) in [(one, "release.json"), (two, "release.json")] {
            #expect(runInProcess(["--root", "sub", "import", name], in: dir.path).status == 0)
        }
        let statuses = Self.sideBySide(["--root", "sub", "status", "--json"], in: folders)
        for (runs, count) in zip(statuses, ["\"records\": 3", "\"records\": 1"]) {
            for run in runs { #expect(run.status == 0 && run.stdout.contains(count), "\(run.stdout)\(run.stderr)") }
        }
    }

    /// A relative path the command names (a missing folder, a file it wrote) is printed as typed,
    /// not as the absolute path it opened.
    @Test func relativePathsArePrintedAsTyped() throws {
        let dir = try Self.folder(["a1"])
        let missing = runInProcess(["--root", "nowhere", "status"], in: dir.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such folder: nowhere") || missing.stderr.contains("no such folder: 'nowhere'"), "\(missing.stderr)")
        #expect(!missing.stderr.contains(dir.path), "\(missing.stderr)")
        // A path made from one typed (its parent folder) is named as typed too.
        let parent = runInProcess(["--root", "sub", "coverage", "--html", "nope/c.html"], in: dir.path)
        #expect(parent.stderr.contains("no such folder to write into: nope (nope/c.html)"), "\(parent.stderr)")
        #expect(runInProcess(["--root", "sub", "import", "release.json"], in: dir.path).status == 0)
        let report = runInProcess(["--root", "sub", "revalidate", "--html", "report.html"], in: dir.path)
        #expect(report.stdout.contains("wrote report.html"), "\(report.stdout)\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/report.html"))
        // A build folder given relative, run where the root is found upward: named as typed.
        for _ in 0..<2 { #expect(runInProcess(["export", "--out", "builds"], in: dir.path + "/sub").status == 0) }
        let again = runInProcess(["export", "--out", "builds"], in: dir.path + "/sub")
        #expect(again.stdout.contains("nothing changed since build 1.0.0 (builds/exercise-catalog-1.0.0)"), "\(again.stdout)")
        // JSON too, byte for byte as a JSON string spells the path.
        let json = runInProcess(["export", "--out", "builds", "--json"], in: dir.path + "/sub")
        #expect(json.stdout.contains("\"builds/exercise-catalog-1.0.0\"") && !json.stdout.contains(dir.path), "\(json.stdout)")
        // No file records where the commands were run from.
        for name in treeHashes(dir.path, excluding: []).keys {
            let text = String(decoding: FileManager.default.contents(atPath: dir.path + "/" + name) ?? Data(), as: UTF8.self)
            #expect(!text.contains("/." + dir.path), "\(name)")
        }
    }
}
