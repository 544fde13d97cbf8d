import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `review --from-suggestions` confirms only what the tool is sure of (issue 37): a field whose
/// draft is below --min-draft-confidence (the catalog's threshold by default) stays unset, its
/// record is listed as needing a look and is not cleared, whatever --confidence says.
@Suite struct BulkConfirmationTests {
    let env = ["CATALOG_EDITOR": "tester"]

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { Double(n) } else { nil } }

    /// Each record's drafted fields and planning mode → their confidence (`suggest --all --json`).
    func drafts(_ dir: TempDirectory) throws -> [String: [String: Double]] {
        let listed = try JSONParser.parse(Array(runInProcess(["suggest", "--all", "--json"], in: dir.path).stdout.utf8)).arrayValue ?? []
        var out: [String: [String: Double]] = [:]
        for record in listed.compactMap(\.objectValue) {
            guard let id = record["id"]?.stringValue else { continue }
            var fields: [String: Double] = [:]
            for member in record["fields"]?.objectValue?.members ?? [] { fields[member.key] = number(member.value.objectValue?["confidence"]) }
            if let planning = number(record["planning"]?.objectValue?["confidence"]) { fields["planning"] = planning }
            out[id] = fields
        }
        return out
    }

    /// What `dir` publishes: the ids of exercisedb's records cleared for automatic planning (a
    /// build names them "exercisedb:ID").
    func cleared(_ dir: TempDirectory) throws -> [String] {
        let export = runInProcess(["export", "--json"], in: dir.path, environment: ["SOURCE_DATE_EPOCH": "1793232000"])
        guard export.status == 0, let build = dir.read("dist/exercise-catalog-1.0.0/catalog.json") else { return [] }
        let records = try json(build)["records"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let ids = records.filter { $0["autoPlan"] == true }.compactMap { $0["id"]?.stringValue }
        return ids.map { $0.hasPrefix("exercisedb:") ? String($0.dropFirst("exercisedb:".count)) : $0 }
    }

    /// Checks the outcome of a bulk run against the drafts: what it wrote confirms no field below
    /// `minimum`, a record needing a look lacks exactly its doubted fields and is not cleared.
    func checkOnlySureFields(_ dir: TempDirectory, _ outcome: JSONObject, drafts: [String: [String: Double]], minimum: Double) throws {
        let needsLook = Dictionary(uniqueKeysWithValues: (outcome["needsLook"]?.arrayValue ?? []).compactMap(\.objectValue).map {
            ($0["id"]?.stringValue ?? "", Set($0["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []))
        })
        let required = Set(PlannerField.required.map(\.rawValue) + ["planning"])
        for id in outcome["written"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            let review = try json(try #require(dir.read("reviews/exercisedb/\(id).json")))
            let corrections = Set(review["corrections"]?.objectValue?.keys ?? [])
            let doubted = Set((drafts[id] ?? [:]).filter { $0.value < minimum }.map(\.key))
            #expect(corrections.isDisjoint(with: doubted), "\(id): confirmed \(corrections.intersection(doubted)) below \(minimum)")
            #expect(needsLook[id, default: []] == doubted.intersection(required), "\(id)")
        }
    }

    @Test func onlyDraftsAtTheThresholdAreConfirmedAndTheRestNeedALook() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let drafts = try drafts(dir)
        // The sample drafts some required field below 0.7 (else this test shows nothing).
        let unsure = drafts.filter { $0.value.contains { PlannerField.required.map(\.rawValue).contains($0.key) && $0.value < 0.7 } }.keys.sorted()
        try #require(!unsure.isEmpty)
        // --dry-run: the counts, and nothing written.
        let dry = try json(runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--dry-run", "--json"], in: dir.path, environment: env).stdout)
        #expect(dry["dryRun"] == true)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/reviews/exercisedb/s001.json"))
        #expect((dry["needsLook"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }.sorted() == unsure)
        let text = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--dry-run"], in: dir.path, environment: env)
        #expect(text.stdout.hasPrefix("dry run, nothing written: tester would confirm suggestions for 24 records of exercisedb: 24 would be written, 0 unchanged, \(unsure.count) need a look, "), "\(text.stdout)")
        #expect(text.stdout.contains("need a look, because a required field's draft (or the planning mode's) is below 0.7"), "\(text.stdout)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/reviews/exercisedb"))?.isEmpty ?? true)

        let run = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--json"], in: dir.path, environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        let outcome = try json(run.stdout)
        #expect(outcome["needsLook"] == dry["needsLook"] && outcome["cleared"] == dry["cleared"])
        try checkOnlySureFields(dir, outcome, drafts: drafts, minimum: 0.7)
        // A record needing a look is not cleared: --confidence confirmed nothing the tool doubts.
        for id in unsure {
            let show = try json(runInProcess(["show", id, "--json"], in: dir.path).stdout)
            #expect(show["autoPlan"] != true, "\(id)")
        }
        // Every write went through the store: one history entry per record written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/history/exercisedb").count == 24)
    }

    @Test func minimumZeroConfirmsEveryDraftAsBefore() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let outcome = try json(runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--min-draft-confidence", "0", "--json"],
                                              in: dir.path, environment: env).stdout)
        #expect(outcome["needsLook"] == [] && outcome["minDraftConfidence"] == .number("0"))
        #expect(number(outcome["cleared"]) ?? 0 > 0, "\(outcome)")
        #expect(runInProcess(["review", "--from-suggestions", "--all", "--min-draft-confidence", "1.5"], in: dir.path, environment: env).status == 64)
        #expect(runInProcess(["review", "s001", "--dry-run"], in: dir.path, environment: env).status == 64)
    }

    /// Issue 37's acceptance on the real catalog: at least 900 records clear, every cleared
    /// record's drafted required fields are at or above 0.7, and on the evaluation set's check
    /// half the cleared records' pattern, equipment, primary muscles and planning are right
    /// 97% of the time or more, each.
    @Test(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
    func theRealCatalogClearsOnlyRecordsDraftedSurely() throws {
        let upstream = try #require(TestPaths.upstream)
        let dir = try newCatalog(importing: upstream + "/exercisedb/exercises.json")
        let wger = ["translations", "exercise-base-data", "categories", "equipment", "muscles", "languages"].map { upstream + "/wger/\($0).json" }
        for files in [[upstream + "/free-exercise-db/acd61f7.json"], wger] { #expect(runInProcess(["import"] + files, in: dir.path).status == 0) }
        let drafts = try drafts(dir)
        let run = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9", "--json"], in: dir.path, environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        let outcome = try json(run.stdout)
        try checkOnlySureFields(dir, outcome, drafts: drafts, minimum: 0.7)
        let clearedIDs = try cleared(dir)
        #expect(clearedIDs.allSatisfy { drafts[$0] != nil }, "a cleared id the drafts do not name")
        for id in clearedIDs {
            let low = (drafts[id] ?? [:]).filter { (PlannerField.required.map(\.rawValue) + ["planning"]).contains($0.key) && $0.value < 0.7 }
            #expect(low.isEmpty, "\(id) cleared on \(low)")
        }
        #expect(clearedIDs.count >= 900, "\(clearedIDs.count) cleared; need a look by field: \(outcome["needsLookByField"] ?? .null)")
        let (right, judged) = try EvaluationSet.checkHalfScore(of: clearedIDs, reviews: dir.path + "/reviews/exercisedb")
        for field in EvaluationSet.fields {
            let share = Double(right[field, default: 0]) / Double(max(judged[field, default: 0], 1))
            let said = "\(field): \(right[field, default: 0]) of \(judged[field, default: 0]) right"
            #expect(judged[field, default: 0] >= 30 && share >= 0.97, "\(said)")
        }
    }
}
