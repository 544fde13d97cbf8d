import CatalogCore
import CatalogStore

enum ShowCommand {
    static let command = Command(
        name: "show",
        abstract: "Show one record: upstream, canonical text, state and reasons",
        usage: "show ID|SOURCE:ID [--json]",
        discussion: """
            A stale record also shows the word diff of the text its review was made on against
            today's. JSON keys: id, source, record (the normalised upstream record),
            canonicalText, fingerprint, state, autoPlan, reasons [{code, details}], review (null
            when unreviewed or when the file does not read), reviewError (why the review file did
            not read: {message, file, line, field}, line and field where known; else null).
            """,
        options: [.flag("json", "print the record as JSON")],
        run: { context in
            let name = try context.arguments.positionals(1, "ID")[0]
            let catalog = try context.catalog()
            let (source, id) = try catalog.resolve(name)
            // The record's review file is checked first, so an edit in place shows at once.
            let entry = try catalog.index(checking: [id], of: source).catalogEntry(source: source, id: id)
            let upstream = entry.upstream
            let canonicalText = upstream.map(entry.canonicalText(of:)) ?? ""
            // A review file that does not read has no review to show: the text output says so
            // (lint says why), the JSON says why (as lint does) in reviewError.
            let review = entry.hasReview ? (try? catalog.loadReview(source: source, id: id))?.review : nil
            let reviewError = entry.hasReview && review == nil ? catalog.reviewProblem(source: source, id: id) : nil
            if context.arguments.flag("json") {
                context.console.json(json(entry, canonicalText: canonicalText, review: review,
                                          reviewError: reviewError, file: catalog.layout.relativeReviewFile(source: source, id: id)))
                return 0
            }
            let console = context.console
            console.print("\(entry.source):\(entry.id)  \(entry.name)")
            console.print("state: \(entry.state.rawValue)   autoPlan: \(entry.autoPlan ? "yes" : "no")")
            for reason in entry.reasons.arrayValue ?? [] { console.print("  " + CatalogError.oneLine(ReasonText.describe(reason))) }
            if let review {
                console.print("review:")
                for field in PlannerField.allCases {
                    guard let c = review.corrections[field] else { console.print("  \(field.rawValue): (not set)"); continue }
                    let stale = c.fingerprint != entry.fingerprint ? "  [made on older text]" : ""
                    console.print("  \(field.rawValue): \(JSONWriter.string(c.value))  (\(CatalogError.oneLine(c.editor)), \(CatalogError.oneLine(c.date))\(c.via == "suggestion" ? ", confirmed suggestion" : ""))\(stale)")
                }
                console.print("  confidence: \(review.confidence.map { Review.format($0) } ?? "(not set)")")
                if case .manualOnly(let reason) = review.planning { console.print("  planning: manual-only: \(CatalogError.oneLine(reason))") }
                if let note = review.note { console.print("  note: \(CatalogError.oneLine(note))") }
                for rule in review.exceptions.keys.sorted() { console.print("  exception [\(CatalogError.oneLine(rule))]: \(CatalogError.oneLine(review.exceptions[rule]!))") }
                // What changed since the review, against the text it was made on.
                let media = upstream?.media
                if let stale = try catalog.staleRecord(review: review, name: entry.name, canonical: CanonicalText(storedText: canonicalText), media: media) {
                    console.print("changed since the review (\(stale.kind.rawValue)); re-confirm with `\(RecordName.command(["accept"], source: entry.source, ids: [entry.id], memberSource: catalog.config.memberSource))`:")
                    for (field, _, diff) in stale.diffs {
                        console.print("  \(field): " + RevalidateCommand.render(diff).replacingOccurrences(of: "\n", with: "\n    "))
                    }
                    if let change = stale.mediaChange { console.print("  animation: \(change.old) → \(change.new)") }
                }
            } else if entry.hasReview {
                // A file is there but no review was read from it: `catalog lint` says why.
                console.print("review: unreadable (\(catalog.layout.relativeReviewFile(source: source, id: id)); catalog lint says why)")
            } else {
                console.print("review: none")
            }
            console.print("fingerprint: \(entry.fingerprint)")
            if let media = upstream?.media {
                console.print("media: \(CatalogError.oneLine(media.file)), \(media.width)×\(media.height), \(LintCommand.plural(media.frames, "frame")), \(media.digest)")
            }
            console.print("canonical text:")
            for line in canonicalText.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.print("  \(line)") }
            console.print("upstream record:")
            console.print(JSONWriter.string(upstream?.json ?? .null, style: .pretty), terminator: "")
            return 0
        })
}

