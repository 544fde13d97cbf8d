/// The shell completion scripts `catalog completion SHELL` prints, generated from the command
/// table: the commands and their options are written into the script; values (record ids,
/// vocabulary terms, fixed choices) come from `catalog __complete`, which reads the catalog at hand.
enum CompletionScript {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    static func script(_ shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    /// Each command's options with the global ones (the order `--help` shows).
    static func options(_ command: Command) -> [OptionSpec] { command.options + CLI.globalOptions }

    /// `text` as one single-quoted word of a POSIX shell, zsh or fish.
    static func quoted(_ text: String, fish: Bool = false) -> String {
        fish ? "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
             : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static var bash: String {
        var cases = ""
        for command in CLI.commands {
            cases += "            \(command.name)) words=\(quoted(options(command).map { "--" + $0.name }.joined(separator: " "))) ;;\n"
        }
        return """
            # bash completion for catalog (`catalog completion bash`; generated from its command table)
            _catalog() {
                local cur=${COMP_WORDS[COMP_CWORD]} words=""
                if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
                    words=\(quoted(CLI.commands.map(\.name).joined(separator: " ")))
                elif [[ $cur == --* && $cur != *=* ]]; then
                    case ${COMP_WORDS[1]} in
            \(cases)        esac
                fi
                if [[ -n $words ]]; then
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                else
                    local IFS=$'\\n'
                    COMPREPLY=($(command catalog __complete bash "$COMP_CWORD" -- "${COMP_WORDS[@]}" 2>/dev/null))
                fi
                if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then compopt -o nospace 2>/dev/null; fi
                return 0
            }
            complete -o default -F _catalog catalog

            """
    }

    /// `name:description` for zsh's _describe (colons in the name escaped).
    static func described(_ name: String, _ help: String) -> String {
        quoted(name.replacingOccurrences(of: ":", with: "\\:") + ":" + help)
    }

    static var zsh: String {
        let commands = CLI.commands.map { described($0.name, $0.abstract) }.joined(separator: " ")
        var cases = ""
        for command in CLI.commands {
            cases += "        \(command.name)) options=(\(options(command).map { described("--" + $0.name, $0.help) }.joined(separator: " "))) ;;\n"
        }
        return """
            #compdef catalog
            # zsh completion for catalog (`catalog completion zsh`; generated from its command table)
            _catalog() {
                local -a commands options values
                if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then
                    commands=(\(commands))
                    _describe command commands
                    return
                fi
                if [[ $PREFIX == --* && $PREFIX != *=* ]]; then
                    case $words[2] in
            \(cases)        esac
                    (( ${#options} )) && { _describe option options; return }
                fi
                values=("${(@f)$(command catalog __complete zsh $(( CURRENT - 1 )) -- "${words[@]}" 2>/dev/null)}")
                values=(${values:#})
                if (( ${#values} )); then compadd -Q -- "${values[@]}"; else _files; fi
            }
            if (( $+functions[compdef] )); then compdef _catalog catalog; fi

            """
    }

    static var fish: String {
        var lines = [
            "# fish completion for catalog (`catalog completion fish`; generated from its command table)",
            "complete -c catalog -e",
            "function __catalog_complete",
            "    command catalog __complete fish (count (commandline -opc)) -- (commandline -opc) (commandline -ct) 2>/dev/null",
            "end",
        ]
        for command in CLI.commands {
            lines.append("complete -c catalog -n __fish_use_subcommand -f -a \(command.name) -d \(quoted(command.abstract, fish: true))")
        }
        for command in CLI.commands {
            for option in options(command) {
                lines.append("complete -c catalog -n \(quoted("__fish_seen_subcommand_from \(command.name)", fish: true)) -l \(option.name)"
                             + (option.value != nil ? " -r -a '(__catalog_complete)'" : "") + " -d \(quoted(option.help, fish: true))")
            }
        }
        lines.append("complete -c catalog -n 'not __fish_use_subcommand' -a '(__catalog_complete)'")
        return lines.joined(separator: "\n") + "\n"
    }
}
