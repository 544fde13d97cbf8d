import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// Two snapshots as arrays (sorted by id) run through `SnapshotDiff.match` and `finish` as an
/// import runs them, keeping what the tests look at: the merged snapshot and the unchanged ids.
@dynamicMemberLookup
struct ArrayDiff {
    var diff = SnapshotDiff()
    var merged: [UpstreamRecord] = []
    var unchanged: [String] = []

    subscript<T>(dynamicMember path: KeyPath<SnapshotDiff, T>) -> T { diff[keyPath: path] }

    init(old: [UpstreamRecord], new: [UpstreamRecord], fingerprint: (UpstreamRecord) -> Fingerprint) {
        func side(_ r: UpstreamRecord) -> SnapshotDiff.Side {
            let line = JSONWriter.bytes(r.json)
            return SnapshotDiff.Side(fingerprint: fingerprint(r), removed: r.removed, mediaSha256: r.media?.sha256,
                                     contentDigest: line.withUnsafeBytes { SnapshotDiff.lineDigest($0) })
        }
        func fieldCounts(_ records: [UpstreamRecord]) -> [String: Int] {
            var counts: [String: Int] = [:]
            for record in records { for name in record.fieldNames { counts[name, default: 0] += 1 } }
            return counts
        }
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let takeOld = i < old.count && (j == new.count || !new[j].id.utf8.lexicographicallyPrecedes(old[i].id.utf8))
            let takeNew = j < new.count && (i == old.count || !old[i].id.utf8.lexicographicallyPrecedes(new[j].id.utf8))
            let id = takeNew ? new[j].id : old[i].id
            let before = diff.unchangedCount
            switch diff.match(id: id, old: takeOld ? side(old[i]) : nil, new: takeNew ? side(new[j]) : nil) {
            case .fromRelease:
                merged.append(new[j])
            case .tombstone:
                var tombstone = old[i]
                tombstone.removed = true
                merged.append(tombstone)
            }
            if diff.unchangedCount > before { unchanged.append(id) }
            if takeOld { i += 1 }
            if takeNew { j += 1 }
        }
        let current = old.filter { !$0.removed }
        diff.finish(fieldCounts: fieldCounts(new), previous: current.isEmpty ? nil : fieldCounts(current))
    }
}

@Suite struct SnapshotDiffTests {
    func record(_ id: String, _ name: String, gif: String = "a", removed: Bool = false) -> UpstreamRecord {
        UpstreamRecord(id: id, fields: [JSONMember("name", .string(name))], extra: [JSONMember("gifUrl", .string(gif))], removed: removed)
    }

    func fp(_ r: UpstreamRecord) -> Fingerprint { CanonicalText(record: r, fields: ["name"]).fingerprint }

    @Test func classifiesAddedChangedRemovedUnchangedAndKeepsTombstones() {
        let old = [record("1", "squat"), record("2", "row"), record("3", "curl")]
        let new = [record("1", "squat", gif: "b"), record("2", "bent row"), record("4", "lunge")]
        let diff = ArrayDiff(old: old, new: new, fingerprint: fp)
        #expect(diff.added == ["4"])
        #expect(diff.changed == ["2"])
        #expect(diff.removed == ["3"])
        #expect(diff.unchanged == ["1"])
        #expect(diff.touched == ["1"])
        #expect(diff.merged.map(\.id) == ["1", "2", "3", "4"])
        #expect(diff.merged[2].removed)
    }

    @Test func aReturningRecordIsMatchedByIdAndATombstoneStaysRemovedOnce() {
        let old = [record("1", "squat"), record("3", "curl", removed: true)]
        let again = ArrayDiff(old: old, new: [record("1", "squat")], fingerprint: fp)
        #expect(again.removed.isEmpty)
        #expect(again.merged.count == 2)
        let back = ArrayDiff(old: old, new: [record("1", "squat"), record("3", "curl")], fingerprint: fp)
        #expect(back.returned == ["3"])
        #expect(!back.merged[1].removed)
    }

    @Test func reportsFieldsThatAppearOrDisappear() {
        let old = [record("1", "squat")]
        var withDescription = record("1", "squat")
        withDescription.extra["description"] = "new"
        withDescription.extra["gifUrl"] = nil
        let diff = ArrayDiff(old: old, new: [withDescription], fingerprint: fp)
        #expect(diff.schemaChanges == [
            SchemaChange(field: "description", kind: .appeared, records: 1),
            SchemaChange(field: "gifUrl", kind: .disappeared, records: 1),
        ])
        #expect(diff.unchanged == ["1"])
        #expect(ArrayDiff(old: [], new: old, fingerprint: fp).schemaChanges.isEmpty)
    }
}
