import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The committed sample catalog, and the real data with suggestions (`suggest`, `vocab`).
@Suite struct SampleCatalogTests: ReviewFixtures {
    @Test func theCommittedSampleCatalogHasOneRecordPerBlockingReason() throws {
        let dir = try committedCatalog()
        let before = treeHashes(dir.path)
        let status = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(status["records"]) == 24)
        #expect(int(status["states"]?.objectValue?["current"]) == 24)
        let reasons = status["reasons"]?.objectValue
        #expect(int(reasons?["FIELD_MISSING"]) == 1)
        #expect(int(reasons?["FIELD_INVALID"]) == 1)
        #expect(int(reasons?["LOW_CONFIDENCE"]) == 1)
        #expect(int(reasons?["MANUAL_ONLY"]) == 1)
        #expect(int(reasons?["VARIANT"]) == 1)
        #expect(reasons?.keys.sorted() == ["FIELD_INVALID", "FIELD_MISSING", "LOW_CONFIDENCE", "MANUAL_ONLY", "VARIANT"])
        // Reading writes nothing but the index.
        #expect(treeHashes(dir.path) == before)
        // Every committed review file is canonical and passes lint apart from the one invalid record.
        let lint = try object(runInProcess(["lint", "--json"], in: dir.path).stdout)
        #expect(int(lint["files"]) == 24)
        #expect(int(lint["errors"]) == 1)
        #expect(int(lint["warnings"]) == 0)

        let next = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        let after = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(after["states"]?.objectValue?["stale"]) == 2)
        #expect(int(after["states"]?.objectValue?["removed"]) == 1)
        #expect(int(after["reasons"]?.objectValue?["REVIEW_STALE"]) == 2)
        #expect(int(after["reasons"]?.objectValue?["UPSTREAM_REMOVED"]) == 1)
    }

    // MARK: - Real data

    @Test(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
    func everyRealRecordGetsSuggestionsAndEveryTermIsMapped() throws {
        let dir = try newCatalog(importing: TestPaths.upstream! + "/exercisedb/exercises.json")

        let result = runInProcess(["suggest", "--all", "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("unmapped"), "\(result.stderr.prefix(500))")
        let list = try #require(try json(result.stdout).arrayValue)
        #expect(list.count == 1324)
        var withoutPattern = 0
        for entry in list {
            let o = entry.objectValue
            let fields = o?["fields"]?.objectValue
            let id = o?["id"]?.stringValue ?? "?"
            #expect(o?["source"] == "exercisedb")
            for field in ["equipment", "primaryMuscles", "secondaryMuscles", "level", "setupSeconds"] {
                let suggestion = fields?[field]?.objectValue
                #expect(suggestion?["value"] != nil, "\(id) \(field)")
                #expect(suggestion?["confidence"] != nil && suggestion?["evidence"] != nil, "\(id) \(field)")
            }
            if fields?["movementPattern"] == nil { withoutPattern += 1 }
        }
        #expect(withoutPattern < 100)

        let vocab = try object(runInProcess(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["unmapped"] == [])
        #expect(vocab["levels"] == ["beginner", "intermediate", "advanced"])
    }
}
