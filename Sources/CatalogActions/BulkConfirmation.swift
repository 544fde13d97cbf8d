import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

/// Confirming the suggestions for many records at once: `catalog review --from-suggestions` and
/// the workbench's Confirm both run `BulkConfirmation.run`; the first prints its outcome, the
/// second answers with the outcome's `json`. A draft that would break a rule (hard, or soft
/// without an exception) is never written: the record is left out and listed with the rule, so
/// a bulk-confirmed catalog passes lint. A field whose draft is below the minimum confidence is
/// not confirmed: the record needs a look.
public struct BulkConfirmation: Sendable {
    /// Which records of the member source are confirmed.
    public enum Selection: Sendable {
        /// These records (`SOURCE:ID` or ids, as typed).
        case names([String])
        /// The records of a group (`equipment:barbell`, `pattern:squat`, ...).
        case group(String)
        /// The records whose name holds every word.
        case query(String)
        case all
    }

    public var selection: Selection
    /// Who confirms.
    public var editor: String
    /// The confidence the editor states for every record confirmed; nil: a new review takes the
    /// lowest of the suggestions it confirms.
    public var confidence: Double?
    /// A field's draft is confirmed only at or above this; nil: the catalog's threshold.
    public var minimum: Double?
    /// Drafts and counts, and writes nothing.
    public var dryRun: Bool
    /// The day stamped on corrections, and the time the history records.
    public var day: String
    public var at: String

    public init(_ selection: Selection, editor: String, confidence: Double? = nil, minimum: Double? = nil, dryRun: Bool = false, day: String, at: String) {
        self.selection = selection
        self.editor = editor
        self.confidence = confidence
        self.minimum = minimum
        self.dryRun = dryRun
        self.day = day
        self.at = at
    }

    /// What happened to the selected records.
    public struct Outcome: Sendable {
        public var editor: String
        public var source: String
        /// A field's draft was confirmed only at or above this confidence.
        public var minimum: Double
        public var selected = 0
        public var written: [String] = []
        public var unchanged = 0
        public var conflicts: [String] = []
        /// id → the rules its draft would break.
        public var leftOut: [(id: String, rules: [RuleID])] = []
        /// Review files that did not read (a selected record's or a sibling's), with why: passed
        /// over, so that one broken file does not stop everyone's confirmation.
        public var skipped: [(file: String, reason: String)] = []
        public var cleared = 0
        public var blocked: [ReasonCode: Int] = [:]
        /// Records written with the sure fields only: id → the required fields (and planning)
        /// whose draft was below the minimum, not confirmed.
        public var needsLook: [(id: String, fields: [String])] = []
        /// Other fields not confirmed for the same reason: field → records.
        public var unsure: [String: Int] = [:]
        /// `--dry-run`: `written` holds the ids that would be written; nothing was.
        public var dryRun = false
    }

