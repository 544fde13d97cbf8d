import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

enum CompletionCommand {
    static let command = Command(
        name: "completion",
        abstract: "Print a shell completion script (bash, zsh or fish)",
        usage: "completion bash|zsh|fish",
        discussion: """
            Completes commands, options, record ids and vocabulary values (`--set equipment=bar`
            offers the barbell items) from the catalog at hand. Install:
            bash: `source <(catalog completion bash)` in ~/.bashrc;
            zsh: `catalog completion zsh > "${fpath[1]}/_catalog"` (or source it after compinit);
            fish: `catalog completion fish > ~/.config/fish/completions/catalog.fish`.
            """,
        options: [],
        run: { context in
            let name = try context.arguments.positionals(["SHELL"], "argument").first!
            guard let shell = CompletionScript.Shell(rawValue: name) else {
                throw CatalogError(.usage, "completion takes bash, zsh or fish, not '\(name)'" + NearMiss.hint(name, among: CompletionScript.Shell.allCases.map(\.rawValue)))
            }
            context.console.emit(CompletionScript.script(shell), toError: false)
            return 0
        })

    /// `catalog __complete SHELL INDEX WORDS...`: the candidates for the word at INDEX, one a line
    /// (what the scripts call; not listed in --help).
    static let helper = Command(
        name: "__complete", abstract: "", usage: "__complete SHELL INDEX WORD...", discussion: "", options: [],
        run: { context in
            let words = context.arguments.positionals
            guard words.count >= 2, let index = Int(words[1]), index >= 0 else { throw CatalogError(.usage, "__complete takes SHELL INDEX WORD...") }
            let place = context.place ?? CatalogRoot(workingDirectory: context.root, given: nil, environment: context.console.environment)
            for candidate in Completion.candidates(Array(words.dropFirst(2)), index: index, workingDirectory: place.workingDirectory, environment: context.console.environment) {
                context.console.emit(candidate + "\n", toError: false)
            }
            return 0
        })

    /// `catalog __man`: the manual page (`make man` writes it to catalog.1).
    static let manual = Command(
        name: "__man", abstract: "", usage: "__man", discussion: "", options: [],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            context.console.emit(ManPage.page, toError: false)
            return 0
        })
}
