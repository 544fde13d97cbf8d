import CatalogJSON
import CatalogModel
@testable import CatalogReader
import CatalogSQLite
import Foundation
import Testing
import TestSupport

/// Verify checks a build's records a batch at a time, each batch in shares on the workers, and
/// reports what it finds in the order a walk over the rows meets it: a row that does not read
/// (or is out of id order) ends the walk before any row of its batch is compared with
/// catalog.json; a rule broken before the record where the files part is reported before it,
/// one broken there or after is not. Builds of 625 records checked 256 at a time: three batches,
/// shares within each (at half and a quarter of a batch on 2 and 4 cores).
@Suite struct WalkOrderTests {
    static let batch = 256
    static let count = 625
    /// Rows in a half and a quarter of a batch.
    static let (half, quarter) = (batch / 2, batch / 4)

    /// `count` records cloned from the fixture's (the variant pair left out), the last in
    /// upstream id order; `change` edits the list before the build is written.
    static func exercises(_ change: (inout [Exercise]) -> Void = { _ in }) throws -> [Exercise] {
        let fixture = try PublishedCatalog.load(directory: TestPaths.fixtureBuild).exercises.filter { $0.variantOf == nil && $0.variants.isEmpty }
        var out = (0..<count).map { i in
            var e = fixture[i % fixture.count]
            e.upstreamID = String(format: "x%05d", i)
            e.id = "exercisedb:" + e.upstreamID
            return e
        }
        change(&out)
        return out
    }

    /// The format's tables, but exercises without constraints (a forger writing the file's bytes
    /// can put rows in any order, and any values): the schema these builds are read as.
    static let unconstrained = BuildTables.schema + "; DROP TABLE exercises; CREATE TABLE exercises (\(BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion).joined(separator: ", ")))"

    /// A build of `exercises` (catalog.sqlite's exercises table without constraints: `rows`
    /// may repeat one), its manifest counting them.
    static func build(_ exercises: [Exercise], rows: [[SQLValue]]? = nil, in dir: TempDirectory) throws -> (String, Manifest) {
        let fixture = try BuildRecords(path: TestPaths.fixtureBuild + "/catalog.sqlite")
        let vocabulary = try #require(try fixture.vocabularyJSON())
        let db = try Database(path: dir.path + "/catalog.sqlite")
        let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
        try db.execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY; " + Self.unconstrained)
        try db.execute("""
            INSERT INTO metadata VALUES ('format', '\(BuildFormat.catalogTag)'), ('schemaVersion', '\(BuildFormat.schemaVersion)'), ('minReaderSchemaVersion', '\(BuildFormat.minReaderSchemaVersion)'), ('name', 'walk'),
                ('version', '1.0.0'), ('createdAt', '2026-01-01T00:00:00Z')
            """)
        for member in try #require(vocabulary.objectValue).members {
            try db.prepare("INSERT INTO vocabulary VALUES (?, ?)").run([.text(member.key), .text(JSONWriter.string(member.value))])
        }
        var json = CatalogJSON.header(name: "walk")
        let insert = try db.prepare("INSERT INTO exercises VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        try db.execute("BEGIN")
        for (i, e) in exercises.enumerated() {
            var record: [UInt8] = []
            e.write(style: .compact, indent: 0, into: &record)
            if rows == nil { try insert.run(BuildTables.exerciseRow(e, record: String(decoding: record, as: UTF8.self))) }
            json += CatalogJSON.record(e, index: i)
            try tableRows(e, db)
        }
        for row in rows ?? [] { try insert.run(row) }
        try db.execute("COMMIT")
        json += CatalogJSON.trailer(count: exercises.count, version: SemanticVersion(1, 0, 0), vocabulary: vocabulary)
        try Data(json).write(to: URL(fileURLWithPath: dir.path + "/catalog.json"))
        var reasons: [String: Int] = [:]
        for code in exercises.flatMap(\.reasonCodes) { reasons[code.rawValue, default: 0] += 1 }
        let counts = JSONValue.object(JSONObject([
            JSONMember("autoPlan", .int(exercises.filter(\.autoPlan).count)),
            JSONMember("reasons", .object(JSONObject(reasons.keys.sorted().map { JSONMember($0, .int(reasons[$0]!)) }))),
            JSONMember("total", .int(exercises.count)),
        ]))
        return (dir.path, Manifest(name: "walk", version: SemanticVersion(1, 0, 0), createdAt: "2026-01-01T00:00:00Z", counts: counts, upstream: .null, files: [:], previous: .null))
    }

    /// The exercise's rows in the other tables (one of each key, as the tables keep them).
    static func tableRows(_ e: Exercise, _ db: Database) throws {
        var muscles: [[SQLValue]] = []
        BuildTables.muscleRows(e) { muscles.append([.text(e.id), .text($0), .text($1), .double($2)]) }
        for m in muscles { try db.prepare("INSERT OR IGNORE INTO muscles VALUES (?, ?, ?, ?)").run(m) }
        for item in e.equipment ?? [] { try db.prepare("INSERT OR IGNORE INTO equipment VALUES (?, ?)").run([.text(e.id), .text(item)]) }
        for joint in e.jointStress ?? [] { try db.prepare("INSERT OR IGNORE INTO joint_stress VALUES (?, ?)").run([.text(e.id), .text(joint)]) }
        for r in e.reasons { try db.prepare("INSERT OR IGNORE INTO reasons VALUES (?, ?, ?)").run([.text(e.id), .text(r.code.rawValue), .text(JSONWriter.string(r.details))]) }
    }

