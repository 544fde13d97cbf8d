import CatalogCore
import CatalogFiles
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import Foundation

/// What a shell offers at the cursor, from the command table (commands, options, fixed values)
/// and the catalog at hand (record ids, vocabulary values). The completion scripts call it
/// through the hidden command `catalog __complete SHELL INDEX WORDS...`.
enum Completion {
    /// The words typed, as a shell hands them over, and the index of the one at the cursor.
    /// Bash splits `--set equipment=bar` and `exercisedb:0043` at `=` and `:`; the pieces are
    /// joined again here, and `cut` says how much of the joined word bash does not replace.
    struct Line {
        var words: [String] = []
        var cut = 0

        init(_ raw: [String], index: Int) {
            var glue = false
            for (i, word) in raw.prefix(index + 1).enumerated() {
                let joins = word == "=" || word == ":"
                if (joins || glue), i > 0, !words.isEmpty {
                    words[words.count - 1] += word
                } else {
                    words.append(word)
                }
                glue = joins
                if i == index { cut = words[words.count - 1].count - word.count }
            }
            if raw.count <= index { words.append("") }
        }

        var current: String { words.last ?? "" }
    }

    /// The candidates for the word at `index` of `raw` (raw[0] is `catalog`), each as the shell
    /// puts it in place of what bash calls the current word.
    static func candidates(_ raw: [String], index: Int, workingDirectory: String, environment: [String: String]) -> [String] {
        let line = Line(raw, index: index)
        var root: String?
        var command: Command?
        var previous: OptionSpec?
        for word in line.words.dropFirst().dropLast() {
            if let spec = previous {
                if spec.name == "root" { root = word }
                previous = nil
            } else if word.hasPrefix("--"), !word.contains("=") {
                previous = ((command?.options ?? []) + CLI.globalOptions).first { "--" + $0.name == word && $0.value != nil }
            } else if command == nil, !word.hasPrefix("-") {
                command = CLI.commands.first { $0.name == word }
            } else if word.hasPrefix("--root=") {
                root = String(word.dropFirst("--root=".count))
            }
        }
        let values = Values(command: command, place: CatalogRoot(workingDirectory: workingDirectory, given: root, environment: environment))
        let current = line.current
        var found: [String]
        if let previous {
            found = values.of(previous, current)
        } else if current.hasPrefix("--"), let eq = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<eq])
            let spec = ((command?.options ?? []) + CLI.globalOptions).first { $0.name == name }
            found = spec.map { spec in values.of(spec, String(current[current.index(after: eq)...])).map { "--\(name)=" + $0 } } ?? []
        } else if current.hasPrefix("-") {
            found = ((command?.options ?? []) + CLI.globalOptions).map { "--" + $0.name }
        } else if command != nil {
            found = values.positionals()
        } else {
            found = CLI.commands.map(\.name)
        }
        return found.filter { $0.hasPrefix(current) }.map { String($0.dropFirst(line.cut)) }
    }

    /// The values an option, a field or a positional takes.
    struct Values {
        var command: Command?
        var place: CatalogRoot

        func catalog() -> Catalog? { try? Catalog(root: place.resolve(place.path)) }

        func of(_ spec: OptionSpec, _ typed: String) -> [String] {
            switch spec.name {
            case "color": return ColorMode.allCases.map(\.rawValue)
            case "group-by": return ["pattern", "target", "equipment"]
            case "reason": return ReasonCode.allCases.map(\.rawValue)
            case "state": return QueueFilter.states
            case "kind": return ChangeKind.allCases.map(\.rawValue)
            case "format": return Adapters.all.map(\.format).sorted()
            case "group": return (try? catalog()?.vocabulary().patterns.map(\.id)) ?? []
            case "source": return catalog()?.sources() ?? []
            case "unset": return PlannerField.allCases.map(\.rawValue)
            case "set": return fieldValues(typed)
            default: return []
            }
        }

        /// `FIELD=` for each planner field; after `FIELD=`, its vocabulary's values (after the
        /// last comma of a list).
        func fieldValues(_ typed: String) -> [String] {
            guard let eq = typed.firstIndex(of: "=") else { return PlannerField.allCases.map { $0.rawValue + "=" } }
            let field = String(typed[..<eq])
            let value = typed[typed.index(after: eq)...]
            let head = typed[..<typed.index(after: eq)] + (value.lastIndex(of: ",").map { value[...$0] } ?? "")
            return terms(field).map { head + $0 }
        }

        func terms(_ field: String) -> [String] {
            switch PlannerField(rawValue: field) {
            case .mechanic: return Vocabulary.mechanics
            case .laterality: return Vocabulary.lateralities
            case .variantOf: return ids()
            default: break
            }
            guard let vocabulary = try? catalog()?.vocabulary() else { return [] }
            switch PlannerField(rawValue: field) {
            case .movementPattern: return vocabulary.patterns.map(\.id)
            case .equipment: return vocabulary.equipment.map(\.id)
            case .primaryMuscles, .secondaryMuscles: return vocabulary.muscles.map(\.id) + vocabulary.groups.map(\.id)
            case .level: return vocabulary.levels
            case .jointStress: return vocabulary.joints.map(\.id)
            default: return []
            }
        }

        /// Record ids for commands that take them (their usage starts with ID); `completion`'s
        /// shells; `help`'s commands; nothing (the shell's file names) for the rest.
        func positionals() -> [String] {
            guard let command else { return [] }
            if command.name == "completion" { return CompletionScript.Shell.allCases.map(\.rawValue) }
            let first = command.usage.split(separator: " ").dropFirst().first ?? ""
            return first.hasPrefix("ID") || first.hasPrefix("[ID") ? ids() : []
        }

        func ids() -> [String] {
            guard let catalog = catalog(), let entries = try? catalog.index().entries(source: catalog.config.memberSource, states: RecordState.allCases) else { return [] }
            return entries.map(\.id).sorted()
        }
    }
}
