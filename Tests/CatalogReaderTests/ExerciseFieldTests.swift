import CatalogJSON
import CatalogModel
@testable import CatalogReader
import CatalogSQLite
import Testing

/// The build schema's field table (`ExerciseField`, `ExerciseColumn`) drives every form of a
/// record: a field of the table is written, read back both ways, stored in its columns and
/// compared, with no code of its own anywhere else.
@Suite struct ExerciseFieldTests {
    /// A record whose every field of the table holds a value unlike the blank record's (a
    /// field added to the table is covered without a word here).
    static let full: Exercise = {
        var e = Exercise.blank
        for field in ExerciseField.all {
            switch field.value {
            case .string(_, let set): set(&e, "s:\(field.name)")
            case .optionalString(_, let set): set(&e, field.name)
            case .strings(_, let set): set(&e, [field.name, "é"])
            case .optionalStrings(_, let set): set(&e, [field.name])
            case .optionalInt(_, let set): set(&e, 30)
            case .optionalNumber(_, let set): set(&e, 0.8)
            case .bool(_, let set): set(&e, true)
            case .credits(_, let set): set(&e, ["quads": 1, "glutes": 0.5])
            case .reasons(_, let set): set(&e, [(code: .manualOnly, details: .object(JSONObject([JSONMember("why", .string("x"))])))])
            }
        }
        return e
    }()

    /// `full` with one field's value taken from the blank record (every value differs).
    static func without(_ field: ExerciseField) throws -> Exercise {
        var json = full.json.objectValue!
        json[field.name] = field.json(.blank)
        return try Exercise(json: .object(json), file: "f", index: 0)
    }

    static func compact(_ e: Exercise, schema: Int) -> [UInt8] {
        var out: [UInt8] = []
        e.write(style: .compact, indent: 0, schema: schema, into: &out)
        return out
    }

    @Test(arguments: 1...BuildFormat.schemaVersion)
    func everyFieldIsWrittenAndReadBackBothWays(schema: Int) throws {
        for field in ExerciseField.fields(schema: schema) {
            let e = try Self.without(field)
            let bytes = Self.compact(e, schema: schema)
            #expect(bytes == JSONWriter.bytes(e.json(schema: schema), style: .compact), "\(field.name)")
            var numbers = CanonicalNumbers()
            let quick = try #require(bytes.withUnsafeBufferPointer { Exercise.canonical($0, schema: schema, numbers: &numbers) }, "\(field.name)")
            let strict = try Exercise(json: JSONParser.parse(bytes), file: "f", index: 0, schema: schema)
            #expect(Self.compact(quick, schema: schema) == bytes, "\(field.name) read quickly")
            #expect(Self.compact(strict, schema: schema) == bytes, "\(field.name) read strictly")
            // The one field changed shows in the bytes; every other field, read back at its full
            // value, shows the readings fill it (they start from the blank record).
            #expect(Self.compact(Self.full, schema: schema) != bytes, "\(field.name) is written")
        }
        #expect(Set(try JSONParser.parse(Self.compact(Self.full, schema: schema)).objectValue!.members.map(\.key)) == ExerciseField.keys(schema: schema))
    }

    @Test(arguments: 1...BuildFormat.schemaVersion)
    func theChangedFieldsAreTheComparedOnesOfTheSchemaInTableOrder(schema: Int) throws {
        for field in ExerciseField.all {
            let listed = field.compared && field.since <= schema
            #expect(ExerciseField.changed(from: Self.full, to: try Self.without(field), schema: schema) == (listed ? [field.name] : []), "\(field.name)")
        }
        #expect(ExerciseField.changed(from: .blank, to: Self.full, schema: schema) == ExerciseField.fields(schema: schema).filter(\.compared).map(\.name))
        #expect(!ExerciseField.all.filter(\.compared).contains { ["id", "source", "upstreamId", "autoPlan"].contains($0.name) })
    }

    @Test func everyColumnHoldsWhatItsFieldsSay() {
        let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
        var e = Self.full
        e.level = "advanced"
        let row = BuildTables.exerciseRow(e, record: "{}")
        #expect(columns.count == row.count && columns.last == "record")
        let value = Dictionary(uniqueKeysWithValues: zip(columns, row))
        #expect(value["level_rank"] == .int(2) && value["equipment_known"] == .int(1) && value["auto_plan"] == .int(1))
        #expect(value["confidence"] == .double(0.8) && value["replaced_by"] == .text("replacedBy") && value["joint_stress_known"] == .int(1))
        let blank = Dictionary(uniqueKeysWithValues: zip(columns, BuildTables.exerciseRow(.blank, record: "{}")))
        #expect(blank["level_rank"] == .null && blank["equipment_known"] == .int(0) && blank["joint_stress_known"] == .int(0))
    }

    /// Builds of schema 3 hold this statement in their `sqlite_master`: the table made from the
    /// field table must stay the one they were written with, byte for byte.
    @Test func schema3sTableIsTheStatementItsBuildsHold() {
        #expect(ExerciseColumn.createTable(schema: 3) == """
            CREATE TABLE exercises (
                id TEXT PRIMARY KEY, source TEXT NOT NULL, upstream_id TEXT NOT NULL, name TEXT NOT NULL,
                movement_pattern TEXT, level TEXT, level_rank INTEGER, setup_seconds INTEGER,
                auto_plan INTEGER NOT NULL, equipment_known INTEGER NOT NULL,
                license TEXT, attribution TEXT,
                confidence REAL, mechanic TEXT, laterality TEXT, variant_of TEXT, joint_stress_known INTEGER NOT NULL,
                replaced_by TEXT, record TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }
}
