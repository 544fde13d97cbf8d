import CatalogCore
import CatalogFiles
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite

/// What the index keeps of one record: where its line is in the snapshot, its fingerprint, its
/// eligibility. Import and index refresh both build rows with `RecordEvaluator`.
struct RecordRow: Sendable {
    var id: String
    var name: String
    var removed: Bool
    /// The SHA-256 of the canonical text, computed once (on a worker) per record.
    var fingerprint: Fingerprint
    /// The XXH64 of the snapshot line: equal lines, equal records.
    var lineDigest: Int64
    var lineOffset: Int
    /// Without the newline.
    var lineLength: Int
    var mediaSha256: String?
    var mediaFrames: Int?
    /// What its review makes of the record (a build needs no review file).
    var columns: ReviewColumns
    /// Size, mtime and inode of the review file when it was read (nil: none; `.racy`: written too
    /// recently to trust its mtime, so it is read again next time).
    var reviewStamp: FileStamp?
    /// The record has a review not read yet (an import's workers read none): the import's merge
    /// either keeps the old row's eligibility or reads the review and evaluates it.
    var reviewPending = false
    /// With `reviewPending`: the review file was not stamped either; the merge stamps it, or when
    /// the rows' stamps hold (`ImportSession.stampsHold`) the old row's stamp stands for it.
    var reviewUnstamped = false
    /// With `reviewPending`, for a record an adapter read whole: the record as a value, for the
    /// merge to evaluate against its review without reading back the line the import wrote. (A
    /// streamed element's line is read back: reading its element again the strict way cost more,
    /// 1.4-1.9x the CPU of a reviewed 10k re-import.)
    var release: ReleaseRecord?

    /// Whether `old`'s eligibility holds for this row too: same text, name, animation and
    /// tombstone flag, and a review file that has not moved since (a racy stamp never matches;
    /// an unstamped row takes the old row's stamp, when the old row had a review).
    func canKeepEligibility(of old: RecordRow) -> Bool {
        fingerprint == old.fingerprint && name == old.name && mediaSha256 == old.mediaSha256 && removed == old.removed
            && (reviewUnstamped ? old.columns.hasReview && old.reviewStamp != nil : reviewStamp == old.reviewStamp) && old.reviewStamp != .racy
    }

    /// This row with `old`'s eligibility.
    func keepingEligibility(of old: RecordRow) -> RecordRow {
        var row = self
        row.columns = old.columns
        row.columns.hasReview = columns.hasReview
        row.reviewPending = false
        if reviewUnstamped {
            row.reviewStamp = old.reviewStamp
            row.reviewUnstamped = false
        }
        return row
    }

    /// What the snapshot diff compares.
    var side: SnapshotDiff.Side {
        SnapshotDiff.Side(fingerprint: fingerprint, removed: removed, mediaSha256: mediaSha256, contentDigest: lineDigest)
    }
}

/// A reviewed record an adapter read whole, carried from the worker that encoded it to the merge:
/// the record and its canonical text. A row holds one only until it is merged.
final class ReleaseRecord: Sendable {
    let record: UpstreamRecord
    let text: [UInt8]

    init(_ record: UpstreamRecord, text: [UInt8]) {
        self.record = record
        self.text = text
    }
}

/// What a review makes of its record's row, from the record's eligibility with it: computed one
/// way wherever a row meets a review (an index refresh, an import, a command that wrote it).
public struct ReviewColumns: Sendable, Equatable {
    var state: RecordState
    var autoPlan: Bool
    var hasReview: Bool
    /// Bit i set: `ReasonCode.allCases[i]` applies.
    var reasonMask: Int
    /// The reasons as JSON, when they have details or are out of code order; nil (nearly every
    /// row) when they are just those `reasonMask` names: `RecordEvaluator.plainReasons(mask:)`.
    var reasons: String?
    /// The planner fields the review sets.
    var plannerFields: PlannerFields
    /// As the index stores them (`PlannerValues.text`).
    var planner: String { plannerFields.text }
    /// What `lint` counts for the file: one for a file that does not read, else each blocking finding.
    var lintErrors: Int
    /// The eligibility may change on a later day (`Eligibility.awaitsALaterDay`): the row is
    /// stored with a racy stamp, so every refresh reads its review again until the day comes.
    /// Not a column: a row read back from the index has its stamp say so.
    var awaitsALaterDay = false

