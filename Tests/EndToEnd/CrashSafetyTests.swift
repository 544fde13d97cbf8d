import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Kills `catalog` with SIGKILL at seeded random moments while it writes, then checks that every
/// file is in its old or its new state, no temporary file is left where a user looks, lint still
/// passes, and the index rebuilds from the files. Only the killed runs and the one complete run
/// that times them start the binary; the setup and the checks after each kill run in-process
/// (`runInProcess`: the same code, status and output without a process start each).
@Suite struct CrashSafetyTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Whether the base catalog has the next release imported first (for accept).
        var afterNextRelease: Bool
        var testDescription: String { name }
    }

    static let scenarios = [
        Scenario(name: "import", arguments: ["import", TestPaths.sampleNext], afterNextRelease: false),
        Scenario(name: "review", arguments: ["review", "s001", "--set", "level=advanced", "--set", "setupSeconds=120", "--confidence", "0.95"], afterNextRelease: false),
        Scenario(name: "accept", arguments: ["accept", "s004", "s006"], afterNextRelease: true),
        Scenario(name: "export", arguments: ["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], afterNextRelease: true),
    ]
    static let trialsPerScenario = 50
    static let env = ["CATALOG_EDITOR": "crash-test"]

    /// The sample catalog, lint-clean.
    static func base(_ scenario: Scenario) throws -> TempDirectory {
        let dir = TempDirectory()
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/catalog", toPath: dir.path + "/catalog")
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/reviews", toPath: dir.path + "/reviews")
        try FileManager.default.removeItem(atPath: dir.path + "/catalog/sample")
        _ = runInProcess(["review", "s018", "--set", "primaryMuscles=glutes,hamstrings", "--set", "secondaryMuscles=quads,adductors,lower-back"], in: dir.path, environment: env)
        if scenario.afterNextRelease { _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path) }
        return dir
    }

    static func copy(_ from: TempDirectory) throws -> TempDirectory {
        let dir = TempDirectory()
        // The history the base's own review appended goes along: a user's files, like the reviews.
        for item in ["catalog", "reviews", "history"] where FileManager.default.fileExists(atPath: from.path + "/" + item) {
            try FileManager.default.copyItem(atPath: from.path + "/" + item, toPath: dir.path + "/" + item)
        }
        return dir
    }

    /// Hashes of the files a user owns (the index and builds are checked separately).
    static func userFiles(_ dir: TempDirectory) -> [String: String] {
        treeHashes(dir.path, excluding: [".catalog", "dist"])
    }

    /// Starts `catalog`, kills it after `delay` seconds (if it still runs), waits for it.
    static func runAndKill(_ arguments: [String], in dir: String, after delay: Double) throws {
        let process = catalogProcess(arguments, in: dir, environment: env)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(useconds_t(delay * 1_000_000))
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    @Test(arguments: scenarios)
    func killedAtRandomMomentsLeavesOldOrNewState(scenario: Scenario) throws {
        let base = try Self.base(scenario)
        let old = Self.userFiles(base)
        // The new state, and how long the command takes, from one complete run.
        let reference = try Self.copy(base)
        let start = Date()
        let full = try runCatalog(scenario.arguments, in: reference.path, environment: Self.env)
        let duration = Date().timeIntervalSince(start)
        #expect(full.status == 0, "\(full.stderr)")
        let new = Self.userFiles(reference)
        #expect(new != old || scenario.name == "export")

        var generator = SeededGenerator(seed: UInt64(scenario.name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var outcomes: [String: Int] = [:]
        for trial in 0..<Self.trialsPerScenario {
            let dir = try Self.copy(base)
            let delay = Double.random(in: 0...(duration * 1.2), using: &generator)
            try Self.runAndKill(scenario.arguments, in: dir.path, after: delay)
            // The next command finishes or cleans up what the killed one left.
            let status = runInProcess(["status", "--json"], in: dir.path)
            #expect(status.status == 0, "trial \(trial): \(status.stderr)")
            let files = Self.userFiles(dir)
            for (path, hash) in files {
                #expect(hash == old[path] || hash == new[path], "trial \(trial) (\(delay) s): \(path) is neither old nor new")
            }
            // Every file is there in one state or the other: none appears that neither has, none
            // that both have vanishes (accept's two records, each with its history file, may be
            // caught between them).
            let keys = Set(files.keys)
            #expect(keys.isSubset(of: Set(old.keys).union(new.keys)) && Set(old.keys).intersection(new.keys).isSubset(of: keys), "trial \(trial): files appeared or vanished")
            if scenario.name == "import" { #expect(files == old || files == new, "trial \(trial): snapshot and meta disagree") }
            outcomes[files == old ? "old" : (files == new ? "new" : "mixed"), default: 0] += 1
            // Nothing temporary where a user looks.
            let leftovers = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? [])
                .filter { ($0.contains(".tmp-") || $0.hasSuffix(".import-journal")) && !$0.hasPrefix(".catalog") }
            #expect(leftovers.isEmpty, "trial \(trial): \(leftovers)")
            #expect(runInProcess(["lint"], in: dir.path).status == 0, "trial \(trial): lint fails")
            // Builds are whole or absent.
            for build in (try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/dist")) ?? [] {
                #expect(runInProcess(["verify", "dist/" + build], in: dir.path).status == 0, "trial \(trial): \(build) does not verify")
            }
            // The index is derived: deleting it gives the same answers.
            try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
            #expect(runInProcess(["status", "--json"], in: dir.path).stdout == status.stdout, "trial \(trial): index rebuild differs")
        }
        print("crash safety \(scenario.name): \(Self.trialsPerScenario) kills, outcomes \(outcomes.sorted { $0.key < $1.key })")
    }
}
