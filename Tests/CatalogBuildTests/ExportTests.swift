import CatalogBuild
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// A copy of the committed sample catalog whose one lint error is fixed, so it can publish.
func publishableSample() throws -> TempDirectory { try publishableSampleCatalog() }

func files(_ directory: String) -> [String: [UInt8]] {
    var out: [String: [UInt8]] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
        out[name] = FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) }
    }
    return out
}

@Suite struct ExportTests {
    @Test func theFirstBuildIsOneZeroZeroAndVerifies() throws {
        let dir = try publishableSample()
        let export = runInProcess(["export", "--json"], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        let result = try #require(try JSONParser.parse(export.stdout).objectValue)
        #expect(result["version"] == "1.0.0")
        #expect(result["counts"]?.objectValue?["total"] == .number("24"))
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        #expect(Set(files(build).keys) == ["catalog.json", "catalog.sqlite", "CHANGELOG.md", "changes.json", "manifest.json", "profiles.json"])
        #expect(result["manifestSha256"]?.stringValue == SHA256.hex(files(build)["manifest.json"]!))
        let verify = runInProcess(["verify", build], in: dir.path)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("ok: exercise-catalog 1.0.0, 24 records"))
    }

    @Test func rebuildingGivesTheSameBytesSQLiteIncluded() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export", "--out", "a"], in: dir.path).status == 0)
        #expect(runInProcess(["export", "--out", "b"], in: dir.path).status == 0)
        let a = files(dir.path + "/a/exercise-catalog-1.0.0"), b = files(dir.path + "/b/exercise-catalog-1.0.0")
        #expect(a.keys.sorted() == b.keys.sorted())
        for name in a.keys.sorted() { #expect(a[name] == b[name], "\(name) differs between two builds") }
        // Deleting the index changes nothing either.
        try FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        #expect(runInProcess(["export", "--out", "c"], in: dir.path).status == 0)
        #expect(files(dir.path + "/c/exercise-catalog-1.0.0") == a)
    }

