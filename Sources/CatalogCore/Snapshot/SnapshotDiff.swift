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

/// What a new upstream release changes in a source's snapshot.
///
/// Records are matched by id. A record missing from the release is kept, marked removed (ids
/// are a contract with the planner); when it comes back it is matched again by the same id.
/// The diff is built one id at a time (`match`), in id order, so an import can stream a
/// million records through it; `init(old:new:fingerprint:)` does the same for arrays.
public struct SnapshotDiff: Sendable {
    /// New ids.
    public var added: [String] = []
    /// Previously removed ids that are back.
    public var returned: [String] = []
    /// Ids whose fingerprint moved.
    public var changed: [String] = []
    /// Ids that were current and are missing from the release.
    public var removed: [String] = []
    /// How many ids kept their fingerprint; `unchanged` lists them only for arrays.
    public var unchangedCount = 0
    public var unchanged: [String] = []
    /// Of the unchanged, those whose other fields changed (media links, extras).
    public var touched: [String] = []
    /// Records whose attached animation was replaced by different bytes (or dropped).
    public var mediaChanged: [String] = []
    public var schemaChanges: [SchemaChange] = []
    /// The resulting snapshot (array form only): the release plus tombstones, sorted by id.
    public var merged: [UpstreamRecord] = []
    /// Field name → records carrying it, over the release's records.
    public var fieldCounts: [String: Int] = [:]
    /// Whether `unchanged` lists ids (arrays) or only `unchangedCount` counts them (streams).
    let listsUnchanged: Bool

    /// What the diff needs to know of one side of a match.
    public struct Side: Sendable {
        public var fingerprint: String
        public var removed: Bool
        public var mediaSha256: String?
        /// A digest of the whole record (the first 8 bytes of the SHA-256 of its snapshot line):
        /// equal digests mean equal records.
        public var contentDigest: Int64

        public init(fingerprint: String, removed: Bool, mediaSha256: String?, contentDigest: Int64) {
            self.fingerprint = fingerprint
            self.removed = removed
            self.mediaSha256 = mediaSha256
            self.contentDigest = contentDigest
        }
    }

    /// What becomes of one id in the merged snapshot.
    public enum Outcome: Sendable, Equatable {
        /// The release's record is written (new, back, changed or not).
        case fromRelease
        /// The old record is kept as a tombstone; `newlyRemoved` when it was current before.
        case tombstone(newlyRemoved: Bool)
    }

    /// An empty diff to feed with `match`, then `finish`.
    public init(listsUnchanged: Bool = false) {
        self.listsUnchanged = listsUnchanged
    }

    /// Classifies `id`, present in the old snapshot, the release, or both. Ids come in order.
    public mutating func match(id: String, old: Side?, new: Side?) -> Outcome {
        guard let new else {
            let wasCurrent = !(old?.removed ?? true)
            if wasCurrent { removed.append(id) }
            return .tombstone(newlyRemoved: wasCurrent)
        }
        guard let old else {
            added.append(id)
            return .fromRelease
        }
        if let before = old.mediaSha256, before != new.mediaSha256 { mediaChanged.append(id) }
        if old.removed {
            returned.append(id)
        } else if old.fingerprint != new.fingerprint {
            changed.append(id)
        } else {
            unchangedCount += 1
            if listsUnchanged { unchanged.append(id) }
            if old.contentDigest != new.contentDigest { touched.append(id) }
        }
        return .fromRelease
    }

    /// Records the release's field counts and, when the old snapshot had current records with
    /// `previous` counts, the fields that appeared or disappeared.
    public mutating func finish(fieldCounts: [String: Int], previous: [String: Int]?) {
        self.fieldCounts = fieldCounts
        guard let before = previous else { return }
        for (field, count) in fieldCounts where before[field] == nil {
            schemaChanges.append(SchemaChange(field: field, kind: .appeared, records: count))
        }
        for (field, count) in before where fieldCounts[field] == nil {
            schemaChanges.append(SchemaChange(field: field, kind: .disappeared, records: count))
        }
        schemaChanges.sort { ($0.kind.rawValue, $0.field) < ($1.kind.rawValue, $1.field) }
    }

    /// Both inputs sorted by id (UTF-8 byte order) with unique ids, as adapters and snapshots give.
    public init(old: [UpstreamRecord], new: [UpstreamRecord], fingerprint: (UpstreamRecord) -> Fingerprint) {
        self.init(listsUnchanged: true)
        func side(_ r: UpstreamRecord) -> Side {
            Side(fingerprint: fingerprint(r).value, removed: r.removed, mediaSha256: r.media?.sha256,
                 contentDigest: Self.lineDigest(JSONWriter.bytes(r.json)))
        }
        var i = 0
        var j = 0
        merged.reserveCapacity(max(old.count, new.count))
        while i < old.count || j < new.count {
            let takeOld = i < old.count && (j == new.count || !new[j].id.utf8.lexicographicallyPrecedes(old[i].id.utf8))
            let takeNew = j < new.count && (i == old.count || !old[i].id.utf8.lexicographicallyPrecedes(new[j].id.utf8))
            let id = takeNew ? new[j].id : old[i].id
            switch match(id: id, old: takeOld ? side(old[i]) : nil, new: takeNew ? side(new[j]) : nil) {
            case .fromRelease:
                merged.append(new[j])
            case .tombstone:
                var tombstone = old[i]
                tombstone.removed = true
                merged.append(tombstone)
            }
            if takeOld { i += 1 }
            if takeNew { j += 1 }
        }
        let current = old.filter { !$0.removed }
        finish(fieldCounts: Self.fieldCounts(new), previous: current.isEmpty ? nil : Self.fieldCounts(current))
    }

    /// The first 8 bytes of the SHA-256 of a snapshot line (without its newline), big-endian.
    public static func lineDigest(_ line: UnsafeRawBufferPointer) -> Int64 {
        var raw = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &raw) { SHA256.digest(line, into: $0) }
        return Int64(bitPattern: raw.0.bigEndian)
    }

    public static func lineDigest(_ line: [UInt8]) -> Int64 {
        line.withUnsafeBytes { lineDigest($0) }
    }

    public static func fieldCounts(_ records: [UpstreamRecord]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in records {
            for name in record.fieldNames { counts[name, default: 0] += 1 }
        }
        return counts
    }
}
