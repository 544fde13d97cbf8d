import CatalogCommands
import CatalogFiles
import CatalogStore
import Foundation
import TestSupport

/// Runs `catalog ARGS` in this process, as `runCatalog` runs the binary and as
/// swift-argument-parser's test helpers run a command: `CLI.run` in `directory`, with the test
/// run's environment (`scratchEnvironment()`) and `environment` on top, stdout and stderr
/// collected by the console, neither a terminal. Same status, stdout and stderr as the binary.
/// The process's current folder is never read or changed (the command opens relative paths
/// against `directory`), so runs in different folders go side by side. `clock`: the one the
/// catalog's file stamps are taken on (a `SteppedClock`'s, so a test need not sleep).
public func runInProcess(_ arguments: [String], in directory: String, environment: [String: String] = [:], clock: FileClock = .real) -> RunResult {
    var env = scratchEnvironment()
    for (key, value) in environment { env[key] = value }
    let console = Console(environment: env, stream: false, fileClock: clock)
    let status = CLI.run(arguments: arguments, console: console, currentDirectory: directory)
    return RunResult(status: status, stdout: console.out, stderr: console.err)
}

/// A new catalog (`catalog init`) with the repository's vocabularies; with `release`, that
/// release imported. Each step must succeed, or this throws saying which and why.
public func newCatalog(importing release: String? = nil) throws -> TempDirectory {
    let dir = TempDirectory()
    func run(_ arguments: [String]) throws {
        let result = runInProcess(arguments, in: dir.path)
        guard result.status == 0 else {
            throw SetupFailure(description: "catalog \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
    }
    try run(["init"])
    let vocab = TestPaths.packageRoot + "/catalog/vocab"
    for name in try FileManager.default.contentsOfDirectory(atPath: vocab) where name.hasSuffix(".json") {
        let target = dir.path + "/catalog/vocab/" + name
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: vocab + "/" + name, toPath: target)
    }
    if let release { try run(["import", release]) }
    return dir
}

/// The committed sample catalog with s018 fixed as `make demo` fixes it: every review passes
/// lint, so it exports.
public func publishableSampleCatalog() throws -> TempDirectory {
    let dir = try committedSampleCatalog()
    let fix = runInProcess(["review", "s018", "--set", "primaryMuscles=glutes,hamstrings", "--set", "secondaryMuscles=quads,adductors,lower-back"],
                           in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
    guard fix.status == 0 else { throw SetupFailure(description: "fixing s018 exited \(fix.status): \(fix.stderr)") }
    return dir
}

/// The real catalog (ExerciseDB and free-exercise-db) reviewed with `review --from-suggestions
/// --all --confidence 0.9` and exported (dist/exercise-catalog-1.0.0), once per test run; nil
/// without upstream data.
public let reviewedRealCatalog: TempDirectory? = {
    guard let upstream = TestPaths.upstream else { return nil }
    let dir = try! newCatalog(importing: upstream + "/exercisedb/exercises.json")
    for arguments in [["import", upstream + "/free-exercise-db/acd61f7.json"], ["review", "--from-suggestions", "--all", "--confidence", "0.9"], ["export"]] {
        let run = runInProcess(arguments, in: dir.path, environment: ["CATALOG_EDITOR": "ana"])
        precondition(run.status == 0, "\(arguments): \(run.stderr)")
    }
    dir.removeAtExit()
    return dir
}()
