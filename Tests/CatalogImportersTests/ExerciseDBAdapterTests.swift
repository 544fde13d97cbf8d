import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import Testing

@Suite struct ExerciseDBAdapterTests {
    static let twoRecords = #"""
        [
          {"id": "0010", "name": "air bike", "bodyPart": "waist", "target": "abs", "equipment": "body weight",
           "secondaryMuscles": [], "instructions": ["Lie flat.", "Pedal."], "gifUrl": "https://example.org/10.gif"},
          {"bodyPart": "waist", "equipment": "body weight", "gifUrl": "https://example.org/1.gif", "id": "0001",
           "name": "3/4 sit-up", "target": "abs", "secondaryMuscles": ["hip flexors", "lower back"],
           "instructions": ["Lie flat on your back.", "Curl up."], "difficulty": {"level": 2, "ratio": 1.50}},
          {"id": "0002", "name": "45° side bend", "bodyPart": "waist", "target": "abs", "equipment": "body weight",
           "secondaryMuscles": ["obliques"], "instructions": ["Stand."], "gifUrl": "https://example.org/2.gif"}
        ]
        """#

    @Test func detectsTheFormat() throws {
        #expect(try detectedFormat([FileFixture("exercises.json", Self.twoRecords)]) == "exercisedb")
    }

    @Test func mapsTheSharedFieldsAndKeepsTheRestVerbatimInExtra() throws {
        let records = try importRecords(Self.twoRecords)
        let sitUp = try #require(records.first { $0.id == "0001" })
        #expect(sitUp.fields == [
            JSONMember("name", "3/4 sit-up"), JSONMember("bodyPart", "waist"), JSONMember("target", "abs"),
            JSONMember("equipment", "body weight"), JSONMember("secondaryMuscles", ["hip flexors", "lower back"]),
            JSONMember("instructions", ["Lie flat on your back.", "Curl up."]),
        ])
        // gifUrl and an unknown field are kept as upstream wrote them (number lexemes included).
        #expect(sitUp.extra == [
            JSONMember("gifUrl", "https://example.org/1.gif"),
            JSONMember("difficulty", .object([JSONMember("level", .number("2")), JSONMember("ratio", .number("1.50"))])),
        ])
        #expect(canonical(sitUp, format: "exercisedb").text == """
            name: 3/4 sit-up
            bodyPart: waist
            target: abs
            equipment: body weight
            secondaryMuscles: hip flexors
            secondaryMuscles: lower back
            instructions: Lie flat on your back.
            instructions: Curl up.

