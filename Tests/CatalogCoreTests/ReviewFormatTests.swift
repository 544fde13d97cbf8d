import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// The review file format: canonical JSON out, strict parsing in (errors name the field).
@Suite struct ReviewFormatTests {
    let file = "reviews/exercisedb/r1.json"

    func fullReview() -> Review {
        var review = ReviewFixtures.review(confidence: 0.85)
        let newer = ReviewFixtures.canonical(ReviewFixtures.record(name: "barbell flat bench press"))
        review.set(.level, "advanced", replaced: .null, canonical: newer, editor: "other editor", date: "2026-11-02", via: .suggestion)
        review.planning = .manualOnly(reason: "needs a spotter")
        review.note = "checked against the video \"a\" \u{E9}"
        review.exceptions = ["secondary-count": "compound lift", "primary-count": "works all of them"]
        return review
    }

    func parseError(_ text: String) -> CatalogError? {
        do {
            _ = try Review.parse(Array(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    /// The text of a valid review file, edited by `edit`.
    func validText(_ edit: (String) -> String = { $0 }) -> String {
        edit(ReviewFixtures.review().fileText)
    }

    // MARK: - Round trip

    @Test func roundTripsThroughItsCanonicalText() throws {
        let review = fullReview()
        let text = review.fileText
        let parsed = try Review.parse(Array(text.utf8), file: file)
        #expect(parsed == review)
        #expect(parsed.fileText == text)

        let minimal = Review(source: "exercisedb", id: "0001")
        #expect(try Review.parse(Array(minimal.fileText.utf8), file: file) == minimal)
    }

    @Test func isPrettySortedJSONWithATrailingNewline() throws {
        let text = fullReview().fileText
        #expect(text.hasSuffix("}\n"))
        #expect(!text.hasSuffix("\n\n"))
        #expect(text.hasPrefix("{\n  \"basis\": {\n    \"fp1:"))
        // The canonical writer is a fixed point: re-writing the parsed text gives the same bytes.
        #expect(JSONWriter.string(try JSONParser.parse(text), style: .pretty) == text)
        // Top-level keys in sorted order.
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { String($0.dropFirst(3).prefix { $0 != "\"" }) }
        #expect(keys == ["basis", "confidence", "corrections", "exceptions", "formatVersion", "id", "note", "planning", "source"])
        #expect(keys == keys.sorted())
        #expect(text.contains("\n  \"confidence\": 0.85,\n"))
        #expect(text.contains("\n  \"formatVersion\": 1,\n"))
        #expect(text.contains("\"mode\": \"manual-only\""))
        #expect(text.contains("\"via\": \"suggestion\""))
        #expect(text.contains("\"setupSeconds\": {"))
        #expect(text.contains("\"value\": 90,\n"))
    }

    /// The file is written member by member, not as a built document: it must be what the
    /// canonical writer makes of the same review, keys in UTF-8 byte order at every level
    /// (fields by name, not in PlannerField order; an exception named outside ASCII).
    @Test func theBytesWrittenMemberByMemberAreTheCanonicalWritersBytes() throws {
        var review = fullReview()
        let text = ReviewFixtures.canonical(ReviewFixtures.record())
        review.set(.jointStress, .strings(["knee", "hip"]), replaced: .null, canonical: text, media: "sha256:ab", editor: "e", date: "2026-11-03")
        review.set(.variantOf, "0002", replaced: .null, canonical: text, editor: "e", date: "2026-11-03")
        review.exceptions["\u{E9}cart"] = "why"
        review.exceptions["Zed"] = "upper case first"
        for candidate in [review, Review(source: "exercisedb", id: "0001")] {
            let bytes = candidate.fileBytes
            #expect(JSONWriter.bytes(try JSONParser.parse(bytes), style: .pretty) == bytes)
            #expect(try Review.parse(bytes, file: file) == candidate)
        }
    }

    @Test func writesNumbersWithoutNeedlessFractionsOrExponents() {
        #expect(JSONNumber.format(1) == "1")
        #expect(JSONNumber.format(0) == "0")
        #expect(JSONNumber.format(0.7) == "0.7")
        #expect(JSONNumber.format(0.125) == "0.125")
        #expect(JSONNumber.format(0.00001) == "0.00001")
        var review = ReviewFixtures.review(confidence: 1)
        #expect(review.fileText.contains("\"confidence\": 1,"))
        review.confidence = 0.00002
        #expect(review.fileText.contains("\"confidence\": 0.00002,"))
    }

    @Test func defaultsAreReadForOptionalMembers() throws {
        let review = try Review.parse(Array(#"{"source": "exercisedb", "id": "r1"}"#.utf8), file: file)
        #expect(review.corrections.isEmpty)
        #expect(review.planning == .auto)
        #expect(review.confidence == nil)
        #expect(review.note == nil)
        #expect(review.exceptions.isEmpty)
        // A correction without `via` was an edit.
        let fp = ReviewFixtures.canonical(ReviewFixtures.record()).fingerprint.value
        let text = #"{"source": "exercisedb", "id": "r1", "corrections": {"level": {"value": "beginner", "fingerprint": "\#(fp)", "editor": "a", "date": "2026-01-01"}}}"#
        let withCorrection = try Review.parse(Array(text.utf8), file: file)
        #expect(withCorrection.corrections[.level]?.via == .edit)
        #expect(withCorrection.corrections[.level]?.replaced == .null)
    }

    // MARK: - Parse errors name the field

    @Test func anUnknownTopLevelFieldIsNamed() throws {
        let error = try #require(parseError(validText { $0.replacingOccurrences(of: "\"formatVersion\"", with: "\"colour\": \"red\",\n  \"formatVersion\"") }))
        #expect(error.kind == .dataError)
        #expect(error.location.file == file)
        #expect(error.location.field == "colour")
        #expect(error.message.contains("unknown field"))
    }

    @Test func anUnknownPlannerFieldIsNamed() throws {
        let error = try #require(parseError(validText { $0.replacingOccurrences(of: "\"level\": {", with: "\"tempo\": {") }))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "corrections.tempo")
        #expect(error.message.contains("unknown planner field"))
    }

    @Test func anUnknownCorrectionMemberIsNamed() throws {
        let error = try #require(parseError(validText { $0.replacingOccurrences(of: "\"via\": \"edit\"", with: "\"by\": \"edit\"") }))
        #expect(error.location.field?.hasPrefix("corrections.") == true)
        #expect(error.location.field?.hasSuffix(".by") == true)
    }

    /// `via` is one of the three ways a correction is made (issue 32: an enum, not a string).
    @Test func anUnknownViaIsNamedWithTheKnownOnes() throws {
        let error = try #require(parseError(validText { $0.replacingOccurrences(of: "\"via\": \"edit\"", with: "\"via\": \"magic\"") }))
        #expect(error.kind == .dataError)
        #expect(error.location.field?.hasSuffix(".via") == true)
        #expect(error.message.contains("edit, suggestion, accept"), "\(error.message)")
    }

    @Test func equipmentAsAStringIsAWrongType() throws {
        let text = validText { $0.replacingOccurrences(of: "\"value\": [\n        \"barbell\",\n        \"bench\"\n      ]", with: "\"value\": \"barbell\"") }
        #expect(text != validText())
        let error = try #require(parseError(text))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "corrections.equipment.value")
        #expect(error.message.contains("list of strings"))
    }

    @Test func aListWithANonStringElementNamesTheElement() throws {
        let text = validText { $0.replacingOccurrences(of: "\"value\": [\n        \"pectorals\"\n      ]", with: "\"value\": [\"pectorals\", 7]") }
        #expect(text != validText())
        let error = try #require(parseError(text))
        #expect(error.location.field == "corrections.primaryMuscles.value[1]")
    }

    @Test func setupSecondsAsAStringIsAWrongType() throws {
        let text = validText { $0.replacingOccurrences(of: "\"value\": 90", with: "\"value\": \"90\"") }
        #expect(text != validText())
        let error = try #require(parseError(text))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "corrections.setupSeconds.value")
    }

    @Test func levelAsAListIsAWrongType() throws {
        let text = validText { $0.replacingOccurrences(of: "\"value\": \"intermediate\"", with: "\"value\": [\"intermediate\"]") }
        #expect(parseError(text)?.location.field == "corrections.level.value")
    }

    @Test func aBadFingerprintIsNamed() throws {
        let fp = ReviewFixtures.canonical(ReviewFixtures.record()).fingerprint.value
        for bad in [String(fp.dropLast()), fp.uppercased(), "sha256:" + fp.dropFirst(4), fp.replacingOccurrences(of: "fp1:", with: "fp2:")] {
            let text = #"{"source": "exercisedb", "id": "r1", "corrections": {"level": {"value": "beginner", "fingerprint": "\#(bad)", "editor": "a", "date": "d"}}}"#
            let error = try #require(parseError(text), "\(bad)")
            #expect(error.location.field == "corrections.level.fingerprint", "\(bad)")
            #expect(error.message.contains("fingerprint"))
        }
    }

    @Test func anUnknownPlanningModeIsNamed() throws {
        let error = try #require(parseError(validText { $0.replacingOccurrences(of: "\"mode\": \"auto\"", with: "\"mode\": \"sometimes\"") }))
        #expect(error.kind == .dataError)
        #expect(error.location.field == "planning.mode")
        #expect(error.message.contains("sometimes"))
    }

    @Test func brokenJSONNamesTheLine() throws {
        let text = validText { String($0.dropLast(3)) }
        let error = try #require(parseError(text))
        #expect(error.kind == .dataError)
        #expect(error.location.file == file)
        #expect(error.location.line != nil)
        #expect(error.message.hasPrefix("invalid JSON"))
        #expect(parseError("")?.kind == .dataError)
        #expect(parseError("[]")?.message.contains("expected an object") == true)
    }

    @Test func wrongTypesOfOtherMembersAreNamed() {
        #expect(parseError(#"{"source": "exercisedb", "id": 1}"#)?.location.field == "id")
        #expect(parseError(#"{"id": "r1"}"#)?.location.field == "source")
        #expect(parseError(#"{"source": "exercisedb", "id": "r1", "confidence": "high"}"#)?.location.field == "confidence")
        #expect(parseError(#"{"source": "exercisedb", "id": "r1", "exceptions": {"primary-count": 1}}"#)?.location.field == "exceptions.primary-count")
        #expect(parseError(#"{"source": "exercisedb", "id": "r1", "formatVersion": 2}"#)?.location.field == "formatVersion")
        #expect(parseError(#"{"source": "exercisedb", "id": "r1", "planning": {"mode": "auto", "why": "x"}}"#)?.location.field == "planning.why")
    }

    // MARK: - Values typed on the command line

    @Test func listsAreCommaSeparated() throws {
        for field in [PlannerField.equipment, .primaryMuscles, .secondaryMuscles] {
            #expect(try field.parse("a, b") == ["a", "b"])
            #expect(try field.parse("a,b") == ["a", "b"])
            #expect(try field.parse(" a ,, b , ") == ["a", "b"])
            #expect(try field.parse("") == [])
            #expect(try field.parse("one") == ["one"])
        }
    }

    @Test func setupSecondsIsAWholeNumber() throws {
        #expect(try PlannerField.setupSeconds.parse("90") == .number("90"))
        #expect(try PlannerField.setupSeconds.parse(" 0 ") == .number("0"))
        for bad in ["1.5", "ninety", "", "90s", "1e2"] {
            let error = #expect(throws: CatalogError.self, "\(bad)") { try PlannerField.setupSeconds.parse(bad) }
            #expect(error?.kind == .usage)
            #expect(error?.message.contains("setupSeconds") == true)
        }
    }

    @Test func singleValuesAreTrimmedAndRequired() throws {
        #expect(try PlannerField.movementPattern.parse("  squat ") == "squat")
        #expect(try PlannerField.level.parse("beginner") == "beginner")
        let error = #expect(throws: CatalogError.self) { try PlannerField.level.parse("  ") }
        #expect(error?.kind == .usage)
    }

    // MARK: - Basis texts

    @Test func setKeepsTheBasisOfEveryFingerprintInUseAndPrunesTheRest() {
        let old = ReviewFixtures.canonical(ReviewFixtures.record())
        let new = ReviewFixtures.canonical(ReviewFixtures.record(name: "barbell flat bench press"))
        var review = Review(source: "exercisedb", id: "r1")
        review.set(.level, "beginner", replaced: .null, canonical: old, editor: "a", date: "d")
        review.set(.movementPattern, "horizontal-push", replaced: .null, canonical: old, editor: "a", date: "d")
        #expect(review.basis == [old.fingerprint.value: old.text])

        review.set(.level, "advanced", replaced: .null, canonical: new, editor: "b", date: "e")
        #expect(review.basis == [old.fingerprint.value: old.text, new.fingerprint.value: new.text])
        #expect(review.corrections[.level]?.fingerprint == new.fingerprint.value)
        #expect(review.corrections[.movementPattern]?.fingerprint == old.fingerprint.value)
        #expect(review.fingerprints == [old.fingerprint.value, new.fingerprint.value])

        review.set(.movementPattern, "vertical-push", replaced: .null, canonical: new, editor: "b", date: "e")
        #expect(review.basis == [new.fingerprint.value: new.text])
        #expect(review.corrections[.movementPattern]?.editor == "b")

        review.corrections[.level] = nil
        review.corrections[.movementPattern] = nil
        review.pruneBasis()
        #expect(review.basis.isEmpty)
    }

    @Test func stringsReadsListsAndSingleValues() {
        let review = ReviewFixtures.review()
        #expect(review.strings(.equipment) == ["barbell", "bench"])
        #expect(review.strings(.level) == ["intermediate"])
        #expect(review.strings(.setupSeconds) == [])
        #expect(Review(source: "s", id: "i").strings(.equipment) == [])
    }
}
