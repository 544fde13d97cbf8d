import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore

/// Re-confirming stale reviews against today's upstream text: an editor's explicit decision
/// that a review still holds after upstream changed. `catalog accept` and the workbench's
/// Re-confirm both run `Acceptance.run`; the first prints its outcome, the second answers with
/// the outcome's `json`. Nothing is accepted automatically.
public enum Acceptance {
    /// What happened to the records named.
    public struct Outcome: Sendable {
        public var editor: String
        /// `SOURCE:ID` of each review re-confirmed.
        public var accepted: [String] = []
        /// Reviews changed on disk meanwhile, left alone.
        public var conflicts: [String] = []
        /// Records with nothing to accept (removed upstream, or current already), and why.
        public var skipped: [(id: String, why: String)] = []

        /// The document `catalog accept --json` prints and `POST /api/accept` answers: editor,
        /// accepted, conflicts, skipped ({id, why}).
        public var json: JSONValue {
            .object(JSONObject([
                JSONMember("editor", .string(editor)), JSONMember("accepted", .strings(accepted)), JSONMember("conflicts", .strings(conflicts)),
                JSONMember("skipped", .array(skipped.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("why", .string($0.why))])) })),
            ]))
        }
    }

    /// What a door may show as the run goes: the records skipped (all of them, once every target
    /// has been read and checked), then each record just before its review is written, and each
    /// review left alone because it changed on disk.
    public enum Event {
        case skipped(id: String, why: String)
        case saving(source: String, id: String, name: String, stale: StaleRecord)
        case conflict(CatalogError)
    }

    /// The stale reviews of `source` whose record kind is `kind`.
    public static func targets(_ catalog: Catalog, kind: ChangeKind, source: String) throws(CatalogError) -> [(source: String, id: String)] {
        try catalog.revalidation(source: source).stale(of: kind).map { (source, $0.id) }
    }

    /// The records `names` resolve to (`SOURCE:ID` or an id of the member source).
    public static func targets(_ catalog: Catalog, names: [String]) throws(CatalogError) -> [(source: String, id: String)] {
        var targets: [(source: String, id: String)] = []
        for name in names { targets.append(try catalog.resolve(name)) }
        return targets
    }

    /// Re-confirms the stale reviews of `targets` as `editor`: every correction's fingerprint and
    /// basis text move to today's text, stamped `day`, each review is evaluated and saved with its
    /// index row and a history entry (at `at`, one batch). Everything is read and checked first:
    /// a bad target throws before any write.
    public static func run(_ catalog: Catalog, targets: [(source: String, id: String)], editor: String, day: String, at: String,
                           observe: (Event) -> Void = { _ in }) throws -> Outcome {
        var outcome = Outcome(editor: editor)
        let plan = try self.plan(catalog, targets: targets, editor: editor, day: day, skipped: &outcome.skipped)
        for item in outcome.skipped { observe(.skipped(id: item.id, why: item.why)) }
        let history = HistoryContext(door: .accept, editor: editor, at: at,
                                     batch: HistoryContext.batchID(door: .accept, editor: editor, at: at, ids: plan.map { "\($0.source):\($0.id)" }))
        // The rows of the reviews accepted go into the index now, not in the next command.
        let indexing = try catalog.reviewIndexing(source: catalog.config.memberSource)
        let evaluator = try catalog.evaluator()
        try catalog.withReviewLock {
            for item in plan {
                observe(.saving(source: item.source, id: item.id, name: item.record.name, stale: item.stale))
                do {
                    let eligibility = evaluator.eligibility(item.record, canonical: item.canonical, review: item.review)
                    try catalog.saveReview(item.review, expected: item.loaded.sha256, eligibility: eligibility, indexing: indexing, history: history)
                    outcome.accepted.append("\(item.source):\(item.id)")
                } catch let error as CatalogError where error.kind == .conflict {
                    outcome.conflicts.append("\(item.source):\(item.id)")
                    observe(.conflict(error))
                }
            }
        }
        indexing.finish()
        return outcome
    }

    /// A stale review re-confirmed, about to be written.
    typealias Accepted = (source: String, id: String, record: UpstreamRecord, canonical: CanonicalText, loaded: LoadedReview, review: Review, stale: StaleRecord)

    /// Each target's review re-confirmed in memory; the records with nothing to accept go to `skipped`.
    static func plan(_ catalog: Catalog, targets: [(source: String, id: String)], editor: String, day: String,
                     skipped: inout [(id: String, why: String)]) throws(CatalogError) -> [Accepted] {
        var snapshots: [String: [String: UpstreamRecord]] = [:]
        var plan: [Accepted] = []
        for (source, id) in targets {
            if snapshots[source] == nil {
                snapshots[source] = Dictionary(try catalog.snapshot(source).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            }
            guard let record = snapshots[source]![id] else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: "\(source):\(id)")) }
            let loaded = try catalog.loadReview(source: source, id: id)
            guard var review = loaded.review else {
                throw CatalogError(.dataError, "\(source):\(id) has no review to accept; use `catalog review`; nothing accepted", .init(record: "\(source):\(id)"))
            }
            if record.removed {
                // Nothing to accept against: the review stays for when the record returns.
                skipped.append(("\(source):\(id)", "removed upstream (UPSTREAM_REMOVED); its review is kept for when it returns"))
                continue
            }
            let canonical = catalog.canonicalText(record, htmlFields: try catalog.meta(source).htmlFields)
            guard let stale = try catalog.staleRecord(review: review, name: record.name, canonical: canonical, media: record.media) else {
                skipped.append(("\(source):\(id)", "current already"))
                continue
            }
            review.accept(canonical: canonical, media: record.media, editor: editor, date: day)
            plan.append((source, id, record, canonical, loaded, review, stale))
        }
        return plan
    }
}
