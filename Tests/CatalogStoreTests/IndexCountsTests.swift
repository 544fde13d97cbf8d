import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `CatalogIndex.counts` adds the rows up itself (SQLite's GROUP BY sorts them first): it gives
/// what the GROUP BY gives, on a catalog with every state, reasons, and a removed record.
@Suite struct IndexCountsTests {
    @Test func theCountsAreWhatAGroupByGives() throws {
        let dir = try committedSampleCatalog()
        let other = dir.write("other.json", #"[{"id": "x1", "name": "plank", "bodyPart": "waist", "target": "abs", "equipment": "body weight", "secondaryMuscles": [], "instructions": ["Hold."]}]"#)
        #expect(runInProcess(["import", other, "--source", "other"], in: dir.path).status == 0)
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let index = try Catalog(root: dir.path).index()
        let counts = try index.counts()
        var expected: [String: CatalogIndex.Counts] = [:]
        let sql = """
            SELECT source, state, reasonMask, removed, COUNT(*), SUM(autoPlan), COUNT(mediaFrames), SUM(mediaFrames)
            FROM records GROUP BY source, state, reasonMask, removed
            """
        for row in try index.database.rows(sql) {
            let state = try #require(row[1].text.flatMap(RecordState.init(rawValue:)))
            let n = row[4].int ?? 0
            var c = expected[row[0].text!] ?? CatalogIndex.Counts()
            c.records += n
            c.autoPlan += row[5].int ?? 0
            c.states[state, default: 0] += n
            for (bit, code) in ReasonCode.allCases.enumerated() where (row[2].int ?? 0) & (1 << bit) != 0 { c.reasons[code, default: 0] += n }
            if row[3].int == 0 {
                c.mediaRecords += row[6].int ?? 0
                c.mediaFrames += row[7].int ?? 0
            }
            expected[row[0].text!] = c
        }
        #expect(counts == expected)
        let member = try #require(counts["exercisedb"])
        #expect(Set(member.states.filter { $0.value > 0 }.keys).count >= 3, "\(member.states)")
        #expect(member.states[.removed] == 1 && counts["other"]?.records == 1)
        #expect(member.reasons.count >= 3, "\(member.reasons)")
    }
}
