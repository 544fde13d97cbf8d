import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

enum ReviewCommand {
    static let command = Command(
        name: "review",
        abstract: "Set a record's planner fields, or confirm suggestions in bulk",
        usage: "review ID... [--set FIELD=VALUE]... [--unset FIELD]... [--confidence X] [--manual-only REASON | --auto] [--note TEXT] [--except RULE=WHY]... [--editor NAME] | review ID | review --from-suggestions (ID... | --group G | --query WORDS | --all) [--confidence X] [--min-draft-confidence X] [--dry-run] [--editor NAME] [--json]",
        discussion: """
            With --set (and the other field options) the reviews are written at once, for scripts:
            one id or many, all or nothing (any id that fails a hard rule, or whose file changed
            meanwhile, writes none). FIELD is movementPattern, equipment, primaryMuscles,
            secondaryMuscles, level, setupSeconds, mechanic, jointStress, laterality or variantOf;
            lists are comma-separated (`equipment=` means no equipment). Each change is a correction that stores the fingerprint of today's
            upstream text.
            With one ID and no options, $EDITOR opens a template with the record's state and
            reasons, the word diff of a stale review, the upstream record, its canonical text and
            the suggestions; every error of a save is listed with its line and the editor re-opens
            until it is valid; saving it unchanged writes nothing. The editor runs on the terminal
            in the foreground ($VISUAL or $EDITOR, with arguments: `code --wait`, `vim -u NONE`).
            --from-suggestions confirms the suggested values of fields not yet set, for the given
            ids, a group (a movement pattern such as horizontal-pull, or target:X, equipment:X
            with an upstream value), the records whose name holds every word of --query, or
            every record. Only what the tool is sure of is confirmed: a field whose draft is below
            --min-draft-confidence X (default: the catalog's confidenceThreshold; 0 confirms every
            draft) stays unset; a record with such a required field (or planning mode) gets the
            sure fields only and is listed as needing a look, by field, and is not cleared.
            --confidence X is the editor's stated confidence in what was confirmed, for every
            record confirmed (also those whose fields were all set); it never confirms a field
            the tool doubts. A draft that would break a rule is never written: the record is left
            out and listed with the rule. It ends with a summary: written, unchanged, need a look
            by field, left out by rule, now cleared, blocked by reason. --dry-run prints the
            same counts and writes nothing.
            The editor who confirmed is recorded on each correction. A review file changed by
            someone else since it was read is never overwritten (exit 73).
            The editor's name comes from --editor, CATALOG_EDITOR or git's user.name.
            JSON keys (--from-suggestions): editor, source, selected, written, alreadyComplete,
            conflicts, leftOut ({id, rules}), leftOutByRule, dryRun, minDraftConfidence, needsLook
            ({id, fields}), needsLookByField, unconfirmed (field → count), cleared, blocked
            (code → count).
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
            .option("query", "WORDS", "with --from-suggestions: records whose name holds every word"),
            .flag("all", "with --from-suggestions: every record of the member source"),
            .option("min-draft-confidence", "X", "with --from-suggestions: confirm only drafts this sure (default: the catalog's threshold)"),
            .flag("dry-run", "with --from-suggestions: print the counts, write nothing"),
            .option("editor", "NAME", "who is reviewing"),
            .flag("json", "print the outcome as JSON"),
        ],
        run: { context in
            let args = context.arguments
            if args.flag("from-suggestions") { return try BulkReview.run(context) }
            if args.flag("all") || args.flag("dry-run") || ["group", "query", "min-draft-confidence"].contains(where: { args.option($0) != nil }) {
                throw CatalogError(.usage, "--all, --group, --query, --min-draft-confidence and --dry-run go with --from-suggestions")
            }
            let names = args.positionals
            guard !names.isEmpty else { throw CatalogError(.usage, "review takes an ID (or --from-suggestions)") }
            let scripted = ["set", "unset", "confidence", "manual-only", "note", "except"].contains { args.options[$0] != nil } || args.flag("auto")
            if scripted { return try scriptedReview(names, context) }
            guard names.count == 1 else { throw CatalogError(.usage, "$EDITOR edits one review at a time; to change many, pass --set, --confidence or --manual-only") }
            return try InteractiveReview.run(names[0], context)
        })

    /// `--confidence X`, checked.
    static func confidenceOption(_ args: ParsedArguments) throws(CatalogError) -> Double? {
        guard let text = args.option("confidence") else { return nil }
        guard let value = Double(text), (0...1).contains(value) else { throw CatalogError(.usage, "--confidence takes a number from 0 to 1, not '\(text)'") }
        return value
    }

    /// The review options applied to each named record; all are checked before any is written,
    /// and all are written together or none, with their index rows (`ReviewIndexing`).
    static func scriptedReview(_ names: [String], _ context: CommandContext) throws -> Int32 {
        var targets: [ReviewTarget] = []
        var reviews: [(review: Review, eligibility: Eligibility)] = []
        var problems: [String] = []
        let catalog = try context.catalog()
        let editor = try EditorIdentity.resolve(context), day = try context.day()
        var edit: ReviewEdit?
        for name in names {
            let target = try ReviewTarget(name, catalog: catalog, context, editor: editor, day: day)
            if targets.contains(where: { $0.source == target.source && $0.id == target.id }) { continue }
            // The options are read once, after the first name resolved (its error comes first).
            let options = try edit ?? scriptedEdit(context.arguments)
            edit = options
            let review = options.applied(to: target.loaded.review ?? Review(source: target.source, id: target.id), record: target.record,
                                         canonical: target.canonical, editor: editor, date: day)
            let eligibility = target.eligibility(review)
            let hard = eligibility.findings.filter { $0.severity == .hard }
            if let first = hard.first {
                let where_ = CatalogError.Location(file: catalog.layout.relativeReviewFile(source: target.source, id: target.id),
                                                   record: "\(target.source):\(target.id)", field: first.field)
                problems.append("[\(first.rule)] \(first.message)" + (hard.count > 1 ? " (and \(hard.count - 1) more)" : "") + " (\(where_.description))")
            }
            targets.append(target)
            reviews.append((review, eligibility))
        }
        if let first = problems.first {
            let rest = problems.count > 1 ? "; nothing written for any of the \(targets.count) records (\(problems.count) fail: " + problems.dropFirst().joined(separator: "; ") + ")" : ""
            throw CatalogError(.dataError, first + rest)
        }
        let changed = zip(targets, reviews).filter { $0.1.review != $0.0.loaded.review }
        if changed.isEmpty {
            context.console.print(names.count == 1 ? "no change to \(targets[0].source):\(targets[0].id); nothing written" : "no change to any of the \(targets.count) reviews; nothing written")
            return 0
        }
        let indexing = try catalog.reviewIndexing(source: catalog.config.memberSource)
        let history = HistoryContext(door: .review, editor: targets[0].editor, at: try context.date())
        try catalog.withReviewLock {
            if changed.count == 1 {
                try catalog.saveReview(changed[0].1.review, expected: changed[0].0.loaded.sha256, eligibility: changed[0].1.eligibility, indexing: indexing,
                                       history: history)
            } else {
                try catalog.saveReviews(changed.map { ReviewWrite($0.1.review, expected: $0.0.loaded.sha256, eligibility: $0.1.eligibility) },
                                        allOrNothing: true, indexing: indexing, history: history)
            }
        }
        indexing.finish()
        for (_, item) in changed {
            report(review: item.review, eligibility: item.eligibility, catalog: catalog, context: context)
        }
        if targets.count > 1 && !context.arguments.flag("json") {
            context.console.print("\(changed.count) of \(LintCommand.plural(targets.count, "review")) written (\(targets.count - changed.count) unchanged)")
        }
        return 0
    }

    /// The command's field options as one edit (`ReviewEdit`), checked: every field given is a
    /// new correction against today's text, even one set to the value it has.
    static func scriptedEdit(_ args: ParsedArguments) throws -> ReviewEdit {
        var edit = ReviewEdit()
        edit.keepsUnchanged = false
        func field(_ name: String) throws -> PlannerField {
            guard let field = PlannerField(rawValue: name) else {
                throw CatalogError(.usage, "unknown planner field '\(name)' (fields: \(PlannerField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return field
        }
        for assignment in args.values("set") {
            guard let eq = assignment.firstIndex(of: "=") else { throw CatalogError(.usage, "--set takes FIELD=VALUE, not '\(assignment)'") }
            let target = try field(String(assignment[..<eq]))
            edit.fields[target] = .some(try target.parse(String(assignment[assignment.index(after: eq)...])))
        }
        // After every --set: a field both set and unset ends unset.
        for name in args.values("unset") { edit.fields[try field(name)] = .some(nil) }
        if let value = try confidenceOption(args) { edit.confidence = value }
        if let reason = args.option("manual-only") {
            guard !TextNormalizer.normalize(reason).isEmpty else { throw CatalogError(.usage, "--manual-only needs a reason") }
            if args.flag("auto") { throw CatalogError(.usage, "--manual-only and --auto contradict each other") }
            edit.planning = .manualOnly(reason: reason)
        }
        if args.flag("auto") { edit.planning = .auto }
        if let note = args.option("note") { edit.note = .some(note.isEmpty ? nil : note) }
        for exception in args.values("except") {
            guard let eq = exception.firstIndex(of: "=") else { throw CatalogError(.usage, "--except takes RULE=WHY, not '\(exception)'") }
            let why = String(exception[exception.index(after: eq)...])
            edit.exceptionChanges[String(exception[..<eq])] = .some(why.isEmpty ? nil : why)
        }
        return edit
    }

    /// Prints where the record stands after a review was written (`eligibility`: the review's).
    static func report(review: Review, eligibility: Eligibility, catalog: Catalog, context: CommandContext) {
        let file = catalog.layout.relativeReviewFile(source: review.source, id: review.id)
        if context.arguments.flag("json") {
            context.console.json(.object(JSONObject([
                JSONMember("file", .string(file)), JSONMember("id", .string(review.id)), JSONMember("source", .string(review.source)),
                JSONMember("state", .string(eligibility.state.rawValue)), JSONMember("autoPlan", .bool(eligibility.autoPlan)),
                JSONMember("reasons", .array(eligibility.reasons.map(\.json))),
            ])))
            return
        }
        context.console.print("wrote \(file): \(eligibility.state.rawValue), " + (eligibility.autoPlan ? "cleared for automatic planning" : "not planned automatically"))
        for reason in eligibility.reasons { context.console.print("  " + CatalogError.oneLine(ReasonText.describe(reason))) }
        if eligibility.reasons.contains(where: { $0.code == .fieldMissing }) {
            let command = RecordName.command(["review", "--from-suggestions"], source: review.source, ids: [review.id], memberSource: catalog.config.memberSource)
            context.console.print("  the fields not set yet can be drafted from suggestions: `\(command)`")
        }
        // As lint will say it: a soft rule broken without a justification is an error there (export
        // stops at it), one with a justification a note.
        for finding in eligibility.findings where finding.severity == .soft {
            let place = file + (finding.field.map { ", field \($0)" } ?? "")
            if finding.excepted {
                context.console.error(CatalogError.diagnostic("note", "[\(finding.rule)] \(finding.message) (excepted)", at: place))
            } else {
                context.console.error(CatalogError.diagnostic("warning", "[\(finding.rule)] \(finding.message)", at: place)
                    + "; a soft rule: until it is justified with --except \(finding.rule)=WHY, lint counts it as an error and export stops")
            }
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
    /// What a review makes of the record (its findings and eligibility).
    let evaluator: Evaluator
    var vocabulary: Vocabulary { evaluator.vocabulary }
    let editor: String
    let day: String
    let loaded: LoadedReview

    /// `editor` and `day` when already known: many targets of one command ask git once, and
    /// read one catalog (`catalog`: opened once for them all).
    init(_ name: String, catalog: Catalog? = nil, _ context: CommandContext, editor: String? = nil, day: String? = nil) throws {
        self.catalog = try catalog ?? context.catalog()
        (source, id) = try self.catalog.resolve(name)
        (record, canonical) = try self.catalog.upstreamRecord(source: source, id: id)
        evaluator = try self.catalog.evaluator()
        self.editor = try editor ?? EditorIdentity.resolve(context)
        self.day = try day ?? context.day()
        loaded = try self.catalog.loadReview(source: source, id: id)
    }

    /// What `review` makes of the record today.
    func eligibility(_ review: Review) -> Eligibility {
        evaluator.eligibility(record, canonical: canonical, review: review)
    }
}
