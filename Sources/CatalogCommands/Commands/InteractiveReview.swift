import CatalogCore
import CatalogStore
import Foundation

/// `catalog review ID` without options: edit the review in $EDITOR, as `kubectl edit` does.
/// Lines starting with `#` are help and are ignored; invalid input re-opens the editor with the
/// errors on top; an unchanged or emptied file aborts without writing.
enum InteractiveReview {
    static let editableKeys: Set<String> = Set(PlannerField.allCases.map(\.rawValue) + ["confidence", "planning", "note", "exceptions"])

    static func run(_ name: String, _ context: CommandContext) throws -> Int32 {
        let target = try ReviewTarget(name, context)
        let (catalog, source, id, record, canonical, vocabulary, editor, day, loaded) =
            (target.catalog, target.source, target.id, target.record, target.canonical, target.vocabulary, target.editor, target.day, target.loaded)
        let original = loaded.review ?? Review(source: source, id: id)
        let suggestions = try catalog.suggester().suggest(record, source: source, vocabularyKey: try catalog.vocabularyKey(source))
        let template = Self.template(review: original, record: record, canonical: canonical, suggestions: suggestions, vocabulary: vocabulary)

        try FileSystem.createDirectory(catalog.layout.indexDirectory + "/edit")
        let path = catalog.layout.indexDirectory + "/edit/\(source)-\(id)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).review.json"
        defer { unlink(path) }
        var text = template
        while true {
            try FileSystem.writeAtomically(path, text)
            try openEditor(path, context)
            let edited = String(decoding: try FileSystem.read(path), as: UTF8.self)
            if edited == text && text != template {
                // Saved again without fixing the errors: stop rather than loop (as `kubectl edit` does).
                throw CatalogError(.dataError, "the review is still invalid and was not changed; nothing written", .init(record: "\(source):\(id)"))
            }
            let body = stripComments(edited)
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || body == stripComments(template) {
                context.console.print("no changes; review of \(source):\(id) not written")
                return 0
            }
            do {
                let review = try apply(body, to: original, record: record, canonical: canonical, editor: editor, day: day, vocabulary: vocabulary)
                if review == loaded.review {
                    context.console.print("no changes; review of \(source):\(id) not written")
                    return 0
                }
                try catalog.withReviewLock { try catalog.saveReview(review, expected: loaded.sha256) }
                ReviewCommand.report(review: review, record: record, canonical: canonical, catalog: catalog, vocabulary: vocabulary, context: context)
                return 0
            } catch let error as CatalogError where error.kind == .dataError || error.kind == .usage {
                let note = "# ERROR: " + error.description.replacingOccurrences(of: "\n", with: " ") + "\n# Fix it and save again, or empty the file to abort.\n"
                text = note + edited.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# ERROR: ") || $0.hasPrefix("# Fix it and save again") }.joined(separator: "\n")
            }
        }
    }