    init(state: RecordState, autoPlan: Bool, hasReview: Bool, reasonMask: Int, reasons: String?, planner: String, lintErrors: Int) {
        self.state = state
        self.autoPlan = autoPlan
        self.hasReview = hasReview
        self.reasonMask = reasonMask
        self.reasons = reasons
        plannerFields = .text(planner)
        self.lintErrors = lintErrors
    }

    /// `reviewError`: why the review file did not read (`eligibility` says so in its reasons).
    /// The lint count is lint's own (`ReviewLint`), on the rule findings `eligibility` holds; a
    /// row's review is for its record, so never an orphan (any name will do).
    public init(_ eligibility: Eligibility, review: Review?, reviewError: CatalogError? = nil) {
        state = eligibility.state
        autoPlan = eligibility.autoPlan
        hasReview = true
        (reasonMask, reasons) = RecordEvaluator.reasons(eligibility)
        plannerFields = .values(PlannerValues(review: review))
        awaitsALaterDay = eligibility.awaitsALaterDay
        let read: ReviewLint.Read? = reviewError.map { .unreadable($0) } ?? review.map { .review($0, bytes: nil) }
        lintErrors = read.map { ReviewLint.errors(ReviewLint.items($0, file: "", source: "", id: "", recordName: "", rules: { _, _ in eligibility.findings })) } ?? 0
    }

    /// Binds the columns after the values bound before, in the order `CatalogIndex.rowColumns`
    /// and the review update name them, and the review file's stamp after them.
    func bind(stamp: FileStamp?, into bind: inout Statement.Binder) throws(SQLiteError) {
        try bind.text(state.rawValue)
        try bind.int(autoPlan ? 1 : 0)
        try bind.int(hasReview ? 1 : 0)
        try bind.int(Int64(reasonMask))
        try bind.text(reasons)
        try bind.text(planner)
        try bind.int(Int64(lintErrors))
        try bind.text(stamp?.stored)
    }
}

/// Computes a record's row: canonical text, fingerprint and eligibility against its review.
/// A value type with no shared state, so workers run it on several records at once; `row` does no
/// I/O: a review file is read by `reviews` (`ReviewSource.load`), and handed in.
struct RecordEvaluator: Sendable {
    let reviews: ReviewSource
    let htmlFields: Set<String>
    /// What a review makes of its record (`Evaluator`): the rows' eligibility, as every door's.
    let evaluator: Evaluator
    /// The canonical text's fields.
    var fields: [String] { evaluator.fingerprintFields }

    /// The row of `record`, whose snapshot line is `line` (written at `offset` later), evaluated
    /// with `review`, its review file as read; nil: a reviewed record's row is left
    /// `reviewPending` (its review is read later, or the import keeps the old row's eligibility).
    func row(_ record: UpstreamRecord, line: UnsafeBufferPointer<UInt8>, review: ReviewFile? = nil) -> RecordRow {
        row(record, text: CanonicalText.bytes(record: record, fields: fields, htmlFields: htmlFields), line: line, review: review)
    }

    /// The row of `record`, whose canonical text is `text`, evaluated with `review` as above.
    func row(_ record: UpstreamRecord, text: [UInt8], line: UnsafeBufferPointer<UInt8>, review: ReviewFile? = nil) -> RecordRow {
        row(id: record.id, name: record.name, removed: record.removed, media: record.media, text: text, line: line, review: review)
    }

