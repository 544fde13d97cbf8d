import CatalogCommands
import CatalogReader
import Foundation
import Testing
import TestSupport

/// Issue 36: shell completion and the manual page from the command table; `--version`.
@Suite struct CompletionTests {
    /// Runs `script` in bash with the built `catalog` first on PATH, in `directory`.
    struct Ran { var status: Int32; var stdout: String; var stderr: String }

    func shell(_ program: String, _ arguments: [String], in directory: String) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = scratchEnvironment()
        env["PATH"] = URL(fileURLWithPath: TestPaths.catalogBinary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ran(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// What bash's completion function offers for `words` (COMP_WORDS as bash splits them, the
    /// cursor in the last).
    func complete(_ words: [String], in directory: String) throws -> [String] {
        let array = words.map(shellQuoted).joined(separator: " ")
        let script = "source <(catalog completion bash) && COMP_WORDS=(\(array)) && COMP_CWORD=\(words.count - 1) && _catalog && printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try shell("bash", ["-c", script], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashRegistersTheFunction() throws {
        let dir = TempDirectory()
        let result = try shell("bash", ["-c", "source <(catalog completion bash); complete -p catalog"], in: dir.path)
        #expect(result.stdout == "complete -o default -F _catalog catalog\n", "\(result.stdout) \(result.stderr)")
    }

    @Test func bashCompletesCommandsOptionsIdsAndVocabularyValues() throws {
        let dir = try committedSampleCatalog()
        let sub = dir.path + "/reviews/exercisedb"
        #expect(try complete(["catalog", "rev"], in: sub) == ["review", "revalidate"])
        #expect(try complete(["catalog", "queue", "--rea"], in: sub) == ["--reason"])
        // Bash splits `equipment=bar` at the `=`: it replaces the last piece.
        #expect(try complete(["catalog", "review", "0001", "--set", "equipment", "=", "bar"], in: sub) == ["barbell"])
        #expect(try complete(["catalog", "review", "0001", "--set", "equipment=bar"], in: sub) == ["equipment=barbell"])
        #expect(try complete(["catalog", "review", "s001", "--set", "primaryMuscles", "=", "quads,glu"], in: sub) == ["quads,glutes"])
        #expect(try complete(["catalog", "review", "s001", "--set", "lev"], in: sub) == ["level="])
        #expect(try complete(["catalog", "show", "s02"], in: sub) == ["s020", "s021", "s022", "s023", "s024"])
        #expect(try complete(["catalog", "queue", "--reason", "FIELD_M"], in: sub) == ["FIELD_MISSING"])
        #expect(try complete(["catalog", "--color", "al"], in: sub) == ["always"])
        #expect(try complete(["catalog", "completion", ""], in: sub) == ["bash", "zsh", "fish"])
    }

    @Test func theInProcessCandidatesReadTheCatalogGiven() throws {
        let dir = try committedSampleCatalog()
        let console = Console(environment: [:], stream: false)
        _ = CLI.run(arguments: ["__complete", "bash", "5", "--", "catalog", "--root", dir.path, "review", "s001", "--set=lev"], console: console,
                    currentDirectory: "/")
        #expect(console.out == "--set=level=\n", "\(console.out) \(console.err)")
    }

    @Test func zshAndFishScriptsPassTheirShellsSyntaxChecks() throws {
        for (program, check) in [("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            guard (try? shell("sh", ["-c", "command -v \(program)"], in: "/"))?.status == 0 else {
                print("skipped: \(program) is not installed (`make test-deps` installs it)")
                continue
            }
            let dir = TempDirectory()
            let generated = try shell("catalog", ["completion", program], in: dir.path)
            #expect(generated.status == 0 && generated.stdout.contains("__complete \(program)"), "\(generated.stderr)")
            let script = dir.write("catalog.\(program)", generated.stdout)
            let result = try shell(program, check + [script], in: dir.path)
            #expect(result.status == 0, "\(program): \(result.stderr)")
        }
    }

    @Test func theManualPageHasEveryCommandAndOption() throws {
        guard (try? shell("sh", ["-c", "command -v man && command -v col"], in: "/"))?.status == 0 else {
            print("skipped: man or col is not installed")
            return
        }
        let dir = TempDirectory()
        let page = dir.write("catalog.1", try shell("catalog", ["__man"], in: dir.path).stdout)
        let result = try shell("sh", ["-c", "LC_ALL=C.UTF-8 MANWIDTH=100 man -l \(shellQuoted(page)) | col -b"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        for command in CLI.commands {
            #expect(text.contains("catalog \(command.name)") || text.contains("\n   \(command.name)\n"), "no command \(command.name)")
            for option in command.options + CLI.globalOptions {
                #expect(text.contains("--\(option.name)"), "\(command.name): no --\(option.name)")
            }
        }
    }

    @Test func versionSaysTheBuildFormatAndTheCommit() throws {
        let result = try shell("catalog", ["--version"], in: "/")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("catalog ") == true)
        #expect(lines.contains("build format: exercise-catalog/catalog schema \(BuildFormat.schemaVersion)"))
        let commit = String(lines.last?.dropFirst("commit: ".count) ?? "")
        #expect(lines.last?.hasPrefix("commit: ") == true && (commit == "unknown" || commit.allSatisfy(\.isHexDigit)), "\(result.stdout)")
    }
}
