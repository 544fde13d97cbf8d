import CatalogCore
import CatalogFiles
import CatalogImporters
import CatalogModel
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// An import reads its release through the one descriptor it was opened with (`ReleaseFile`):
/// streamed, or read whole on the strict fallback, never opened again by path; and the release
/// imported last is a typed outcome (`ImportOutcome.unchanged`), its rows rolled back.
@Suite struct ImportReleaseFileTests {
    /// The sample release with s002 renamed.
    static func nextRelease() throws -> [UInt8] {
        let text = try String(contentsOfFile: TestPaths.sample, encoding: .utf8)
        return Array(text.replacingOccurrences(of: "\"barbell conventional deadlift\"", with: "\"barbell conventional deadlift (variation)\"").utf8)
    }

    func release(_ catalog: Catalog, _ file: ReleaseFile, dryRun: Bool = false) throws -> ReleaseImport {
        let adapter = try #require(Adapters.named("exercisedb"))
        return ReleaseImport(source: "exercisedb", adapter: adapter.format, htmlFields: adapter.htmlFields,
                             feed: .jsonArray(file: file, adapter: adapter, options: ImportOptions()), dryRun: dryRun, date: "2026-12-01")
    }

    /// Replaces the file at `path` with `bytes`, as a download put in place by a rename does.
    func replace(_ path: String, with bytes: [UInt8], in dir: TempDirectory) {
        _ = dir.write("replacement", bytes)
        #expect(rename(dir.path + "/replacement", path) == 0)
    }

    @Test func aStreamedReleaseIsTheFileAsOpenedAndItsDigestIsOfWhatWasRead() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let next = try Self.nextRelease()
        let path = dir.write("next.json", next)
        let file = try ReleaseFile(path, limit: 1 << 20)
        // The path now holds the release imported already: read by path, nothing would change.
        replace(path, with: try FileSystem.read(TestPaths.sample), in: dir)
        let result = try catalog.importRelease(release(catalog, file))
        #expect(result.diff.changed == ["s002"] && result.records == 24)
        #expect(try catalog.meta("exercisedb").files == [SnapshotMeta.InputFile(name: "next.json", sha256: SHA256.hex(next), bytes: next.count)])
    }

    @Test func theStrictFallbackReadsTheSameDescriptor() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        // s003's id is a number: streaming stops there, and the strict reader says what is wrong.
        let bad = Array(String(decoding: try Self.nextRelease(), as: UTF8.self).replacingOccurrences(of: "\"id\": \"s003\"", with: "\"id\": 3").utf8)
        let path = dir.write("next.json", bad)
        let file = try ReleaseFile(path, limit: 1 << 20)
        // A good release at the path now: read again by path, the import would go through.
        replace(path, with: try Self.nextRelease(), in: dir)
        let before = treeHashes(dir.path)
        #expect(throws: CatalogError.self) { _ = try catalog.importRelease(release(catalog, file)) }
        #expect(treeHashes(dir.path) == before)
    }

    @Test func theReleaseImportedLastIsAnUnchangedOutcomeWithItsRowsRolledBack() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let catalog = try Catalog(root: dir.path)
        let same = try catalog.importSession(release(catalog, try ReleaseFile(TestPaths.sample, limit: 1 << 20)))
        guard case .unchanged(let read) = try catalog.importTransaction(same) else {
            Issue.record("the release imported last is not unchanged")
            return
        }
        #expect(read.count == 24 && read.merge.diff.changed.isEmpty)
        let next = try catalog.importSession(release(catalog, try ReleaseFile(dir.write("next.json", try Self.nextRelease()), limit: 1 << 20)))
        guard case .written(let written, let meta) = try catalog.importTransaction(next) else {
            Issue.record("the next release is not written")
            return
        }
        #expect(written.merge.diff.changed == ["s002"] && meta.files.map(\.name) == ["next.json"])
        // Its rows went in: the index now holds the next release's name for s002, not yet on disk.
        let name = try next.index.database.rows("SELECT name FROM records WHERE id = 's002'").first?[0].text
        #expect(name == "barbell conventional deadlift (variation)")
    }
}
