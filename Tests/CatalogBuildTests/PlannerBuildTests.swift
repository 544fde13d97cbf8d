import CatalogBuild
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Rewrites a build's records (and, with `vocabulary`, the vocabularies it carries) in both
/// files at once, every column, table row, count and digest made to agree: a consistent forgery,
/// which only the rules and the build's own vocabularies can still catch.
func forgeConsistently(_ build: String, vocabulary: (inout JSONValue) -> Void = { _ in }, _ change: (inout [Exercise]) -> Void) throws {
    let records = try BuildRecords(path: build + "/catalog.sqlite")
    var all: [Exercise] = []
    while case let batch = try records.next(), !batch.isEmpty { all += batch }
    var vocab = try #require(try records.vocabularyJSON())
    let before = all
    change(&all)
    vocabulary(&vocab)
    let db = try Database(path: build + "/catalog.sqlite", create: false)
    let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
    for (old, e) in zip(before, all) where old.json != e.json {
        var compact: [UInt8] = []
        e.write(style: .compact, indent: 0, into: &compact)
        for table in ["exercises WHERE id", "reasons WHERE exercise_id", "joint_stress WHERE exercise_id"] {
            try db.prepare("DELETE FROM \(table) = ?").run([.text(e.id)])
        }
        try db.prepare("INSERT INTO exercises (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            .run(BuildTables.exerciseRow(e, record: String(decoding: compact, as: UTF8.self)))
        for r in e.reasons { try db.prepare("INSERT INTO reasons VALUES (?, ?, ?)").run([.text(e.id), .text(r.code.rawValue), .text(JSONWriter.string(r.details))]) }
        for j in e.jointStress ?? [] { try db.prepare("INSERT INTO joint_stress VALUES (?, ?)").run([.text(e.id), .text(j)]) }
    }
    for member in vocab.objectValue?.members ?? [] {
        try db.prepare("UPDATE vocabulary SET document = ? WHERE name = ?").run([.text(JSONWriter.string(member.value)), .text(member.key)])
    }
    let manifest = try Manifest(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/manifest.json"))), file: "manifest.json")
    var json = CatalogJSON.header(name: manifest.name)
    for (i, e) in all.enumerated() { json += CatalogJSON.record(e, index: i) }
    json += CatalogJSON.trailer(count: all.count, version: manifest.version, vocabulary: vocab)
    try Data(json).write(to: URL(fileURLWithPath: build + "/catalog.json"))
    var reasons: [String: Int] = [:]
    for e in all { for code in e.reasonCodes { reasons[code.rawValue, default: 0] += 1 } }
    var files = manifest.files
    for name in files.keys {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/" + name)))
        files[name] = Manifest.FileEntry(sha256: SHA256.hex(bytes), bytes: bytes.count)
    }
    let counts: JSONValue = ["total": .int(all.count), "autoPlan": .int(all.filter(\.autoPlan).count),
                             "reasons": .object(JSONObject(reasons.keys.sorted().map { JSONMember($0, .int(reasons[$0]!)) }))]
    let forged = Manifest(name: manifest.name, version: manifest.version, createdAt: manifest.createdAt, counts: counts,
                          upstream: manifest.upstream, files: files, previous: manifest.previous)
    try Data(forged.fileText.utf8).write(to: URL(fileURLWithPath: build + "/manifest.json"))
}

/// A copy of the committed fixture build to forge.
func fixtureCopy() throws -> (TempDirectory, String) {
    let dir = TempDirectory()
    try FileManager.default.copyItem(atPath: TestPaths.fixtureBuild, toPath: dir.path + "/build")
    return (dir, dir.path + "/build")
}

/// `verify` holds the planner-scoring fields to the build's own vocabularies and the variants
/// to their shape (issue 21).
@Suite struct PlannerFieldsVerifyTests {
    func verify(_ build: String, in dir: TempDirectory, _ extra: [String] = []) throws -> RunResult {
        runInProcess(["verify", build] + extra, in: dir.path)
    }

    func set(_ id: String, in all: inout [Exercise], _ change: (inout Exercise) -> Void) {
        let i = all.firstIndex { $0.id == "exercisedb:" + id }!
        change(&all[i])
    }

    @Test func theFixtureVerifiesAndAForgeryThatChangesNothingStillDoes() throws {
        let (dir, build) = try fixtureCopy()
        #expect(try verify(build, in: dir).status == 0)
        try forgeConsistently(build) { _ in }
        let result = try verify(build, in: dir)
        #expect(result.status == 0, "the forging helper itself breaks the build: \(result.stderr)")
    }

    @Test(arguments: [
        ("jointStress", "toe", "jointStress \"toe\" is no joint of the vocabulary"),
        ("mechanic", "push", "mechanic \"push\" is none of the vocabulary's mechanics"),
        ("laterality", "sideways", "laterality \"sideways\" is none of the vocabulary's lateralities"),
    ])
    func anUnknownValueIsAProblemNamingTheRecordAndKey(key: String, value: String, message: String) throws {
        let (dir, build) = try fixtureCopy()
        try forgeConsistently(build) { all in
            set("s001", in: &all) { e in
                switch key {
                case "jointStress": e.jointStress = ["knee", value]
                case "mechanic": e.mechanic = value
                default: e.laterality = value
                }
            }
        }
        let result = try verify(build, in: dir)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("record exercisedb:s001 breaks a rule of the build format: \(message.replacingOccurrences(of: "\"", with: ""))"), "\(result.stderr)")
    }

    @Test func valuesAreHeldToTheBuildsOwnVocabularyNotTheProjects() throws {
        let (dir, build) = try fixtureCopy()
        // The build's joints without the knee: s001 (cleared, stresses the knee) breaks it.
        try forgeConsistently(build, vocabulary: { vocab in
            guard case .object(var o) = vocab, case .object(var joints)? = o["joints"], let list = joints["joints"]?.arrayValue else { return }
            joints["joints"] = .array(list.filter { $0.objectValue?["id"] != "knee" })
            o["joints"] = .object(joints)
            vocab = .object(o)
        }) { _ in }
        let result = try verify(build, in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("jointStress knee is no joint of the vocabulary"), "\(result.stderr)")
        // --vocab overrides the build's own vocabularies (issue 16's stopgap): the project's has the knee.
        let overridden = try verify(build, in: dir, ["--vocab", TestPaths.packageRoot + "/catalog/vocab"])
        #expect(overridden.status == 0, "\(overridden.stderr)")
    }

    @Test func aVariantOfAVariantIsAChainAndRefused() throws {
        let (dir, build) = try fixtureCopy()
        // s016 made a copy of s015, which is itself a copy of s006.
        try forgeConsistently(build) { all in
            set("s016", in: &all) { e in
                e.variantOf = "exercisedb:s015"
                e.autoPlan = false
                e.reasons = [(.variant, ["of": "exercisedb:s015"])]
            }
            set("s015", in: &all) { $0.variants = ["exercisedb:s016"] }
        }
        let result = try verify(build, in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("record exercisedb:s016: variantOf names exercisedb:s015, which is itself a variant (of exercisedb:s006)"), "\(result.stderr)")
    }

    @Test func variantsMustBeExactlyTheInverseOfVariantOf() throws {
        let (dir, build) = try fixtureCopy()
        try forgeConsistently(build) { all in
            set("s006", in: &all) { $0.variants = [] }
            set("s001", in: &all) { $0.variants = ["exercisedb:s002"] }
        }
        let result = try verify(build, in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("record exercisedb:s006: variants is [] where the records whose variantOf names it are [exercisedb:s015]"), "\(result.stderr)")
        #expect(result.stderr.contains("record exercisedb:s001: variants is [exercisedb:s002] where the records whose variantOf names it are []"), "\(result.stderr)")
    }

    @Test func variantOfMustNameARecordOfTheBuildAndMatchItsReason() throws {
        let (dir, build) = try fixtureCopy()
        try forgeConsistently(build) { all in
            set("s015", in: &all) { e in
                e.variantOf = "exercisedb:s999"
                e.reasons = e.reasons.map { $0.code == .variant ? (.variant, ["of": "exercisedb:s999"]) : $0 }
            }
            set("s006", in: &all) { $0.variants = [] }
        }
        let missing = try verify(build, in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("record exercisedb:s015: variantOf names exercisedb:s999, which is no record of the build"), "\(missing.stderr)")
        let (dir2, other) = try fixtureCopy()
        try forgeConsistently(other) { all in set("s015", in: &all) { e in e.reasons = e.reasons.filter { $0.code != .variant } } }
        let unexplained = try verify(other, in: dir2)
        #expect(unexplained.stderr.contains("variantOf is set but the record carries no VARIANT reason"), "\(unexplained.stderr)")
    }
}

/// The frozen fixture build is what exporting the sample catalog gives, and builds of schema 1
/// stay readable for the next export's comparisons.
@Suite struct FixtureBuildTests {
    @Test func exportingTheSampleCatalogGivesTheFixturesBytes() throws {
        let dir = try publishableSample()
        let export = runInProcess(["export", "--out", "out"], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        let made = files(dir.path + "/out/exercise-catalog-1.0.0"), frozen = files(TestPaths.fixtureBuild)
        #expect(made.keys.sorted() == frozen.keys.sorted())
        for name in frozen.keys.sorted() {
            #expect(made[name] == frozen[name], "\(name) of the sample catalog's build differs from fixtures/build: if the change is meant, run `make fixture` deliberately and commit what its git diff shows")
        }
    }

    @Test func theSampleCatalogsBuildHasEveryPlannerKeyAndValidatesAgainstTheSchemas() throws {
        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtureBuild + "/catalog.json"))))
        let records = try #require(document.objectValue?["records"]?.arrayValue)
        for record in records {
            for key in ["confidence", "mechanic", "jointStress", "laterality", "variantOf", "variants"] {
                #expect(record.objectValue?[key] != nil, "\(record.objectValue?["id"] ?? .null) lacks \(key)")
            }
        }
        #expect(records.contains { $0.objectValue?["variantOf"] == "exercisedb:s006" })
        #expect(records.contains { $0.objectValue?["jointStress"] == .null } && records.contains { $0.objectValue?["mechanic"] == "isolation" })
        try expectValidAgainstTheSchemas(TestPaths.fixtureBuild)
    }

    @Test func anExportAfterASchema1BuildComparesWithItAndBumpsTheMajorVersion() throws {
        let dir = try publishableSample()
        try FileManager.default.createDirectory(atPath: dir.path + "/dist", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.schema1Build, toPath: dir.path + "/dist/exercise-catalog-1.0.0")
        #expect(runInProcess(["verify", "dist/exercise-catalog-1.0.0"], in: dir.path).status == 0)
        let export = runInProcess(["export", "--json", "--allow-plan-regression"], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try JSONParser.parse(export.stdout).objectValue?["version"] == "2.0.0")
        let changelog = try String(contentsOfFile: dir.path + "/dist/exercise-catalog-2.0.0/CHANGELOG.md", encoding: .utf8)
        #expect(changelog.contains("## Format\n\nThe schema version changed from 1 to \(BuildFormat.schemaVersion)."), "\(changelog)")
        // The fields schema 1 did not carry are not changes of every record; s015's new VARIANT reason is.
        #expect(changelog.contains("## Changed (1)\n\n- `exercisedb:s015` cable seated row: reasons\n"), "\(changelog)")
        let diff = runInProcess(["diff", "dist/exercise-catalog-1.0.0", "dist/exercise-catalog-2.0.0", "--json"], in: dir.path)
        let d = try #require(try JSONParser.parse(diff.stdout).objectValue)
        #expect(d["formatChanged"] == true && d["bump"] == "major", "\(diff.stdout)")
        #expect(runInProcess(["verify", "dist/exercise-catalog-2.0.0"], in: dir.path).status == 0)
    }

    @Test func exportRefusesAVariantOfIntoNothingOrIntoACopy() throws {
        for (id, of, why) in [("s015", "s999", "exercisedb:s015: variantOf names s999, which is not a record of the catalog"),
                              ("s016", "exercisedb:s015", "exercisedb:s016: variantOf names exercisedb:s015, which is itself a variant")] {
            let dir = try publishableSample()
            let edit = runInProcess(["review", id, "--set", "variantOf=\(of)"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
            #expect(edit.status == 0, "\(edit.stderr)")
            let export = runInProcess(["export"], in: dir.path)
            #expect(export.status == 1, "\(export.stdout)")
            // Lint's cross-record rule (variant-target) sees it first; the build's own gate holds
            // removed copies to it too.
            #expect(export.stderr.contains("release gate: variantOf must name a record of the build that is not itself a variant (1): \(why)")
                    || export.stderr.contains("release gate: lint reports"), "\(export.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist/exercise-catalog-1.0.0"))
            // Coverage counts what it can all the same.
            #expect(runInProcess(["coverage", "--json"], in: dir.path).status == 0)
        }
    }

    @Test func aRemovedCopyIsHeldToTheBuildsShapeToo() throws {
        // Lint's cross-record rule looks at current records; a copy removed upstream stays in the
        // build, and export still refuses it naming a copy.
        let dir = try publishableSample()
        let edit = runInProcess(["review", "s020", "--set", "variantOf=s015"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1, "\(export.stdout)")
        #expect(export.stderr.contains("release gate: variantOf must name a record of the build that is not itself a variant (1): exercisedb:s020: variantOf names s015, which is itself a variant"), "\(export.stderr)")
    }

    @Test func changesInThePlannerFieldsAreChangesOfTheBuild() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export"], in: dir.path).status == 0)
        let edit = runInProcess(["review", "s014", "--set", "jointStress=knee,hip,lower-back", "--confidence", "0.8"], in: dir.path,
                                  environment: ["CATALOG_EDITOR": "tester"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let export = runInProcess(["export", "--json"], in: dir.path)
        #expect(try JSONParser.parse(export.stdout).objectValue?["version"] == "1.0.1", "\(export.stderr)")
        let changelog = try String(contentsOfFile: dir.path + "/dist/exercise-catalog-1.0.1/CHANGELOG.md", encoding: .utf8)
        #expect(changelog.contains("- `exercisedb:s014` dumbbell goblet squat: confidence, jointStress\n"), "\(changelog)")
    }
}

/// Every JSON file of `build` against its schema in docs/schemas.
func expectValidAgainstTheSchemas(_ build: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (file, schema) in [("catalog.json", "catalog.schema.json"), ("manifest.json", "manifest.schema.json")] {
        let schemaValue = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/schemas/" + schema))))
        let value = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: build + "/" + file))))
        let errors = SchemaValidator(schema: schemaValue).validate(value)
        #expect(errors.isEmpty, "\(build) \(file): \(errors.prefix(5))", sourceLocation: sourceLocation)
    }
}
