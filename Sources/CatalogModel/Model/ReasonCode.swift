import CatalogJSON

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
    /// A camera-angle, version or performer copy of another record (details `of`): one planner
    /// identity has one auto-plannable member.
    case variant = "VARIANT"

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
