import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// Small wger fixtures in the shape of wger's Django fixtures.
enum Wger {
    static let translations = FileFixture("translations.json", #"""
        [
          {"model": "exercises.translation", "pk": 101, "fields": {
            "name": "Biceps Curl", "exercise": 7, "language": 2, "license": 1, "uuid": "t-101",
            "description": "<p>Stand&nbsp;&nbsp; tall.</p><ol><li>Curl   up.</li><li>Lower &amp; repeat.</li></ol>"}},
          {"model": "exercises.translation", "pk": 102, "fields": {
            "name": "Bizepscurl", "exercise": 7, "language": 1, "license": 1, "description": "<p>Aufrecht stehen.</p>"}},
          {"model": "exercises.translation", "pk": 103, "fields": {
            "name": "Squat", "exercise": 12, "language": 2, "license": 2,
            "description": "<p>Sit<script>document.write('evil')</script> back.</p><style>p { color: red }</style>"}},
          {"model": "exercises.translation", "pk": 104, "fields": {
            "name": "Plank", "exercise": 30, "language": 2, "license": 3, "description": ""}},
          {"model": "exercises.alias", "pk": 1, "fields": {"translation": 101, "alias": "Curl"}},
          {"model": "exercises.exercisecomment", "pk": 5, "fields": {"translation": 101, "comment": "Elbows in."}}
        ]
        """#)

    static let bases = FileFixture("exercise-base-data.json", #"""
        [
          {"model": "exercises.exercise", "pk": 7, "fields": {
            "category": 8, "equipment": [3], "muscles": [1], "muscles_secondary": [3, 2], "uuid": "e-7"}},
          {"model": "exercises.exercise", "pk": 12, "fields": {
            "category": 9, "equipment": [], "muscles": [10], "muscles_secondary": [], "uuid": "e-12"}}
        ]
        """#)

    static let categories = FileFixture("categories.json", #"""
        [{"model": "exercises.exercisecategory", "pk": 8, "fields": {"name": "Arms"}},
         {"model": "exercises.exercisecategory", "pk": 9, "fields": {"name": "Legs"}}]
        """#)

    static let equipment = FileFixture("equipment.json", #"""
        [{"model": "exercises.equipment", "pk": 3, "fields": {"name": "Dumbbell"}}]
        """#)

    static let muscles = FileFixture("muscles.json", #"""
        [{"model": "exercises.muscle", "pk": 1, "fields": {"name": "Biceps brachii", "is_front": true, "name_en": "Biceps"}},
         {"model": "exercises.muscle", "pk": 2, "fields": {"name": "Anterior deltoid", "is_front": true, "name_en": "Shoulders"}},
         {"model": "exercises.muscle", "pk": 3, "fields": {"name": "Serratus anterior", "is_front": true, "name_en": ""}},
         {"model": "exercises.muscle", "pk": 10, "fields": {"name": "Quadriceps femoris", "is_front": true, "name_en": "Quads"}}]
        """#)

    static let languages = FileFixture("languages.json", #"""
        [{"model": "core.language", "pk": 1, "fields": {"short_name": "de", "full_name": "Deutsch"}},
         {"model": "core.language", "pk": 2, "fields": {"short_name": "en", "full_name": "English"}}]
        """#)

    static let all = [translations, bases, categories, equipment, muscles, languages]
}

@Suite struct WgerAdapterTests {
    @Test func detectsTheFormatFromOneOrManyFixtures() throws {
        #expect(try detectedFormat([Wger.translations]) == "wger")
        #expect(try detectedFormat(Wger.all) == "wger")
    }

    @Test func translationsAloneGiveOneRecordPerEnglishExercise() throws {
        let records = try importRecords([Wger.translations])
        // Id = the exercise pk as a string, sorted by UTF-8 bytes ("12" before "30" before "7").
        #expect(records.map(\.id) == ["12", "30", "7"])
        let curl = records[2]
        #expect(curl.fields == [
            JSONMember("name", "Biceps Curl"),
            JSONMember("instructions", ["<p>Stand&nbsp;&nbsp; tall.</p><ol><li>Curl   up.</li><li>Lower &amp; repeat.</li></ol>"]),
        ])
        // The rest of the translation is kept, with its pk; aliases are attached.
        #expect(curl.extra["translation"] == .object([JSONMember("license", 1), JSONMember("uuid", "t-101"), JSONMember("pk", 101)]))
        #expect(curl.extra["aliases"] == ["Curl"])
        #expect(curl.extra["exercise"] == nil)
    }

    @Test func canonicalTextHasOneInstructionsLinePerHTMLBlock() throws {
        let curl = try #require(try importRecords([Wger.translations]).first { $0.id == "7" })
        #expect(canonical(curl, format: "wger").text == """
            name: Biceps Curl
            instructions: Stand tall.
            instructions: Curl up.
            instructions: Lower & repeat.

            """)
    }

    @Test func scriptsAndStylesGiveNoText() throws {
        let squat = try #require(try importRecords([Wger.translations]).first { $0.id == "12" })
        let text = canonical(squat, format: "wger").text
        #expect(text == "name: Squat\ninstructions: Sit back.\n")
        #expect(!text.contains("evil") && !text.contains("color"))
    }

    @Test func anEmptyDescriptionGivesNoInstructionsLine() throws {
        let plank = try #require(try importRecords([Wger.translations]).first { $0.id == "30" })
        #expect(canonical(plank, format: "wger").text == "name: Plank\n")
    }

    @Test func withTheBaseDataAndVocabulariesReferencesBecomeNames() throws {
        let records = try importRecords(Wger.all)
        let curl = try #require(records.first { $0.id == "7" })
        #expect(curl.string("bodyPart") == "Arms")
        #expect(curl.list("equipment") == ["Dumbbell"])
        // A muscle's English name when it has one, else its (Latin) name.
        #expect(curl.list("target") == ["Biceps"])
        #expect(curl.list("secondaryMuscles") == ["Serratus anterior", "Shoulders"])
        #expect(curl.extra["exercise"]?.objectValue?["uuid"] == "e-7")
        let squat = try #require(records.first { $0.id == "12" })
        #expect(squat.string("bodyPart") == "Legs")
        #expect(squat.list("target") == ["Quads"])
        #expect(squat.list("equipment") == [])
        // An exercise without base data keeps only its translation.
        let plank = try #require(records.first { $0.id == "30" })
        #expect(plank.fields.keys == ["name", "instructions"])
        #expect(canonical(curl, format: "wger").text == """
            name: Biceps Curl
            bodyPart: Arms
            target: Biceps
            equipment: Dumbbell
            secondaryMuscles: Serratus anterior
            secondaryMuscles: Shoulders
            instructions: Stand tall.
            instructions: Curl up.
            instructions: Lower & repeat.

            """)
    }

    @Test func withoutVocabulariesReferencesStayPks() throws {
        let curl = try #require(try importRecords([Wger.translations, Wger.bases]).first { $0.id == "7" })
        #expect(curl.string("bodyPart") == "8")
        #expect(curl.list("target") == ["1"])
        #expect(curl.list("equipment") == ["3"])
        #expect(curl.list("secondaryMuscles") == ["3", "2"])
    }

    @Test func theFileOrderDoesNotMatter() throws {
        let forward = try importRecords(Wger.all)
        let backward = try importRecords(Array(Wger.all.reversed()))
        #expect(forward == backward)
    }

    @Test func selectsTheLanguageByShortNameThroughTheLanguageFixture() throws {
        let german = try importRecords(Wger.all, options: ImportOptions(language: "de"))
        #expect(german.map(\.id) == ["7"])
        #expect(german[0].name == "Bizepscurl")
        #expect(german[0].string("bodyPart") == "Arms")
        #expect(canonical(german[0], format: "wger").text.contains("instructions: Aufrecht stehen.\n"))
    }

    @Test func selectsTheLanguageByPk() throws {
        let german = try importRecords([Wger.translations], options: ImportOptions(language: "1"))
        #expect(german.map(\.name) == ["Bizepscurl"])
    }

    @Test func englishIsKnownWithoutALanguageFixture() throws {
        let english = try importRecords([Wger.translations], options: ImportOptions(language: "en"))
        #expect(english.count == 3)
    }

    @Test func anUnknownLanguageIsAUsageError() throws {
        let withFixture = try #require(importError(Wger.all, options: ImportOptions(language: "xx")))
        #expect(withFixture.kind == .usage)
        #expect(withFixture.message.contains("xx"))
        // German is only known through the fixture.
        let withoutFixture = try #require(importError([Wger.translations], options: ImportOptions(language: "de")))
        #expect(withoutFixture.kind == .usage)
    }

    /// Regression (WgerAdapter.swift `languagePK`): `"".allSatisfy(\.isNumber)` is true, so an empty
    /// language is taken as a pk and the import fails later as a data error (65), not usage (64).
    @Test func anEmptyLanguageIsAUsageError() throws {
        let error = try #require(importError(Wger.all, options: ImportOptions(language: "")))
        #expect(error.kind == .usage)
    }

    @Test func aLanguageWithNoTranslationsIsADataError() throws {
        let error = try #require(importError([Wger.translations], options: ImportOptions(language: "9")))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("no translations"))
    }

    @Test func aReferenceToAMissingCategoryIsALocatedDataError() throws {
        let bases = FileFixture("exercise-base-data.json", #"""
            [{"model": "exercises.exercise", "pk": 12, "fields": {"category": 9, "equipment": [], "muscles": [], "muscles_secondary": []}},
             {"model": "exercises.exercise", "pk": 7, "fields": {"category": 99, "equipment": [3], "muscles": [1], "muscles_secondary": []}}]
            """#)
        let error = try #require(importError([Wger.translations, bases, Wger.categories, Wger.equipment, Wger.muscles]))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("99"))
        #expect(error.location.file == "exercise-base-data.json")
        #expect(error.location.record == "7 (#1)")
        #expect(error.location.field == "fields.category")
    }

    @Test func aReferenceToAMissingMuscleNamesTheElement() throws {
        let bases = FileFixture("exercise-base-data.json", #"""
            [{"model": "exercises.exercise", "pk": 7, "fields": {"category": 8, "equipment": [], "muscles": [1], "muscles_secondary": [2, 42]}}]
            """#)
        let error = try #require(importError([Wger.translations, bases, Wger.categories, Wger.equipment, Wger.muscles]))
        #expect(error.kind == .dataError)
        #expect(error.location.record == "7 (#0)")
        #expect(error.location.field == "fields.muscles_secondary[1]")
    }

    @Test func aTranslationWithoutANameIsALocatedDataError() throws {
        let translations = FileFixture("t.json", #"""
            [{"model": "exercises.translation", "pk": 1, "fields": {"name": "A", "exercise": 1, "language": 2}},
             {"model": "exercises.translation", "pk": 2, "fields": {"name": "  ", "exercise": 2, "language": 2}}]
            """#)
        let error = try #require(importError([translations]))
        #expect(error.kind == .dataError)
        #expect(error.location.file == "t.json")
        #expect(error.location.record == "2 (#1)")
        #expect(error.location.field == "fields.name")
    }

    @Test func aDescriptionThatIsNotAStringIsALocatedDataError() throws {
        let translations = FileFixture("t.json", #"""
            [{"model": "exercises.translation", "pk": 1, "fields": {"name": "A", "exercise": 1, "language": 2, "description": ["<p>x</p>"]}}]
            """#)
        let error = try #require(importError([translations]))
        #expect(error.location.record == "1 (#0)")
        #expect(error.location.field == "fields.description")
    }

    @Test func twoTranslationsOfOneExerciseInOneLanguageAreADuplicate() throws {
        let translations = FileFixture("t.json", #"""
            [{"model": "exercises.translation", "pk": 1, "fields": {"name": "A", "exercise": 5, "language": 2}},
             {"model": "exercises.translation", "pk": 2, "fields": {"name": "B", "exercise": 5, "language": 2}}]
            """#)
        let error = try #require(importError([translations]))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("duplicate id \"5\""))
    }

    @Test func fixturesWithoutTranslationsAreADataError() throws {
        let error = try #require(importError([Wger.bases, Wger.categories], format: "wger"))
        #expect(error.kind == .dataError)
        #expect(error.message.contains("exercises.translation"))
    }

    @Test func aFixtureWithoutFieldsIsALocatedDataError() throws {
        let bad = FileFixture("bad.json", #"[{"model": "exercises.translation", "pk": 1, "fields": {"name": "A", "exercise": 1, "language": 2}}, {"model": "exercises.translation", "pk": 2}]"#)
        let error = try #require(importError([bad]))
        #expect(error.location.file == "bad.json")
        #expect(error.location.record == "#1")
        #expect(error.location.field == "fields")
    }

    /// Regression (WgerAdapter.swift, `translationExtra["pk"] = .number(t.pk)`): a string pk (the
    /// adapter accepts one) is stored as a JSON number, so the snapshot line is not valid JSON.
    @Test func aStringPkIsKeptAsAString() throws {
        let translations = FileFixture("t.json", #"""
            [{"model": "exercises.translation", "pk": "tr-1", "fields": {"name": "A", "exercise": "ex-1", "language": 2}}]
            """#)
        let record = try #require(try importRecords([translations]).first)
        #expect(record.id == "ex-1")
        #expect(record.extra["translation"]?.objectValue?["pk"] == .string("tr-1"))
        #expect(throws: Never.self) { try JSONParser.parse(JSONWriter.string(record.json)) }
    }

    @Test func everySnapshotLineParsesBack() throws {
        for record in try importRecords(Wger.all) {
            let line = JSONWriter.string(record.json)
            #expect(try UpstreamRecord(json: JSONParser.parse(line)) == record)
        }
    }
}
