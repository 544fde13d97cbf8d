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
                            reasons: [(code: "FIELD_INVALID", details: .object(JSONObject([JSONMember("list", .array([.int(1), .object(JSONObject([JSONMember("k", .string("]"))]))]))])))],
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

    /// `rows` in a file `BuildRecords` reads (a table without constraints: any value goes in).
    static func records(_ rows: [[SQLValue]], in dir: TempDirectory) throws -> BuildRecords {
        let path = dir.path + "/\(UUID().uuidString).sqlite"
        let db = try Database(path: path)
        let columns = BuildTables.exerciseColumns(schema: 2)
        try db.execute("CREATE TABLE metadata (key, value); INSERT INTO metadata VALUES ('schemaVersion', '2'); CREATE TABLE exercises (\(columns.joined(separator: ", ")))")
        let insert = try db.prepare("INSERT INTO exercises VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for row in rows { try insert.run(row) }
        return try BuildRecords(path: path)
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
                var fast: [UInt8] = [], strict: [UInt8] = []
                let read = records.parser.parse(batch, i, index: i, canonical: &fast)
                let alone = Result { () throws(CatalogError) in
                    try BuildRecords.exercise(batch.row(i), index: i, schema: 2, columns: records.columns, path: records.path, canonical: &strict)
                }
                var scratch: [UInt8] = []
                if BuildRecords.quick(batch, i, schema: 2, canonical: &scratch) != nil { quick += 1 }
                switch (read, alone) {
                case (.success(let a), .success(let b)):
                    #expect(a == b && a.id == b.id && a.name == b.name && fast == strict, "\(name), row \(i)")
                case (.failure(let a), .failure(let b)): #expect(a == b, "\(name), row \(i)")
                default: Issue.record("\(name), row \(i): \(read) where the strict reading gives \(alone)")
                }
            }
            // Unchanged rows take the quick reading, but for the one with escapes in its strings.
            if name == "as written" { #expect(quick == canonical.count - 1) }
        }
    }

    @Test func theCanonicalReadingGivesBackWhatWasWritten() throws {
        for e in try Self.exercises() {
            for schema in [1, 2] {
                var bytes: [UInt8] = []
                e.write(style: .compact, indent: 0, schema: schema, into: &bytes)
                let read = bytes.withUnsafeBufferPointer { Exercise.canonical($0, schema: schema) }
                #expect(e.id == Self.escaped.id ? read == nil : read?.json(schema: schema) == e.json(schema: schema))
                // The pretty bytes of catalog.json, made from the compact ones.
                var pretty: [UInt8] = []
                CatalogJSON.record(compact: bytes, index: 3, into: &pretty)
                #expect(pretty == CatalogJSON.record(e, index: 3, schema: schema))
            }
        }
    }
}
