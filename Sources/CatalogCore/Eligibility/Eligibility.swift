/// The state of a record, always computed from upstream and review, never stored.
public enum RecordState: String, Sendable, CaseIterable, Codable {
    case unreviewed, current, stale, removed
}

/// Why a record is not cleared for automatic planning (DESIGN.md §6, a contract).
public enum ReasonCode: String, Sendable, CaseIterable, Codable, Comparable {
    case reviewMissing = "REVIEW_MISSING"
    case reviewStale = "REVIEW_STALE"
    case upstreamRemoved = "UPSTREAM_REMOVED"
    case fieldMissing = "FIELD_MISSING"
    case fieldInvalid = "FIELD_INVALID"
    case lowConfidence = "LOW_CONFIDENCE"
    case manualOnly = "MANUAL_ONLY"

    public static func < (lhs: ReasonCode, rhs: ReasonCode) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One reason with its details (the field, the rule, the numbers).
public struct Reason: Sendable, Equatable {
    public var code: ReasonCode
    public var details: JSONObject

    public init(_ code: ReasonCode, _ details: JSONObject = JSONObject()) {
        self.code = code
        self.details = details
    }

    public var json: JSONValue {
        .object(JSONObject([JSONMember("code", .string(code.rawValue)), JSONMember("details", .object(details))]))
    }
}

/// A record's state, `autoPlan` and every reason that applies.
public struct Eligibility: Sendable, Equatable {
    public var state: RecordState
    public var reasons: [Reason]
    public var autoPlan: Bool { reasons.isEmpty }

    /// Eligibility of a record that has no review yet (reviews arrive with the editors' tool).
    public static func unreviewed(removed: Bool) -> Eligibility {
        var reasons = [Reason(.reviewMissing)]
        if removed { reasons.append(Reason(.upstreamRemoved)) }
        return Eligibility(state: removed ? .removed : .unreviewed, reasons: reasons)
    }
}
