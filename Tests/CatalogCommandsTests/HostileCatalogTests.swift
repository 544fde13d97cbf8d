import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 16's findings about the catalog's own files: review names, stamps, links, the build
/// name and the index on a checkout that cannot be written. Each failed on the binary before
/// the fix; docs/RELIABILITY.md lists them by name.
@Suite struct HostileCatalogTests {
    /// The repository's sample catalog with every review (s018 fixed), ready to export.
    func sampleCatalog() throws -> TempDirectory { try publishableSampleCatalog() }

    // MARK: - Finding 4: review file names outside NFC

    @Test func finding4AReviewFileWithAnNFDNameIsALintErrorNotIgnored() throws {
        let dir = try newCatalog()
        dir.write("cafe.json", exerciseDBRelease([("caf\u{E9}", "squat")]))
        #expect(runInProcess(["import", "cafe.json"], in: dir.path).status == 0)
        let set = runInProcess(["review", "caf\u{E9}", "--set", "level=beginner"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(set.status == 0, "\(set.stderr)")
        // As macOS and some git setups write it: decomposed.
        let folder = dir.path + "/reviews/exercisedb/"
        #expect(rename(folder + "caf\u{E9}.json", folder + "cafe\u{301}.json") == 0)
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1, "\(lint.stdout)")
        #expect(lint.stdout.contains("[review-filename]") && lint.stdout.contains("not in Unicode NFC"), "\(lint.stdout)")
        // A second file for the record, in NFC beside it: both named.
        #expect(runInProcess(["review", "caf\u{E9}", "--set", "level=beginner"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"]).status == 0)
        let twice = runInProcess(["lint"], in: dir.path)
        #expect(twice.status == 1 && twice.stdout.contains("two files for one record"), "\(twice.stdout)")
    }

    // MARK: - Finding 5: an in-place edit that restores the mtime

    @Test func finding5AnEditThatKeepsSizeAndMtimeIsCaughtBeforeARelease() throws {
        let dir = try sampleCatalog()
        // Stamps old enough to be trusted.
        let clock = SteppedClock()
        clock.settle()
        #expect(runInProcess(["status"], in: dir.path, clock: clock.fileClock).status == 0)
        let path = dir.path + "/reviews/exercisedb/s001.json"
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Same size, a level no vocabulary has; then the times put back (`touch -r`).
        try rewriteInPlace(path) { $0.replacingOccurrences(of: "\"value\": \"intermediate\"", with: "\"value\": \"intermediatx\"") }
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_size == info.st_size && after.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
        // Past the edit's racy second too: only its change time tells.
        clock.settle()
        let export = runInProcess(["export"], in: dir.path, clock: clock.fileClock)
        #expect(export.status == 1, "the stale index was exported: \(export.stdout)")
        #expect(export.stderr.contains("release gate: lint reports"), "\(export.stderr)")
    }

    // MARK: - Finding 6: buildName

    @Test func finding6ABuildNameThatLeavesDistIsRefused() throws {
        let dir = try sampleCatalog()
        for name in ["../../../outside/evil", "two\nlines"] {
            try rewriteInPlace(dir.path + "/catalog/catalog.json") { text in
                text.replacingOccurrences(of: #""buildName": "[^"]*""#, with: NSRegularExpression.escapedTemplate(for: "\"buildName\": " + JSONWriter.string(.string(name))), options: .regularExpression)
            }
            let export = runInProcess(["export"], in: dir.path)
            #expect(export.status == 65, "\(name): \(export.stderr)")
            #expect(export.stderr.contains("build name may hold only lowercase letters") && export.stderr.contains("field buildName"), "\(export.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/../../outside"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
    }

    // MARK: - Finding 9: links in the review folders

    /// Moves `path` (under the catalog) to `outside` and leaves a symbolic link to it in its place.
    func linkOutside(_ dir: TempDirectory, _ path: String, to outside: TempDirectory) throws {
        let name = String(path.split(separator: "/").last!)
        try FileManager.default.moveItem(atPath: dir.path + "/" + path, toPath: outside.path + "/" + name)
        #expect(symlink(outside.path + "/" + name, dir.path + "/" + path) == 0)
    }

    @Test func finding9AReviewFileThatLinksOutsideIsRefused() throws {
        let dir = try sampleCatalog()
        let outside = TempDirectory()
        try linkOutside(dir, "reviews/exercisedb/s001.json", to: outside)
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1 && lint.stdout.contains("[review-file]") && lint.stdout.contains("the file is a symbolic link"), "\(lint.stdout)")
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1, "a linked review was exported: \(export.stdout)")
        let write = runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(write.status == 73, "\(write.stderr)")
        #expect(write.stderr.contains("symbolic link"), "\(write.stderr)")
    }

    @Test func finding9AReviewFolderThatLinksOutsideIsNotWrittenThrough() throws {
        let dir = try sampleCatalog()
        let outside = TempDirectory()
        try linkOutside(dir, "reviews/exercisedb", to: outside)
        let before = treeHashes(outside.path)
        let write = runInProcess(["review", "s002", "--set", "level=beginner"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(write.status == 73, "\(write.stderr)")
        #expect(write.stderr.contains("its folder exercisedb is a symbolic link"), "\(write.stderr)")
        #expect(treeHashes(outside.path) == before)
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1 && lint.stdout.contains("symbolic link"), "\(lint.stdout)")
    }

    // MARK: - Finding 10: SQLite errors on a checkout the index cannot be written in

    @Test func finding10ReadCommandsWorkWhereTheIndexCannotBeWritten() throws {
        let dir = try sampleCatalog()
        let cache = TempDirectory()
        try? FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        // Where SQLite cannot open the index (CANTOPEN, "SQLite error 14" and exit 70 before):
        // the index goes to $XDG_CACHE_HOME. Permissions would show it too, but tests may run as root.
        try FileManager.default.createDirectory(atPath: dir.path + "/.catalog/index.sqlite", withIntermediateDirectories: true)
        let status = runInProcess(["status"], in: dir.path, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("24 records"), "\(status.stdout)")
        #expect(runInProcess(["lint"], in: dir.path, environment: ["XDG_CACHE_HOME": cache.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cache.path + "/exercise-catalog"))
        // An import merges against that same index, not the one it could not open.
        let next = runInProcess(["import", TestPaths.packageRoot + "/catalog/sample/exercisedb-sample-next.json"], in: dir.path, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("changed"), "\(next.stdout)")
        #expect(runInProcess(["import", TestPaths.packageRoot + "/catalog/sample/exercisedb-sample.json"], in: dir.path, environment: ["XDG_CACHE_HOME": "/proc/no-such"]).status == 73)
        // No cache folder either: in memory.
        #expect(runInProcess(["status"], in: dir.path, environment: ["XDG_CACHE_HOME": "/proc/no-such"]).status == 0)
        // `.catalog` a file: the index and the review lock cannot be made; writing commands exit 73.
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        FileManager.default.createFile(atPath: dir.path + "/.catalog", contents: Data())
        #expect(runInProcess(["status"], in: dir.path, environment: ["XDG_CACHE_HOME": cache.path]).status == 0)
        let write = runInProcess(["review", "s002", "--set", "level=beginner"], in: dir.path, environment: ["CATALOG_EDITOR": "tester", "XDG_CACHE_HOME": cache.path])
        #expect(write.status == 73, "\(write.stderr)")
    }
}
