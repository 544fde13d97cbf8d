import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `suggest` on the real catalog, run as the built binary: reference sources are evidence, and
/// stretching and cardio records are drafted manual-only.
@Suite(.enabled(if: TestPaths.upstream != nil, "\(TestPaths.upstreamMissingReason)"))
struct SuggestEvidenceTests {
    var upstream: String { TestPaths.upstream! }

    func realCatalog() throws -> TempDirectory {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        // The project's vocabularies, as the lead's `init` will embed them.
        try? FileManager.default.removeItem(atPath: dir.path + "/catalog/vocab")
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/catalog/vocab", toPath: dir.path + "/catalog/vocab")
        let result = runInProcess(["import", upstream + "/exercisedb/exercises.json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    func suggestions(_ dir: TempDirectory, _ args: [String]) throws -> [JSONValue] {
        let result = runInProcess(["suggest"] + args + ["--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONParser.parse(result.stdout).arrayValue ?? []
    }

    @Test func referencesChangeTheOutputAndShowAsEvidence() throws {
        let dir = try realCatalog()
        let before = runInProcess(["suggest", "0001", "--json"], in: dir.path).stdout
        #expect(try suggestions(dir, ["0001"]).first?.objectValue?["sources"]?.arrayValue == [])
        _ = runInProcess(["import", upstream + "/free-exercise-db/acd61f7.json"], in: dir.path)
        let wger = ["exercise-base-data.json", "translations-en.json", "categories.json", "equipment.json", "muscles.json", "languages.json"]
        _ = runInProcess(["import"] + wger.map { upstream + "/wger/" + $0 }, in: dir.path)
        let after = runInProcess(["suggest", "0001", "--json"], in: dir.path).stdout
        #expect(before != after)
        let sources = try #require(try suggestions(dir, ["0001"]).first?.objectValue?["sources"]?.arrayValue)
        #expect(sources.contains { $0.objectValue?["source"] == "free-exercise-db" && $0.objectValue?["id"] == "3_4_Sit-Up" })
        let text = runInProcess(["suggest", "0001"], in: dir.path).stdout
        #expect(text.contains("free-exercise-db 3_4_Sit-Up, name match 1: level beginner"), "\(text)")
        #expect(text.contains("  planning: auto"), "\(text)")
    }

    @Test func everyStretchAndCardioRecordIsDraftedManualOnly() throws {
        let dir = try realCatalog()
        let all = try suggestions(dir, ["--all"])
        #expect(all.count == 1324)
        let names = Dictionary(uniqueKeysWithValues: try JSONParser.parse(String(decoding: FileManager.default.contents(atPath: upstream + "/exercisedb/exercises.json")!, as: UTF8.self))
            .arrayValue!.compactMap { r in r.objectValue.map { ($0["id"]!.stringValue!, ($0["name"]!.stringValue!, $0["bodyPart"]!.stringValue!)) } })
        var strength: [String] = []
        for entry in all {
            let o = try #require(entry.objectValue)
            let id = try #require(o["id"]?.stringValue)
            let planning = o["fields"]?.objectValue?["planning"]?.objectValue
            let (name, bodyPart) = names[id]!
            if ExerciseName.words(name).contains("stretch") || bodyPart == "cardio", planning?["value"] != "manual-only" { strength.append("\(id) \(name)") }
            if planning?["value"] == "manual-only" { #expect(planning?["reason"]?.stringValue?.isEmpty == false) }
        }
        #expect(strength.isEmpty, "\(strength)")
    }

    /// What confirming every suggestion would write: each record's drafted fields and planning
    /// mode, checked against every rule. Plausibility rules a manual-only record is exempt from
    /// (primary-not-planner, primary-count, secondary-count) do not count for manual-only drafts.
    @Test func confirmingEverySuggestionBreaksNoRule() throws {
        let dir = try realCatalog()
        _ = runInProcess(["import", upstream + "/free-exercise-db/acd61f7.json"], in: dir.path)
        var files: [String: [UInt8]] = [:]
        for name in Vocabulary.files { files[name] = Array(FileManager.default.contents(atPath: dir.path + "/catalog/vocab/" + name)!) }
        let vocabulary = try Vocabulary.load(files, directory: "catalog/vocab")
        let records = try JSONParser.parse(String(decoding: FileManager.default.contents(atPath: upstream + "/exercisedb/exercises.json")!, as: UTF8.self)).arrayValue!
        var byID: [String: UpstreamRecord] = [:]
        for r in records {
            let o = r.objectValue!
            byID[o["id"]!.stringValue!] = UpstreamRecord(id: o["id"]!.stringValue!, fields: JSONObject(o.members.filter { $0.key != "id" && $0.key != "gifUrl" }))
        }
        let exempt: Set<RuleID> = [.primaryNotPlanner, .primaryCount, .secondaryCount]
        var broken: [String] = []
        for entry in try suggestions(dir, ["--all"]) {
            let o = entry.objectValue!
            let record = byID[o["id"]!.stringValue!]!
            var review = Review(source: "exercisedb", id: record.id)
            let fields = o["fields"]!.objectValue!
            for field in PlannerField.allCases {
                guard let value = fields[field.rawValue]?.objectValue?["value"] else { continue }
                review.set(field, value, replaced: .null, canonical: CanonicalText(record: record, fields: UpstreamRecord.sharedFields), editor: "t", date: "2026-10-29", via: .suggestion)
            }
            let planning = fields["planning"]?.objectValue
            if planning?["value"] == "manual-only" { review.planning = .manualOnly(reason: planning?["reason"]?.stringValue ?? "") }
            for f in RuleEngine.findings(RuleContext(review: review, recordName: record.name, vocabulary: vocabulary, today: CalendarDay(year: 2026, month: 12, day: 1)!)) {
                if review.planning != .auto && exempt.contains(f.rule) { continue }
                broken.append("\(record.id) \(record.name): \(f.rule) \(f.message)")
            }
        }
        #expect(broken.isEmpty, "\(broken.prefix(20))")
    }
}
