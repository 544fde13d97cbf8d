import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation

/// Paths the tests need: the package, the built `catalog`, the shared upstream data.
public enum TestPaths {
    /// The package root, found from this file's path.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The real upstream datasets (../shared/data/upstream), or nil when absent.
    public static let upstream: String? = {
        let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/data/upstream").path
        return FileManager.default.fileExists(atPath: path + "/exercisedb/exercises.json") ? path : nil
    }()

    public static let upstreamMissingReason = "skipped: ../shared/data/upstream is absent (real upstream data lives outside the project)"

    /// The `catalog` executable built next to the test bundle.
    public static let catalogBinary: String = {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("catalog").path)
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("catalog").path)
        candidates.append(packageRoot + "/.build/debug/catalog")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    public static let sample = packageRoot + "/catalog/sample/exercisedb-sample.json"
    public static let sampleNext = packageRoot + "/catalog/sample/exercisedb-sample-next.json"
    /// The frozen build consumers' tests load (`make fixture` writes it), and a schema 1 build
    /// of the sample catalog kept from before schema 2 (fixtures/README.md).
    public static let fixtureBuild = packageRoot + "/fixtures/build/exercise-catalog-1.0.0"
    public static let schema1Build = packageRoot + "/fixtures/schema1/exercise-catalog-1.0.0"
}

/// Where the tests' scratch catalogs go: CATALOG_TEST_SCRATCH when set, else /dev/shm when it is
/// a writable folder with 4 GiB free (memory: every atomic write syncs its file or the whole file
/// system, and on a disk other programs write to that wait is most of a test run's time; a
/// container's 64 MiB /dev/shm would fill), else the temp folder.
public let scratchRoot: String = {
    let environment = ProcessInfo.processInfo.environment
    if let chosen = environment["CATALOG_TEST_SCRATCH"], !chosen.isEmpty { return URL(fileURLWithPath: chosen).standardizedFileURL.path }
    var isDirectory: ObjCBool = false
    var space = statvfs()
    if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
       FileManager.default.isWritableFile(atPath: "/dev/shm"), statvfs("/dev/shm", &space) == 0,
       UInt64(space.f_bavail) * UInt64(space.f_frsize) >= 4 << 30 {
        return "/dev/shm"
    }
    return FileManager.default.temporaryDirectory.standardizedFileURL.path
}()

/// A fresh folder under `scratchRoot`, removed when the value goes away.
public final class TempDirectory: @unchecked Sendable {
    public let path: String

    public init() {
        let base = URL(fileURLWithPath: scratchRoot).appendingPathComponent("catalog-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the folder when the test process exits: for one kept in a global for the whole
    /// run (a global is never deinitialised, and the scratch folder may be memory).
    public func removeAtExit() {
        exitRemovals.withLock { $0.append(path) }
        _ = removalRegistered
    }

    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        write(name, Array(text.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }

    public func read(_ name: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + name))).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Folders `TempDirectory.removeAtExit` names, removed by one `atexit` handler.
private let exitRemovals = LockedPaths()
private let removalRegistered: Void = {
    atexit { exitRemovals.withLock { paths in for path in paths { try? FileManager.default.removeItem(atPath: path) } } }
}()

private final class LockedPaths: @unchecked Sendable {
    private var paths: [String] = []
    private let lock = NSLock()
    func withLock(_ body: (inout [String]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&paths)
    }
}

/// The test run's environment as the tests start `catalog` in it: SOURCE_DATE_EPOCH fixed, no
/// CATALOG_ROOT, and the walk up for a catalog's root stopped below the scratch and temporary
/// folders, so a scratch folder without a catalog never finds the repository's (it is a catalog
/// too, and TMPDIR may be inside it).
public func scratchEnvironment() -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["SOURCE_DATE_EPOCH"] = "1793232000"
    env["CATALOG_ROOT"] = nil
    env["CATALOG_CEILING_DIRECTORIES"] = [scratchRoot, FileManager.default.temporaryDirectory.standardizedFileURL.path].joined(separator: ":")
    return env
}

/// The result of running `catalog`: in-process (`runInProcess`) or the binary (`runCatalog`).
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// SHA-256 of every file under `root` (relative path → digest), to prove nothing changed.
public func treeHashes(_ root: String, excluding excluded: Set<String> = [".catalog"]) -> [String: String] {
    var out: [String: String] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return out }
    while let relative = enumerator.nextObject() as? String {
        if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
        var isDir: ObjCBool = false
        let full = root + "/" + relative
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
              let data = FileManager.default.contents(atPath: full) else { continue }
        out[relative] = SHA256.hex(Array(data))
    }
    return out
}

/// Rewrites a file's bytes without replacing it, as an editor that saves in place does (the
/// folder does not change).
public func rewriteInPlace(_ path: String, _ transform: (String) -> String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(transform(text).utf8))
    try handle.close()
}

/// A setup step that did not succeed: its command, exit status and stderr.
public struct SetupFailure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

/// `text` as one POSIX shell word.
public func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// The committed sample catalog (catalog/ without catalog/sample, and reviews/), copied.
public func committedSampleCatalog() throws -> TempDirectory {
    let dir = TempDirectory()
    try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/catalog", toPath: dir.path + "/catalog")
    try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/reviews", toPath: dir.path + "/reviews")
    try FileManager.default.removeItem(atPath: dir.path + "/catalog/sample")
    return dir
}

/// An executable stand-in for $EDITOR in `dir`: each run counts itself in `count`, copies the file
/// it was given to `seen-N.txt`, then runs `body` (with `$n` the run and `$1` the file); after
/// `maxRuns` runs it empties the file, which aborts the edit.
public func editorScript(_ dir: TempDirectory, _ body: String, maxRuns: Int = 3) throws -> String {
    let script = dir.write("editor.sh", """
        #!/bin/sh
        n=$(cat "\(dir.path)/count" 2>/dev/null || echo 0)
        n=$((n + 1))
        echo "$n" > "\(dir.path)/count"
        cp "$1" "\(dir.path)/seen-$n.txt"
        if [ "$n" -gt \(maxRuns) ]; then : > "$1"; exit 0; fi
        \(body)

        """)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    return script
}

/// An ExerciseDB release of records with these ids and names (everything else plain).
public func exerciseDBRelease(_ records: [(id: String, name: String)], instructions: [String] = ["Sit down."]) -> String {
    JSONWriter.string(.array(records.map { record in
        .object(JSONObject([
            JSONMember("id", .string(record.id)), JSONMember("name", .string(record.name)), JSONMember("bodyPart", "upper legs"),
            JSONMember("target", "quads"), JSONMember("equipment", "barbell"), JSONMember("secondaryMuscles", .strings([])),
            JSONMember("instructions", .strings(instructions)),
        ]))
    }), style: .pretty)
}
