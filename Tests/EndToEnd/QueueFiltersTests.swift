@testable import CatalogCommands
import Foundation
import Testing
import TestSupport

/// Issue 36: the queue's filters and counts, colour and the pager on a terminal.
@Suite struct QueueFiltersTests {
    func run(_ arguments: [String], in dir: TempDirectory, environment: [String: String] = [:], terminal: Bool = false) -> (status: Int32, out: String, err: String) {
        let console = Console(environment: environment, stream: false, terminal: terminal)
        let status = CLI.run(arguments: ["--root", dir.path] + arguments, console: console, currentDirectory: dir.path)
        return (status, console.out, console.err)
    }

    /// The items' lines of the queue (`  ID  NAME  [CODES]`).
    func items(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    @Test func filtersByReasonStateAndGroupWithCountsOnTop() throws {
        // The committed sample: three reviewed records still blocked (s011, s018 and one more).
        let dir = try committedSampleCatalog()
        let all = run(["queue"], in: dir)
        #expect(all.status == 0, "\(all.err)")
        let lines = all.out.split(separator: "\n")
        #expect(lines[0] == "3 records of exercisedb to review")
        #expect(lines[1] == "by pattern: hinge 1, hip-extension 1, horizontal-pull 1", "\(all.out)")
        let invalid = run(["queue", "--reason", "FIELD_INVALID"], in: dir)
        #expect(items(invalid.out) == ["s018"], "\(invalid.out)")
        #expect(invalid.out.hasPrefix("1 record of exercisedb to review\n"))
        #expect(items(run(["queue", "--reason", "field_invalid,LOW_CONFIDENCE"], in: dir).out).sorted() == ["s011", "s018"])
        #expect(items(run(["queue", "--group", "hinge"], in: dir).out) == ["s011"])
        #expect(items(run(["queue", "--state", "blocked"], in: dir).out).count == 3)
        #expect(run(["queue", "--state", "stale"], in: dir).out == "nothing to review in exercisedb\n")
        #expect(run(["queue", "--stale"], in: dir).out == "nothing to review in exercisedb\n")
        #expect(run(["queue", "--group", "hnge"], in: dir).out.contains("did you mean hinge?"))
        let bad = run(["queue", "--reason", "FIELD_MISING"], in: dir)
        #expect(bad.status == 64 && bad.err.contains("did you mean FIELD_MISSING?"), "\(bad.err)")
        #expect(run(["queue", "--state", "blocky"], in: dir).status == 64)
        // --json is left as it was: no next step, no counts line.
        let json = run(["queue", "--reason", "FIELD_INVALID", "--json"], in: dir).out
        #expect(json.contains("\"total\" : 1") || json.contains("\"total\": 1"), "\(json)")
        #expect(!json.contains("next:"))
    }

    @Test func theQueueEndsWithTheNextCommand() throws {
        let dir = try committedSampleCatalog()
        let blocked = run(["queue"], in: dir).out
        #expect(blocked.hasSuffix("\nnext: catalog review s011\n"), "\(blocked)")
        try FileManager.default.removeItem(atPath: dir.path + "/reviews/exercisedb/s007.json")
        let unreviewed = run(["queue", "--unreviewed"], in: dir).out
        #expect(unreviewed.contains("\nnext: catalog review --from-suggestions --group "), "\(unreviewed)")
    }

    @Test func statesAndReasonCodesInColourOnATerminalOnly() throws {
        let dir = try committedSampleCatalog()
        let terminal = run(["queue"], in: dir, terminal: true).out
        #expect(terminal.contains("\u{1B}[35mblocked\u{1B}[0m · pattern hinge"), "\(terminal)")
        #expect(terminal.contains("[\u{1B}[36mLOW_CONFIDENCE\u{1B}[0m]"))
        #expect(!run(["queue"], in: dir).out.contains("\u{1B}["))
        #expect(!run(["queue"], in: dir, environment: ["NO_COLOR": "1"], terminal: true).out.contains("\u{1B}["))
        #expect(run(["--color", "always", "queue"], in: dir).out.contains("\u{1B}[35m"))
        #expect(run(["queue", "--color=always"], in: dir, environment: ["NO_COLOR": "1"]).out.contains("\u{1B}[35m"))
        #expect(!run(["--color", "never", "queue"], in: dir, terminal: true).out.contains("\u{1B}["))
        let bad = run(["--color", "sometimes", "queue"], in: dir)
        #expect(bad.status == 64 && bad.err.contains("--color takes auto, always, never"), "\(bad.err)")
    }

    /// On a pseudo-terminal with a stub PAGER the queue pages and colours; piped it does neither;
    /// NO_COLOR=1 turns colour off on the terminal.
    @Test func pagesAndColoursOnATerminalNeitherWhenPiped() throws {
        let dir = try committedSampleCatalog()
        // NO_COLOR empty counts as unset (no-color.org): the test run's own may be set.
        let stub = ["PAGER": "sed 's/^/paged| /'", "NO_COLOR": ""]
        let tty = try runCatalogOnTerminal(["queue"], in: dir.path, environment: stub)
        #expect(tty.status == 0, "\(tty.stdout)")
        #expect(tty.stdout.contains("paged| 3 records of exercisedb to review"), "\(tty.stdout)")
        #expect(tty.stdout.contains("paged| next: catalog review s011"))
        #expect(tty.stdout.contains("\u{1B}[35mblocked"), "\(tty.stdout)")
        let piped = try runCatalog(["queue"], in: dir.path, environment: stub)
        #expect(piped.stdout.hasPrefix("3 records of exercisedb to review\n") && !piped.stdout.contains("paged|"))
        #expect(!piped.stdout.contains("\u{1B}"))
        let plain = try runCatalogOnTerminal(["queue"], in: dir.path, environment: stub.merging(["NO_COLOR": "1"]) { $1 })
        #expect(plain.stdout.contains("paged| 3 records"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("\u{1B}[3"), "\(plain.stdout)")
    }

    /// The pager may take the terminal as less does (its modes, its keys): it runs in our own
    /// process group, the terminal's foreground one. In a group of its own (Foundation's Process
    /// on Linux) the stub's `stty` was stopped by SIGTTOU, and `catalog queue` hung behind it.
    @Test func aPagerThatTakesTheTerminalRunsAndQueueEnds() throws {
        let dir = try committedSampleCatalog()
        let pager = "stty -echo </dev/tty && sed 's/^/paged| /'; stty echo </dev/tty"
        let tty = try runCatalogOnTerminal(["queue"], in: dir.path, environment: ["PAGER": pager, "NO_COLOR": ""], timeout: 20)
        #expect(tty.status == 0, "\(tty.stdout)")
        #expect(tty.stdout.contains("paged| next: catalog review s011"), "\(tty.stdout)")
    }

    /// A pager quit before the end (its pipe closed): what is left is dropped and the command
    /// goes on, where Foundation's FileHandle.write trapped on EPIPE (exit 132).
    @Test func outputToAPagerThatQuitIsDroppedNotACrash() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous); close(ends[1]) }
        Console.write(Array(repeating: 0x61, count: 1 << 20), to: ends[1])
        #expect(errno == EPIPE)
    }
}
