import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// An option or flag a command accepts.
public struct OptionSpec: Sendable {
    public var name: String
    /// The value's placeholder (`FILE`), or nil for a flag.
    public var value: String?
    public var help: String
    public var repeatable: Bool

    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help, repeatable: false)
    }

    public static func option(_ name: String, _ value: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
    }
}

/// A command's arguments after parsing: flags, option values and positionals.
public struct ParsedArguments: Sendable {
    public var flags: Set<String> = []
    public var options: [String: [String]] = [:]
    public var positionals: [String] = []

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func option(_ name: String) -> String? { options[name]?.last }
    public func values(_ name: String) -> [String] { options[name] ?? [] }
}

/// Parses `--name value`, `--name=value`, flags and positionals against a command's specs;
/// `--` ends options.
enum ArgumentParser {
    static func parse(_ arguments: [String], specs: [OptionSpec], command: String) throws(CatalogError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if !optionsEnded && argument.hasPrefix("-") && argument != "-" && argument.count > 1 {
                    throw CatalogError(.usage, "unknown option '\(argument)' for `catalog \(command)` (see --help)")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw CatalogError(.usage, "unknown option '--\(name)' for `catalog \(command)`"
                                   + NearMiss.hint(name, among: specs.map(\.name)).replacingOccurrences(of: "did you mean ", with: "did you mean --") + " (see --help)")
            }
            if spec.value == nil {
                if inline != nil { throw CatalogError(.usage, "--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw CatalogError(.usage, "--\(name) needs a value (\(spec.value!))") }
                value = arguments[i]
                i += 1
            }
            if !spec.repeatable && parsed.options[name] != nil {
                throw CatalogError(.usage, "--\(name) given twice")
            }
            parsed.options[name, default: []].append(value)
        }
        return parsed
    }
}
