import CatalogCore
import CatalogStore

enum ReviewCommand {
    static let command = Command(
        name: "review",
        abstract: "Set a record's planner fields, or confirm suggestions in bulk",
        usage: "review ID [--set FIELD=VALUE]... [--unset FIELD]... [--confidence X] [--manual-only REASON | --auto] [--note TEXT] [--except RULE=WHY]... | review --from-suggestions (ID... | --group G | --all)",
        discussion: """
            With --set (and the other field options) the review is written at once, for scripts.
            FIELD is movementPattern, equipment, primaryMuscles, secondaryMuscles, level or
            setupSeconds; lists are comma-separated (`equipment=` means no equipment). Each
            change is a correction that stores the fingerprint of today's upstream text.
            Without options, $EDITOR opens a template with the upstream record, its canonical
            text and the suggestions; the review is validated on save and the editor re-opens
            with the errors until it is valid; saving it unchanged writes nothing.
            --from-suggestions confirms the suggested values of fields not yet set, for the
            given ids, a group (a movement pattern such as horizontal-pull, or target:X,
            equipment:X with an upstream value), or every record; the editor who confirmed is
            recorded on each correction. A review file changed by someone else since it was
            read is never overwritten (exit 73).
            The editor's name comes from --editor, CATALOG_EDITOR or git's user.name.
            """,
        options: [
            .option("set", "FIELD=VALUE", "set a planner field (repeatable)", repeatable: true),
            .option("unset", "FIELD", "remove a planner field from the review (repeatable)", repeatable: true),
            .option("confidence", "X", "the review's confidence, 0 to 1"),
            .option("manual-only", "REASON", "keep the record out of automatic planning, saying why"),
            .flag("auto", "let the record be planned automatically again"),
            .option("note", "TEXT", "a note for other editors (empty removes it)"),
            .option("except", "RULE=WHY", "justify overriding a soft rule (empty WHY removes it; repeatable)", repeatable: true),
            .flag("from-suggestions", "confirm suggested values for fields not yet set"),
            .option("group", "G", "with --from-suggestions: a pattern id, target:X or equipment:X"),
            .flag("all", "with --from-suggestions: every record of the member source"),
            .option("editor", "NAME", "who is reviewing"),
            .flag("json", "print the outcome as JSON"),
        ],
        run: { context in
            let args = context.arguments
            if args.flag("from-suggestions") { return try BulkReview.run(context) }
            if args.flag("all") || args.option("group") != nil {
                throw CatalogError(.usage, "--all and --group go with --from-suggestions")
            }
            let name = try args.positionals(1, "ID")[0]
            let scripted = ["set", "unset", "confidence", "manual-only", "note", "except"].contains { args.options[$0] != nil } || args.flag("auto")
            return scripted ? try scriptedReview(name, context) : try InteractiveReview.run(name, context)
        })

