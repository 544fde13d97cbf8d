import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog review ID` with a real editor on a real terminal, and what the editor is shown.
@Suite struct EditorTests {
    let env = ["CATALOG_EDITOR": "tester", "VISUAL": ""]

    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    /// A program that exits 3 unless it is in the terminal's foreground process group, where an
    /// editor that draws or reads keys must be (a background job is stopped by the terminal).
    func foregroundChecker(_ dir: TempDirectory) throws -> String {
        let path = dir.write("fgcheck.py", """
            #!/usr/bin/env python3
            import os, sys
            fd = os.open("/dev/tty", os.O_RDWR)
            foreground = os.tcgetpgrp(fd) == os.getpgrp()
            open("\(dir.path)/fg.txt", "w").write("foreground" if foreground else "background")
            sys.exit(0 if foreground else 3)

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func theEditorRunsInTheTerminalsForegroundProcessGroup() throws {
        let dir = try sampleCatalog()
        let checker = try foregroundChecker(dir)
        let result = try runCatalogOnTerminal(["review", "s001"], in: dir.path, environment: env.merging(["EDITOR": checker]) { $1 })
        #expect(dir.read("fg.txt") == "foreground", "\(result.stdout)")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("no changes"))
    }

    @Test func vimOnAPseudoTerminalReturnsAfterColonQ() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vim") else {
            print("skipped: vim is not installed (make test installs it)")
            return
        }
        let dir = try sampleCatalog()
        let started = Date()
        let result = try runCatalogOnTerminal(["review", "s001"], in: dir.path, environment: env.merging(["EDITOR": "vim -u NONE -i NONE"]) { $1 },
                                              input: ":q\r", timeout: 20)
        #expect(result.status == 0, "exit \(result.status) (124: it hung): \(result.stdout.suffix(300))")
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(result.stdout.contains("no changes"))
        // Nothing is left behind in the edit folder.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/.catalog/edit"))?.isEmpty ?? true)
    }

    /// Debian's vim (defaults.vim, with a viminfo) puts the cursor back where it was in a file it
    /// opened before. Round 1 edits the level far down the fields and saves an invalid review;
    /// round 2 must open on the first error line, at the top (before: the same file was reused,
    /// and vim opened on the level's line, away from the errors). `:cq` then aborts: exit 1.
    @Test func vimReopensOnTheFirstErrorAndColonCQAborts() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vim") else {
            print("skipped: vim is not installed (make test installs it)")
            return
        }
        let dir = try sampleCatalog()
        let home = dir.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Run inside vim after the file is read (and after vim restored the cursor): round 1
        // moves to the level line, sets an unknown level and saves; round 2 records the cursor's
        // line and aborts.
        let probe = dir.write("probe.vim", """
            if search('^# ERROR', 'nw') == 0
              call search('"level": null')
              s/"level": null/"level": "expert"/
              wq
            else
              call writefile([string(line('.'))], '\(dir.path)/cursor')
              cq
            endif

            """)
        let result = try runCatalogOnTerminal(["review", "s002"], in: dir.path,
                                              environment: env.merging(["EDITOR": "vim -c 'source \(probe)'", "HOME": home]) { $1 }, timeout: 20)
        #expect(result.status == 1, "exit \(result.status) (124: it hung): \(result.stdout.suffix(400))")
        #expect(result.stdout.contains("aborted; nothing written"))
        #expect(dir.read("cursor")?.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "the cursor was on line \(dir.read("cursor") ?? "?")")
        #expect(dir.read("reviews/exercisedb/s002.json") == nil)
    }

    @Test func everyErrorOfASaveIsListedAtOnceEachAtItsLine() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, #"""
            [ "$n" = 1 ] && sed -i -e 's/"level": null/"level": "expert"/' -e 's/"movementPattern": null/"movementPattern": "pressing"/' \
                -e 's/"confidence": null/"confidence": 7/' -e 's/"setupSeconds": null/"setupSeconds": "soon"/' "$1"
            exit 0
            """#)
        // The second round saves the file as re-opened: still invalid, so it stops (65).
        let result = try runCatalog(["review", "s002"], in: dir.path, environment: env.merging(["EDITOR": script]) { $1 })
        #expect(result.status == 65, "\(result.stderr)")
        let second = try #require(dir.read("seen-2.txt"))
        let lines = second.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let errors = lines.prefix { $0.hasPrefix("# ERROR") }
        #expect(errors.count == 4, "\(errors)")
        // Each error names the line of its own key.
        var named: [String] = []
        for error in errors {
            let n = Int(error.dropFirst("# ERROR (line ".count).prefix { $0.isNumber }) ?? 0
            #expect(n > 0 && n <= lines.count, "\(error)")
            guard n > 0 && n <= lines.count else { continue }
            let key = String(error.drop { $0 != ":" }.dropFirst(2).prefix { $0 != ":" })
            #expect(lines[n - 1].contains("\"\(key)\":"), "\(error) points at \(lines[n - 1])")
            named.append(key)
        }
        #expect(named.sorted() == ["confidence", "level", "movementPattern", "setupSeconds"], "\(errors)")
        #expect(dir.read("reviews/exercisedb/s002.json") == nil)
    }

    @Test func aStaleReviewsTemplateShowsItsStateReasonsAndTheDiff() throws {
        let dir = try sampleCatalog()
        #expect(try runCatalog(["review", "s004", "--set", "level=beginner", "--confidence", "0.9"], in: dir.path, environment: env).status == 0)
        #expect(try runCatalog(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let script = try editorScript(dir, "exit 0")
        #expect(try runCatalog(["review", "s004"], in: dir.path, environment: env.merging(["EDITOR": script]) { $1 }).status == 0)
        let template = try #require(dir.read("seen-1.txt"))
        #expect(template.contains("# State: stale, not planned automatically"))
        #expect(template.contains("REVIEW_STALE"))
        #expect(template.contains("# Changed upstream since the review"))
        #expect(template.contains("[-") || template.contains("{+"))
    }

    @Test func aSaveThatLosesARaceIsKeptAsARejectFile() throws {
        let dir = try sampleCatalog()
        // While the editor is open, someone else writes the review.
        let other = ([TestPaths.catalogBinary, "review", "s002", "--set", "level=advanced", "--editor", "bob"]).map(shellQuoted).joined(separator: " ")
        let script = try editorScript(dir, """
            (cd \(shellQuoted(dir.path)) && \(other)) >/dev/null
            sed -i 's/"level": null/"level": "beginner"/' "$1"
            """)
        let result = try runCatalog(["review", "s002"], in: dir.path, environment: env.merging(["EDITOR": script]) { $1 })
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("reviews/exercisedb/s002.json.rej"), "\(result.stderr)")
        let kept = try #require(dir.read("reviews/exercisedb/s002.json.rej"))
        #expect(kept.contains(#""level": "beginner""#))
        // The other editor's review stands.
        #expect(dir.read("reviews/exercisedb/s002.json")?.contains("advanced") == true)
    }
}
