import CatalogJSON
import CatalogModel
import CatalogRecords

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
/// million records through it.
public struct SnapshotDiff: Sendable {
    /// New ids.
    public var added: [String] = []
    /// Previously removed ids that are back.
    public var returned: [String] = []
    /// Ids whose fingerprint moved.
    public var changed: [String] = []
    /// Ids that were current and are missing from the release.
    public var removed: [String] = []
    /// How many ids kept their fingerprint.
    public var unchangedCount = 0
    /// Of the unchanged, those whose other fields changed (media links, extras).
    public var touched: [String] = []
    /// Records whose attached animation was replaced by different bytes (or dropped).
    public var mediaChanged: [String] = []
    public var schemaChanges: [SchemaChange] = []
    /// Field name → records carrying it, over the release's records.
    public var fieldCounts: [String: Int] = [:]

    /// What the diff needs to know of one side of a match.
    public struct Side: Sendable {
        public var fingerprint: Fingerprint
        public var removed: Bool
        public var mediaSha256: String?
        /// A digest of the whole record (the XXH64 of its snapshot line): equal digests mean
        /// equal records.
        public var contentDigest: Int64

        public init(fingerprint: Fingerprint, removed: Bool, mediaSha256: String?, contentDigest: Int64) {
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
    public init() {}

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

    /// The XXH64 of a snapshot line (without its newline). It only tells whether a record whose
    /// fingerprint holds changed elsewhere ("touched"), so it need not resist forgery; a
    /// fingerprint stays SHA-256.
    public static func lineDigest(_ line: UnsafeRawBufferPointer) -> Int64 {
        Int64(bitPattern: XXH64.hash(line))
    }
}
