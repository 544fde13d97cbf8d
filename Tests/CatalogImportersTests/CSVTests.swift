import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import Testing

/// The CSV reader on its own: quoting, line endings, line numbers.
@Suite struct CSVTableTests {
    func table(_ text: String) throws(CatalogError) -> CSVTable {
        try CSVTable(bytes: Array(text.utf8), file: "t.csv")
    }

    @Test func readsQuotedCellsWithCommasDoubledQuotesAndNewlines() throws {
        let t = try table("a,b,c\n\"x, y\",\"say \"\"up\"\"\",\"one\ntwo\"\nplain,,\"\"\n")
        #expect(t.header == ["a", "b", "c"])
        #expect(t.rows.map(\.cells) == [["x, y", "say \"up\"", "one\ntwo"], ["plain", "", ""]])
        // A row's line is where it starts; an embedded newline moves the next row down.
        #expect(t.rows.map(\.line) == [2, 4])
    }

    @Test func acceptsCRLFABOMAndNoFinalNewline() throws {
        let t = try CSVTable(bytes: [0xEF, 0xBB, 0xBF] + Array("a,b\r\n1,\"2\r\n3\"\r\n4,5".utf8), file: "t.csv")
        #expect(t.header == ["a", "b"])
        #expect(t.rows.map(\.cells) == [["1", "2\r\n3"], ["4", "5"]])
        #expect(t.rows.map(\.line) == [2, 4])
    }

    @Test func skipsBlankLinesButCountsThem() throws {
        let t = try table("a,b\n\n1,2\n\n\n3,4\n")
        #expect(t.rows.map(\.cells) == [["1", "2"], ["3", "4"]])
        #expect(t.rows.map(\.line) == [3, 6])
    }

    @Test func aTrailingCommaIsAnEmptyLastCell() throws {
        let t = try table("a,b\n1,\n")
        #expect(t.rows.map(\.cells) == [["1", ""]])
    }

    @Test func aStrayQuoteInsideAnUnquotedCellIsAnError() throws {
        let error = try #require(catalogError { () throws(CatalogError) in _ = try table("a,b\n1,x\"y\n") })
        #expect(error.kind == .dataError)
        #expect(error.location.line == 2)
        #expect(error.location.field == "column 2")
    }

    @Test func aNulByteIsAnError() throws {
        let error = try #require(catalogError { () throws(CatalogError) in _ = try table("a,b\n1,x\u{0}y\n") })
        #expect(error.kind == .dataError)
        #expect(error.location.line == 2)
    }

    @Test func anEmptyColumnNameIsAnError() throws {
        let error = try #require(catalogError { () throws(CatalogError) in _ = try table("a,,b\n1,2,3\n") })
        #expect(error.kind == .dataError)
        #expect(error.location.line == 1)
    }
}

/// ExerciseDB flattened to CSV (`instructions/N`, `secondaryMuscles/N`), as on Kaggle.
@Suite struct ExerciseDBCSVAdapterTests {
    /// List columns shuffled (10 before 2, as text order would put them), other columns extras.
    static let csv = """
        instructions/1,id,secondaryMuscles/1,name,instructions/10,bodyPart,instructions/0,target,secondaryMuscles/0,equipment,instructions/2,gifUrl
        second,0002,,45° side bend,eleventh,waist,first,abs,obliques,body weight,third,https://example.org/2.gif
        "Curl up, slowly.",0001,lower back,3/4 sit-up,,waist,"Lie ""flat"".",abs,hip flexors,body weight,"Pause,
        then lower.",

        """

    @Test func detectsTheFormat() throws {
        #expect(try detectedFormat([FileFixture("exercises.csv", Self.csv)]) == "exercisedb-csv")
    }

