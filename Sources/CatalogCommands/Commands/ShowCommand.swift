import CatalogCore
import CatalogStore

enum ShowCommand {
    static let command = Command(
        name: "show",
        abstract: "Show one record: upstream, canonical text, state and reasons",
        usage: "show ID|SOURCE:ID [--json]",
        discussion: """
            JSON keys: id, source, record (the normalised upstream record), canonicalText,
            fingerprint, state, autoPlan, reasons [{code, details}], review (null when unreviewed).
            """,
        options: [.flag("json", "print the record as JSON")],
        run: { context in
            let name = try context.arguments.positionals(1, "ID")[0]
            let catalog = try context.catalog()
            let (source, id) = try catalog.resolve(name)
            let entry = try catalog.index().catalogEntry(source: source, id: id)
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("id", .string(entry.id)),
                    JSONMember("source", .string(entry.source)),
                    JSONMember("record", entry.record),
                    JSONMember("canonicalText", .string(entry.canonicalText)),
                    JSONMember("fingerprint", .string(entry.fingerprint)),
                    JSONMember("state", .string(entry.state.rawValue)),
                    JSONMember("autoPlan", .bool(entry.autoPlan)),
                    JSONMember("reasons", entry.reasons),
                    JSONMember("review", .null),
                ])))
                return 0
            }
            let console = context.console
            console.print("\(entry.source):\(entry.id)  \(entry.name)")
            console.print("state: \(entry.state.rawValue)   autoPlan: \(entry.autoPlan ? "yes" : "no")")
            for reason in entry.reasons.arrayValue ?? [] {
                guard let object = reason.objectValue, let code = object["code"]?.stringValue else { continue }
                let details = object["details"].flatMap { $0.objectValue?.isEmpty == false ? JSONWriter.string($0) : nil }
                console.print("  \(code)\(details.map { " \($0)" } ?? "")\(ReasonText.explain(code))")
            }
            console.print("fingerprint: \(entry.fingerprint)")
            console.print("canonical text:")
            for line in entry.canonicalText.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.print("  \(line)") }
            console.print("upstream record:")
            console.print(JSONWriter.string(entry.record, style: .pretty), terminator: "")
            return 0
        })
}

/// One-line explanations of reason codes for people.
enum ReasonText {
    static func explain(_ code: String) -> String {
        switch ReasonCode(rawValue: code) {
        case .reviewMissing?: return ": no editor has reviewed this record"
        case .reviewStale?: return ": upstream text changed since the review"
        case .upstreamRemoved?: return ": gone from the latest upstream release"
        case .fieldMissing?: return ": a planner field is not set"
        case .fieldInvalid?: return ": a planner field breaks a rule"
        case .lowConfidence?: return ": the review's confidence is below the threshold"
        case .manualOnly?: return ": the editor keeps it for manual planning"
        case nil: return ""
        }
    }
}

extension Console {
    func print(_ text: String, terminator: String) {
        write(text + terminator, toError: false)
    }
}