    static func openEditor(_ path: String, _ context: CommandContext) throws {
        let command = context.console.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? context.console.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        process.environment = context.console.environment
        context.console.flush()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CatalogError(.internalError, "the editor (\(command)) exited with status \(process.terminationStatus); nothing written")
        }
    }

    static func stripComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") }
            .joined(separator: "\n")
    }

    // MARK: - Template

    static func template(review: Review, record: UpstreamRecord, canonical: CanonicalText, suggestions: RecordSuggestions, vocabulary: Vocabulary) -> String {
        var out = "# Review of \(review.source):\(review.id) \"\(record.name)\"\n"
        out += "# Lines starting with '#' are ignored. Save to write the review; save it unchanged, or empty, to abort.\n"
        out += "# null leaves a field unset. Lists are JSON lists. planning is \"auto\" or \"manual-only: REASON\".\n#\n"
        out += "# Canonical text (\(canonical.fingerprint.value)):\n"
        for line in canonical.text.split(separator: "\n") { out += "#   \(line)\n" }
        out += "#\n# Upstream record:\n"
        for line in JSONWriter.string(record.json, style: .pretty).split(separator: "\n") { out += "#   \(line)\n" }
        out += "#\n# Movement patterns: \(vocabulary.patterns.map(\.id).joined(separator: ", "))\n"
        out += "# Equipment: \(vocabulary.equipment.map(\.id).joined(separator: ", "))\n"
        out += "# Muscle groups: \(vocabulary.groups.map(\.id).joined(separator: ", "))\n"
        out += "# Muscles: \(vocabulary.muscles.map(\.id).joined(separator: ", "))\n"
        out += "# Levels: \(vocabulary.levels.joined(separator: ", "))\n"
        out += "{\n"
        var lines: [String] = []
        for field in PlannerField.allCases {
            var line = ""
            if let s = suggestions.fields[field] {
                line += "# suggested \(field.rawValue): \(JSONWriter.string(s.value)) (confidence \(Review.format(s.confidence)); \(s.evidence.joined(separator: "; ")))\n"
            }
            line += "  \"\(field.rawValue)\": \(JSONWriter.string(review.value(field) ?? .null))"
            lines.append(line)
        }
        lines.append("  \"confidence\": \(review.confidence.map { Review.format($0) } ?? "null")")
        switch review.planning {
        case .auto: lines.append("  \"planning\": \"auto\"")
        case .manualOnly(let reason): lines.append("  \"planning\": \(JSONWriter.string(.string("manual-only: " + reason)))")
        }
        lines.append("  \"note\": \(review.note.map { JSONWriter.string(.string($0)) } ?? "null")")
        lines.append("  \"exceptions\": \(JSONWriter.string(.object(JSONObject(review.exceptions.keys.sorted().map { JSONMember($0, .string(review.exceptions[$0]!)) }))))")
        out += lines.joined(separator: ",\n") + "\n}\n"
        return out
    }

    // MARK: - Reading the edited template

    static func apply(_ body: String, to original: Review, record: UpstreamRecord, canonical: CanonicalText, editor: String, day: String, vocabulary: Vocabulary) throws(CatalogError) -> Review {
        let r = try JSONReader.document(Array(body.utf8), file: "the edited review")
        try r.rejectUnknown(editableKeys)
        var review = original
        for field in PlannerField.allCases {
            let value = r.object[field.rawValue] ?? .null
            if value.isNull {
                review.corrections[field] = nil
                continue
            }
            try Review.checkShape(value, of: field, file: r.file, record: nil, path: field.rawValue)
            if value == original.value(field) { continue }
            let replaced = field.upstreamField.flatMap { record.fields[$0] } ?? .null
            review.set(field, value, replaced: replaced, canonical: canonical, media: record.media?.digest, editor: editor, date: day)
        }
        review.pruneBasis()
        review.confidence = try r.optionalNumber("confidence")
        if let confidence = review.confidence, !(0...1).contains(confidence) { throw r.fail("must be from 0 to 1", "confidence") }
        let planning = try r.optionalString("planning") ?? "auto"
        if planning == "auto" {
            review.planning = .auto
        } else if planning.hasPrefix("manual-only:") {
            let reason = TextNormalizer.normalize(String(planning.dropFirst("manual-only:".count)))
            guard !reason.isEmpty else { throw r.fail("manual-only needs a reason: \"manual-only: REASON\"", "planning") }
            review.planning = .manualOnly(reason: reason)
        } else {
            throw r.fail("expected \"auto\" or \"manual-only: REASON\"", "planning")
        }
        review.note = try r.optionalString("note").flatMap { $0.isEmpty ? nil : $0 }
        review.exceptions = [:]
        if let e = try r.optionalObjectReader("exceptions") {
            for member in e.object.members { review.exceptions[member.key] = try e.string(member.key) }
        }
        if let first = review.hardFindings(recordName: record.name, vocabulary: vocabulary).first {
            throw .data("[\(first.rule)] \(first.message)", file: "the edited review", field: first.field)
        }
        return review
    }
}
