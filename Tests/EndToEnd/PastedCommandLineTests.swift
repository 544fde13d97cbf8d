import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 35, finding 1: upstream ids that look like options (`--kind=substantive`, `-h`,
/// `--root=x`) or shell code (`$(touch x)`). Every command line the tool prints, pasted into
/// bash, acts on exactly the records it names; `--` ends the options, `--help` included.
@Suite struct PastedCommandLineTests {
    static let ids = ["--kind=substantive", "-h", "--root=x", "$(touch x)", "plain"]
    let env = ["CATALOG_EDITOR": "tester"]

    /// A release of `ids` with these names; the next one corrects the spelling of the first
    /// and changes the others' names by words (substantive).
    static func release(next: Bool) -> String {
        let names = next ? ["dumbbell curl", "push-up (standard)", "goblet squat hold", "front squat pause", "back squat (low bar)"]
            : ["dumbell curl", "push-up", "goblet squat", "front squat", "back squat"]
        return exerciseDBRelease(Array(zip(ids, names)).map { (id: $0.0, name: $0.1) })
    }

    /// A printed line and the ids of the records it must act on.
    struct Printed: CustomStringConvertible {
        var line: String
        var ids: Set<String>
        var description: String { line }
    }

    @Test func everyPrintedCommandLineActsOnExactlyTheRecordsItNames() throws {
        let dir = try newCatalog()
        #expect(runInProcess(["import", dir.write("first.json", Self.release(next: false))], in: dir.path).status == 0)
        var printed: [Printed] = []
        for id in Self.ids {
            let r = runInProcess(["review", "--set", "level=beginner", "--confidence", "0.9", "--", id], in: dir.path, environment: env)
            #expect(r.status == 0, "\(id): \(r.stderr)")
            // The hint to draft the missing fields (`catalog review --from-suggestions …`).
            printed += Self.quoted(r.stdout).map { Printed(line: $0, ids: [id]) }
        }
        #expect(printed.count == Self.ids.count, "\(printed)")
        let reviewed = TempDirectory()
        try copyCatalog(dir.path, to: reviewed.path + "/c")
        #expect(runInProcess(["import", dir.write("next.json", Self.release(next: true))], in: dir.path).status == 0)

        let report = runInProcess(["revalidate", "--html", "report.html"], in: dir.path)
        let json = try #require(try JSONParser.parse(runInProcess(["revalidate", "--json"], in: dir.path).stdout).objectValue)
        var byKind: [String: Set<String>] = [:]
        for record in json["stale"]?.arrayValue ?? [] {
            byKind[record.objectValue?["kind"]?.stringValue ?? "", default: []].insert(record.objectValue?["id"]?.stringValue ?? "")
        }
        #expect(byKind == ["spelling": ["--kind=substantive"], "substantive": ["-h", "--root=x", "$(touch x)", "plain"]])
        var accepts: [Printed] = []
        for member in json["acceptCommands"]?.objectValue?.members ?? [] {
            accepts.append(Printed(line: member.value.stringValue ?? "", ids: byKind[member.key] ?? []))
        }
        let textLines = report.stdout.split(separator: "\n").compactMap { line in line.range(of: "catalog accept").map { String(line[$0.lowerBound...]) } }
        let html = try #require(dir.read("report.html"))
        let htmlLines = html.components(separatedBy: "class=\"ids\">").dropFirst().map { Self.unescapeHTML(String($0.prefix { $0 != "<" })) }
        #expect(Set(textLines) == Set(accepts.map(\.line)) && Set(htmlLines) == Set(accepts.map(\.line)), "\(textLines) \(htmlLines) \(accepts)")
        var stale = accepts
        for id in Self.ids {
            // show's hint, then queue's id typed back after `catalog accept`.
            let shown = runInProcess(["show", "--", id], in: dir.path)
            #expect(shown.status == 0, "\(id): \(shown.stderr)")
            stale += Self.quoted(shown.stdout).map { Printed(line: $0, ids: [id]) }
        }
        #expect(stale.count == accepts.count + Self.ids.count, "\(stale)")
        let queue = runInProcess(["queue"], in: dir.path).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(queue.count == Self.ids.count)
        for typed in queue.map({ $0.dropFirst(2).components(separatedBy: "  ")[0] }) {
            let id = Self.ids.first { typed == ShellQuote.word($0) || typed == ShellQuote.word("exercisedb:" + $0) }
            stale.append(Printed(line: "catalog accept " + typed, ids: id.map { [$0] } ?? []))
        }
        for command in stale { try paste(command, into: dir.path) }
        for command in printed { try paste(command, into: reviewed.path + "/c") }
    }

    /// `--` ends the options everywhere, `--help` included: after it, `-h` is the record `-h`.
    @Test func helpAfterTheEndOfOptionsIsAnId() throws {
        let dir = try newCatalog()
        #expect(runInProcess(["import", dir.write("first.json", Self.release(next: false))], in: dir.path).status == 0)
        let shown = runInProcess(["show", "--json", "--", "-h"], in: dir.path)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try JSONParser.parse(shown.stdout).objectValue?["id"] == "-h")
        let help = runInProcess(["show", "--", "--help"], in: dir.path)
        #expect(help.status == 66 && help.stderr.contains("no record with id --help"), "\(help.stdout)")
        #expect(runInProcess(["show", "-h"], in: dir.path).stdout.hasPrefix("Show one record"))
    }

    /// Runs `command.line` with bash in a copy of the catalog at `base`: it succeeds, and the
    /// review files of exactly its records change; nothing else in the folder does.
    func paste(_ command: Printed, into base: String) throws {
        let scratch = TempDirectory()
        let root = scratch.path + "/c"
        try copyCatalog(base, to: root)
        let before = treeHashes(root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command.line]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = scratchEnvironment()
        environment["PATH"] = URL(fileURLWithPath: TestPaths.catalogBinary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CATALOG_EDITOR"] = "tester"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command.line)")
        let after = treeHashes(root)
        let changed = Set(after.keys).union(before.keys).filter { before[$0] != after[$0] }
        // Each review written appends to its record's history: those two files, no other.
        #expect(changed == Set(command.ids.flatMap { ["reviews/exercisedb/\($0).json", "history/exercisedb/\($0).jsonl"] }), "\(command.line) changed \(changed.sorted())")
        #expect(!FileManager.default.fileExists(atPath: root + "/x"), "\(command.line) made a file x")
    }

    func copyCatalog(_ from: String, to: String) throws {
        try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    /// The text between backticks in `output`: the command lines a message shows.
    static func quoted(_ output: String) -> [String] {
        output.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 && $0.element.hasPrefix("catalog ") }.map(\.element)
    }

    static func unescapeHTML(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
