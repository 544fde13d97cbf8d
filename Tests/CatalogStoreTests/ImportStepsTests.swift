import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The import's steps (`ImportSession`) on the sample's own records: the merge against the
/// previous snapshot, streamed or sorted first, and the step that finds a release imported last.
@Suite struct ImportStepsTests {
    func release(_ catalog: Catalog, _ records: [UpstreamRecord], dryRun: Bool) throws -> ReleaseImport {
        let meta = try catalog.meta("exercisedb")
        return ReleaseImport(source: "exercisedb", adapter: meta.adapter, htmlFields: Set(meta.htmlFields), feed: .records(records),
                             files: meta.files, dryRun: dryRun, date: "2026-12-01")
    }

    /// The next release: s002 renamed, s010 gone.
    func nextRelease(_ catalog: Catalog) throws -> [UpstreamRecord] {
        try catalog.snapshot("exercisedb").filter { $0.id != "s010" }.map { record in
            var record = record
            if record.id == "s002" { record.fields["name"] = .string(record.name + " (variation)") }
            return record
        }
    }

    @Test func aReleaseOutOfIdOrderIsSortedThenMergedAsTheSortedOneIs() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let records = try nextRelease(catalog)
        let sorted = try catalog.importSession(release(catalog, records, dryRun: true)).read()
        let reversed = try catalog.importSession(release(catalog, records.reversed(), dryRun: true)).read()
        for read in [sorted, reversed] {
            #expect(read.merge.diff.changed == ["s002"])
            #expect(read.merge.diff.removed == ["s010"])
            #expect(read.merge.diff.unchangedCount == 22)
            #expect(read.count == 23)
            #expect(read.merge.total == 24, "the removed record stays as a tombstone")
        }
        // The streamed merge needs no sort; reversed, it cannot stream past its second record.
        #expect(try catalog.importSession(release(catalog, records.reversed(), dryRun: true)).read(streaming: true) != nil)
    }

    @Test func theReleaseImportedLastChangesNothingAndADryRunWritesNothing() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let before = treeHashes(dir.path)
        // The same records from the same input file (as the meta names it).
        let records = try catalog.snapshot("exercisedb")
        let again = try catalog.importRelease(release(catalog, records, dryRun: false))
        #expect(again.written.isEmpty)
        #expect(treeHashes(dir.path) == before)
        // A dry run of the next release reports it and writes nothing either.
        let dry = try catalog.importRelease(release(catalog, try nextRelease(catalog), dryRun: true))
        #expect(dry.diff.changed == ["s002"] && dry.written.isEmpty)
        #expect(treeHashes(dir.path) == before)
        let next = try catalog.importRelease(release(catalog, try nextRelease(catalog), dryRun: false))
        #expect(next.written == ["catalog/upstream/exercisedb.jsonl", "catalog/upstream/exercisedb.meta.json"])
        #expect(try Catalog(root: dir.path).index().lastRefresh == CatalogIndex.RefreshStats(), "the import's rows are the files' rows")
    }
}
