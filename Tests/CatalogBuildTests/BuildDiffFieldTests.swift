@testable import CatalogBuild
import CatalogJSON
@testable import CatalogReader
import Testing

/// The changelog compares the fields the field table marks compared, in its order, and no other.
@Suite struct BuildDiffFieldTests {
    /// A record whose every field differs from the blank record's.
    static let full = Exercise(id: "s:1", source: "s", upstreamID: "1", name: "squat", movementPattern: "squat", equipment: ["barbell"],
                               primaryMuscles: ["quads"], secondaryMuscles: ["glutes"], level: "beginner", setupSeconds: 30,
                               setCredit: ["quads": 1], autoPlan: true, reasons: [(code: "NEEDS_REVIEW", details: .object(JSONObject()))],
                               license: "CC0", attribution: "team", confidence: 0.8, mechanic: "compound", jointStress: ["knee"],
                               laterality: "bilateral", variantOf: "s:0", variants: ["s:2"], replacedBy: "s:3")

    @Test(arguments: 1...BuildFormat.schemaVersion)
    func aChangedFieldIsListedWhenTheTableComparesIt(previousSchema: Int) throws {
        for field in ExerciseField.all where field.name != "id" {
            var json = Self.full.json.objectValue!
            json[field.name] = field.json(.blank)
            let changed = try Exercise(json: .object(json), file: "f", index: 0)
            var diff = BuildDiff(previousSchema: previousSchema)
            let compared = diff.compare(previous: Self.full, current: changed)
            let listed = field.compared && field.since <= previousSchema
            #expect(compared?.fields == (listed ? [field.name] : field.name == "autoPlan" ? [] : nil), "\(field.name) against schema \(previousSchema)")
        }
    }

    @Test func everyChangedFieldIsListedInTheTablesOrder() throws {
        let blank = try Exercise(json: .object(JSONObject(ExerciseField.all.map { JSONMember($0.name, $0.json(.blank)) })), file: "f", index: 0)
        var moved = blank
        moved.id = Self.full.id
        var diff = BuildDiff()
        #expect(diff.compare(previous: moved, current: Self.full)?.fields == ExerciseField.all.filter(\.compared).map(\.name))
        #expect(diff.promoted.count == 1)
    }
}
