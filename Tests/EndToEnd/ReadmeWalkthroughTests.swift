import Foundation
import Testing
import TestSupport

/// The README's walkthrough, run as written: its commands are read from README.md itself, so a
/// changed README fails here until its commands work and print what it shows.
@Suite struct ReadmeWalkthroughTests {
    struct Step {
        var command: String
        var expected: [String] = []
    }

    /// The `$ ` commands between the walkthrough markers, each with the output lines shown under it.
    static func steps(_ readme: String) throws -> [Step] {
        let begin = try #require(readme.range(of: "<!-- walkthrough:begin -->"))
        let end = try #require(readme.range(of: "<!-- walkthrough:end -->"))
        var steps: [Step] = []
        for line in readme[begin.upperBound..<end.lowerBound].split(separator: "\n") {
            guard line.hasPrefix("    ") else { continue }
            let text = String(line.dropFirst(4))
            if text.hasPrefix("$ ") {
                steps.append(Step(command: String(text.dropFirst(2))))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(text)
            }
        }
        return steps
    }

    /// The README's example outside the walkthrough that the walkthrough checks too (issue 36: its
    /// figures had drifted): the command and the lines shown under it up to the blank line; a
    /// line of `...` stands for lines left out.
    static let checkedExample = "catalog suggest exercisedb:0043"

    static func example(_ readme: String) throws -> Step {
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "    $ " + checkedExample))
        let shown = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
        return Step(command: checkedExample, expected: shown.filter { $0.trimmingCharacters(in: .whitespaces) != "..." })
    }

    /// Whether some line of `output` holds the parts of `expected` around its `…`, in order.
    static func shows(_ output: String, _ expected: String) -> Bool {
        let parts = expected.components(separatedBy: "…").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return output.split(separator: "\n").contains { line in
            var rest = Substring(line)
            for part in parts {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return true
        }
    }

    @Test func theWalkthroughRunsAsWritten() throws {
        guard let upstream = TestPaths.upstream else { print(TestPaths.upstreamMissingReason); return }
        let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
        let steps = try Self.steps(readme)
        #expect(steps.count >= 10)
        let dir = TempDirectory()
        // One bash session, as a reader's: `export` and `cd` carry over. Each step's output is
        // marked so it can be checked against the lines the README shows under it.
        // The example runs once every source is imported (after the last import), as its
        // evidence from free-exercise-db and wger needs.
        let example = try Self.example(readme)
        let lastImport = try #require(steps.lastIndex { $0.command.hasPrefix("catalog import") })
        var script = "set -e -o pipefail\n"
        for (i, step) in steps.enumerated() {
            script += "echo '@@step \(i)'\n\(step.command)\n"
            if i == lastImport { script += "echo '@@example'\n\(example.command)\necho '@@example-end'\n" }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        var env = scratchEnvironment()
        env["PATH"] = URL(fileURLWithPath: TestPaths.catalogBinary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["UP"] = upstream
        env["HOME"] = dir.path
        env["CATALOG_EDITOR"] = nil
        env["SOURCE_DATE_EPOCH"] = "1793232000"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the walkthrough stopped: \(output.suffix(1500))")
        let shown = output.components(separatedBy: "@@example\n").dropFirst().first?.components(separatedBy: "@@example-end").first ?? ""
        #expect(example.expected.count >= 5)
        for line in example.expected {
            #expect(Self.shows(shown, line), "README's `\(example.command)` shows \"\(line)\"; the binary prints:\n\(shown)")
        }
        let chunks = output.components(separatedBy: "@@step ").dropFirst()
        #expect(chunks.count == steps.count, "ran \(chunks.count) of \(steps.count) steps")
        for (step, chunk) in zip(steps, chunks) {
            for line in step.expected {
                #expect(Self.shows(chunk, line), "`\(step.command)` did not print \"\(line)\":\n\(chunk)")
            }
        }
    }

    @Test func theCheckerMatchesAroundEllipses() {
        #expect(Self.shows("wrote /tmp/x/dist/a: version 1", "wrote …/dist/a: version 1"))
        #expect(!Self.shows("wrote /tmp/x/dist/a: version 2", "wrote …/dist/a: version 1"))
        #expect(Self.shows("a\n  added 1, changed 0\n", "  added 1, changed 0"))
    }
}
