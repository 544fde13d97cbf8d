@testable import CatalogBuild
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite
import Foundation
import TestSupport
import Testing

/// The build writer's rows go to its thread encoded in one buffer (`EncodedRows`): what the
/// tables hold must be what `BuildTables` says each record's rows are, whatever the values. And
/// the page cache it sets for each phase must change no byte of the file.
@Suite struct BuildWriterTests {
    static let vocabulary = BuildVocabulary(try! Vocabulary.load(DefaultVocabulary.documents, directory: "defaults"))

    /// Records with every kind of value: nulls, integers, reals, empty text, NUL characters,
    /// non-ASCII text, duplicate muscles and items (the tables keep one), and many rows of a
    /// table (more than one statement's 64).
    static func records(_ count: Int) -> [Exercise] {
        (0..<count).map { n in
            var e = Exercise(id: "s:\(String(format: "%05d", n))", source: "s", upstreamID: String(format: "%05d", n), name: n % 7 == 0 ? "tab\t\u{0}nul — ünïcode 💪 \(n)" : "squat \(n)",
                             movementPattern: n % 3 == 0 ? nil : "squat", equipment: n % 4 == 0 ? nil : ["barbell", "bench", "barbell"].prefix(n % 4).map { $0 },
                             primaryMuscles: ["quads", "glutes", "quads"], secondaryMuscles: n % 5 == 0 ? [] : ["hamstrings"], level: n % 6 == 0 ? nil : "beginner",
                             setupSeconds: n % 2 == 0 ? nil : n * 10, setCredit: ["quads": 1, "glutes": 1, "hamstrings": 0.5], autoPlan: n % 3 != 0,
                             reasons: n % 3 == 0 ? [(.fieldMissing, .object(JSONObject([JSONMember("fields", .strings(["level", "\u{0}"]))]))), (.manualOnly, .object(JSONObject()))] : [],
                             license: n % 9 == 0 ? "" : nil, attribution: nil, confidence: n % 2 == 0 ? 0.8 : nil, mechanic: "compound",
                             jointStress: n % 8 == 0 ? nil : ["knee"], laterality: nil, variantOf: nil, variants: [])
            if n == 1 { e.secondaryMuscles = (0..<150).map { "m\($0)" } }
            return e
        }
    }

    /// Writes `records` as a build in `directory` with these page caches; returns the file's path.
    static func build(_ records: [Exercise], in directory: String, rowCacheKB: Int = 32_000, indexCacheKB: Int = 2_000) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let writer = try BuildWriter(directory: directory, name: "test", rowCacheKB: rowCacheKB, indexCacheKB: indexCacheKB)
        for start in stride(from: 0, to: records.count, by: 100) {
            try writer.append(BuildWriter.render(Array(records[start..<min(records.count, start + 100)]), start: start))
        }
        _ = try writer.finish(version: SemanticVersion(1, 0, 0), metadata: [("name", "test")], vocabulary: vocabulary)
        return directory + "/catalog.sqlite"
    }

    /// A build stopped before its end (a failed gate) waits for its rows, so that its thread
    /// holds the writer no more: the writer's files are then closed where export removes them,
    /// not on that thread while the folder is being removed.
    @Test func anAbandonedWriterIsHeldByNoOtherThread() throws {
        let dir = TempDirectory()
        var writer: BuildWriter? = try BuildWriter(directory: dir.path, name: "test")
        weak let held = writer
        let records = Self.records(2_000)
        for start in stride(from: 0, to: records.count, by: 500) {
            try writer!.append(BuildWriter.render(Array(records[start..<(start + 500)]), start: start))
        }
        writer!.abandon()
        writer = nil
        #expect(held == nil)
        // Closed on this thread: its staged catalog.json is gone already.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".catalog.json") } == [])
    }

    @Test func theTablesHoldEachRecordsRowsAsBuildTablesMakesThem() throws {
        let dir = TempDirectory()
        let records = Self.records(300)
        let db = try Database(path: try Self.build(records, in: dir.path + "/b"), create: false, readOnly: true)
        let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion).joined(separator: ", ")
        #expect(try db.rows("SELECT \(columns) FROM exercises ORDER BY id") == records.map { e in
            var compact: [UInt8] = []
            e.write(style: .compact, indent: 0, into: &compact)
            return BuildTables.exerciseRow(e, record: String(decoding: compact, as: UTF8.self))
        })
        var muscles: [[SQLValue]] = [], items: [[SQLValue]] = [], joints: [[SQLValue]] = [], reasons: [[SQLValue]] = []
        for e in records {
            var seen = Set<[UInt8]>()
            BuildTables.muscleRows(e) { muscle, role, credit in
                if seen.insert(Array((muscle + "/" + role).utf8)).inserted { muscles.append([.text(e.id), .text(muscle), .text(role), .double(credit)]) }
            }
            items += Array(Set(e.equipment ?? [])).map { [.text(e.id), .text($0)] }
            joints += (e.jointStress ?? []).map { [.text(e.id), .text($0)] }
            reasons += e.reasons.map { [.text(e.id), .text($0.code.rawValue), .text(JSONWriter.string($0.details))] }
        }
        func sorted(_ rows: [[SQLValue]]) -> [String] { rows.map { "\($0)" }.sorted() }
        #expect(sorted(try db.rows("SELECT exercise_id, muscle, role, credit FROM muscles")) == sorted(muscles))
        #expect(sorted(try db.rows("SELECT exercise_id, item FROM equipment")) == sorted(items))
        #expect(sorted(try db.rows("SELECT exercise_id, joint FROM joint_stress")) == sorted(joints))
        #expect(sorted(try db.rows("SELECT exercise_id, code, details FROM reasons")) == sorted(reasons))
    }

    /// The cache sizes set for the rows and for the indexes change no page: a cache far too small
    /// for either (SQLite spilling pages and sorting in many pieces) gives the same file.
    @Test func thePageCacheOfEitherPhaseChangesNoByte() throws {
        let dir = TempDirectory()
        let records = Self.records(3000)
        let usual = try Data(contentsOf: URL(fileURLWithPath: try Self.build(records, in: dir.path + "/usual")))
        let small = try Data(contentsOf: URL(fileURLWithPath: try Self.build(records, in: dir.path + "/small", rowCacheKB: 40, indexCacheKB: 40)))
        #expect(usual.count > 1_000_000)
        #expect(usual == small)
    }
}