    static func scriptedReview(_ name: String, _ context: CommandContext) throws -> Int32 {
        let args = context.arguments
        let target = try ReviewTarget(name, context)
        let (catalog, source, id, record, canonical, vocabulary, editor, day, loaded) =
            (target.catalog, target.source, target.id, target.record, target.canonical, target.vocabulary, target.editor, target.day, target.loaded)
        var review = loaded.review ?? Review(source: source, id: id)
        for assignment in args.values("set") {
            guard let eq = assignment.firstIndex(of: "=") else { throw CatalogError(.usage, "--set takes FIELD=VALUE, not '\(assignment)'") }
            let fieldName = String(assignment[..<eq])
            guard let field = PlannerField(rawValue: fieldName) else {
                throw CatalogError(.usage, "unknown planner field '\(fieldName)' (fields: \(PlannerField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let value = try field.parse(String(assignment[assignment.index(after: eq)...]))
            let replaced = field.upstreamField.flatMap { record.fields[$0] } ?? .null
            review.set(field, value, replaced: replaced, canonical: canonical, media: record.media?.digest, editor: editor, date: day)
        }
        for fieldName in args.values("unset") {
            guard let field = PlannerField(rawValue: fieldName) else {
                throw CatalogError(.usage, "unknown planner field '\(fieldName)' (fields: \(PlannerField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            review.corrections[field] = nil
            review.pruneBasis()
        }
        if let text = args.option("confidence") {
            guard let value = Double(text), (0...1).contains(value) else { throw CatalogError(.usage, "--confidence takes a number from 0 to 1, not '\(text)'") }
            review.confidence = value
        }
        if let reason = args.option("manual-only") {
            guard !TextNormalizer.normalize(reason).isEmpty else { throw CatalogError(.usage, "--manual-only needs a reason") }
            if args.flag("auto") { throw CatalogError(.usage, "--manual-only and --auto contradict each other") }
            review.planning = .manualOnly(reason: reason)
        }
        if args.flag("auto") { review.planning = .auto }
        if let note = args.option("note") { review.note = note.isEmpty ? nil : note }
        for exception in args.values("except") {
            guard let eq = exception.firstIndex(of: "=") else { throw CatalogError(.usage, "--except takes RULE=WHY, not '\(exception)'") }
            let rule = String(exception[..<eq]), why = String(exception[exception.index(after: eq)...])
            if why.isEmpty { review.exceptions[rule] = nil } else { review.exceptions[rule] = why }
        }
        let hard = review.hardFindings(recordName: record.name, vocabulary: vocabulary)
        if let first = hard.first {
            throw CatalogError(.dataError, "[\(first.rule)] \(first.message)" + (hard.count > 1 ? " (and \(hard.count - 1) more)" : ""),
                               .init(file: catalog.layout.relative(catalog.layout.reviewFile(source: source, id: id)), record: "\(source):\(id)", field: first.field))
        }
        if review == loaded.review {
            context.console.print("no change to \(source):\(id); nothing written")
            return 0
        }
        try catalog.withReviewLock { try catalog.saveReview(review, expected: loaded.sha256) }
        report(review: review, record: record, canonical: canonical, catalog: catalog, vocabulary: vocabulary, context: context)
        return 0
    }

    /// Prints where the record stands after a review was written.
    static func report(review: Review, record: UpstreamRecord, canonical: CanonicalText, catalog: Catalog, vocabulary: Vocabulary, context: CommandContext) {
        let eligibility = Eligibility(Eligibility.Input(
            record: record, canonical: canonical, review: review, vocabulary: vocabulary,
            confidenceThreshold: catalog.config.confidenceThreshold, fingerprintFields: catalog.config.fingerprintFields))
        let file = catalog.layout.relative(catalog.layout.reviewFile(source: review.source, id: review.id))
        if context.arguments.flag("json") {
            context.console.json(.object(JSONObject([
                JSONMember("file", .string(file)), JSONMember("id", .string(review.id)), JSONMember("source", .string(review.source)),
                JSONMember("state", .string(eligibility.state.rawValue)), JSONMember("autoPlan", .bool(eligibility.autoPlan)),
                JSONMember("reasons", .array(eligibility.reasons.map(\.json))),
            ])))
            return
        }
        context.console.print("wrote \(file): \(eligibility.state.rawValue), " + (eligibility.autoPlan ? "cleared for automatic planning" : "not planned automatically"))
        for reason in eligibility.reasons { context.console.print("  " + ReasonText.describe(reason)) }
        for finding in eligibility.findings where finding.severity == .soft {
            context.console.error("warning: [\(finding.rule)] \(finding.message)" + (finding.excepted ? " (excepted)" : "") + " (\(file)\(finding.field.map { ", field \($0)" } ?? ""))")
        }
    }
}

/// Everything a single-record review starts from: the record today, its review as read (with the
/// digest that guards against lost updates), the vocabularies, who is editing and the date.
struct ReviewTarget {
    let catalog: Catalog
    let source: String
    let id: String
    let record: UpstreamRecord
    let canonical: CanonicalText
    let vocabulary: Vocabulary
    let editor: String
    let day: String
    let loaded: LoadedReview

    init(_ name: String, _ context: CommandContext) throws {
        catalog = try context.catalog()
        (source, id) = try catalog.resolve(name)
        (record, canonical) = try catalog.upstreamRecord(source: source, id: id)
        vocabulary = try catalog.vocabulary()
        editor = try EditorIdentity.resolve(context)
        day = try context.day()
        loaded = try catalog.loadReview(source: source, id: id)
    }
}
