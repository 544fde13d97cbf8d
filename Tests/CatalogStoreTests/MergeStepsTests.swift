import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Import's merge step on its own: the previous snapshot as a sequence of old records, streamed
/// from the file with the index's rows as a saving only, and the merge of a release with them.
@Suite struct MergeStepsTests {
    func session(_ catalog: Catalog, _ records: [UpstreamRecord]) throws -> ImportSession {
        let meta = try catalog.meta("exercisedb")
        return try catalog.importSession(ReleaseImport(source: "exercisedb", adapter: meta.adapter, htmlFields: Set(meta.htmlFields),
                                                        feed: .records(records), files: meta.files, dryRun: true, date: "2026-12-01"))
    }

    func oldRecords(_ session: ImportSession, rows: Bool) throws -> [OldRecord] {
        let old = try PreviousSnapshot(path: session.snapshotPath, file: session.snapshotName, evaluator: session.evaluator,
                                       rows: rows ? try PreviousSnapshot.rows(session.reader, source: "exercisedb") : nil)
        var records: [OldRecord] = []
        while let record = try old.next() { records.append(record) }
        return records
    }

    func side(_ old: OldRecord) -> String {
        "\(old.side.fingerprint.value) \(old.side.removed) \(old.side.mediaSha256 ?? "-") \(old.side.contentDigest)"
    }

    @Test func thePreviousSnapshotIsReadFromItsFileWithTheIndexRowsOnlyASaving() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let session = try session(catalog, [])
        let withRows = try oldRecords(session, rows: true)
        let fromLines = try oldRecords(session, rows: false)
        #expect(withRows.count == 24 && withRows.allSatisfy { $0.row != nil }, "every line is the index's")
        #expect(fromLines.allSatisfy { $0.row == nil })
        #expect(withRows.map(\.id) == fromLines.map(\.id))
        #expect(withRows.map(side) == fromLines.map(side), "the rows say what the lines say")
        #expect(try withRows.map { try $0.record(session.snapshotName) } == (try catalog.snapshot("exercisedb")))
    }

    @Test func aRowThatIsNotItsLinesIsPassedOver() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let session = try session(catalog, [])
        // Rows that point one line off (an index behind its snapshot): none is taken.
        var stale = try oldRecords(session, rows: true).compactMap(\.row).dropFirst().makeIterator()
        let old = try PreviousSnapshot(path: session.snapshotPath, file: session.snapshotName, evaluator: session.evaluator,
                                       rows: { () throws(CatalogError) in stale.next() })
        var taken = 0
        var count = 0
        while let record = try old.next() {
            count += 1
            if record.row != nil { taken += 1 }
        }
        #expect(count == 24 && taken == 23, "only the rows of their own lines")
    }

    @Test func aLineThatIsNotARecordIsNamedByFileAndLine() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let session = try session(catalog, [])
        let lines = try #require(dir.read("catalog/upstream/exercisedb.jsonl")).split(separator: "\n")
        let damaged = dir.write("damaged.jsonl", "\(lines[0])\n{\"id\": \n\(lines[1])\n")
        let old = try PreviousSnapshot(path: damaged, file: "damaged.jsonl", evaluator: session.evaluator, rows: nil)
        #expect(try old.next()?.id == "s001")
        do {
            _ = try old.next()
            Issue.record("a line that is not a record was read")
        } catch {
            #expect(error.location.file == "damaged.jsonl" && error.location.line == 2, "\(error)")
        }
    }

    @Test func theMergeTakesTheOldRecordsItIsGiven() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        // The next release: s002 renamed, s010 gone, s999 new.
        var records = try catalog.snapshot("exercisedb").filter { $0.id != "s010" && !$0.removed }
        records[1].fields["name"] = .string(records[1].name + " (variation)")
        var added = records[0]
        added.id = "s999"
        records.append(added)
        let session = try session(catalog, records)
        for rows in [true, false] {
            var old = try oldRecords(session, rows: rows).makeIterator()
            let output = try StagedFile(dir.path + "/merged-\(rows).jsonl")
            let merge = try SnapshotMerge(old: { () throws(CatalogError) in old.next() }, snapshotName: session.snapshotName, evaluator: session.evaluator,
                                          output: output, writer: nil, attached: nil, stampsHold: false)
            for record in records {
                var (row, line) = session.evaluator.release(record)
                try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try merge.add(&row, line: line) }
            }
            try merge.finish(fieldCounts: [:], previous: nil, hadCurrent: true)
            #expect(merge.diff.changed == ["s002"] && merge.diff.removed == ["s010"] && merge.diff.added == ["s999"])
            #expect(merge.total == 25, "the removed record stays as a tombstone")
        }
    }

    /// The index is a cache: an import after it was deleted writes the same snapshot, meta and
    /// report as one with it.
    @Test func anImportWithTheIndexDeletedWritesWhatOneWithTheIndexWrites() throws {
        var outputs: [[String]] = []
        for deleted in [false, true] {
            let dir = try committedSampleCatalog()
            #expect(runInProcess(["status"], in: dir.path).status == 0)
            if deleted { try FileManager.default.removeItem(atPath: dir.path + "/.catalog/index.sqlite") }
            let result = runInProcess(["import", TestPaths.sampleNext, "--json"], in: dir.path)
            #expect(result.status == 0, "\(result.stderr)")
            let lint = runInProcess(["lint", "--json"], in: dir.path)
            outputs.append([result.stdout, dir.read("catalog/upstream/exercisedb.jsonl") ?? "-", dir.read("catalog/upstream/exercisedb.meta.json") ?? "-",
                            lint.stdout, runInProcess(["revalidate", "--json"], in: dir.path).stdout])
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0][0].contains("\"changed\""))
    }
}

/// One lint computation: a review's index row counts the errors `lint` reports for its file, and
/// the evaluator on the workers reads nothing (a reviewed record's row waits for its review).
@Suite struct LintAndEvaluationTests {
    @Test func aRowCountsTheErrorsLintFindsInItsReview() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let report = try catalog.lint()
        var errors: [String: Int] = [:]
        for item in report.items where item.level == .error { errors[item.file, default: 0] += 1 }
        #expect(!errors.isEmpty, "the sample has a review with findings (s018)")
        let rows = try catalog.index().entries(source: "exercisedb", states: RecordState.allCases)
        for row in rows where row.hasReview {
            #expect(row.lintErrors == errors["reviews/exercisedb/\(row.id).json"] ?? 0, "\(row.id)")
        }
    }

    @Test func theEvaluatorLeavesAReviewedRowPendingAndEvaluatesWhatItIsHanded() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let meta = try catalog.meta("exercisedb")
        let evaluator = try catalog.indexInputs.evaluator(source: "exercisedb", htmlFields: Set(meta.htmlFields))
        let record = try #require(try catalog.snapshot("exercisedb").first { $0.id == "s018" })
        let file = evaluator.reviews.load("s018")
        // The review folder gone: the evaluator, handed what was read, reads nothing itself.
        try FileManager.default.removeItem(atPath: dir.path + "/reviews")
        let pending = evaluator.release(record).row
        #expect(pending.reviewPending && pending.reviewStamp == nil && pending.columns.hasReview)
        let row = evaluator.release(record, review: file).row
        #expect(!row.reviewPending && row.reviewStamp == file.stamp && row.columns.state != .unreviewed)
        #expect(row.columns.lintErrors > 0)
    }
}
