import CatalogJSON
import CatalogModel
import CatalogRecords

/// What a review makes of its record: the rule findings and the eligibility (state, reasons,
/// `autoPlan`), under one catalog's settings, vocabularies and day. The one place they are
/// computed, for every door: the index and the import (`RecordEvaluator`), `review --set`, the
/// `$EDITOR` template, `accept`, the bulk drafts and the workbench's save and live check. A value
/// with no I/O, so workers run it on several records at once.
public struct Evaluator: Sendable {
    public let vocabulary: Vocabulary
    public let confidenceThreshold: Double
    /// The fields of the canonical text, in order (a stale review's changed fields are named in it).
    public let fingerprintFields: [String]
    /// The day the clock reads (the rules' `RuleContext.today`).
    public let today: CalendarDay

    public init(vocabulary: Vocabulary, confidenceThreshold: Double, fingerprintFields: [String], today: CalendarDay) {
        self.vocabulary = vocabulary
        self.confidenceThreshold = confidenceThreshold
        self.fingerprintFields = fingerprintFields
        self.today = today
    }

    /// What `review` makes of `record`, whose canonical text is `canonical` (`review` nil: the
    /// record is unreviewed). `reviewError`: the review file did not read (it blocks like a hard rule).
    public func eligibility(_ record: UpstreamRecord, canonical: CanonicalText, review: Review?, reviewError: CatalogError? = nil) -> Eligibility {
        eligibility(RecordFacts(record), canonical: canonical, review: review, reviewError: reviewError)
    }

    /// `eligibility` of a record known by its facts (a snapshot line read without a tree).
    public func eligibility(_ record: RecordFacts, canonical: CanonicalText, review: Review?, reviewError: CatalogError? = nil) -> Eligibility {
        Eligibility(Eligibility.Input(record: record, canonical: canonical, review: review, reviewError: reviewError, vocabulary: vocabulary,
                                      confidenceThreshold: confidenceThreshold, fingerprintFields: fingerprintFields, today: today))
    }

    /// Every rule's finding on `review`, for the record named `recordName` (soft findings with an
    /// exception included, marked): what `eligibility` holds as `findings`, without the rest.
    public func findings(_ review: Review, recordName: String) -> [Finding] {
        RuleEngine.findings(RuleContext(review: review, recordName: recordName, vocabulary: vocabulary, today: today))
    }
}

/// What eligibility takes of a record besides its canonical text: its name, whether it is
/// removed upstream, and its animation's digest.
public struct RecordFacts: Sendable {
    public var name: String
    public var removed: Bool
    public var mediaDigest: String?

    public init(name: String, removed: Bool, mediaDigest: String?) {
        self.name = name
        self.removed = removed
        self.mediaDigest = mediaDigest
    }

    public init(_ record: UpstreamRecord) {
        self.init(name: record.name, removed: record.removed, mediaDigest: record.media?.digest)
    }
}
