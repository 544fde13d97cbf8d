import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import Foundation
import TestSupport
import Testing

/// The index keeps each review's eligibility until its file moves; a correction dated after
/// the clock's tomorrow is the one finding that a later day clears by itself (issue 35,
/// finding 9). Such a row is kept with a racy stamp, so every refresh reads its review again
/// until the day comes: the index says what a fresh evaluation says, on every day.
@Suite struct ProvenanceIndexTests {
    static func clock(_ year: Int64, _ month: Int64, _ day: Int64) -> @Sendable () -> Int64 {
        let ns = CalendarDay(year: year, month: month, day: day)!.number * 86_400 * 1_000_000_000 + 12 * 3_600 * 1_000_000_000
        return { ns }
    }

    func row(_ catalog: Catalog, _ id: String) throws -> (lintErrors: Int, autoPlan: Bool, stamp: String?) {
        let rows = try catalog.index().database.rows("SELECT lintErrors, autoPlan, reviewStamp FROM records WHERE source = 'exercisedb' AND id = ?", [.text(id)])
        let r = try #require(rows.first)
        return (r[0].int ?? -1, r[1].int != 0, r[2].text)
    }

    @Test func aRowDatedAfterTomorrowIsEvaluatedAgainWhenItsDayComes() throws {
        let dir = try committedSampleCatalog()
        try rewriteInPlace(dir.path + "/reviews/exercisedb/s001.json") { $0.replacingOccurrences(of: "\"2026-10-29\"", with: "\"2030-01-10\"") }
        let before = try Catalog(root: dir.path)
        before.clock = Self.clock(2030, 1, 1)
        let early = try row(before, "s001")
        #expect(early.lintErrors == 9 && !early.autoPlan && early.stamp == "racy", "\(early)")
        #expect(try before.lint().items.filter { $0.rule.rawValue == "provenance-invalid" }.count == 9)
        // Nine days later, nothing written: the same index, the review read again, cleared.
        let after = try Catalog(root: dir.path)
        after.clock = Self.clock(2030, 1, 9)
        let later = try row(after, "s001")
        #expect(later.lintErrors == 0 && later.autoPlan, "\(later)")
        #expect(try after.lint().errors == before.lint().errors - 9)
    }

    /// The evaluator gives a row a racy stamp exactly when a later day may change it, whatever
    /// the file's own stamp (a settled one here).
    @Test func onlyARowWaitingForALaterDayKeepsARacyStamp() throws {
        let dir = try committedSampleCatalog()
        let catalog = try Catalog(root: dir.path)
        let record = try #require(try catalog.snapshot("exercisedb").first { $0.id == "s001" })
        let line = Array(Snapshot.encode([record]).dropLast())
        let bytes = try FileSystem.read(dir.path + "/reviews/exercisedb/s001.json")
        let future = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"2026-10-29\"", with: "\"2030-01-10\"").utf8)
        func stamp(_ bytes: [UInt8], on clock: @escaping @Sendable () -> Int64) throws -> FileStamp? {
            catalog.clock = clock
            let evaluator = try catalog.evaluator(source: "exercisedb", htmlFields: Set(try catalog.meta("exercisedb").htmlFields))
            return line.withUnsafeBufferPointer { evaluator.row(record, line: $0, review: ReviewFile(stamp: .settled("1:2:3:4"), bytes: bytes, error: nil)).reviewStamp }
        }
        #expect(try stamp(future, on: Self.clock(2030, 1, 1)) == .racy)
        #expect(try stamp(future, on: Self.clock(2030, 1, 9)) == .settled("1:2:3:4"))
        #expect(try stamp(bytes, on: Self.clock(2030, 1, 1)) == .settled("1:2:3:4"))
    }
}