    /// Drafts, checks and writes the selected records' reviews under the review lock, their index
    /// rows and history entries with them (one batch); progress goes to `catalog.progress`.
    public func run(_ catalog: Catalog) throws -> Outcome {
        let source = catalog.config.memberSource
        var names: [String] = [], group: String?, query: String?
        switch selection {
        case .names(let given): names = given
        case .group(let given): group = given
        case .query(let given): query = given
        case .all: break
        }
        let recordGroup = try group.map(RecordGroup.init)
        let minimum = minimum ?? catalog.config.confidenceThreshold
        let drafter = Drafter(source: source, wanted: try Self.selectedIDs(names, catalog: catalog, source: source),
                              query: query.map { $0.lowercased().split(separator: " ").map(String.init) }, group: recordGroup,
                              html: Set(try catalog.meta(source).htmlFields), evaluator: try catalog.evaluator(),
                              confidence: confidence, minimum: minimum, editor: editor, day: day)
        // The rows of the reviews written go into the index now, not in the next command.
        let indexing = try catalog.reviewIndexing(source: source)
        let history = HistoryContext(door: .bulk, editor: editor, at: at,
                                     batch: HistoryContext.batchID(door: .bulk, editor: editor, at: at, ids: names + [group ?? "", query ?? ""]))
        // Held while the drafts are made and written: each file's check and write are one step.
        let outcome = try catalog.withReviewLock {
            var history = history
            // The history folder listed once: no record's file is looked up by name.
            if !dryRun { history.listed = [source: catalog.history.listed(source: source)] }
            return try Self.draftAndWrite(catalog, drafter: drafter, indexing: indexing, history: history, dryRun: dryRun)
        }
        guard outcome.selected > 0 else {
            let hint = try recordGroup.map { g in g.kind == .pattern ? NearMiss.hint(g.value, among: try catalog.vocabulary().patterns.map(\.id)) : "" } ?? ""
            throw CatalogError(.usage, group.map { "no record of \(source) is in group '\($0)'\(hint)" } ?? "no record selected")
        }
        catalog.progress("indexing \(outcome.written.count) reviews")
        indexing.finish()
        return outcome
    }

    /// What the workers make of one record: the eligibility the outcome counts, the rules its
    /// draft would break, and the file to write (nil: the review stays as it is); or, when its
    /// review file does not read, why (it is skipped).
    enum Step: Sendable {
        case item(Item)
        case unread(file: String, reason: String)
    }

    struct Item: Sendable {
        var id: String
        var counted: Eligibility
        var breaks: [RuleID]
        var write: ReviewWrite?
        var needsLook: [String]
        var unsure: [String]
    }