extension ShowCommand {
    /// The JSON `show --json` prints. `reviewError`: why the record's review file `file` did not
    /// read ({message, file, and line and field where known}); null when it read or there is none.
    static func json(_ entry: CatalogIndex.Entry, canonicalText: String, review: Review?, reviewError: CatalogError?, file: String) -> JSONValue {
        var problem: JSONValue = .null
        if let reviewError {
            var members = [JSONMember("message", .string(reviewError.message)), JSONMember("file", .string(file))]
            if let line = reviewError.location.line { members.append(JSONMember("line", .int(line))) }
            if let field = reviewError.location.field { members.append(JSONMember("field", .string(field))) }
            problem = .object(JSONObject(members))
        }
        return .object(JSONObject([
            JSONMember("id", .string(entry.id)),
            JSONMember("source", .string(entry.source)),
            JSONMember("record", entry.upstream?.json ?? .null),
            JSONMember("canonicalText", .string(canonicalText)),
            JSONMember("fingerprint", .string(entry.fingerprint)),
            JSONMember("state", .string(entry.state.rawValue)),
            JSONMember("autoPlan", .bool(entry.autoPlan)),
            JSONMember("reasons", entry.reasons),
            JSONMember("review", review?.json ?? .null),
            JSONMember("reviewError", problem),
        ]))
    }
}

/// Reason codes explained for people, with their details.
enum ReasonText {
    static func explain(_ code: String) -> String {
        switch ReasonCode(rawValue: code) {
        case .reviewMissing?: return "no editor has reviewed this record"
        case .reviewStale?: return "upstream text changed since the review"
        case .upstreamRemoved?: return "gone from the latest upstream release"
        case .fieldMissing?: return "planner fields are not set"
        case .fieldInvalid?: return "planner fields break rules"
        case .lowConfidence?: return "the review's confidence is below the threshold"
        case .manualOnly?: return "the editor keeps it for manual planning"
        case .variant?: return "a copy of another record, which is the one planned"
        case nil: return ""
        }
    }

    static func describe(_ reason: Reason) -> String {
        describe(reason.json)
    }

    /// `CODE: explanation (details)` from a reason's JSON form.
    static func describe(_ reason: JSONValue) -> String {
        guard let object = reason.objectValue, let code = object["code"]?.stringValue else { return "" }
        let d = object["details"]?.objectValue ?? JSONObject()
        var extra: [String] = []
        func list(_ key: String) -> String? { d[key]?.arrayValue.map { $0.compactMap(\.stringValue).joined(separator: ", ") } }
        switch ReasonCode(rawValue: code) {
        case .reviewStale?:
            if let f = list("fields"), !f.isEmpty { extra.append("text changed in: \(f)") }
            if let c = list("corrections") { extra.append("corrections made on older text: \(c)") }
        case .fieldMissing?:
            if let f = list("fields") { extra.append(f) }
        case .fieldInvalid?:
            for finding in d["findings"]?.arrayValue ?? [] {
                guard let f = finding.objectValue else { continue }
                extra.append("[\(f["rule"]?.stringValue ?? "")] \(f["message"]?.stringValue ?? "")")
            }
            if let message = d["message"]?.stringValue { extra.append(message) }
        case .lowConfidence?:
            if case .number(let c)? = d["confidence"], case .number(let t)? = d["threshold"] { extra.append("\(c) < \(t)") }
        case .manualOnly?:
            if let r = d["reason"]?.stringValue { extra.append(r) }
        case .variant?:
            if let of = d["of"]?.stringValue { extra.append("of \(of)") }
        default: break
        }
        return "\(code): \(explain(code))" + (extra.isEmpty ? "" : " (\(extra.joined(separator: "; ")))")
    }
}

extension Console {
    func print(_ text: String, terminator: String) {
        write(text + terminator, toError: false)
    }
}