    static func problems(_ build: (String, Manifest)) -> [String] {
        BuildCheck.run(directory: build.0, manifest: build.1, formats: [BuildFormat.schemaVersion: BuildSchema.objects(creating: unconstrained)], batchSize: batch).problems.map(\.description)
    }

    /// Record `i`'s name, changed in catalog.json only.
    static func renameInJSON(_ dir: String, _ i: Int, _ exercises: [Exercise]) throws {
        let path = dir + "/catalog.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let id = "\"id\": \"\(exercises[i].id)\""
        let at = try #require(text.range(of: id))
        let name = try #require(text.range(of: "\"name\": \"", range: at.upperBound..<text.endIndex))
        try Data((String(text[..<name.upperBound]) + "renamed " + text[name.upperBound...]).utf8).write(to: URL(fileURLWithPath: path))
    }

    static func breakRule(_ e: inout Exercise) {
        e.autoPlan = true
        e.reasons = []
        e.movementPattern = "nowhere"
    }

    static func broken(_ e: Exercise) -> String {
        "catalog.sqlite: record \(e.id) breaks a rule of the build format: movementPattern nowhere is in no movement pattern of the vocabulary"
    }

    static func differs(_ i: Int, _ e: Exercise) -> String { "catalog.json: record #\(i) (\(e.id)) differs from catalog.sqlite in name" }

    @Test func aWholeBuildVerifies() throws {
        let dir = TempDirectory()
        #expect(Self.problems(try Self.build(try Self.exercises(), in: dir)) == [])
    }

    @Test func aRuleBrokenBeforeTheFilesPartIsReportedFirstAndOneAtOrAfterItNot() throws {
        let (b, h) = (Self.batch, Self.half)
        for (rule, parted, reported) in [(12, b + 119, true), (b + 6, b + 7, true), (b + 6, b + 6, false), (b + 6, 187, false), (h - 1, h, true), (h, h - 1, false)] {
            let dir = TempDirectory()
            let exercises = try Self.exercises { Self.breakRule(&$0[rule]) }
            let build = try Self.build(exercises, in: dir)
            try Self.renameInJSON(dir.path, parted, exercises)
            let expected = (reported ? [Self.broken(exercises[rule])] : []) + [Self.differs(parted, exercises[parted])]
            #expect(Self.problems(build) == expected, "rule broken at \(rule), files part at \(parted)")
        }
    }

    @Test func aRowThatDoesNotReadEndsTheWalkBeforeItsBatchIsCompared() throws {
        let exercises = try Self.exercises { Self.breakRule(&$0[10]) }
        let b = Self.batch
        for (unreadable, parted, expectsParted) in [(187, 125, false), (b + 119, 125, true), (b - 1, b, false), (b, b - 1, true)] {
            let dir = TempDirectory()
            var rows = exercises.map { e in
                var record: [UInt8] = []
                e.write(style: .compact, indent: 0, into: &record)
                return BuildTables.exerciseRow(e, record: String(decoding: record, as: UTF8.self))
            }
            rows[unreadable][rows[unreadable].count - 1] = .text(rows[unreadable].last!.text!.replacingOccurrences(of: "\"id\":", with: "\"id\": "))
            let build = try Self.build(exercises, rows: rows, in: dir)
            try Self.renameInJSON(dir.path, parted, exercises)
            let id = exercises[unreadable].id
            let unread = "catalog.sqlite: the record of exercise \(id) is not in the build format's canonical form (record \(id))"
            // The rule broken at row 10 is reported only when its batch is compared.
            #expect(Self.problems(build) == (expectsParted ? [Self.broken(exercises[10]), Self.differs(parted, exercises[parted])] : [unread]),
                    "unreadable \(unreadable), files part at \(parted)")
        }
    }

    @Test func aRowOutOfIdOrderIsFoundWhereverTheSharesPart() throws {
        let exercises = try Self.exercises()
        for twice in [10, Self.quarter - 1, Self.quarter, Self.half - 1, Self.half, Self.batch - 1, Self.batch, Self.count - 1] {
            let dir = TempDirectory()
            var rows = exercises.map { e in
                var record: [UInt8] = []
                e.write(style: .compact, indent: 0, into: &record)
                return BuildTables.exerciseRow(e, record: String(decoding: record, as: UTF8.self))
            }
            rows.insert(rows[twice], at: twice)
            let id = exercises[twice].id
            #expect(Self.problems(try Self.build(exercises, rows: rows, in: dir)) == ["catalog.sqlite: exercises are not in id order at \(id) (record \(id))"], "row \(twice) twice")
        }
    }

    @Test func variantProblemsAreReportedInRowOrderAcrossShares() throws {
        // Twelve bases whose copies are not listed in their variants, across the batches.
        let bases = [5, 75, 137, 187, 250, 262, 325, 387, 450, 512, 575, 620]
        let exercises = try Self.exercises { all in
            for base in bases {
                var copy = all[base + 1]
                copy.variantOf = all[base].id
                copy.autoPlan = false
                copy.reasons = [(code: ReasonCode.variant, details: .object(JSONObject([JSONMember("of", .string(all[base].id))])))]
                all[base + 1] = copy
            }
        }
        let dir = TempDirectory()
        let problems = Self.problems(try Self.build(exercises, in: dir))
        let expected = bases.prefix(10).map { base in
            "catalog.sqlite: record \(exercises[base].id): variants is [] where the records whose variantOf names it are [\(exercises[base + 1].id)]"
        } + ["catalog.sqlite: and 2 more problems of variantOf and variants"]
        #expect(problems == expected)
    }
}
