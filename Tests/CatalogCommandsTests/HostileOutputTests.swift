import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 35, findings 12 and 14, run against the built binary: a name cannot forge a line of
/// output, and `show --json` says why a review file does not read.
@Suite struct HostileOutputTests {
    let env = ["CATALOG_EDITOR": "tester"]

    /// A GIF file in a media folder.
    static func animation(_ i: Int) -> [UInt8] {
        GIFBuilder(width: 16, height: 16, frames: 2 + i).bytes
    }

    // MARK: - Finding 12: line feeds in names

    @Test func finding12ALineFeedInAMediaFileNameCannotForgeALine() throws {
        let dir = try newCatalog()
        // Skipped (no record), attached (s001), and skipped as a second file for s001, naming the first.
        dir.write("media/zz\nwarning: injected line.gif", Self.animation(1))
        dir.write("media/s001-a\rb\nwarning: attached.gif", Self.animation(2))
        dir.write("media/s001-b.gif", Self.animation(3))
        let imported = runInProcess(["import", TestPaths.sample, "--media", "media"], in: dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let warnings = imported.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(warnings.count == 2, "\(imported.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: media skipped: ") }, "\(imported.stderr)")
        #expect(imported.stderr.contains("zz\\u{a}warning: injected line.gif"), "\(imported.stderr)")
        #expect(imported.stderr.contains("(s001-a\\u{d}b\\u{a}warning: attached.gif)"), "\(imported.stderr)")
        let shown = runInProcess(["show", "s001"], in: dir.path)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("media: s001-a\\u{d}b\\u{a}warning: attached.gif, 16×16"), "\(shown.stdout)")
        for output in [imported.stdout, shown.stdout] {
            #expect(!output.split(separator: "\n").contains { $0.hasPrefix("warning:") }, "\(output)")
        }
    }

    /// What an editor wrote in a review (a note, a manual-only reason, an exception's why) is
    /// shown on its own lines, whatever line feeds it holds.
    @Test func finding12ALineFeedInAReviewsTextCannotForgeALine() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let written = runInProcess(["review", "s001", "--set", "level=beginner", "--note", "fine\nstate: current",
                                      "--manual-only", "odd\nautoPlan: yes", "--except", "primary-count=why\nreview: none"],
                                     in: dir.path, environment: env)
        #expect(written.status == 0, "\(written.stderr)")
        let shown = runInProcess(["show", "s001"], in: dir.path)
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("state:") }.count == 1, "\(shown.stdout)")
        #expect(!lines.contains { $0.hasPrefix("autoPlan:") || $0.hasPrefix("review: none") }, "\(shown.stdout)")
        #expect(lines.contains("  note: fine\\u{a}state: current"), "\(shown.stdout)")
    }

    // MARK: - Finding 14: why a review file does not read

    @Test func finding14ShowJSONSaysWhyAReviewFileDoesNotRead() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        func show() throws -> JSONObject {
            let result = runInProcess(["show", "s001", "--json"], in: dir.path)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONParser.parse(result.stdout).objectValue)
        }
        #expect(runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        let readable = try show()
        #expect(readable["reviewError"] == .null && readable["review"] != .null, "\(readable)")
        let file = dir.path + "/reviews/exercisedb/s001.json"
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        dir.write("outside.json", Array(good))
        let cases: [(String, () throws -> Void, String)] = [
            ("bad JSON", { try Data("{ not json".utf8).write(to: URL(fileURLWithPath: file)) }, ""),
            ("a link", {
                try FileManager.default.removeItem(atPath: file)
                try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir.path + "/outside.json")
            }, "symbolic link"),
            ("a link to nothing", {
                try FileManager.default.removeItem(atPath: file)
                try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "nowhere.json")
            }, "symbolic link"),
            ("too big", {
                try FileManager.default.removeItem(atPath: file)
                try Data(String(repeating: " ", count: 2 << 20).utf8 + good).write(to: URL(fileURLWithPath: file))
            }, ""),
        ]
        for (what, make, says) in cases {
            try make()
            let shown = try show()
            #expect(shown["review"] == .null, "\(what)")
            let error = try #require(shown["reviewError"]?.objectValue, "\(what): \(shown)")
            #expect(error["file"] == "reviews/exercisedb/s001.json", "\(what): \(error)")
            let message = try #require(error["message"]?.stringValue, "\(what)")
            #expect(!message.isEmpty && (says.isEmpty || message.contains(says)), "\(what): \(message)")
        }
    }
}
