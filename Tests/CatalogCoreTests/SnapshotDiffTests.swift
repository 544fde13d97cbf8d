import CatalogCore
import Testing

@Suite struct SnapshotDiffTests {
    func record(_ id: String, _ name: String, gif: String = "a", removed: Bool = false) -> UpstreamRecord {
        UpstreamRecord(id: id, fields: [JSONMember("name", .string(name))], extra: [JSONMember("gifUrl", .string(gif))], removed: removed)
    }

    func fp(_ r: UpstreamRecord) -> Fingerprint { CanonicalText(record: r, fields: ["name"]).fingerprint }

    @Test func classifiesAddedChangedRemovedUnchangedAndKeepsTombstones() {
        let old = [record("1", "squat"), record("2", "row"), record("3", "curl")]
        let new = [record("1", "squat", gif: "b"), record("2", "bent row"), record("4", "lunge")]
        let diff = SnapshotDiff(old: old, new: new, fingerprint: fp)
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
        let again = SnapshotDiff(old: old, new: [record("1", "squat")], fingerprint: fp)
        #expect(again.removed.isEmpty)
        #expect(again.merged.count == 2)
        let back = SnapshotDiff(old: old, new: [record("1", "squat"), record("3", "curl")], fingerprint: fp)
        #expect(back.returned == ["3"])
        #expect(!back.merged[1].removed)
    }

    @Test func reportsFieldsThatAppearOrDisappear() {
        let old = [record("1", "squat")]
        var withDescription = record("1", "squat")
        withDescription.extra["description"] = "new"
        withDescription.extra["gifUrl"] = nil
        let diff = SnapshotDiff(old: old, new: [withDescription], fingerprint: fp)
        #expect(diff.schemaChanges == [
            SchemaChange(field: "description", kind: .appeared, records: 1),
            SchemaChange(field: "gifUrl", kind: .disappeared, records: 1),
        ])
        #expect(diff.unchanged == ["1"])
        #expect(SnapshotDiff(old: [], new: old, fingerprint: fp).schemaChanges.isEmpty)
    }
}
