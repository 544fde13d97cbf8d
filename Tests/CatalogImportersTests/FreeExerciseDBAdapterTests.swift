import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import Testing

@Suite struct FreeExerciseDBAdapterTests {
    static let json = #"""
        [
          {"name": "Ab Roller", "force": "pull", "level": "intermediate", "mechanic": "compound", "equipment": "other",
           "primaryMuscles": ["abdominals"], "secondaryMuscles": ["shoulders"],
           "instructions": ["Hold the roller.", "Roll out."], "category": "strength",
           "images": ["Ab_Roller/0.jpg", "Ab_Roller/1.jpg"], "id": "Ab_Roller"},
          {"name": "3/4 Sit-Up", "force": null, "level": "beginner", "mechanic": null, "equipment": null,
           "primaryMuscles": ["abdominals", "hip flexors"], "secondaryMuscles": [],
           "instructions": ["Lie down."], "category": "strength", "images": [], "id": "3_4_Sit-Up"}
        ]
        """#

    @Test func detectsTheFormat() throws {
        #expect(try detectedFormat([FileFixture("dist/exercises.json", Self.json)]) == "free-exercise-db")
    }

    @Test func primaryMusclesBecomeTheTargetList() throws {
        let records = try importRecords(Self.json)
        #expect(records.map(\.id) == ["3_4_Sit-Up", "Ab_Roller"])
        let roller = records[1]
        #expect(roller.fields == [
            JSONMember("name", "Ab Roller"), JSONMember("target", ["abdominals"]), JSONMember("equipment", "other"),
            JSONMember("secondaryMuscles", ["shoulders"]), JSONMember("instructions", ["Hold the roller.", "Roll out."]),
        ])
        #expect(records[0].list("target") == ["abdominals", "hip flexors"])
        #expect(canonical(records[0], format: "free-exercise-db").text == """
            name: 3/4 Sit-Up
            target: abdominals
            target: hip flexors
            instructions: Lie down.

            """)
    }

    @Test func levelForceMechanicCategoryAndImagesStayVerbatimInExtra() throws {
        let records = try importRecords(Self.json)
        #expect(records[1].extra == [
            JSONMember("force", "pull"), JSONMember("level", "intermediate"), JSONMember("mechanic", "compound"),
            JSONMember("category", "strength"), JSONMember("images", ["Ab_Roller/0.jpg", "Ab_Roller/1.jpg"]),
        ])
        #expect(records[0].extra == [
            JSONMember("force", nil), JSONMember("level", "beginner"), JSONMember("mechanic", nil),
            JSONMember("category", "strength"), JSONMember("images", []),
        ])
        #expect(records[1].fields["primaryMuscles"] == nil && records[1].extra["primaryMuscles"] == nil)
    }

    @Test func nullEquipmentIsNoEquipment() throws {
        let sitUp = try importRecords(Self.json)[0]
        #expect(sitUp.fields["equipment"] == nil)
        #expect(sitUp.extra["equipment"] == nil)
    }

    @Test func aBadPrimaryMuscleNamesTheElement() throws {
        let error = try #require(importError(#"[{"id": "a", "name": "A", "primaryMuscles": ["abs", null]}]"#, path: "f.json"))
        #expect(error.kind == .dataError)
        #expect(error.location.file == "f.json")
        #expect(error.location.record == "a (#0)")
        #expect(error.location.field == "primaryMuscles[1]")
    }

    @Test func equipmentAsAListIsAnError() throws {
        let error = try #require(importError(#"[{"id": "a", "name": "A", "primaryMuscles": [], "equipment": ["bands"]}]"#))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "equipment")
    }
}