    /// The row of a record a `RecordDecoder` decoded, or a snapshot line read without a tree
    /// (`PlainSnapshotLine`), from its canonical text and line, evaluated with `review` as above:
    /// an import's workers read no review, so a reviewed one's is `reviewPending` (the merge reads it).
    func row(_ decoded: DecodedNames, text: [UInt8], line: UnsafeBufferPointer<UInt8>, review: ReviewFile? = nil) -> RecordRow {
        row(id: decoded.id, name: decoded.name, removed: decoded.removed, media: decoded.media, text: text, line: line, review: review)
    }

    private func row(id: String, name: String, removed: Bool, media: MediaInfo?, text: [UInt8], line: UnsafeBufferPointer<UInt8>,
                     review: ReviewFile?) -> RecordRow {
        let fingerprint = Fingerprint(canonicalBytes: text)
        let lineDigest = SnapshotDiff.lineDigest(UnsafeRawBufferPointer(line))
        let hasReview = reviews.reviewed.contains(id)
        var row = RecordRow(
            id: id, name: name, removed: removed, fingerprint: fingerprint, lineDigest: lineDigest,
            lineOffset: 0, lineLength: line.count, mediaSha256: media?.sha256, mediaFrames: media?.frames,
            columns: Self.unreviewed[removed ? 1 : 0], reviewStamp: nil, reviewPending: hasReview, reviewUnstamped: hasReview)
        row.columns.hasReview = hasReview
        guard hasReview, let review else { return row }
        let canonical = CanonicalText(storedText: String(decoding: text, as: UTF8.self), fingerprint: fingerprint)
        row.columns = evaluate(RecordFacts(name: name, removed: removed, mediaDigest: media?.digest), canonical: canonical,
                               review: reviews.parse(review, id: id))
        // A review a later day may clear is read again by the next refresh, as a racy one is.
        row.reviewStamp = row.columns.awaitsALaterDay ? .racy : review.stamp
        row.reviewPending = false
        row.reviewUnstamped = false
        return row
    }

    /// What `review` makes of the row of the record `record` tells of: pure, whatever read the review.
    func evaluate(_ record: RecordFacts, canonical: CanonicalText, review: ReviewRead) -> ReviewColumns {
        let eligibility = evaluator.eligibility(record, canonical: canonical, review: review.review, reviewError: review.error)
        return ReviewColumns(eligibility, review: review.review, reviewError: review.error)
    }

    /// The reason mask and reasons JSON of an eligibility (nil when the mask says it all).
    static func reasons(_ eligibility: Eligibility) -> (mask: Int, reasons: String?) {
        var mask = 0
        for reason in eligibility.reasons { mask |= 1 << ReasonCode.allCases.firstIndex(of: reason.code)! }
        let plain = eligibility.reasons.allSatisfy { $0.details.isEmpty } && eligibility.reasons.map { $0.code } == eligibility.reasons.map { $0.code }.sorted()
        return (mask, plain ? nil : JSONWriter.string(.array(eligibility.reasons.map(\.json))))
    }

    /// The columns of a record without a review read, current and removed: computed once.
    static let unreviewed: [ReviewColumns] = [false, true].map { removed in
        let eligibility = Eligibility.unreviewed(removed: removed)
        let (mask, reasons) = reasons(eligibility)
        return ReviewColumns(state: eligibility.state, autoPlan: eligibility.autoPlan, hasReview: false, reasonMask: mask, reasons: reasons, planner: "", lintErrors: 0)
    }

    /// The reasons JSON of a row whose `reasons` is nil: those its mask names (none for a mask
    /// out of range, which only a damaged index could hold).
    static func plainReasons(mask: Int) -> String {
        plainReasons.indices.contains(mask) ? plainReasons[mask] : plainReasons[0]
    }

    /// The reasons JSON of every set of reasons without details, in code order (`reasons` nil).
    static let plainReasons: [String] = (0..<(1 << ReasonCode.allCases.count)).map { mask in
        let reasons = ReasonCode.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map { Reason($0.element) }
        return JSONWriter.string(.array(reasons.map(\.json)))
    }
}
