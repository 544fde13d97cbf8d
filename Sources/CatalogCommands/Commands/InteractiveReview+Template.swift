import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

extension InteractiveReview {
    // MARK: - Template

    /// The file the editor opens, as `git commit` lays out its message: the review's fields first
    /// (each suggestion beside its field as a commented line the editor can take), then the help:
    /// where the record stands (state, reasons, and for a stale review the word diff against the
    /// text it was made on), the record, and the vocabularies.
    static func template(_ t: ReviewTarget, review: Review) throws -> String {
        let suggestions = try t.catalog.suggester().suggest(t.record, source: t.source, vocabularyKey: try t.catalog.vocabularyKey(t.source))
        var out = "# Review of \(t.source):\(t.id) \"\(CatalogError.printable(t.record.name))\". Save to write it; save it unchanged, or empty, to abort.\n"
        out += "# To take a suggestion, delete the field's line and remove the '#' before the suggested line under it.\n"
        out += "{\n" + fieldLines(review, suggestions: suggestions).joined(separator: "\n") + "\n}\n"
        out += "#\n# Lines starting with '#' are ignored. null leaves a field unset. Lists are JSON lists.\n"
        out += "# planning is \"auto\" or \"manual-only: REASON\".\n#\n"
        out += try standing(t, review: review)
        out += "# Canonical text (\(t.canonical.fingerprint.value)):\n"
        for line in t.canonical.text.split(separator: "\n") { out += "#   \(CatalogError.printable(String(line), limit: .max))\n" }
        out += "#\n# Upstream record:\n"
        for line in JSONWriter.string(t.record.json, style: .pretty).split(separator: "\n") { out += "#   \(line)\n" }
        let v = t.vocabulary
        out += "#\n# Movement patterns: \(v.patterns.map(\.id).joined(separator: ", "))\n"
        out += "# Equipment: \(v.equipment.map(\.id).joined(separator: ", "))\n"
        out += "# Muscle groups: \(v.groups.map(\.id).joined(separator: ", "))\n"
        out += "# Muscles: \(v.muscles.map(\.id).joined(separator: ", "))\n"
        out += "# Levels: \(v.levels.joined(separator: ", "))\n"
        return out
    }

    /// State and reasons of the record with the review as it is, and what changed since it.
    static func standing(_ t: ReviewTarget, review: Review) throws -> String {
        guard t.loaded.review != nil else { return "# State: unreviewed (no review yet)\n#\n" }
        let eligibility = t.eligibility(review)
        var out = "# State: \(eligibility.state.rawValue), " + (eligibility.autoPlan ? "cleared for automatic planning" : "not planned automatically") + "\n"
        for reason in eligibility.reasons { out += "#   " + CatalogError.printable(ReasonText.describe(reason)) + "\n" }
        if let stale = try t.catalog.staleRecord(review: review, name: t.record.name, canonical: t.canonical, media: t.record.media) {
            out += "# Changed upstream since the review (\(stale.kind.rawValue)), [-deleted-] {+inserted+}:\n"
            for (field, _, diff) in stale.diffs {
                let rendered = CatalogError.printable(RevalidateCommand.render(diff), limit: .max, keepLineBreaks: true)
                out += "#   \(field): " + rendered.replacingOccurrences(of: "\n", with: "\n#     ") + "\n"
            }
            if let change = stale.mediaChange { out += "#   animation: \(change.old) → \(change.new)\n" }
            out += "# Saving re-confirms every field against today's text.\n"
        }
        return out + "#\n"
    }

