import CatalogJSON
import CatalogModel
import CatalogRecords

/// A record's state, `autoPlan` and every reason that applies, each with its details.
public struct Eligibility: Sendable, Equatable {
    public var state: RecordState
    public var reasons: [Reason]
    /// The rule findings on the review (soft findings with an exception included, marked).
    public var findings: [Finding] = []
    /// A correction is dated after the clock's tomorrow: the same review may pass on a later
    /// day, so whoever keeps this eligibility must compute it again (the index reads it again).
    public var awaitsALaterDay = false
    public var autoPlan: Bool { reasons.isEmpty }

    /// Everything that decides eligibility for one record: made only by `Evaluator`.
    struct Input: Sendable {
        /// What the record goes by: its name, whether it is removed, its animation.
        var record: RecordFacts
        var canonical: CanonicalText
        var review: Review?
        /// The review file could not be read: it blocks like a hard rule.
        var reviewError: CatalogError?
        var vocabulary: Vocabulary
        var confidenceThreshold: Double
        var fingerprintFields: [String]
        /// The day the clock reads (the rules' `RuleContext.today`).
        var today: CalendarDay

        init(record: RecordFacts, canonical: CanonicalText, review: Review?, reviewError: CatalogError? = nil,
                    vocabulary: Vocabulary, confidenceThreshold: Double, fingerprintFields: [String], today: CalendarDay) {
            self.record = record
            self.canonical = canonical
            self.review = review
            self.reviewError = reviewError
            self.vocabulary = vocabulary
            self.confidenceThreshold = confidenceThreshold
            self.fingerprintFields = fingerprintFields
            self.today = today
        }
    }

    public init(state: RecordState, reasons: [Reason], findings: [Finding] = []) {
        self.state = state
        self.reasons = reasons
        self.findings = findings
    }

    init(_ input: Input) {
        var reasons: [Reason] = []
        let removed = input.record.removed
        guard input.review != nil || input.reviewError != nil else {
            self = .unreviewed(removed: removed)
            return
        }
        if let error = input.reviewError {
            reasons.append(Reason(.fieldInvalid, [JSONMember("rule", .string(RuleID.reviewFormat.rawValue)), JSONMember("message", .string(error.description))]))
            if removed { reasons.append(Reason(.upstreamRemoved)) }
            self.init(state: removed ? .removed : .current, reasons: reasons)
            return
        }
        let review = input.review!
        let today = input.canonical.fingerprint.value
        let media = input.record.mediaDigest
        // In field order, without a dictionary made on the way (a current review has none).
        var staleCorrections: [PlannerField] = []
        for (field, correction) in review.corrections where correction.isStale(fingerprint: today, media: media) { staleCorrections.append(field) }
        staleCorrections.sort()
        if !staleCorrections.isEmpty {
            var changed = Set<String>()
            var basisMissing = false
            for fp in Set(staleCorrections.map { review.corrections[$0]!.fingerprint }) where fp != today {
                if let basis = review.basis[fp] {
                    changed.formUnion(Self.changedFields(from: basis, to: input.canonical.text, fields: input.fingerprintFields))
                } else {
                    basisMissing = true
                }
            }
            var details = JSONObject([
                JSONMember("fields", .strings(input.fingerprintFields.filter(changed.contains))),
                JSONMember("corrections", .strings(staleCorrections.map(\.rawValue))),
                JSONMember("fingerprint", .string(today)),
            ])
            if basisMissing { details["basisMissing"] = true }
            if let media, staleCorrections.contains(where: { review.corrections[$0]!.media.map { $0 != media } ?? false }) { details["media"] = true }
            reasons.append(Reason(.reviewStale, details))
        }
        if removed { reasons.append(Reason(.upstreamRemoved)) }

        var missing = PlannerField.required.filter { field in
            guard let value = review.value(field) else { return true }
            return field == .primaryMuscles && (value.arrayValue?.isEmpty ?? true)
        }.map { $0.rawValue }
        if review.confidence == nil { missing.append("confidence") }
        if !missing.isEmpty { reasons.append(Reason(.fieldMissing, [JSONMember("fields", .strings(missing))])) }

        let findings = RuleEngine.findings(RuleContext(review: review, recordName: input.record.name, vocabulary: input.vocabulary, today: input.today,
                                                     canonical: input.canonical))
        let blocking = findings.filter { !$0.excepted }
        if !blocking.isEmpty {
            reasons.append(Reason(.fieldInvalid, [
                JSONMember("rules", .strings(Array(Set(blocking.map(\.rule.rawValue))).sorted())),
                JSONMember("findings", .array(blocking.map(\.json))),
            ]))
        }
        if let confidence = review.confidence, confidence < input.confidenceThreshold {
            reasons.append(Reason(.lowConfidence, [
                JSONMember("confidence", .number(JSONNumber.format(confidence))),
                JSONMember("threshold", .number(JSONNumber.format(input.confidenceThreshold))),
            ]))
        }
        if case .manualOnly(let reason) = review.planning {
            reasons.append(Reason(.manualOnly, [JSONMember("reason", .string(reason))]))
        }
        if let of = review.value(.variantOf)?.stringValue {
            reasons.append(Reason(.variant, [JSONMember("of", .string(of))]))
        }
        let state: RecordState = removed ? .removed : (staleCorrections.isEmpty ? .current : .stale)
        self.init(state: state, reasons: reasons, findings: findings)
        awaitsALaterDay = Provenance.awaitsALaterDay(review, today: input.today)
    }

    /// A record no editor has reviewed: nothing else about it matters yet.
    public static func unreviewed(removed: Bool) -> Eligibility {
        Eligibility(state: removed ? .removed : .unreviewed, reasons: removed ? [Reason(.reviewMissing), Reason(.upstreamRemoved)] : [Reason(.reviewMissing)])
    }

    /// Fields whose lines differ between two canonical texts.
    public static func changedFields(from old: String, to new: String, fields: [String]) -> [String] {
        let a = StaleRecord.fieldTexts(old), b = StaleRecord.fieldTexts(new)
        return fields.filter { a[$0] != b[$0] }
    }
}
