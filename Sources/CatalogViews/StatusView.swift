import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import Foundation

/// The counts `catalog status` shows and the workbench's progress bar reads: every source's
/// records by state and reason, the member source's on top.
public struct StatusView: Sendable {
    public let memberSource: String
    /// Every imported source's counts.
    public let counts: [String: CatalogIndex.Counts]

    public init(_ catalog: Catalog) throws(CatalogError) {
        memberSource = catalog.config.memberSource
        counts = try catalog.index().catalogCounts()
    }

    /// The member source's counts (zeros before the first import).
    public var member: CatalogIndex.Counts { counts[memberSource] ?? CatalogIndex.Counts() }

    /// Records reviewed (current or stale) of the member source.
    public var reviewed: Int { (member.states[.current] ?? 0) + (member.states[.stale] ?? 0) }

    /// `status --json`: the member's counts, `memberSource`, and `sources` {SOURCE: counts}.
    public var json: JSONValue {
        guard case .object(var object) = member.json else { return member.json }
        object["memberSource"] = .string(memberSource)
        object["sources"] = .object(JSONObject(counts.keys.sorted().map { JSONMember($0, counts[$0]!.json) }))
        return .object(object)
    }
}

/// The time a write records: SOURCE_DATE_EPOCH when set (reproducible), else now, UTC; what
/// the command line and the workbench stamp history entries and corrections with.
public enum RecordedTime {
    public static func now(_ environment: [String: String]) throws(CatalogError) -> String {
        var seconds = Date().timeIntervalSince1970
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let value = Double(epoch) else { throw CatalogError(.usage, "SOURCE_DATE_EPOCH must be a number of seconds, not '\(epoch)'") }
            seconds = value
        }
        let whole = seconds.rounded(.down)
        guard whole.isFinite, whole >= Double(Timestamp.range.lowerBound), whole <= Double(Timestamp.range.upperBound) else {
            throw CatalogError(.usage, "SOURCE_DATE_EPOCH must name a time in the years 1 to 9999, not '\(environment["SOURCE_DATE_EPOCH"] ?? "")'")
        }
        return Timestamp.iso8601(Int64(whole))
    }
}
