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

/// Builds are written and verified a record at a time; these hold the streamed forms to the
/// whole-document forms and make sure verification still catches a build whose files were
/// changed together with their digests (a consistent forgery without a signature).
@Suite struct StreamedBuildTests {
    func exercise(_ id: String, name: String, reasons: [(ReasonCode, JSONValue)] = []) -> Exercise {
        Exercise(id: "s:\(id)", source: "s", upstreamID: id, name: name, movementPattern: "squat", equipment: ["barbell"],
                 primaryMuscles: ["quads"], secondaryMuscles: ["glutes"], level: "beginner", setupSeconds: 30, setCredit: ["quads": 1, "glutes": 0.5],
                 autoPlan: reasons.isEmpty, reasons: reasons, license: nil, attribution: nil)
    }

    @Test(arguments: [0, 1, 3])
    func catalogJSONWrittenARecordAtATimeIsTheWholeDocument(count: Int) {
        let records = (0..<count).map { i in
            exercise("e\(i)", name: i == 1 ? "Sentadilla \"búlgara\" — déjà\tvu" : "squat \(i)",
                     reasons: i == 2 ? [(.reviewStale, .object(JSONObject([JSONMember("fields", .strings(["name"]))])))] : [])
        }
        let version = SemanticVersion(2, 10, 3)
        let whole = JSONWriter.bytes(.object(JSONObject([
            JSONMember("format", .string(BuildFormat.catalogTag)), JSONMember("schemaVersion", .int(BuildFormat.schemaVersion)),
            JSONMember("name", .string("my-catalog")), JSONMember("version", .string(version.description)),
            JSONMember("records", .array(records.map(\.json))),
        ])), style: .pretty)
        var streamed = CatalogJSON.header(name: "my-catalog")
        for (i, r) in records.enumerated() { streamed += CatalogJSON.record(r, index: i) }
        streamed += CatalogJSON.trailer(count: records.count, version: version)
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
    }

    @Test func anExerciseWrittenDirectlyIsItsJSONValueWritten() {
        var odd = exercise("o\u{301}dd", name: "tab\tquote\" back\\ — ünïcode 💪", reasons: [
            (.fieldInvalid, .object(JSONObject([JSONMember("rules", .strings(["b", "a"])), JSONMember("n", .number("1e3"))]))),
            (.manualOnly, .object(JSONObject())),
        ])
        odd.equipment = nil
        odd.level = nil
        odd.setupSeconds = nil
        odd.movementPattern = nil
        odd.license = "CC-BY-SA 4.0"
        odd.attribution = "someone \"quoted\""
        odd.primaryMuscles = []
        odd.setCredit = ["zeta": 0.5, "Alpha": 1, "beta": 0.25]
        var bare = exercise("bare", name: "bare")
        bare.equipment = []
        bare.setCredit = [:]
        for e in [exercise("plain", name: "squat"), odd, bare] {
            for style in [JSONWriter.Style.compact, .pretty] {
                for indent in [0, 2] {
                    var direct: [UInt8] = [], tree: [UInt8] = []
                    e.write(style: style, indent: indent, into: &direct)
                    JSONWriter.write(e.json, style: style, indent: indent, into: &tree)
                    #expect(String(decoding: direct, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(e.id) \(style) \(indent)")
                }
            }
        }
    }

