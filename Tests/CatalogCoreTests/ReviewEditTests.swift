import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// The workbench's review body applied to a review, as `review --set` would make it.
@Suite struct ReviewEditTests {
    let record = UpstreamRecord(id: "0001", fields: JSONObject([JSONMember("name", "barbell back squat"), JSONMember("target", "quads"), JSONMember("equipment", "barbell")]))
    var canonical: CanonicalText { CanonicalText(record: record, fields: ["name", "target", "equipment"], htmlFields: []) }

    func edit(_ text: String) throws -> ReviewEdit { try ReviewEdit(json: try JSONParser.parse(text)) }

    @Test func changedFieldsAreNewCorrectionsUnchangedOnesKeepTheirs() throws {
        var review = Review(source: "exercisedb", id: "0001")
        review.set(.level, "beginner", replaced: .null, canonical: CanonicalText(storedText: "name: old\n"), editor: "first", date: "2026-01-01")
        let e = try edit(#"{"fields": {"level": "beginner", "primaryMuscles": [" quads ", "", "glutes"], "setupSeconds": 60}, "confidence": 0.8, "note": ""}"#)
        let out = e.applied(to: review, record: record, canonical: canonical, editor: "second", date: "2026-12-01")
        #expect(out.corrections[.level] == review.corrections[.level], "an unchanged value keeps its correction")
        #expect(out.corrections[.primaryMuscles]?.value == .strings(["quads", "glutes"]))
        #expect(out.corrections[.primaryMuscles]?.replaced == "quads")
        #expect(out.corrections[.primaryMuscles]?.editor == "second" && out.corrections[.primaryMuscles]?.fingerprint == canonical.fingerprint.value)
        #expect(out.corrections[.setupSeconds]?.value == .int(60))
        #expect(out.confidence == 0.8 && out.note == nil)
        #expect(Set(out.basis.keys) == out.fingerprints)
    }

    @Test func nullRemovesAndLeftOutKeysChangeNothing() throws {
        var review = Review(source: "exercisedb", id: "0001")
        review.set(.level, "beginner", replaced: .null, canonical: canonical, editor: "a", date: "d")
        review.note = "keep"
        review.confidence = 0.5
        let out = try edit(#"{"fields": {"level": null}}"#).applied(to: review, record: record, canonical: canonical, editor: "b", date: "d")
        #expect(out.corrections.isEmpty && out.basis.isEmpty)
        #expect(out.note == "keep" && out.confidence == 0.5)
        let cleared = try edit(#"{"confidence": null, "planning": {"mode": "manual-only", "reason": "needs a spotter"}, "exceptions": {"r": "why", "s": ""}}"#)
            .applied(to: review, record: record, canonical: canonical, editor: "b", date: "d")
        #expect(cleared.confidence == nil && cleared.planning == .manualOnly(reason: "needs a spotter") && cleared.exceptions == ["r": "why"])
    }

    @Test func aConfirmedSuggestionIsMarkedSo() throws {
        let out = try edit(#"{"fields": {"equipment": ["barbell"]}, "confirmedSuggestions": ["equipment"]}"#)
            .applied(to: Review(source: "exercisedb", id: "0001"), record: record, canonical: canonical, editor: "e", date: "d")
        #expect(out.corrections[.equipment]?.via == .suggestion)
    }

    @Test func wrongShapesAreUsageErrors() {
        for body in [#"[]"#, #"{"fields": {"bogus": 1}}"#, #"{"fields": {"equipment": "barbell"}}"#, #"{"fields": {"setupSeconds": "60"}}"#,
                     #"{"fields": {"level": ""}}"#, #"{"confidence": 2}"#, #"{"planning": {"mode": "manual-only"}}"#, #"{"planning": "sometimes"}"#,
                     #"{"note": 3}"#, #"{"exceptions": []}"#, #"{"extra": true}"#, #"{"confirmedSuggestions": ["nope"]}"#] {
            #expect(throws: CatalogError.self, "\(body)") { _ = try edit(body) }
        }
    }
}

/// The workbench's body and the `$EDITOR` template read a review's settings with one reader
/// (`ReviewEdit.readSettings`): the same spellings are taken, the same mistakes named.
@Suite struct ReviewSettingsTests {
    func read(_ text: String) throws -> (ReviewEdit, [String]) {
        var edit = ReviewEdit()
        var problems: [String] = []
        edit.readSettings(try #require(try JSONParser.parse(text).objectValue)) { key, message in problems.append("\(key): \(message)") }
        return (edit, problems)
    }

    @Test(arguments: [#""manual-only: stretch""#, #"{"mode": "manual-only", "reason": " stretch "}"#])
    func bothSpellingsOfManualOnlyAreTaken(planning: String) throws {
        let (edit, problems) = try read(#"{"planning": \#(planning)}"#)
        #expect(problems.isEmpty && edit.planning == .manualOnly(reason: "stretch"))
        #expect(try ReviewEdit(json: try JSONParser.parse(#"{"planning": \#(planning)}"#)).planning == .manualOnly(reason: "stretch"))
    }

    @Test func autoAndNullAreAutoAndLeftOutIsUnchanged() throws {
        #expect(try read(#"{"planning": "auto"}"#).0.planning == .auto)
        #expect(try read(#"{"planning": {"mode": "auto"}}"#).0.planning == .auto)
        #expect(try read(#"{"planning": null}"#).0.planning == .auto)
        let (edit, problems) = try read("{}")
        #expect(problems.isEmpty && edit.planning == nil && edit.confidence == nil && edit.note == nil && edit.exceptions == nil)
    }

    @Test func everyBadSettingIsNamedAndTheBodyRefusesTheFirst() throws {
        let body = #"{"confidence": 2, "planning": "manual-only:", "note": 3, "exceptions": {"primary-count": 1}}"#
        let (_, problems) = try read(body)
        #expect(problems == ["confidence: expected a number from 0 to 1, or null", "planning: manual-only needs a reason: \"manual-only: REASON\"",
                             "note: expected a string, or null", "exceptions: 'primary-count' needs a justification as a string"])
        #expect(throws: CatalogError(.usage, problems[0])) { try ReviewEdit(json: try JSONParser.parse(body)) }
    }
}
