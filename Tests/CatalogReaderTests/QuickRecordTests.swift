import CatalogJSON
import CatalogModel
@testable import CatalogReader
import CatalogSQLite
import Foundation
import Testing
import TestSupport

/// Verify reads a row whose record is in canonical form, and whose columns are byte for byte
/// what it makes, without a JSON value (`BuildRecords.quick`); every other row the strict way.
/// Either way a row gives what the strict reading alone gives: the same exercise and canonical
/// bytes, or the same error.
@Suite struct QuickRecordTests {
    static func exercises() throws -> [Exercise] {
        var all = try PublishedCatalog.load(directory: TestPaths.fixtureBuild).exercises
        all.append(Exercise(id: "exercisedb:edge", source: "exercisedb", upstreamID: "edge", name: "Café [brackets] {x: 1}, \u{1F600}",
                            movementPattern: nil, equipment: nil, primaryMuscles: [], secondaryMuscles: ["é"], level: nil, setupSeconds: nil,
                            setCredit: [:], autoPlan: false,
                            reasons: [(code: .fieldInvalid, details: .object(JSONObject([JSONMember("list", .array([.int(1), .object(JSONObject([JSONMember("k", .string("]"))]))]))])))],
                            license: "CC-BY \u{1F600}", attribution: "°", confidence: 0.333, mechanic: nil, jointStress: [], laterality: nil))
        all.append(escaped)
        return all
    }

    /// A record with escapes in its strings: read the strict way only.
    static let escaped = Exercise(id: "exercisedb:escaped", source: "exercisedb", upstreamID: "escaped", name: "\"quoted\" \\ back\tslash",
                                  movementPattern: nil, equipment: nil, primaryMuscles: [], secondaryMuscles: [], level: nil, setupSeconds: nil,
                                  setCredit: [:], autoPlan: false, reasons: [], license: nil, attribution: nil)

    typealias Change = (name: String, change: ([SQLValue]) -> [SQLValue])

    /// Changes to a record's text.
    static func recordEdits() -> [(String, (String) -> String)] {
        [
            ("as written", { $0 }),
            ("record spaced", { $0.replacingOccurrences(of: "\":", with: "\": ") }),
            ("keys reordered", { "{\"autoPlan\"" + $0.dropFirst(1).replacingOccurrences(of: ",\"autoPlan\"", with: "") }),
            ("a number respelt", { $0.replacingOccurrences(of: ":1,", with: ":1.0,").replacingOccurrences(of: "0.5", with: "5e-1") }),
            ("confidence respelt", { $0.replacingOccurrences(of: "\"confidence\":0.", with: "\"confidence\":0.0") }),
            ("setupSeconds as a fraction", { $0.replacingOccurrences(of: "\"setupSeconds\":", with: "\"setupSeconds\":0.5e1") }),
            ("setupSeconds huge", { $0.replacingOccurrences(of: "\"setupSeconds\":", with: "\"setupSeconds\":99999999999999999") }),
            ("an escape in a string", { $0.replacingOccurrences(of: "\"exercisedb\"", with: "\"exercise\\u0064b\"") }),
            ("a slash escaped", { $0.replacingOccurrences(of: ":s0", with: "\\/s0") }),
            ("setCredit out of order", { swapFirstCredits($0) }),
            ("a key doubled", { $0.replacingOccurrences(of: "\"level\":", with: "\"level\":null,\"level\":") }),
            ("an unknown key", { $0.replacingOccurrences(of: "{\"attribution\"", with: "{\"aardvark\":1,\"attribution\"") }),
            ("cut short", { String($0.dropLast(2)) }),
            ("bytes after", { $0 + " " }),
            ("a reason with more", { $0.replacingOccurrences(of: "},\"details\"", with: "},\"more\":1,\"details\"") }),
            ("not JSON", { _ in "nope" }),
            ("name decomposed in the record", { $0.replacingOccurrences(of: "é", with: "e\u{301}") }),
        ]
    }

    /// Changes to a canonical row (the record last), each made to every exercise.
    static func changes() -> [Change] {
        var out: [Change] = recordEdits().map { name, edit in (name, { row in Array(row.dropLast()) + [.text(edit(row.last!.text!))] }) }
        out.append(("record null", { row in Array(row.dropLast()) + [.null] }))
        out.append(("record a number", { row in Array(row.dropLast()) + [.int(7)] }))
        out.append(("name decomposed in its column", { row in
            var row = row
            row[3] = .text(row[3].text!.decomposedStringWithCanonicalMapping)
            return row
        }))
        for column in 0..<17 { out.append(("column \(column) changed", { row in changed(row, column) })) }
        return out
    }

