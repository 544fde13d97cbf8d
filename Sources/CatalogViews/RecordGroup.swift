import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// A group of similar records: a movement pattern, or an upstream target or equipment value.
public struct RecordGroup: Sendable {
    public enum Kind: String, Sendable {
        case pattern, target, equipment

        /// The kind `--group-by` (or the workbench's `groupBy`) names.
        public init(option: String) throws(CatalogError) {
            guard let kind = Kind(rawValue: option) else { throw CatalogError(.usage, "--group-by takes pattern, target or equipment, not '\(option)'") }
            self = kind
        }
    }
    public var kind: Kind
    public var value: String

    public init(_ text: String) throws(CatalogError) {
        if let colon = text.firstIndex(of: ":") {
            guard let kind = Kind(rawValue: String(text[..<colon])) else { throw CatalogError(.usage, "--group takes PATTERN, pattern:X, target:X or equipment:X, not '\(text)'") }
            self.kind = kind
            value = String(text[text.index(after: colon)...])
        } else {
            kind = .pattern
            value = text
        }
    }

    /// The group key of a record for this kind: the reviewed pattern (`reviewed`: the review's
    /// planner fields, nil without a review), else the suggested one, or the upstream value.
    public static func key(_ kind: Kind, record: UpstreamRecord, reviewed: PlannerValues?, suggestions: RecordSuggestions?) -> String {
        switch kind {
        case .pattern:
            return reviewed?.value(.movementPattern)?.stringValue ?? suggestions?.fields[.movementPattern]?.value.stringValue ?? "(no pattern)"
        case .target, .equipment:
            let value = record.fields[kind.rawValue]
            return value?.stringValue ?? value?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? "(none)"
        }
    }

    public func matches(record: UpstreamRecord, review: Review?, suggestions: RecordSuggestions) -> Bool {
        Self.key(kind, record: record, reviewed: review.map { PlannerValues(review: $0) }, suggestions: suggestions) == value
    }
}
