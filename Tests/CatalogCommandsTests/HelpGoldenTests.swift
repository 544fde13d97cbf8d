import CatalogCommands
import CommandTestSupport
import Foundation
import Testing
import TestSupport

/// `catalog --help` and each command's `--help` against golden files, one a page, in
/// `Tests/CatalogCommandsTests/golden/help/` (`catalog.txt` is the overview). A change to a help
/// text fails here until its file is regenerated and the diff reviewed:
///
///     CATALOG_UPDATE_GOLDEN=1 swift test --skip-build --filter HelpGoldenTests
@Suite struct HelpGoldenTests {
    static let folder = TestPaths.packageRoot + "/Tests/CatalogCommandsTests/golden/help"
    static let pages = ["catalog"] + CLI.commands.map(\.name)
    static let updating = ProcessInfo.processInfo.environment["CATALOG_UPDATE_GOLDEN"] == "1"

    @Test(arguments: pages) func helpIsItsGoldenFile(_ page: String) throws {
        let dir = TempDirectory()
        let run = runInProcess(page == "catalog" ? ["--help"] : [page, "--help"], in: dir.path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let file = Self.folder + "/\(page).txt"
        if Self.updating {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: file))
        }
        let golden = try String(contentsOfFile: file, encoding: .utf8)
        #expect(run.stdout == golden, "\(page) --help changed: regenerate with CATALOG_UPDATE_GOLDEN=1 (see HelpGoldenTests) and review the diff")
    }

    /// A page for every command, and none for a command that is gone (checked on the run after
    /// an update: the pages are being written while this one runs).
    @Test func theGoldenFilesAreTheCommands() throws {
        guard !Self.updating else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
        #expect(files == Self.pages.map { $0 + ".txt" }.sorted())
    }
}