    /// `row` with one column's value changed: another value, or another type.
    static func changed(_ row: [SQLValue], _ column: Int) -> [SQLValue] {
        var row = row
        switch row[column] {
        case .null: row[column] = .text("x")
        case .int(let v): row[column] = column.isMultiple(of: 2) ? .int(v + 1) : .double(Double(v))
        case .double(let v): row[column] = .double(v / 3)
        case .text(let t): row[column] = column.isMultiple(of: 2) ? .text(t + "x") : .null
        }
        return row
    }

    static func swapFirstCredits(_ record: String) -> String {
        guard let start = record.range(of: "\"setCredit\":{")?.upperBound, let end = record[start...].firstIndex(of: "}") else { return record }
        let members = record[start..<end].split(separator: ",")
        guard members.count > 1 else { return record }
        return String(record[..<start]) + ([members[1], members[0]] + members.dropFirst(2)).joined(separator: ",") + record[end...]
    }

    /// The tables `records` makes: without constraints, so that any value goes in (a forger
    /// writing the file's bytes can put any in the format's tables), read as a schema of its own.
    static let unconstrained = "CREATE TABLE metadata (key, value); CREATE TABLE exercises (\(BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion).joined(separator: ", ")))"

    /// `rows` in a file `BuildRecords` reads (a table without constraints: any value goes in).
    static func records(_ rows: [[SQLValue]], in dir: TempDirectory) throws -> BuildRecords {
        let path = dir.path + "/\(UUID().uuidString).sqlite"
        let db = try Database(path: path)
        let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
        try db.execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY; " + Self.unconstrained + "; INSERT INTO metadata VALUES ('schemaVersion', '\(BuildFormat.schemaVersion)')")
        let insert = try db.prepare("INSERT INTO exercises VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for row in rows { try insert.run(row) }
        return try BuildRecords(path: path, formats: [BuildFormat.schemaVersion: BuildSchema.objects(creating: unconstrained)])
    }

    @Test func eachRowReadsAsTheStrictReadingReadsIt() throws {
        let dir = TempDirectory()
        let canonical = try Self.exercises().map { e in
            var record: [UInt8] = []
            e.write(style: .compact, indent: 0, into: &record)
            return BuildTables.exerciseRow(e, record: String(decoding: record, as: UTF8.self))
        }
        for (name, change) in Self.changes() {
            let records = try Self.records(canonical.map(change), in: dir)
            let batch = try records.rows()
            #expect(batch.count == canonical.count)
            var quick = 0
            for i in 0..<batch.count {
                var fast = BuildRecords.Scratch(), strict: [UInt8] = []
                let read = records.parser.parse(batch, i, index: i, scratch: &fast)
                let alone = Result { () throws(CatalogError) in
                    try BuildRecords.exercise(batch.row(i), index: i, schema: BuildFormat.schemaVersion, columns: records.columns, path: records.path, canonical: &strict)
                }
                var scratch = BuildRecords.Scratch()
                if BuildRecords.quick(batch, i, schema: BuildFormat.schemaVersion, scratch: &scratch) != nil { quick += 1 }
                switch (read, alone) {
                case (.success(let a), .success(let b)):
                    #expect(a == b && a.id == b.id && a.name == b.name && fast.canonical == strict, "\(name), row \(i)")
                case (.failure(let a), .failure(let b)): #expect(a == b, "\(name), row \(i)")
                default: Issue.record("\(name), row \(i): \(read) where the strict reading gives \(alone)")
                }
            }
            // Unchanged rows take the quick reading, but for the one with escapes in its strings.
            if name == "as written" { #expect(quick == canonical.count - 1) }
        }
    }

    /// The same, for random edits of each record's bytes (stored as a BLOB: any bytes go in,
    /// and SQLite reads them back as text), thousands of them, from a fixed seed.
    @Test func randomEditsReadAsTheStrictReadingReadsThem() throws {
        let dir = TempDirectory()
        let palette: [[UInt8]] = ["\"", "\\", ",", ":", "[", "]", "{", "}", "0", "1", "5", ".", "e", "-", "+", " ", "a", "null", "true", "\\u0041", "é", "e\u{301}"]
            .map { Array($0.utf8) } + [[0xFF], [0x01], [0xC3]]
        var random = SeededRandom(seed: 19)
        var rows: [[SQLValue]] = [], records: [[UInt8]] = []
        for e in try Self.exercises() {
            var record: [UInt8] = []
            e.write(style: .compact, indent: 0, into: &record)
            let row = BuildTables.exerciseRow(e, record: "")
            for _ in 0..<300 {
                var bytes = record
                for _ in 0..<(1 + random.next(2)) {
                    let at = random.next(bytes.count)
                    switch random.next(3) {
                    case 0: bytes.replaceSubrange(at..<at + 1, with: palette[random.next(palette.count)])
                    case 1: bytes.insert(contentsOf: palette[random.next(palette.count)], at: at)
                    default: bytes.remove(at: at)
                    }
                }
                rows.append(row)
                records.append(bytes)
            }
        }
        let path = dir.path + "/edits.sqlite"
        let db = try Database(path: path)
        let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
        try db.execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY; " + Self.unconstrained + "; INSERT INTO metadata VALUES ('schemaVersion', '\(BuildFormat.schemaVersion)')")
        let insert = try db.prepare("INSERT INTO exercises VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for (row, record) in zip(rows, records) {
            try insert.run { binder throws(SQLiteError) in
                for value in row.dropLast() { try binder.value(value) }
                let blob = UnsafeMutableRawBufferPointer.allocate(byteCount: max(record.count, 1), alignment: 1)
                defer { blob.deallocate() }
                blob.copyBytes(from: record)
                try binder.blob(UnsafeRawBufferPointer(rebasing: blob[..<record.count]))
            }
        }
        let build = try BuildRecords(path: path, formats: [BuildFormat.schemaVersion: BuildSchema.objects(creating: Self.unconstrained)])
        var read = 0, quick = 0, accepted = 0
        while case let batch = try build.rows(), !batch.isEmpty {
            for i in 0..<batch.count {
                var fast = BuildRecords.Scratch(), strict: [UInt8] = [], scratch = BuildRecords.Scratch()
                let got = build.parser.parse(batch, i, index: read, scratch: &fast)
                let alone = Result { () throws(CatalogError) in
                    try BuildRecords.exercise(batch.row(i), index: read, schema: BuildFormat.schemaVersion, columns: build.columns, path: build.path, canonical: &strict)
                }
                if BuildRecords.quick(batch, i, schema: BuildFormat.schemaVersion, scratch: &scratch) != nil { quick += 1 }
                switch (got, alone) {
                case (.success(let a), .success(let b)):
                    accepted += 1
                    #expect(a == b && a.id == b.id && a.name == b.name && fast.canonical == strict, "row \(read)")
                case (.failure(let a), .failure(let b)): #expect(a == b, "row \(read)")
                default: Issue.record("row \(read): \(got) where the strict reading gives \(alone)")
                }
                read += 1
            }
        }
        #expect(read == rows.count)
        // Some edits leave a record the strict reading accepts (a space in a name), fewer of
        // them in the form the quick reading takes.
        #expect(accepted > 0 && quick > 0 && quick < accepted, "\(accepted) accepted, \(quick) quick")
    }

    @Test func theCanonicalReadingGivesBackWhatWasWritten() throws {
        for e in try Self.exercises() {
            for schema in [1, 2] {
                var bytes: [UInt8] = []
                e.write(style: .compact, indent: 0, schema: schema, into: &bytes)
                var numbers = CanonicalNumbers()
                let read = bytes.withUnsafeBufferPointer { Exercise.canonical($0, schema: schema, numbers: &numbers) }
                #expect(e.id == Self.escaped.id ? read == nil : read?.json(schema: schema) == e.json(schema: schema))
                // The pretty bytes of catalog.json, made from the compact ones.
                var pretty: [UInt8] = []
                bytes.withUnsafeBufferPointer { CatalogJSON.record(compact: $0, index: 3, into: &pretty) }
                #expect(pretty == CatalogJSON.record(e, index: 3, schema: schema))
            }
        }
    }

    /// A reason is a `ReasonCode` from the moment it is read: a code the format does not know
    /// is refused by the strict reading, naming it, and the quick reading does not take it.
    @Test func aReasonCodeTheFormatDoesNotKnowIsRefusedNamingIt() throws {
        var bytes: [UInt8] = []
        Self.escaped.write(style: .compact, indent: 0, into: &bytes)
        let forged = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"reasons\":[]", with: "\"reasons\":[{\"code\":\"NEEDS_LOVE\",\"details\":{}}]")
        #expect(forged.contains("NEEDS_LOVE"))
        var numbers = CanonicalNumbers()
        #expect(Array(forged.utf8).withUnsafeBufferPointer { Exercise.canonical($0, schema: BuildFormat.schemaVersion, numbers: &numbers) } == nil)
        let error = #expect(throws: CatalogError.self) { try Exercise(json: try JSONParser.parse(Array(forged.utf8)), file: "catalog.json", index: 0) }
        #expect(error?.description.contains("unknown reason code NEEDS_LOVE") == true, "\(error.map(\.description) ?? "")")
    }
}

/// xorshift64*: the same edits on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// A number in 0..<n.
    mutating func next(_ n: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 1) % max(n, 1)
    }
}
