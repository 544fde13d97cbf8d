import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogRecords
import CatalogStore
import Foundation

/// The `catalog` front end: parses, runs one command, maps every error to an exit code in one place.
public enum CLI {
    public static let version = "0.1.0"

    public static let globalOptions: [OptionSpec] = [
        .option("root", "DIR", "the catalog's root folder (default: CATALOG_ROOT, else found upward from the current folder)"),
        .option("color", "WHEN", "auto (default: on a terminal, unless NO_COLOR is set), always or never"),
        .flag("help", "show this help"),
    ]

    public static let commands: [Command] = [
        InitCommand.command,
        ImportCommand.command,
        StatusCommand.command,
        ShowCommand.command,
        FingerprintCommand.command,
        SuggestCommand.command,
        ReviewCommand.command,
        QueueCommand.command,
        LintCommand.command,
        VocabCommand.command,
        RevalidateCommand.command,
        AcceptCommand.command,
        LogCommand.command,
        UndoCommand.command,
        ExportCommand.command,
        VerifyCommand.command,
        DiffCommand.command,
        KeygenCommand.command,
        CoverageCommand.command,
        PlanCommand.command,
        ServeCommand.command,
        CompletionCommand.command,
    ]

    /// Commands the completion scripts and `make man` call, not listed in --help.
    static let hiddenCommands: [Command] = [CompletionCommand.helper, CompletionCommand.manual]

    /// `catalog --version`: the version, the build format it writes, and the commit it was built
    /// from (`make build` in a git checkout; "unknown" otherwise).
    static func versionText(commit: String) -> String {
        "catalog \(version)\nbuild format: \(BuildFormat.catalogTag) schema \(BuildFormat.schemaVersion)\ncommit: \(commit.isEmpty ? "unknown" : commit)"
    }

    static var overview: String {
        var text = """
            catalog: curate the exercise catalog a workout planner trains people from.

            Usage: catalog [--root DIR] [--color WHEN] COMMAND [OPTIONS]

            Commands:

            """
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += """

            Run `catalog COMMAND --help` for a command's options.
            Exit codes: 0 ok, 1 findings, 64 usage, 65 bad input data, 66 missing input, 70 internal, 73 cannot write.

            """
        return text
    }

    /// Runs `catalog` with `arguments` (without the program name) in `currentDirectory`; returns
    /// the exit code. What it knows of its surroundings comes from `console` and
    /// `currentDirectory` only (tests run it in-process). `suggesters`: where a process that runs many commands keeps its suggester between them.
    public static func run(arguments: [String], console: Console, currentDirectory: String,
                           suggesters: SuggesterCache? = nil, commit: String = "unknown") -> Int32 {
        var arguments = arguments
        var given: [String: String] = [:]
        // Global options before the command.
        while let first = arguments.first, first.hasPrefix("--") || first == "-h" {
            if first == "--help" || first == "-h" { console.print(overview); return 0 }
            if first == "--version" { console.print(versionText(commit: commit)); return 0 }
            let name = String(first.dropFirst(2).prefix { $0 != "=" })
            guard valueOptions.contains(name) else {
                return fail(CatalogError(.usage, "unknown option '\(first)'" + NearMiss.hint(name, among: globalOptions.map(\.name)).replacingOccurrences(of: "did you mean ", with: "did you mean --") + " (see catalog --help)"), console)
            }
            arguments.removeFirst()
            if first.contains("=") {
                given[name] = String(first.drop { $0 != "=" }.dropFirst())
            } else {
                guard let value = arguments.first else { return fail(CatalogError(.usage, "--\(name) needs a value (\(globalOptions.first { $0.name == name }?.value ?? ""))"), console) }
                given[name] = value
                arguments.removeFirst()
            }
        }
        do { try console.setColor(given["color"]) } catch { return fail(error, console) }
        guard let name = arguments.first else {
            console.error(overview)
            return CatalogError.Kind.usage.exitCode
        }
        if name == "help" {
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                console.print(command.help)
            } else {
                console.print(overview)
            }
            return 0
        }
        guard let command = (commands + hiddenCommands).first(where: { $0.name == name }) else {
            return fail(CatalogError(.usage, "unknown command '\(name)'" + NearMiss.hint(name, among: commands.map(\.name)) + " (see catalog --help)"), console)
        }
        let rest = Array(arguments.dropFirst())
        // Help is asked for before `--` only: after it, `-h` and `--help` are ids (upstream's).
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            console.print(command.help)
            return 0
        }
        do {
            var parsed = try ArgumentParser.parse(rest, specs: command.options + globalOptions, command: name)
            for name in valueOptions { if let value = parsed.option(name) { given[name] = value; parsed.options[name] = nil } }
            try console.setColor(given["color"])
            let place = CatalogRoot(workingDirectory: currentDirectory, given: given["root"], environment: console.environment)
            var context = CommandContext(arguments: parsed, console: console, root: place.path, suggesters: suggesters)
            context.place = place
            context.root = context.path(place.path)
            return try command.run(context)
        } catch let error as CatalogError {
            if error.kind == .usage {
                console.failure = error
                console.error(error.description)
                console.error("usage: catalog \(command.usage)")
                return error.kind.exitCode
            }
            return fail(error, console)
        } catch {
            return fail(CatalogError.unexpected(error), console)
        }
    }

    /// The global options that take a value (`--root DIR`, `--color WHEN`).
    static var valueOptions: [String] { globalOptions.filter { $0.value != nil }.map(\.name) }

    static func fail(_ error: CatalogError, _ console: Console) -> Int32 {
        console.failure = error
        console.endProgress()
        console.error(error.description)
        return error.kind.exitCode
    }
}

extension ParsedArguments {
    /// One positional for each of `names`; the missing ones are named ("missing NEW build folder").
    func positionals(_ names: [String], _ what: String) throws(CatalogError) -> [String] {
        if positionals.count < names.count {
            let missing = names[positionals.count...]
            throw CatalogError(.usage, "missing \(missing.joined(separator: " and ")) \(what)\(missing.count > 1 ? "s" : "")")
        }
        return try positionals(names.count, what)
    }

    /// Exactly `count` positionals, or a usage error naming what is expected.
    func positionals(_ count: Int, _ what: String) throws(CatalogError) -> [String] {
        guard positionals.count == count else {
            throw CatalogError(.usage, positionals.count < count ? "missing \(what)" : "unexpected argument '\(positionals[count])'")
        }
        return positionals
    }
}