    /// The object's lines, each key's line ending in a comma but the last. A suggestion that
    /// differs from the value follows its field as `#` + the line that would set it, with its
    /// confidence and evidence on a comment line before the field.
    static func fieldLines(_ review: Review, suggestions: RecordSuggestions) -> [String] {
        var lines: [String] = []
        func add(_ key: String, _ value: String, suggested: (value: String, why: String)? = nil) {
            if let suggested { lines.append(CatalogError.printable("  # suggested \(key): \(suggested.why)", limit: .max)) }
            lines.append("  \(JSONWriter.string(.string(key))): \(value),")
            if let suggested { lines.append("# \(JSONWriter.string(.string(key))): \(suggested.value),") }
        }
        for field in PlannerField.allCases {
            let value = review.value(field) ?? .null
            let suggestion = suggestions.fields[field].flatMap { $0.value == value ? nil : $0 }
            add(field.rawValue, JSONWriter.string(value), suggested: suggestion.map { s in
                (JSONWriter.string(s.value), "confidence \(JSONNumber.format(s.confidence)); \(s.evidence.joined(separator: "; "))")
            })
        }
        add("confidence", review.confidence.map { JSONNumber.format($0) } ?? "null")
        let planning = planningText(review.planning)
        let drafted = suggestions.planning.flatMap { $0.value == review.planning ? nil : $0.value }
        add("planning", planning, suggested: drafted.map { d in
            (planningText(d), "confidence \(JSONNumber.format(suggestions.planning?.confidence ?? 0)); \((suggestions.planning?.evidence ?? []).joined(separator: "; "))")
        })
        add("note", review.note.map { JSONWriter.string(.string($0)) } ?? "null")
        lines.append("  \"exceptions\": \(JSONWriter.string(.object(JSONObject(review.exceptions.keys.sorted().map { JSONMember($0, .string(review.exceptions[$0]!)) }))))")
        return lines
    }

    /// A planning mode as the template writes it.
    static func planningText(_ planning: Planning) -> String {
        switch planning {
        case .auto: return "\"auto\""
        case .manualOnly(let reason): return JSONWriter.string(.string("manual-only: " + reason))
        }
    }

    // MARK: - Reading the edited template

    /// The review the edited text describes, or every error in it, each at its line of `body`.
    static func draft(_ body: String, from original: Review, _ t: ReviewTarget) -> Draft {
        let object: JSONObject
        do {
            guard let o = try JSONParser.parse(Array(body.utf8)).objectValue else {
                return .errors([EditError(line: nil, message: "the review must be one JSON object { ... }")])
            }
            object = o
        } catch {
            return .errors([EditError(line: error.line, message: error.message)])
        }
        var errors: [EditError] = []
        func fail(_ key: String, _ message: String) {
            errors.append(EditError(line: line(of: key, in: body), message: "\(key): \(message)"))
        }
        for key in object.keys where !editableKeys.contains(key) {
            fail(key, "not a field of a review (fields: \(editableKeys.sorted().joined(separator: ", ")))")
        }
        // The fields as the workbench's edits are read and applied: values normalised, a field
        // left at its value keeps its correction, null (or left out) removes it.
        var edit = ReviewEdit()
        for field in PlannerField.allCases {
            do {
                edit.fields[field] = .some(try ReviewEdit.value(object[field.rawValue] ?? .null, for: field))
            } catch {
                fail(field.rawValue, error.message)
            }
        }
        var review = edit.applied(to: original, record: t.record, canonical: t.canonical, editor: t.editor, date: t.day)
        readSettings(object, into: &review, fail: fail)
        for finding in t.evaluator.findings(review, recordName: t.record.name) where finding.severity == .hard {
            // The key the finding is about (`equipment[2]` → equipment); a finding on the
            // review's own bookkeeping (basis, corrections) points at the file as a whole.
            let key = finding.field.map { String($0.prefix { $0 != "[" && $0 != "." }) }
            let onKey = key.flatMap { editableKeys.contains($0) ? $0 : nil }
            errors.append(EditError(line: onKey.flatMap { line(of: $0, in: body) }, message: (onKey.map { $0 + ": " } ?? "") + "[\(finding.rule)] \(finding.message)"))
        }
        // Checked here as the store checks it before writing, so the editor re-opens instead of
        // the edit being refused after the editor closed.
        let size = review.fileBytes.count
        if errors.isEmpty && size > ReviewFolder.maxBytes {
            errors.append(EditError(line: line(of: "note", in: body),
                                    message: "the review would take \(size) bytes, above the limit of \(ReviewFolder.maxBytes) for a review file: shorten the note"))
        }
        return errors.isEmpty ? .review(review) : .errors(errors)
    }

    /// confidence, planning, note and exceptions from the edited object, read as the
    /// workbench's body is (`ReviewEdit.readSettings`); the template is the whole review, so a
    /// key left out is a setting cleared.
    static func readSettings(_ object: JSONObject, into review: inout Review, fail: (String, String) -> Void) {
        var edit = ReviewEdit()
        edit.readSettings(object, fail: fail)
        review.confidence = edit.confidence ?? nil
        review.planning = edit.planning ?? .auto
        review.note = edit.note ?? nil
        review.exceptions = edit.exceptions ?? [:]
    }
}
