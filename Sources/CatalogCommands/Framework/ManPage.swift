/// catalog(1), the manual page `make man` writes, from the command table (every command with
/// its usage, discussion and options), the global options, the environment and the exit codes.
enum ManPage {
    /// `text` as roff: backslashes escaped, `-` as an ASCII hyphen-minus, no line starting with
    /// a control character.
    static func roff(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    static func options(_ specs: [OptionSpec]) -> String {
        specs.map { spec in
            ".TP\n.B " + roff("--" + spec.name) + (spec.value.map { " \" \(roff($0))\"" } ?? "") + "\n" + roff(spec.help) + "\n"
        }.joined()
    }

    static var page: String {
        var text = """
            .TH CATALOG 1 "" "catalog \(CLI.version)" "User Commands"
            .nh
            .ad l
            .SH NAME
            catalog \\- curate the exercise catalog a workout planner trains people from
            .SH SYNOPSIS
            .B catalog
            [\\-\\-root DIR] [\\-\\-color WHEN] COMMAND [OPTIONS]
            .SH DESCRIPTION
            Every command finds the catalog's root as git finds its repository: the nearest folder at or
            above the current one that holds catalog/catalog.json.
            Run \\fBcatalog COMMAND \\-\\-help\\fR for a command's options.
            .SH GLOBAL OPTIONS

            """
        text += options(CLI.globalOptions)
        text += ".SH COMMANDS\n"
        for command in CLI.commands {
            text += ".SS \(roff(command.name))\n\(roff(command.abstract))\n.PP\n.B catalog\n\(roff(command.usage))\n"
            if !command.discussion.isEmpty { text += ".PP\n" + roff(command.discussion) + "\n" }
            if !command.options.isEmpty { text += ".PP\nOptions:\n" + options(command.options) }
        }
        text += """
            .SH ENVIRONMENT
            .TP
            .B CATALOG_ROOT
            The catalog's root when \\-\\-root is not given.
            .TP
            .B CATALOG_CEILING_DIRECTORIES
            Colon\\-separated absolute paths the search for the root does not go up into (as GIT_CEILING_DIRECTORIES).
            .TP
            .B CATALOG_EDITOR
            The editor's name recorded in reviews.
            .TP
            .B SOURCE_DATE_EPOCH
            The date recorded in files, in seconds since 1970 (reproducible builds).
            .TP
            .B PAGER
            What long output goes through on a terminal (default: less \\-FRX); empty or cat: none.
            .TP
            .B NO_COLOR
            When set and not empty, no colour (unless \\-\\-color always).
            .SH EXIT STATUS
            0 ok, 1 findings, 64 usage, 65 bad input data, 66 missing input, 70 internal, 73 cannot write.
            .SH SHELL COMPLETION
            .B catalog completion bash|zsh|fish
            prints a completion script (for instance: source <(catalog completion bash)).

            """
        return text
    }
}
