/// A field that appeared in or disappeared from upstream between two releases.
public struct SchemaChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case appeared, disappeared }
    public var field: String
    public var kind: Kind
    /// Records carrying the field: in the new release when it appeared, in the old when it went.
    public var records: Int

    public init(field: String, kind: Kind, records: Int) {
        self.field = field
        self.kind = kind
        self.records = records
    }

    public var json: JSONValue {
        .object(JSONObject([JSONMember("field", .string(field)), JSONMember("kind", .string(kind.rawValue)), JSONMember("records", .int(records))]))
    }
}

/// What a new upstream release changes in a source's snapshot, and the snapshot that results.
///
/// Records are matched by id. A record missing from the release is kept, marked removed (ids
/// are a contract with the planner); when it comes back it is matched again by the same id.
public struct SnapshotDiff: Sendable {
    /// New ids.
    public var added: [String] = []
    /// Previously removed ids that are back.
    public var returned: [String] = []
    /// Ids whose fingerprint moved.
    public var changed: [String] = []
    /// Ids that were current and are missing from the release.
    public var removed: [String] = []
    /// Ids whose fingerprint did not move.
    public var unchanged: [String] = []
    /// Of the unchanged, those whose other fields changed (media links, extras).
    public var touched: [String] = []
    /// Records whose attached animation was replaced by different bytes (or dropped).
    public var mediaChanged: [String] = []
    public var schemaChanges: [SchemaChange] = []
    /// The resulting snapshot: the release plus tombstones, sorted by id.
    public var merged: [UpstreamRecord] = []
    /// Field name → records carrying it, over the release's records.
    public var fieldCounts: [String: Int] = [:]

    /// Both inputs sorted by id (UTF-8 byte order) with unique ids, as adapters and snapshots give.
    public init(old: [UpstreamRecord], new: [UpstreamRecord], fingerprint: (UpstreamRecord) -> Fingerprint) {
        var i = 0
        var j = 0
        merged.reserveCapacity(max(old.count, new.count))
        while i < old.count || j < new.count {
            let takeOld: Bool
            let takeNew: Bool
            if i < old.count && j < new.count {
                let a = old[i].id, b = new[j].id
                if a == b { takeOld = true; takeNew = true }
                else if a.utf8.lexicographicallyPrecedes(b.utf8) { takeOld = true; takeNew = false }
                else { takeOld = false; takeNew = true }
            } else {
                takeOld = i < old.count
                takeNew = !takeOld
            }
            switch (takeOld, takeNew) {
            case (true, true):
                let before = old[i], after = new[j]
                if let old = before.media, old.sha256 != after.media?.sha256 { mediaChanged.append(after.id) }
                if before.removed {
                    returned.append(after.id)
                } else if fingerprint(before) != fingerprint(after) {
                    changed.append(after.id)
                } else {
                    unchanged.append(after.id)
                    if before != after { touched.append(after.id) }
                }
                merged.append(after)
                i += 1; j += 1
            case (true, false):
                var tombstone = old[i]
                if !tombstone.removed { removed.append(tombstone.id) }
                tombstone.removed = true
                merged.append(tombstone)
                i += 1
            default:
                added.append(new[j].id)
                merged.append(new[j])
                j += 1
            }
        }
        fieldCounts = Self.fieldCounts(new)
        if old.contains(where: { !$0.removed }) {
            let before = Self.fieldCounts(old.filter { !$0.removed })
            for (field, count) in fieldCounts where before[field] == nil {
                schemaChanges.append(SchemaChange(field: field, kind: .appeared, records: count))
            }
            for (field, count) in before where fieldCounts[field] == nil {
                schemaChanges.append(SchemaChange(field: field, kind: .disappeared, records: count))
            }
            schemaChanges.sort { ($0.kind.rawValue, $0.field) < ($1.kind.rawValue, $1.field) }
        }
    }

    public static func fieldCounts(_ records: [UpstreamRecord]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in records {
            for name in record.fieldNames { counts[name, default: 0] += 1 }
        }
        return counts
    }
}