    /// Changes the build through `name` and rewrites the manifest's digests of every file, so only
    /// the content check can tell.
    func forge(_ build: String, _ name: String, _ change: (String) throws -> Void) throws {
        try change(build + "/" + name)
        let manifest = try Manifest(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/manifest.json"))), file: "manifest.json")
        var files = manifest.files
        for file in files.keys {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/" + file)))
            files[file] = Manifest.FileEntry(sha256: SHA256.hex(bytes), bytes: bytes.count)
        }
        let forged = Manifest(name: manifest.name, version: manifest.version, createdAt: manifest.createdAt, counts: manifest.counts,
                              upstream: manifest.upstream, files: files, previous: manifest.previous)
        try Data(forged.fileText.utf8).write(to: URL(fileURLWithPath: build + "/manifest.json"))
    }

    func rewrite(_ path: String, _ edit: (String) -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text, "the forgery changed nothing")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func verificationCatchesFilesChangedTogetherWithTheirDigests() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export"], in: dir.path).status == 0)
        let original = dir.path + "/dist/exercise-catalog-1.0.0"
        let cases: [(file: String, expect: String, change: (String) throws -> Void)] = [
            ("catalog.json", "differs from catalog.sqlite in name", { path in
                try self.rewrite(path) { $0.replacingOccurrences(of: "\"name\": \"push-up\"", with: "\"name\": \"push-ups\"") } }),
            ("catalog.json", "not in the build format's canonical form", { path in
                try self.rewrite(path) { $0.replacingOccurrences(of: "\"name\": \"push-up\"", with: "\"name\":  \"push-up\"") } }),
            ("catalog.json", "fewer records than catalog.sqlite", { path in
                try self.rewrite(path) { text in
                    // Drop the last record (and its separator).
                    let start = text.range(of: ",\n    {", options: .backwards)!.lowerBound
                    let end = text.range(of: "\n  ]")!.lowerBound
                    return String(text[..<start]) + String(text[end...])
                } }),
            ("catalog.json", "schemaVersion or version differ from manifest.json", { path in
                try self.rewrite(path) { $0.replacingOccurrences(of: "\"version\": \"1.0.0\"", with: "\"version\": \"1.0.1\"") } }),
            ("catalog.sqlite", "column auto_plan of exercise exercisedb:s004 differs from its record", { path in
                let db = try Database(path: path, create: false)
                try db.execute("UPDATE exercises SET auto_plan = 1 - auto_plan WHERE id = 'exercisedb:s004'")
            }),
            ("catalog.json", "or the vocabulary from catalog.sqlite's", { path in
                try self.rewrite(path) { $0.replacingOccurrences(of: "\"id\": \"knee\"", with: "\"id\": \"knees\"") } }),
            ("catalog.sqlite", "the vocabulary is not in the build format's canonical form", { path in
                let db = try Database(path: path, create: false)
                try db.execute("UPDATE vocabulary SET document = replace(document, '\"planner\":true', '\"planner\":true,\"x\":1') WHERE name = 'muscles'")
            }),
            ("catalog.sqlite", "record exercisedb:s001: table equipment lacks the row", { path in
                let db = try Database(path: path, create: false)
                try db.execute("DELETE FROM equipment WHERE exercise_id = 'exercisedb:s001'")
            }),
            ("catalog.sqlite", "the record of exercise exercisedb:s001 is not in the build format's canonical form", { path in
                let db = try Database(path: path, create: false)
                try db.execute("UPDATE exercises SET record = replace(record, '\"id\":', '\"id\": ') WHERE id = 'exercisedb:s001'")
            }),
            ("catalog.json", "holds more records than catalog.sqlite (0)", { path in
                let db = try Database(path: path.replacingOccurrences(of: "catalog.json", with: "catalog.sqlite"), create: false)
                try db.execute("DELETE FROM exercises; DELETE FROM muscles; DELETE FROM equipment; DELETE FROM joint_stress; DELETE FROM reasons")
            }),
        ]
        for (i, c) in cases.enumerated() {
            let build = dir.path + "/forged-\(i)"
            try FileManager.default.copyItem(atPath: original, toPath: build)
            try forge(build, c.file, c.change)
            let result = runInProcess(["verify", build], in: dir.path)
            #expect(result.status == 1, "case \(i): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(c.expect) && result.stderr.contains("/\(c.file))"), "case \(i): \(result.stderr)")
        }
    }