    @Test func putsListColumnsInNumericOrderAndDropsEmptyCells() throws {
        let records = try importRecords(Self.csv, path: "exercises.csv")
        #expect(records.map(\.id) == ["0001", "0002"])
        let bend = records[1]
        #expect(bend.fields == [
            JSONMember("name", "45° side bend"), JSONMember("bodyPart", "waist"), JSONMember("target", "abs"),
            JSONMember("equipment", "body weight"), JSONMember("secondaryMuscles", ["obliques"]),
            JSONMember("instructions", ["first", "second", "third", "eleventh"]),
        ])
        #expect(bend.extra == [JSONMember("gifUrl", "https://example.org/2.gif")])
    }

    @Test func readsQuotedCellsWithCommasQuotesAndNewlines() throws {
        let sitUp = try importRecords(Self.csv, path: "exercises.csv")[0]
        #expect(sitUp.list("instructions") == ["Lie \"flat\".", "Curl up, slowly.", "Pause,\nthen lower."])
        #expect(sitUp.list("secondaryMuscles") == ["hip flexors", "lower back"])
        // An empty extra cell is no extra.
        #expect(sitUp.extra.isEmpty)
    }

    @Test func readsCRLFAndABOM() throws {
        let crlf = Self.csv.replacingOccurrences(of: "\n", with: "\r\n")
        let bytes = [0xEF, 0xBB, 0xBF] + Array(crlf.utf8)
        let records = try importRecords([FileFixture("bom.csv", bytes: bytes)])
        let plain = try importRecords(Self.csv, path: "exercises.csv")
        #expect(records.map(\.id) == ["0001", "0002"])
        // The header's first column is "instructions/1", not "\u{FEFF}instructions/1".
        #expect(records[1].list("instructions") == ["first", "second", "third", "eleventh"])
        // Inside a quoted cell the CRLF is kept, and canonical text collapses it like LF.
        #expect(records[0].list("instructions")?[2] == "Pause,\r\nthen lower.")
        #expect(fingerprints(records, format: "exercisedb-csv") == fingerprints(plain, format: "exercisedb-csv"))
    }

    @Test func aCSVCopyAndAJSONCopyOfTheSameRecordsHaveTheSameFingerprints() throws {
        let json = try importRecords(#"""
            [{"bodyPart": "waist", "equipment": "body weight", "gifUrl": "https://example.org/1.gif", "id": "0001",
              "name": "3/4 sit-up", "target": "abs", "secondaryMuscles": ["hip flexors", "lower back"],
              "instructions": ["Lie \"flat\".", "Curl up, slowly.", "Pause,\nthen lower."]},
             {"bodyPart": "waist", "equipment": "body weight", "gifUrl": "https://example.org/2.gif", "id": "0002",
              "name": "45° side bend", "target": "abs", "secondaryMuscles": ["obliques"],
              "instructions": ["first", "second", "third", "eleventh"]}]
            """#, path: "exercises.json")
        let csv = try importRecords(Self.csv, path: "exercises.csv")
        #expect(json.map(\.id) == csv.map(\.id))
        #expect(fingerprints(json, format: "exercisedb") == fingerprints(csv, format: "exercisedb-csv"))
        for (j, c) in zip(json, csv) { #expect(j.fields == c.fields) }
    }

    @Test func aSingleListColumnWithAllCellsEmptyGivesAnEmptyList() throws {
        let records = try importRecords("id,name,instructions/0\n0001,plank,\n", path: "p.csv")
        #expect(records[0].list("instructions") == [])
        #expect(records[0].fields["secondaryMuscles"] == nil)
        #expect(canonical(records[0], format: "exercisedb-csv").text == "name: plank\n")
    }
}

/// Every bad CSV input is a data error with the line of the offending row.
@Suite struct ExerciseDBCSVBadInputTests {
    @Test func aRowWithTooManyCellsNamesItsLine() throws {
        let error = try #require(importError("id,name\n0001,a\n0002,\"b\nc\"\n0003,d,extra\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("too many cells"))
        #expect(error.location.file == "x.csv")
        #expect(error.location.line == 5)
    }

    @Test func aRowWithTooFewCellsNamesItsLine() throws {
        let error = try #require(importError("id,name,bodyPart\r\n0001,a,waist\r\n0002,b\r\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("too few cells"))
        #expect(error.location.line == 3)
    }

    @Test func anUnterminatedQuoteIsAnError() throws {
        let error = try #require(importError("id,name\n0001,a\n0002,\"b, and so on\n0003,c\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("unterminated"))
        #expect(error.location.line == 3)
    }

    @Test func textAfterAClosingQuoteIsAnError() throws {
        let error = try #require(importError("id,name\n0001,\"a\"b\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("after a closing quote"))
        #expect(error.location.line == 2)
        #expect(error.location.field == "column 2")
    }

    @Test func aDuplicateHeaderColumnIsAnError() throws {
        let error = try #require(importError("id,name,instructions/0,instructions/0\n0001,a,b,c\n", path: "x.csv", format: "exercisedb-csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("duplicate column 'instructions/0'"))
        #expect(error.location.line == 1)
    }

    @Test(arguments: ["instructions/x", "instructions/", "instructions/-1", "secondaryMuscles/1.5", "steps/0"])
    func aBadListColumnIsAnError(column: String) throws {
        let error = try #require(importError("id,name,\(column)\n0001,a,b\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("'\(column)'"))
        #expect(error.location.line == 1)
    }

    @Test func invalidUTF8IsAnErrorOnItsLine() throws {
        let bytes = Array("id,name\n0001,a\n0002,b".utf8) + [0xFF] + Array("c\n".utf8)
        let error = try #require(importError([FileFixture("x.csv", bytes: bytes)]))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("UTF-8"))
        #expect(error.message.contains("byte offset 21"))
        #expect(error.location.line == 3)
    }

    @Test func invalidUTF8AfterABOMCountsTheBOMInTheOffset() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("id,name\n0001,".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let error = try #require(importError([FileFixture("x.csv", bytes: bytes)]))
        #expect(error.message.contains("byte offset 16"))
        #expect(error.location.line == 2)
    }

    /// Regression (CatalogJSON/UTF8Validation.swift): the offset counts the bytes the decoder read
    /// ahead, so invalid UTF-8 just after a multi-byte character is placed up to 3 bytes too far,
    /// here past the newline, on the next row.
    @Test func invalidUTF8RightAfterANonASCIICharacterIsOnItsLine() throws {
        let bytes = Array("id,name\n0001,bé".utf8) + [0xFF] + Array("\n0002,c\n".utf8)
        let error = try #require(importError([FileFixture("x.csv", bytes: bytes)]))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("byte offset 16"))
        #expect(error.location.line == 2)
    }

    @Test func aMissingIdIsAnError() throws {
        let error = try #require(importError("id,name\n0001,a\n,b\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.location.line == 3)
        #expect(error.location.field == "id")
    }

    @Test func anIdThatCannotNameAFileIsAnError() throws {
        let error = try #require(importError("id,name\n0001,a\n../0002,b\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("invalid id"))
        #expect(error.location.line == 3)
        #expect(error.location.record == "../0002")
        #expect(error.location.field == "id")
    }

    @Test func aMissingNameIsAnError() throws {
        let error = try #require(importError("id,name,target\n0001,a,abs\n0002,,abs\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.location.line == 3)
        #expect(error.location.record == "0002")
        #expect(error.location.field == "name")
    }

    /// Regression (ExerciseDBCSVAdapter.swift): the JSON adapter rejects a blank name ("must not be
    /// empty"), the CSV adapter only rejects an empty cell, so the same record passes as CSV.
    @Test func aBlankNameIsAnErrorAsInJSON() throws {
        let json = try #require(importError(#"[{"id": "0001", "name": "   ", "bodyPart": "waist", "target": "abs"}]"#))
        #expect(json.location.field == "name")
        let csv = try #require(importError("id,name,bodyPart,target\n0001,   ,waist,abs\n", path: "x.csv"))
        #expect(csv.kind == .dataError)
        #expect(csv.location.field == "name")
    }

    @Test func aDuplicateIdIsAnError() throws {
        let error = try #require(importError("id,name\n0001,a\n0002,b\n0001,c\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("duplicate id \"0001\""))
    }

    @Test func aHeaderWithoutRowsIsAnError() throws {
        let error = try #require(importError("id,name\n", path: "x.csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("no records"))
    }

    @Test func noIdColumnIsAnErrorWhenTheFormatIsNamed() throws {
        let error = try #require(importError("key,name\n1,a\n", path: "x.csv", format: "exercisedb-csv"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("'id'"))
    }
}