    @Test func everyFlippedByteFailsVerificationNamingTheFile() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["keygen", "--out", "k"], in: dir.path).status == 0)
        #expect(runInProcess(["export", "--sign", "k.key"], in: dir.path).status == 0)
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        #expect(runInProcess(["verify", build, "--key", "k.pub"], in: dir.path).status == 0)
        let original = files(build)
        for name in original.keys.sorted() {
            var bytes = original[name]!
            for offset in [0, bytes.count / 2, bytes.count - 1] {
                bytes = original[name]!
                bytes[offset] ^= 0x01
                FileManager.default.createFile(atPath: build + "/" + name, contents: Data(bytes))
                let result = runInProcess(["verify", build, "--key", "k.pub"], in: dir.path)
                #expect(result.status == 1, "flipping byte \(offset) of \(name) went unnoticed")
                // The signature is checked first: a changed manifest fails it, naming manifest.json.
                #expect(result.stderr.contains(name == "manifest.json" ? "does not match manifest.json" : "/\(name))"), "\(name) @\(offset): \(result.stderr)")
            }
            FileManager.default.createFile(atPath: build + "/" + name, contents: Data(original[name]!))
        }
        #expect(runInProcess(["verify", build, "--key", "k.pub"], in: dir.path).status == 0)
        // Another key, or no signature at all, fails too.
        #expect(runInProcess(["keygen", "--out", "other"], in: dir.path).status == 0)
        #expect(runInProcess(["verify", build, "--key", "other.pub"], in: dir.path).status == 1)
        try FileManager.default.removeItem(atPath: build + "/manifest.sig")
        let unsigned = runInProcess(["verify", build, "--key", "k.pub"], in: dir.path)
        #expect(unsigned.status == 1)
        #expect(unsigned.stderr.contains("manifest.sig"))
    }

    @Test func afterAnUpstreamChangeTheNextBuildShowsDemotionsAndProposesAPatch() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export"], in: dir.path).status == 0)
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        let gated = runInProcess(["export"], in: dir.path)
        #expect(gated.status == 1)
        #expect(gated.stderr.contains("release gate"))
        #expect(gated.stderr.contains("or pass --allow-drop (dist/exercise-catalog-1.0.0)\n"), "\(gated.stderr)")
        // Past that gate, the coverage gate names the build it compares with too.
        let covered = runInProcess(["export", "--allow-drop"], in: dir.path)
        #expect(covered.status == 1 && covered.stderr.contains("or pass --allow-coverage-drop (dist/exercise-catalog-1.0.0)\n"), "\(covered.stderr)")
        // The standard weeks lose what the demoted records gave them: the plan gate (issue 38).
        let planned = runInProcess(["export", "--allow-drop", "--allow-coverage-drop"], in: dir.path)
        #expect(planned.status == 1 && planned.stderr.contains("plan gate") && planned.stderr.contains("--allow-plan-regression"), "\(planned.stderr)")
        let next = runInProcess(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression", "--json"], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try JSONParser.parse(next.stdout).objectValue?["version"] == "1.0.1")
        let changelog = try String(contentsOfFile: dir.path + "/dist/exercise-catalog-1.0.1/CHANGELOG.md", encoding: .utf8)
        #expect(changelog.contains("## Demoted from automatic planning (3)"))
        #expect(changelog.contains("`exercisedb:s006` barbell bent\\-over row: REVIEW_STALE (instructions)") || changelog.contains("`exercisedb:s006` barbell bent-over row: REVIEW_STALE (instructions)"))
        #expect(changelog.contains("UPSTREAM_REMOVED"))
        let diff = runInProcess(["diff", "dist/exercise-catalog-1.0.0", "dist/exercise-catalog-1.0.1", "--json"], in: dir.path)
        let d = try #require(try JSONParser.parse(diff.stdout).objectValue)
        #expect(d["demoted"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == ["exercisedb:s004", "exercisedb:s006", "exercisedb:s020"])
        #expect(d["demoted"]?.arrayValue?.first?.objectValue?["reasons"]?.arrayValue?.first?.objectValue?["code"] == "REVIEW_STALE")
        #expect(d["bump"] == "patch")
        // Accepting the stale reviews promotes them again: a minor version. (The standard weeks
        // trade: push-ups bring pectorals back and take the time some upper-back work had.)
        _ = runInProcess(["accept", "s004", "s006"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        let promoted = runInProcess(["export", "--json", "--allow-plan-regression"], in: dir.path)
        #expect(try JSONParser.parse(promoted.stdout).objectValue?["version"] == "1.1.0", "\(promoted.stderr)")
        // Nothing changed: no new build, and no failure (a CI job exporting on every push stays
        // green); a version not above the last is refused. Each names the last build.
        let dist = treeHashes(dir.path + "/dist")
        let same = runInProcess(["export"], in: dir.path)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("nothing changed since build 1.1.0 (dist/exercise-catalog-1.1.0); no new build written"), "\(same.stdout)")
        let sameJSON = runInProcess(["export", "--json"], in: dir.path)
        #expect(sameJSON.status == 0)
        let unwritten = try #require(try JSONParser.parse(sameJSON.stdout).objectValue)
        #expect(unwritten["written"] == false && unwritten["version"] == "1.1.0")
        #expect(try JSONParser.parse(promoted.stdout).objectValue?["written"] == true)
        #expect(treeHashes(dir.path + "/dist") == dist)
        _ = runInProcess(["review", "s001", "--note", "checked again"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        let low = runInProcess(["export", "--version", "1.0.5"], in: dir.path)
        #expect(low.status == 64)
        #expect(low.stderr.contains("not above the last build, 1.1.0 (dist/exercise-catalog-1.1.0)"), "\(low.stderr)")
    }

    @Test func lintErrorsBlockTheBuild() throws {
        let dir = TempDirectory()
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/catalog", toPath: dir.path + "/catalog")
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/reviews", toPath: dir.path + "/reviews")
        let result = runInProcess(["export"], in: dir.path)
        #expect(result.status == 1)
        // It names the file (the sample's reviews/ has one broken review).
        #expect(result.stderr.contains("release gate: lint reports 1 error; run `catalog lint` and fix them (reviews/exercisedb/s018.json)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist/exercise-catalog-1.0.0"))
    }

    @Test func outputValidatesAgainstTheDocumentedSchemas() throws {
        let dir = try publishableSample()
        _ = runInProcess(["export"], in: dir.path)
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        _ = runInProcess(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], in: dir.path)
        for version in ["1.0.0", "1.0.1"] {
            try expectValidAgainstTheSchemas(dir.path + "/dist/exercise-catalog-\(version)")
        }
        // The validator is not vacuous, the planner fields' included.
        let schema = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/schemas/manifest.schema.json"))))
        #expect(!SchemaValidator(schema: schema).validate(["format": "x"]).isEmpty)
        let catalogSchema = SchemaValidator(schema: try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/schemas/catalog.schema.json")))))
        var document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/dist/exercise-catalog-1.0.0/catalog.json")))).objectValue!
        var records = document["records"]!.arrayValue!
        var first = records[0].objectValue!
        first["mechanic"] = "push"
        first["variants"] = nil
        records[0] = .object(first)
        document["records"] = .array(records)
        let errors = catalogSchema.validate(.object(document))
        #expect(errors.contains { $0.contains("records[0].mechanic") } && errors.contains { $0.contains("missing required variants") }, "\(errors)")
    }
}

@Suite struct CatalogReaderTests {
    func exercise(_ id: String, equipment: [String]?, level: String?, autoPlan: Bool = true) -> Exercise {
        Exercise(id: "s:\(id)", source: "s", upstreamID: id, name: id, movementPattern: "squat", equipment: equipment,
                 primaryMuscles: ["quads"], secondaryMuscles: [], level: level, setupSeconds: 0, setCredit: ["quads": 1],
                 autoPlan: autoPlan, reasons: autoPlan ? [] : [(.manualOnly, ["reason": "x"])], license: nil, attribution: nil)
    }

    @Test func candidatesNeedCoveredEquipmentASuitableLevelAndAutoPlan() throws {
        let dir = try publishableSample()
        _ = runInProcess(["export"], in: dir.path)
        let catalog = try PublishedCatalog.load(directory: dir.path + "/dist/exercise-catalog-1.0.0")
        #expect(catalog.exercises.count == 24)
        let bodyweight = catalog.candidates(equipment: [], level: "beginner")
        #expect(!bodyweight.isEmpty)
        #expect(bodyweight.allSatisfy { $0.equipment == [] && $0.level == "beginner" && $0.autoPlan })
        let gym = catalog.candidates(equipment: ["barbell", "bench", "dumbbell", "pull-up-bar", "dip-bars", "box", "kettlebell", "cable-station", "squat-rack"], level: "advanced")
        #expect(gym.count > bodyweight.count)
        #expect(!gym.contains { $0.upstreamID == "s010" })  // manual-only
        #expect(catalog.candidates(equipment: ["barbell", "box"], level: "advanced", includeManual: true).contains { $0.upstreamID == "s010" })
        #expect(catalog.candidates(equipment: [], level: "expert").isEmpty)
    }

    @Test func aBuildOfAnUnsupportedSchemaIsRefusedClearly() throws {
        let dir = try publishableSample()
        _ = runInProcess(["export"], in: dir.path)
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        let text = try String(contentsOfFile: build + "/manifest.json", encoding: .utf8)
        let (current, next) = (BuildFormat.schemaVersion, BuildFormat.schemaVersion + 1)
        let minimum = "\"minReaderSchemaVersion\": \(BuildFormat.minReaderSchemaVersion)"
        FileManager.default.createFile(atPath: build + "/manifest.json",
                                       contents: Data(text.replacingOccurrences(of: minimum, with: "\"minReaderSchemaVersion\": \(next)").utf8))
        #expect {
            try PublishedCatalog.load(directory: build)
        } throws: { error in
            (error as? CatalogError)?.message.contains("needs a reader of schema \(next) or later; this reader supports schema \(current)") == true
        }
    }

    @Test func versionsCompareAndBump() {
        #expect(SemanticVersion("1.2.3")! < SemanticVersion("1.10.0")!)
        #expect(SemanticVersion("01.2.3") == nil)
        #expect(SemanticVersion("1.2") == nil)
        #expect(SemanticVersion(1, 2, 3).bumped(.major) == SemanticVersion(2, 0, 0))
        let removed = BuildDiff(previous: [exercise("a", equipment: [], level: "beginner")], current: [])
        #expect(removed.bump == .major)
        let added = BuildDiff(previous: [], current: [exercise("a", equipment: [], level: "beginner")])
        #expect(added.bump == .minor)
        let changed = BuildDiff(previous: [exercise("a", equipment: [], level: "beginner")], current: [exercise("a", equipment: [], level: "intermediate")])
        #expect(changed.bump == .patch)
        #expect(changed.changed.first?.fields == ["level"])
        #expect(BuildDiff(previous: [exercise("a", equipment: [], level: "beginner")], current: [exercise("a", equipment: [], level: "beginner")]).bump == nil)
    }
}

@Suite(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
struct RealDataExportTests {
    @Test func theReviewedExerciseDBCatalogExportsAndVerifies() throws {
        let dir = try newCatalog(importing: TestPaths.upstream! + "/exercisedb/exercises.json")
        _ = runInProcess(["keygen", "--out", "k"], in: dir.path)
        // Every draft confirmed (--min-draft-confidence 0): the whole catalog reviewed is what this stresses.
        _ = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.8", "--min-draft-confidence", "0"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        // Records whose primary muscle counts toward no weekly target (cardio, serratus...): an
        // editor's justified exception, as the rule asks.
        let lint = try #require(try JSONParser.parse(runInProcess(["lint", "--json"], in: dir.path).stdout).objectValue)
        let flagged = Set((lint["findings"]?.arrayValue ?? []).compactMap { f -> String? in
            guard f.objectValue?["rule"] == "primary-not-planner", let file = f.objectValue?["file"]?.stringValue else { return nil }
            return String(file.split(separator: "/").last!.dropLast(5))
        })
        #expect(flagged.count < 100)
        for id in flagged.sorted() {
            let r = runInProcess(["review", id, "--except", "primary-not-planner=conditioning or stabiliser work; no weekly target"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(runInProcess(["lint"], in: dir.path).status == 0)
        let export = runInProcess(["export", "--json", "--sign", "k.key"], in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        #expect(runInProcess(["verify", build, "--key", "k.pub"], in: dir.path).status == 0)
        let original = files(build)
        for name in original.keys.sorted() {
            var bytes = original[name]!
            bytes[bytes.count / 3] ^= 0x20
            FileManager.default.createFile(atPath: build + "/" + name, contents: Data(bytes))
            let result = runInProcess(["verify", build, "--key", "k.pub"], in: dir.path)
            #expect(result.status == 1 && result.stderr.contains(name == "manifest.json" ? "does not match manifest.json" : "/\(name))"), "\(name): \(result.stderr)")
            FileManager.default.createFile(atPath: build + "/" + name, contents: Data(original[name]!))
        }
        let catalog = try PublishedCatalog.load(directory: build)
        #expect(catalog.exercises.count == 1324)
        // The schemas validate the real build, every record with the planner keys.
        try expectValidAgainstTheSchemas(build)
        #expect(catalog.vocabulary?.vocabulary.joints.count == 8)
        #expect(catalog.exercises.allSatisfy { $0.confidence == 0.8 })
        #expect(catalog.exercises.filter { $0.variantOf != nil }.allSatisfy { !$0.autoPlan })
    }
}

@Suite struct HostileBuildTests {
    @Test func hugeNumbersInAManifestFailVerificationInsteadOfCrashing() throws {
        let dir = try publishableSample()
        _ = runInProcess(["export"], in: dir.path)
        let manifest = dir.path + "/dist/exercise-catalog-1.0.0/manifest.json"
        for replacement in ["\"bytes\": 1e300", "\"bytes\": 1e999", "\"bytes\": -1.5"] {
            let text = try String(contentsOfFile: manifest, encoding: .utf8)
            let hostile = text.replacingOccurrences(of: #""bytes": [0-9]+"#, with: replacement, options: .regularExpression)
            let copy = dir.path + "/hostile"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: dir.path + "/dist/exercise-catalog-1.0.0", toPath: copy)
            FileManager.default.createFile(atPath: copy + "/manifest.json", contents: Data(hostile.utf8))
            let result = runInProcess(["verify", "hostile"], in: dir.path)
            #expect(result.status == 1, "\(replacement): \(result.stderr)")
            #expect(result.stderr.contains("manifest.json"))
        }
    }

    @Test func anOutOfRangeReviewStopsAtTheLintGate() throws {
        let dir = try publishableSample()
        let path = dir.path + "/reviews/exercisedb/s001.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: #""value": 90"#, with: #""value": 1e30"#)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let result = runInProcess(["export"], in: dir.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("release gate: lint reports"))
    }

    @Test func includeManualAddsOnlyManualOnlyRecords() throws {
        let dir = try publishableSample()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        _ = runInProcess(["export", "--allow-drop", "--allow-coverage-drop"], in: dir.path)
        let catalog = try PublishedCatalog.load(directory: dir.path + "/dist/exercise-catalog-1.0.0")
        let everything: Set<String> = ["barbell", "bench", "dumbbell", "pull-up-bar", "dip-bars", "box", "kettlebell", "cable-station", "squat-rack"]
        let manual = catalog.candidates(equipment: everything, level: "advanced", includeManual: true)
        let auto = catalog.candidates(equipment: everything, level: "advanced")
        #expect(Set(manual.map(\.upstreamID)).subtracting(auto.map(\.upstreamID)) == ["s010"])
        #expect(!manual.contains { ["s004", "s006", "s020"].contains($0.upstreamID) })
    }
}