    @Test func diffWalksTwoBuildsSideBySide() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export"], in: dir.path).status == 0)
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let next = runInProcess(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        let diff = runInProcess(["diff", "dist/exercise-catalog-1.0.0", "dist/exercise-catalog-1.0.1", "--json"], in: dir.path)
        #expect(diff.status == 0, "\(diff.stderr)")
        let result = try #require(try JSONParser.parse(diff.stdout).objectValue)
        // The same comparison the export made, which its changelog lists.
        let changelog = try String(contentsOfFile: dir.path + "/dist/exercise-catalog-1.0.1/CHANGELOG.md", encoding: .utf8)
        let demoted = result["demoted"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
        #expect(!demoted.isEmpty)
        for id in demoted { #expect(changelog.contains("`\(id)`")) }
        // Records are read back the way the planner loads them, in id order.
        let loaded = try PublishedCatalog.load(directory: dir.path + "/dist/exercise-catalog-1.0.1")
        #expect(loaded.exercises.map(\.id) == loaded.exercises.map(\.id).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(loaded.exercises.count == 24)
    }

    @Test func theExportGateCountsWhatLintCountsWithoutReadingUnmovedReviews() throws {
        let dir = try publishableSample()
        let reviews = dir.path + "/reviews/exercisedb/"
        // A file that does not parse, a hard rule broken, and a review of no record.
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: reviews + "s002.json"))
        try rewrite(reviews + "s003.json") { $0.replacingOccurrences(of: "\"intermediate\"", with: "\"expert\"") }
        let orphan = try String(contentsOfFile: reviews + "s005.json", encoding: .utf8).replacingOccurrences(of: "\"id\": \"s005\"", with: "\"id\": \"zz999\"")
        try Data(orphan.utf8).write(to: URL(fileURLWithPath: reviews + "zz999.json"))
        let lint = try #require(try JSONParser.parse(runInProcess(["lint", "--json"], in: dir.path).stdout).objectValue)
        guard case .number(let count)? = lint["errors"], let errors = Int(count) else { Issue.record("lint --json has no error count"); return }
        #expect(errors >= 3)
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1)
        #expect(export.stderr.contains("release gate: lint reports \(errors) errors"), "\(export.stderr)")
        // It says in how many files, and names the first (in id order).
        let files = Set((lint["findings"]?.arrayValue ?? []).compactMap { $0.objectValue }.filter { $0["level"] == "error" }.compactMap { $0["file"]?.stringValue })
        #expect(files == ["reviews/exercisedb/s002.json", "reviews/exercisedb/s003.json", "reviews/exercisedb/zz999.json"], "\(lint)")
        #expect(export.stderr.contains("errors in 3 review files; run `catalog lint` and fix them (reviews/exercisedb/s002.json)"), "\(export.stderr)")
        // The gate comes before anything is written: not even an empty dist/.
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
    }

    @Test func aReviewFileThatCannotBeReadStopsExportAsItStopsLint() throws {
        let dir = try publishableSample()
        let file = dir.path + "/reviews/exercisedb/s002.json"
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir.path + "/nowhere.json")
        let lint = runInProcess(["lint"], in: dir.path)
        let export = runInProcess(["export"], in: dir.path)
        #expect(lint.status != 0 && export.status != 0, "lint \(lint.status), export \(export.status): \(export.stderr)")
        // A link is never followed (issue 16): lint names the file, export stops at its gate.
        #expect(lint.stdout.contains("s002.json") && lint.stdout.contains("symbolic link"), "\(lint.stdout)")
        #expect(export.stderr.contains("release gate: lint reports"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
    }

    /// Another source's review folder is linted by export too, and the gate names the first
    /// file with an error by path, whichever source's files were counted first.
    @Test func theLintGateNamesTheFirstFileByPathAcrossSources() throws {
        let dir = try publishableSample()
        try FileManager.default.createDirectory(atPath: dir.path + "/reviews/aaa", withIntermediateDirectories: true)
        try Data("{ bad".utf8).write(to: URL(fileURLWithPath: dir.path + "/reviews/aaa/x1.json"))
        try Data("{ bad".utf8).write(to: URL(fileURLWithPath: dir.path + "/reviews/aaa/x2.json"))
        try Data("{ bad".utf8).write(to: URL(fileURLWithPath: dir.path + "/reviews/exercisedb/s002.json"))
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1)
        #expect(export.stderr.contains("lint reports 3 errors in 3 review files; run `catalog lint` and fix them (reviews/aaa/x1.json)"), "\(export.stderr)")
    }

    /// A folder where a review file should be is a finding of lint, as export's gate counts it,
    /// not the end of lint.
    @Test func aFolderNamedLikeAReviewIsALintFindingAsExportCountsIt() throws {
        let dir = try publishableSample()
        try FileManager.default.createDirectory(atPath: dir.path + "/reviews/exercisedb/zz1.json", withIntermediateDirectories: true)
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1, "\(lint.stderr)")
        #expect(lint.stdout.contains("reviews/exercisedb/zz1.json") && lint.stdout.contains("is a folder, not a review file"), "\(lint.stdout)\(lint.stderr)")
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1)
        #expect(export.stderr.contains("lint reports 1 error; run `catalog lint` and fix them (reviews/exercisedb/zz1.json)"), "\(export.stderr)")
    }

    @Test func anInPlaceEditTheFolderDoesNotShowStillMeetsTheLintGate() throws {
        let dir = try publishableSample()
        let file = dir.path + "/reviews/exercisedb/s001.json", folder = dir.path + "/reviews/exercisedb"
        // Every file and the folder an hour old: no stamp is racy, so the folder's stamp is trusted.
        let past = Date(timeIntervalSinceNow: -3600)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder + "/" + name)
        }
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder)
        #expect(runInProcess(["status"], in: dir.path).status == 0)
        try rewriteInPlace(file) { $0.replacingOccurrences(of: "\"value\": 90", with: "\"value\": 1e30") }
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder)
        let export = runInProcess(["export"], in: dir.path)
        #expect(export.status == 1, "\(export.stdout)")
        #expect(export.stderr.contains("release gate: lint reports 1 error"), "\(export.stderr)")
    }

    @Test func theMuscleAndEquipmentTablesHoldEachExercisesRows() throws {
        let dir = try publishableSample()
        #expect(runInProcess(["export"], in: dir.path).status == 0)
        let build = dir.path + "/dist/exercise-catalog-1.0.0"
        let exercises = try PublishedCatalog.load(directory: build).exercises
        var muscles = Set<String>(), equipment = Set<String>()
        for e in exercises {
            // Derived here from the contract (primary 1.0, secondary 0.5, credit as set), not by the writer's helper.
            for m in e.primaryMuscles { muscles.insert("\(e.id) \(m) primary 1.0") }
            for m in e.secondaryMuscles { muscles.insert("\(e.id) \(m) secondary 0.5") }
            for (m, credit) in e.setCredit { muscles.insert("\(e.id) \(m) credit \(credit)") }
            for item in e.equipment ?? [] { equipment.insert("\(e.id) \(item)") }
        }
        #expect(muscles.count > exercises.count && !equipment.isEmpty)
        let db = try Database(path: build + "/catalog.sqlite", create: false, readOnly: true)
        let stored = try db.rows("SELECT exercise_id, muscle, role, credit FROM muscles").map { row -> String in
            guard case .double(let credit) = row[3] else { return "credit is not REAL: \(row)" }
            return "\(row[0].text!) \(row[1].text!) \(row[2].text!) \(credit)"
        }
        #expect(Set(stored) == muscles && stored.count == muscles.count)
        let items = try db.rows("SELECT exercise_id, item FROM equipment").map { "\($0[0].text!) \($0[1].text!)" }
        #expect(Set(items) == equipment && items.count == equipment.count)
    }
}