            """)
    }

    @Test func sortsRecordsByIdAndKeepsIdsAsStrings() throws {
        let records = try importRecords(Self.twoRecords)
        #expect(records.map(\.id) == ["0001", "0002", "0010"])
        #expect(records[1].name == "45° side bend")
        #expect(records.allSatisfy { $0.json.objectValue?["id"] == .string($0.id) })
    }

    @Test func sortsByUTF8BytesNotNumerically() throws {
        let records = try importRecords(#"""
            [{"id": "9", "name": "a", "bodyPart": "b", "target": "t"},
             {"id": "10", "name": "c", "bodyPart": "b", "target": "t"},
             {"id": "Z", "name": "d", "bodyPart": "b", "target": "t"},
             {"id": "a", "name": "e", "bodyPart": "b", "target": "t"}]
            """#)
        #expect(records.map(\.id) == ["10", "9", "Z", "a"])
    }

    @Test func toleratesNullAndMissingOptionalFields() throws {
        let records = try importRecords(#"[{"id": "0001", "name": "plank", "bodyPart": "waist", "target": "abs", "equipment": null}]"#)
        #expect(records[0].fields == [JSONMember("name", "plank"), JSONMember("bodyPart", "waist"), JSONMember("target", "abs")])
        #expect(records[0].extra.isEmpty)
    }
}

/// Every bad ExerciseDB input is a data error (exit 65) that says where the problem is.
@Suite struct ExerciseDBBadInputTests {
    /// A valid record, to put before the bad one.
    static let good = #"{"id": "0001", "name": "3/4 sit-up", "bodyPart": "waist", "target": "abs", "instructions": ["Lie flat."]}"#

    @Test func truncatedJSONGivesTheLine() throws {
        let error = try #require(importError("""
            [
              {"id": "0001", "name": "3/4 sit-up", "bodyPart": "waist", "target": "abs",
               "instructions": ["Lie flat.",
            """, path: "cut.json"))
        #expect(error.kind == .dataError)
        #expect(error.kind.exitCode == 65)
        #expect(error.message.contains("truncated"))
        #expect(error.location.file == "cut.json")
        #expect(error.location.line == 3)
        #expect(error.location.record == "#0")
    }

    @Test func syntaxErrorInALaterRecordNamesItsLineAndIndex() throws {
        let error = try #require(importError("[\n\(Self.good),\n\(Self.good.replacingOccurrences(of: "\"waist\"", with: "waist"))\n]"))
        #expect(error.kind == .dataError)
        #expect(error.location.line == 3)
        #expect(error.location.record == "#1")
        #expect(error.location.field == "bodyPart")
    }

    @Test func instructionsAsAStringNamesTheRecordAndField() throws {
        let error = try #require(importError(#"""
            [\#(Self.good),
             {"id": "0002", "name": "45° side bend", "bodyPart": "waist", "target": "abs", "instructions": "Stand. Bend."}]
            """#, path: "e.json"))
        #expect(error.kind == .dataError)
        #expect(error.location.file == "e.json")
        #expect(error.location.record == "0002 (#1)")
        #expect(error.location.field == "instructions")
        #expect(error.message.contains("list of strings"))
    }

    @Test func aNumberInsideSecondaryMusclesNamesTheElement() throws {
        let error = try #require(importError(#"""
            [{"id": "0001", "name": "sit-up", "bodyPart": "waist", "target": "abs", "secondaryMuscles": ["hip flexors", 7, "lower back"]}]
            """#))
        #expect(error.kind == .dataError)
        #expect(error.location.record == "0001 (#0)")
        #expect(error.location.field == "secondaryMuscles[1]")
        #expect(error.message.contains("a number"))
    }

    @Test func duplicateIdNamesTheId() throws {
        let error = try #require(importError("[\(Self.good),\n\(Self.good.replacingOccurrences(of: "sit-up", with: "crunch"))]"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("duplicate id \"0001\""))
        #expect(error.location.record == "0001 (#1)")
        #expect(error.location.field == "id")
    }

    @Test func invalidUTF8InsideAStringGivesLineRecordAndField() throws {
        let bytes = Array("[\(Self.good),\n{\"id\": \"0002\", \"name\": \"side b".utf8) + [0xE9] + Array("nd\", \"bodyPart\": \"waist\", \"target\": \"abs\"}]".utf8)
        let error = try #require(importError([FileFixture("latin1.json", bytes: bytes)]))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("UTF-8"))
        #expect(error.location.file == "latin1.json")
        #expect(error.location.line == 2)
        #expect(error.location.record == "#1")
        #expect(error.location.field == "name")
    }

    @Test func invalidUTF8GivesItsColumn() throws {
        let bytes = Array(#"[{"id": "0001", "name": "b"#.utf8) + [0xFF] + Array(#"x", "bodyPart": "waist", "target": "abs"}]"#.utf8)
        let error = try #require(importError([FileFixture("bad.json", bytes: bytes)]))
        #expect(error.location.line == 1)
        #expect(error.location.column == 27)
    }

    /// Regression (CatalogJSON/UTF8Validation.swift): after a multi-byte character the decoder has
    /// read ahead, and those bytes are counted, so the column is 2 too far here (31, not 29).
    @Test func invalidUTF8AfterANonASCIICharacterGivesItsColumn() throws {
        let bytes = Array(#"[{"id": "0001", "name": "bé"#.utf8) + [0xFF] + Array(#"x", "bodyPart": "waist", "target": "abs"}]"#.utf8)
        let error = try #require(importError([FileFixture("bad.json", bytes: bytes)]))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "name")
        #expect(error.location.column == 29)
    }

    @Test(arguments: ["", "   \n\t", "\u{FEFF}\n"])
    func emptyFileIsADataError(text: String) throws {
        let error = try #require(importError(text, path: "empty.json"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("empty"))
        #expect(error.location.file == "empty.json")
    }

    @Test func emptyArrayIsADataErrorWithOrWithoutAFormat() throws {
        let detected = try #require(importError("[]"))
        #expect(detected.kind == .dataError)
        let named = try #require(importError("[]", format: "exercisedb"))
        #expect(named.kind == .dataError)
        #expect(named.message.contains("no records"))
    }

    @Test(arguments: ["00/1", "a..b", "..", "0\\1", "sh:1", ".hidden"])
    func idsThatCannotNameAFileAreRejected(id: String) throws {
        let json = #"[{"id": \#(JSONWriter.string(.string(id))), "name": "n", "bodyPart": "waist", "target": "abs"}]"#
        let error = try #require(importError(json))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("invalid id"))
        #expect(error.location.record == "#0")
        #expect(error.location.field == "id")
    }

    @Test func aNumericIdIsRejected() throws {
        let error = try #require(importError(#"[{"id": 1, "name": "n", "bodyPart": "waist", "target": "abs"}]"#))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "id")
    }

    @Test func missingIdIsRejected() throws {
        let error = try #require(importError("[\(Self.good), {\"name\": \"n\", \"bodyPart\": \"waist\", \"target\": \"abs\"}]"))
        #expect(error.kind == .dataError)
        #expect(error.location.record == "#1")
        #expect(error.location.field == "id")
    }

    @Test(arguments: [#""bodyPart": "waist""#, #""name": null, "bodyPart": "waist""#, #""name": " \t ", "bodyPart": "waist""#])
    func missingOrBlankNameIsRejected(members: String) throws {
        let error = try #require(importError("[\(Self.good),\n{\"id\": \"0002\", \(members), \"target\": \"abs\"}]"))
        #expect(error.kind == .dataError)
        #expect(error.location.record == "0002 (#1)")
        #expect(error.location.field == "name")
    }

    @Test func aNameOfTheWrongTypeIsRejected() throws {
        let error = try #require(importError(#"[{"id": "0001", "name": ["a"], "bodyPart": "waist", "target": "abs"}]"#))
        #expect(error.location.field == "name")
        #expect(error.message.contains("an array"))
    }

    @Test(arguments: [#""oops""#, "42", "null", "[]"])
    func aNonObjectElementIsRejected(element: String) throws {
        let error = try #require(importError("[\(Self.good),\n \(element)]"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("expected a record object"))
        #expect(error.location.record == "#1")
    }

    @Test func aTopLevelObjectIsRejected() throws {
        let error = try #require(importError("{\"exercises\": [\(Self.good)]}", format: "exercisedb"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("JSON array"))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let error = try #require(importError("[\(Self.good)]", format: "exercise-db"))
        #expect(error.kind == .usage)
        #expect(error.kind.exitCode == 64)
    }

    @Test func contentNoAdapterRecognisesIsADataError() throws {
        let error = try #require(importError(#"[{"title": "not an exercise"}]"#, path: "other.json"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("--format"))
        #expect(error.location.file == "other.json")
    }
}