    /// Reads, drafts and serialises each selected record's review on all cores (a record is read
    /// once, its suggestions made once), and writes them a batch at a time on two threads of their
    /// own while the next records are drafted (`BatchWriter`). Call inside `withReviewLock`.
    /// `dryRun`: drafts and counts, and writes nothing.
    static func draftAndWrite(_ catalog: Catalog, drafter: Drafter, indexing: ReviewIndexing, history: HistoryContext, dryRun: Bool) throws(CatalogError) -> Outcome {
        let source = drafter.source
        // A review takes the suggestions' values, never their evidence: none is made.
        var quiet = try catalog.suggester()
        quiet.explains = false
        let suggester = quiet
        let key = try catalog.vocabularyKey(source)
        let reviewed = catalog.reviewedIDSet(source)
        let meta = try catalog.meta(source)
        let current = meta.total - meta.removed
        let store = catalog.reviews, layout = catalog.layout
        let writer = BatchWriter(store: store, indexing: indexing, history: history)
        var outcome = Outcome(editor: drafter.editor, source: source, minimum: drafter.minimum)
        let progress = catalog.progress
        outcome.dryRun = dryRun
        var pending: [ReviewWrite] = []
        var seen = 0
        try catalog.forEachRecord(source, currentOnly: true, transform: { record -> Result<Step?, CatalogError> in
            Result { () throws(CatalogError) -> Step? in
                // Every review file is read, selected or not; one that does not read is skipped
                // and listed (a sibling's too: the suggestions are made without it).
                let loaded: LoadedReview
                do throws(CatalogError) {
                    loaded = reviewed.contains(record.id) ? try store.load(source: source, id: record.id) : LoadedReview(review: nil, sha256: nil)
                } catch {
                    return .unread(file: layout.relativeReviewFile(source: source, id: record.id), reason: ReviewLint.problem(error))
                }
                guard drafter.named(record) else { return nil }
                let suggestions = suggester.suggest(record, source: source, vocabularyKey: key)
                guard drafter.selects(record, review: loaded.review, suggestions: suggestions) else { return nil }
                let drafted = drafter.prepare(record, original: loaded.review, suggestions: suggestions)
                let changed = drafted.breaks.isEmpty && drafted.review != loaded.review
                return .item(Item(id: record.id, counted: drafted.counted, breaks: drafted.breaks,
                                  write: changed ? ReviewWrite(drafted.review, expected: loaded.sha256, eligibility: drafted.eligibility) : nil,
                                  needsLook: drafted.needsLook, unsure: drafted.unsure))
            }
        }) { result throws(CatalogError) in
            seen += 1
            if seen % 1000 == 0 { progress("drafting \(seen)") }
            let item: Item
            switch try result.get() {
            case nil: return
            case .unread(let file, let reason)?:
                outcome.skipped.append((file, reason))
                return
            case .item(let drafted)?: item = drafted
            }
            outcome.selected += 1
            outcome.count(item.counted)
            guard item.breaks.isEmpty else {
                outcome.leftOut.append((item.id, item.breaks))
                return
            }
            for field in item.unsure { outcome.unsure[field, default: 0] += 1 }
            if !item.needsLook.isEmpty { outcome.needsLook.append((item.id, item.needsLook)) }
            guard let write = item.write else { outcome.unchanged += 1; return }
            if dryRun { outcome.written.append(item.id); return }
            pending.append(write)
            // A batch at a time (one flush to disk each), so a million drafts never wait in memory.
            if pending.count >= BatchWriter.batchSize(remaining: current - seen) {
                progress("writing \(pending.count) reviews (\(writer.writtenCount) written)")
                try writer.submit(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if outcome.selected > 0 && !pending.isEmpty {
            progress("writing \(pending.count) reviews (\(writer.writtenCount) written)")
            try writer.submit(pending)
        }
        if !dryRun { (outcome.written, outcome.conflicts) = try writer.drain() }
        return outcome
    }

    /// A selected record's draft, its eligibility, the rules it would break (sorted), and the
    /// eligibility the outcome counts (the draft's, or the review's as it stays).
    struct Drafted: Sendable {
        var review: Review
        var eligibility: Eligibility
        var breaks: [RuleID]
        var counted: Eligibility
        /// What `Draft` did not confirm.
        var needsLook: [String]
        var unsure: [String]
    }

    /// Which records are selected, and their drafts: pure, so it runs on all cores.
    struct Drafter: Sendable {
        let source: String
        let wanted: Set<String>?
        let query: [String]?
        let group: RecordGroup?
        let html: Set<String>
        /// What a draft makes of its record: every rule, and the eligibility.
        let evaluator: Evaluator
        let confidence: Double?
        /// A field's draft is confirmed only at or above this confidence.
        let minimum: Double
        let editor: String
        let day: String

        /// Whether the record is one of the ids or its name holds the query's words (when given).
        func named(_ record: UpstreamRecord) -> Bool {
            if let wanted, !wanted.contains(record.id) { return false }
            if let query, case let name = record.name.lowercased(), !query.allSatisfy({ name.contains($0) }) { return false }
            return true
        }

        func selects(_ record: UpstreamRecord, review: Review?, suggestions: RecordSuggestions) -> Bool {
            named(record) && group?.matches(record: record, review: review, suggestions: suggestions) ?? true
        }

        func prepare(_ record: UpstreamRecord, original: Review?, suggestions: RecordSuggestions) -> Drafted {
            // Its fingerprint hashed once (every correction and the eligibility ask for it).
            let text = CanonicalText(record: record, fields: evaluator.fingerprintFields, htmlFields: html)
            let canonical = CanonicalText(storedText: text.text, fingerprint: text.fingerprint)
            let made = draft(original ?? Review(source: source, id: record.id), record: record, canonical: canonical,
                             suggestions: suggestions, confidence: confidence, minimum: minimum, editor: editor, day: day)
            let review = made.review
            // The draft's eligibility runs every rule: its blocking findings decide whether it is written.
            func eligibility(_ review: Review?) -> Eligibility {
                evaluator.eligibility(record, canonical: canonical, review: review)
            }
            let drafted = eligibility(review)
            let breaks = Set(drafted.findings.filter { !$0.excepted }.map(\.rule))
            return Drafted(review: review, eligibility: drafted, breaks: breaks.sorted(), counted: breaks.isEmpty ? drafted : eligibility(original),
                           needsLook: made.needsLook, unsure: made.unsure)
        }
    }

    /// The ids named on the command line (each must be a record of the member source), or nil.
    static func selectedIDs(_ names: [String], catalog: Catalog, source: String) throws -> Set<String>? {
        guard !names.isEmpty else { return nil }
        var ids = Set<String>()
        for name in names {
            let resolved = try catalog.resolve(name)
            guard resolved.source == source else { throw CatalogError(.usage, "\(name) is not in the member source \(source)") }
            ids.insert(resolved.id)
        }
        return ids
    }

    /// A record's draft: the review, and the fields the tool doubts (their draft below the
    /// minimum), not confirmed: required ones and the planning mode (the record needs a look),
    /// and the others.
    struct Draft: Sendable {
        var review: Review
        var needsLook: [String] = []
        var unsure: [String] = []
    }

    /// The review with every suggested value of a field not yet set whose draft is at or above
    /// `minimum` (the others are left unset and named in the draft), confirmed by `editor`, and
    /// for a new review the drafted planning mode when it is as sure. A suggested secondary
    /// muscle the review has as primary is dropped. The editor's stated `confidence` applies to
    /// every record confirmed, else a new review takes the lowest confidence among the
    /// suggestions it confirmed for the fields planning requires; an unsure planning mode caps it
    /// (the record is not cleared on a mode the tool doubts; an unsure required field is missing).
    static func draft(_ original: Review, record: UpstreamRecord, canonical: CanonicalText, suggestions: RecordSuggestions,
                      confidence: Double?, minimum: Double, editor: String, day: String) -> Draft {
        var draft = Draft(review: original)
        var used: [Double] = []
        for field in PlannerField.allCases where original.corrections[field] == nil {
            guard let suggestion = suggestions.fields[field] else { continue }
            let required = PlannerField.required.contains(field)
            guard suggestion.confidence >= minimum else {
                if required { draft.needsLook.append(field.rawValue) } else { draft.unsure.append(field.rawValue) }
                continue
            }
            var value = suggestion.value
            if field == .secondaryMuscles, let items = value.arrayValue {
                let primary = Set((draft.review.value(.primaryMuscles)?.arrayValue ?? []).compactMap(\.stringValue))
                value = .array(items.filter { $0.stringValue.map { !primary.contains($0) } ?? true })
            }
            let replaced = field.upstreamField.flatMap { record.fields[$0] } ?? .null
            draft.review.set(field, value, replaced: replaced, canonical: canonical, media: record.media?.digest, editor: editor, date: day, via: .suggestion)
            // The record's confidence is in what decides whether it can be planned; the scoring
            // extras (mechanic, joint stress, laterality, variantOf) keep their own in the draft.
            if required { used.append(suggestion.confidence) }
        }
        if let confidence {
            draft.review.confidence = confidence
        } else if draft.review.confidence == nil, let lowest = used.min() {
            draft.review.confidence = lowest
        }
        // A new review takes the drafted planning mode too (a stretch or a cardio drill is
        // manual-only, with the reason); an existing review keeps the mode an editor chose.
        if original.corrections.isEmpty && original.planning == .auto, let planning = suggestions.planning, let mode = suggestions.planning?.value {
            if planning.confidence >= minimum {
                draft.review.planning = mode
            } else {
                draft.needsLook.append("planning")
                draft.review.confidence = min(draft.review.confidence ?? planning.confidence, planning.confidence)
            }
        }
        return draft
    }
}

extension BulkConfirmation.Outcome {
    mutating func count(_ eligibility: Eligibility) {
        if eligibility.autoPlan { cleared += 1 }
        for reason in eligibility.reasons { blocked[reason.code, default: 0] += 1 }
    }
}
