import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Reviews end to end on the sample catalog: `review` (scripted, $EDITOR, from suggestions),
/// `show`, `status`, `queue`, `lint`, `suggest`, `vocab`, run as the built binary.
@Suite struct ReviewTests {
    let env = ["CATALOG_EDITOR": "tester"]
    let fullReview = ["review", "s001", "--set", "movementPattern=squat", "--set", "equipment=barbell,squat-rack",
                      "--set", "primaryMuscles=quads,glutes", "--set", "level=intermediate", "--set", "setupSeconds=90", "--confidence", "0.9"]

    /// init, the project's vocabularies, the sample release imported; no review yet.
    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    /// The committed sample catalog (catalog/ without catalog/sample, and reviews/), copied.
    func committedCatalog() throws -> TempDirectory { try committedSampleCatalog() }

    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    func object(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    func int(_ value: JSONValue?) -> Int? {
        if case .number(let n)? = value { return Int(n) }
        return nil
    }

    func reviewFile(_ id: String) -> String { "reviews/exercisedb/\(id).json" }

    func readReview(_ dir: TempDirectory, _ id: String) throws -> Review {
        let text = try #require(dir.read(reviewFile(id)), "no review file for \(id)")
        return try Review.parse(Array(text.utf8), file: reviewFile(id))
    }

    /// `show ID --json`.
    func show(_ dir: TempDirectory, _ id: String) throws -> JSONObject {
        let result = runInProcess(["show", id, "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return try object(result.stdout)
    }

    func reasons(_ shown: JSONObject) -> [String: JSONObject] {
        var out: [String: JSONObject] = [:]
        for reason in shown["reasons"]?.arrayValue ?? [] {
            guard let o = reason.objectValue, let code = o["code"]?.stringValue else { continue }
            out[code] = o["details"]?.objectValue ?? JSONObject()
        }
        return out
    }

    func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// `fingerprint ID`: the canonical text and the fingerprint.
    func fingerprint(_ dir: TempDirectory, _ id: String) throws -> (text: String, fingerprint: String) {
        let result = runInProcess(["fingerprint", id, "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let o = try object(result.stdout)
        return (try #require(o["canonicalText"]?.stringValue), try #require(o["fingerprint"]?.stringValue))
    }

    // MARK: - Scripted review

    @Test func aScriptedReviewWritesACanonicalFileAgainstTodaysFingerprint() throws {
        let dir = try sampleCatalog()
        let result = runInProcess(fullReview, in: dir.path, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote reviews/exercisedb/s001.json: current, cleared for automatic planning"))

        let text = try #require(dir.read(reviewFile("s001")))
        let review = try Review.parse(Array(text.utf8), file: reviewFile("s001"))
        #expect(review.fileText == text)
        #expect(review.source == "exercisedb")
        #expect(review.id == "s001")

        // The fingerprint `catalog fingerprint` prints, in plain text too.
        let printed = runInProcess(["fingerprint", "s001"], in: dir.path)
        let lastLine = printed.stdout.split(separator: "\n").last.map(String.init)
        let today = try fingerprint(dir, "s001")
        #expect(lastLine == today.fingerprint)
        #expect(Set(review.corrections.keys) == [.movementPattern, .equipment, .primaryMuscles, .level, .setupSeconds])
        for (field, correction) in review.corrections {
            #expect(correction.fingerprint == today.fingerprint, "\(field)")
            #expect(correction.editor == "tester", "\(field)")
            #expect(correction.via == .edit, "\(field)")
            #expect(correction.date == "2026-10-29", "\(field)")  // SOURCE_DATE_EPOCH of runCatalog
        }
        #expect(review.basis == [today.fingerprint: today.text])
        #expect(review.value(.equipment) == ["barbell", "squat-rack"])
        #expect(review.value(.setupSeconds) == 90)
        #expect(review.corrections[.equipment]?.replaced == "barbell")
        #expect(review.corrections[.primaryMuscles]?.replaced == "quads")
        #expect(review.corrections[.level]?.replaced == .null)
        #expect(review.confidence == 0.9)

        let shown = try show(dir, "s001")
        #expect(shown["state"] == "current")
        #expect(shown["autoPlan"] == true)
        #expect(shown["reasons"] == [])
        #expect(shown["review"] != nil && shown["review"] != .null)
        #expect(shown["review"]?.objectValue?["corrections"]?.objectValue?["level"]?.objectValue?["value"] == "intermediate")

        // The same review again changes nothing.
        let before = treeHashes(dir.path)
        let again = runInProcess(fullReview, in: dir.path, environment: env)
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing written"))
        #expect(treeHashes(dir.path) == before)
    }

    /// A many-id scripted review writes its rows in the index itself (issue 19), with a racy
    /// stamp the next command checks; a field set again to the value it has is made again,
    /// by the editor who set it, against today's text.
    @Test func aManyIDReviewWritesItsIndexRowsAndSetsEveryFieldGivenAgain() throws {
        let dir = try sampleCatalog()
        let set = ["review", "s001", "s002", "--set", "level=beginner", "--except", "primary-count=fine"]
        #expect(runInProcess(set, in: dir.path, environment: env).status == 0)
        let index = try Database(path: dir.path + "/.catalog/index.sqlite", create: false, readOnly: true)
        let rows = try index.rows("SELECT id, hasReview, reviewStamp, planner FROM records WHERE id IN ('s001', 's002') ORDER BY id")
        #expect(rows.map { $0[1].int } == [1, 1] && rows.map { $0[2].text } == ["racy", "racy"], "\(rows)")
        #expect(rows.allSatisfy { $0[3].text?.contains("beginner") == true })
        #expect(runInProcess(set, in: dir.path, environment: ["CATALOG_EDITOR": "other"]).status == 0)
        let review = try Review.parse(Array(try #require(dir.read(reviewFile("s002"))).utf8), file: "s002")
        #expect(review.corrections[.level]?.editor == "other" && review.exceptions == ["primary-count": "fine"])
    }

    @Test func anUnknownVocabularyValueExits65NamingTheElementAndWritesNothing() throws {
        let dir = try sampleCatalog()
        let before = treeHashes(dir.path)
        let result = runInProcess(["review", "s001", "--set", "equipment=barbel"], in: dir.path, environment: env)
        #expect(result.status == 65)
        #expect(result.stderr.contains("[equipment-unknown]"), "\(result.stderr)")
        #expect(result.stderr.contains("field equipment[0]"), "\(result.stderr)")
        #expect(result.stderr.contains("s001"))
        #expect(result.stdout.isEmpty)
        #expect(treeHashes(dir.path) == before)

        // The third item of a list is checked as well.
        let third = runInProcess(["review", "s001", "--set", "equipment=barbell,squat-rack,rack"], in: dir.path, environment: env)
        #expect(third.status == 65)
        #expect(third.stderr.contains("field equipment[2]"), "\(third.stderr)")
        #expect(treeHashes(dir.path) == before)
    }

    @Test(arguments: [
        (["--set", "tempo=fast"], 64, "unknown planner field 'tempo'"),
        (["--set", "level"], 64, "--set takes FIELD=VALUE"),
        (["--set", "setupSeconds=1.5"], 64, "setupSeconds takes a whole number"),
        (["--confidence", "2"], 64, "--confidence takes a number from 0 to 1"),
        (["--set", "setupSeconds=601"], 65, "[setup-range]"),
        (["--set", "level=expert"], 65, "[level-unknown]"),
        (["--set", "primaryMuscles=quads,quads"], 65, "[list-duplicate]"),
        (["--except", "level-unknown=because"], 65, "[exception-invalid]"),
        (["--manual-only", " "], 64, "--manual-only needs a reason"),
    ])
    func badReviewOptionsChangeNothing(options: [String], status: Int32, message: String) throws {
        let dir = try sampleCatalog()
        let before = treeHashes(dir.path)
        let result = runInProcess(["review", "s001"] + options, in: dir.path, environment: env)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(treeHashes(dir.path) == before)
    }

    // MARK: - Who is reviewing

    @Test func theEditorComesFromTheOptionTheEnvironmentOrGit() throws {
        let dir = try sampleCatalog()
        let home = TempDirectory()
        let noIdentity = ["CATALOG_EDITOR": "", "HOME": home.path, "XDG_CONFIG_HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1",
                          "GIT_CONFIG_GLOBAL": home.path + "/.gitconfig"]
        let before = treeHashes(dir.path)
        let anonymous = runInProcess(["review", "s003", "--set", "level=beginner"], in: dir.path, environment: noIdentity)
        #expect(anonymous.status == 64)
        #expect(anonymous.stderr.contains("--editor"), "\(anonymous.stderr)")
        #expect(anonymous.stderr.contains("CATALOG_EDITOR"))
        #expect(treeHashes(dir.path) == before)

        // An empty --editor is no name either.
        let empty = runInProcess(["review", "s003", "--set", "level=beginner", "--editor", ""], in: dir.path, environment: noIdentity)
        #expect(empty.status == 64)

        let option = runInProcess(["review", "s003", "--set", "level=beginner", "--editor", "Ada"], in: dir.path,
                                    environment: noIdentity.merging(["CATALOG_EDITOR": "tester"]) { $1 })
        #expect(option.status == 0, "\(option.stderr)")
        #expect(try readReview(dir, "s003").corrections[.level]?.editor == "Ada")

        home.write(".gitconfig", "[user]\n\tname = Git Person\n")
        let git = runInProcess(["review", "s003", "--set", "level=advanced"], in: dir.path, environment: noIdentity)
        #expect(git.status == 0, "\(git.stderr)")
        #expect(try readReview(dir, "s003").corrections[.level]?.editor == "Git Person")

        let variable = runInProcess(["review", "s003", "--set", "level=intermediate"], in: dir.path,
                                      environment: noIdentity.merging(["CATALOG_EDITOR": "Env Person"]) { $1 })
        #expect(variable.status == 0, "\(variable.stderr)")
        #expect(try readReview(dir, "s003").corrections[.level]?.editor == "Env Person")
    }

    // MARK: - Stale after an upstream change

    @Test func reviewsGoStaleWhenUpstreamChangesAndCurrentWhenItReverts() throws {
        let dir = try sampleCatalog()
        let s004 = runInProcess(["review", "s004", "--set", "movementPattern=horizontal-push", "--set", "equipment=",
                                   "--set", "primaryMuscles=pectorals", "--set", "level=beginner", "--set", "setupSeconds=0", "--confidence", "0.9"],
                                  in: dir.path, environment: env)
        #expect(s004.status == 0, "\(s004.stderr)")
        let s006 = runInProcess(["review", "s006", "--set", "movementPattern=horizontal-pull", "--set", "equipment=barbell",
                                   "--set", "primaryMuscles=upper-back", "--set", "level=intermediate", "--set", "setupSeconds=90", "--confidence", "0.8"],
                                  in: dir.path, environment: env)
        #expect(s006.status == 0, "\(s006.stderr)")
        #expect(try show(dir, "s004")["autoPlan"] == true)
        #expect(try show(dir, "s006")["autoPlan"] == true)
        let reviews = [dir.read(reviewFile("s004")), dir.read(reviewFile("s006"))]

        let next = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        let status = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        let states = status["states"]?.objectValue
        #expect(int(states?["stale"]) == 2)
        #expect(int(states?["removed"]) == 1)
        #expect(int(states?["current"]) == 0)
        #expect(int(states?["unreviewed"]) == 21)
        #expect(int(status["reasons"]?.objectValue?["REVIEW_STALE"]) == 2)
        #expect(int(status["reasons"]?.objectValue?["UPSTREAM_REMOVED"]) == 1)
        #expect(int(status["autoPlan"]) == 0)

        let shown6 = try show(dir, "s006")
        #expect(shown6["state"] == "stale")
        #expect(shown6["autoPlan"] == false)
        let fields6 = strings(reasons(shown6)["REVIEW_STALE"]?["fields"])
        #expect(fields6.contains("instructions"))
        #expect(!fields6.contains("name"))
        let shown4 = try show(dir, "s004")
        #expect(shown4["state"] == "stale")
        let fields4 = strings(reasons(shown4)["REVIEW_STALE"]?["fields"])
        let corrections4 = strings(reasons(shown4)["REVIEW_STALE"]?["corrections"])
        #expect(fields4.contains("name"))
        #expect(corrections4.count == 5)
        // Staleness is computed, never written into the review.
        #expect([dir.read(reviewFile("s004")), dir.read(reviewFile("s006"))] == reviews)

        let back = runInProcess(["import", TestPaths.sample], in: dir.path)
        #expect(back.status == 0, "\(back.stderr)")
        for id in ["s004", "s006"] {
            let shown = try show(dir, id)
            #expect(shown["state"] == "current", "\(id)")
            #expect(shown["autoPlan"] == true, "\(id)")
        }
        let restored = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(restored["states"]?.objectValue?["stale"]) == 0)
        #expect(int(restored["states"]?.objectValue?["removed"]) == 0)
    }

    // MARK: - Confirming suggestions in bulk

    @Test func fromSuggestionsConfirmsAGroupThenTheRestThenNothing() throws {
        let dir = try sampleCatalog()
        let suggested = try #require(try json(runInProcess(["suggest", "--all", "--json"], in: dir.path).stdout).arrayValue)
        #expect(suggested.count == 24)
        var patterns: [String: String] = [:]
        for entry in suggested {
            guard let o = entry.objectValue, let id = o["id"]?.stringValue else { continue }
            patterns[id] = o["fields"]?.objectValue?["movementPattern"]?.objectValue?["value"]?.stringValue
        }
        let squats = patterns.filter { $0.value == "squat" }.keys.sorted()
        #expect(!squats.isEmpty)

        let group = runInProcess(["review", "--from-suggestions", "--group", "squat", "--json"], in: dir.path, environment: env)
        #expect(group.status == 0, "\(group.stderr)")
        let groupReport = try object(group.stdout)
        #expect(strings(groupReport["written"]) == squats)
        #expect(groupReport["editor"] == "tester")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reviews/exercisedb").sorted()
        #expect(written == squats.map { $0 + ".json" })
        for id in squats {
            let review = try readReview(dir, id)
            #expect(review.value(.movementPattern) == "squat")
            #expect(!review.corrections.isEmpty)
            for (field, correction) in review.corrections {
                #expect(correction.via == .suggestion, "\(id) \(field)")
                #expect(correction.editor == "tester", "\(id) \(field)")
            }
            #expect(review.confidence != nil)
        }

        let all = runInProcess(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env)
        #expect(all.status == 0, "\(all.stderr)")
        let allReport = try object(all.stdout)
        let rest = patterns.keys.filter { !squats.contains($0) }.sorted()
        #expect(strings(allReport["written"]) == rest)
        #expect(int(allReport["alreadyComplete"]) == squats.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reviews/exercisedb")
        #expect(files.count == 24)
        for id in rest {
            let review = try readReview(dir, id)
            #expect(review.corrections.values.allSatisfy { $0.via == .suggestion && $0.editor == "tester" }, "\(id)")
        }

        let before = treeHashes(dir.path)
        let again = runInProcess(["review", "--from-suggestions", "--all"], in: dir.path, environment: env)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("confirmed suggestions for 24 records of exercisedb: 0 written, 24 unchanged"), "\(again.stdout)")
        #expect(again.stdout.contains("now cleared for automatic planning: "), "\(again.stdout)")
        let againJSON = try object(runInProcess(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env).stdout)
        #expect(strings(againJSON["written"]) == [])
        #expect(int(againJSON["alreadyComplete"]) == 24)
        #expect(treeHashes(dir.path) == before)
    }

    @Test func fromSuggestionsKeepsWhatAnEditorSet() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(["review", "s014", "--set", "level=beginner"], in: dir.path, environment: env.merging(["CATALOG_EDITOR": "first"]) { $1 }).status == 0)
        let result = runInProcess(["review", "--from-suggestions", "s014"], in: dir.path, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        let review = try readReview(dir, "s014")
        #expect(review.corrections[.level]?.value == "beginner")
        #expect(review.corrections[.level]?.editor == "first")
        #expect(review.corrections[.level]?.via == .edit)
        #expect(review.corrections[.movementPattern]?.via == .suggestion)
        #expect(runInProcess(["review", "--from-suggestions", "--group", "no-such-pattern"], in: dir.path, environment: env).status == 64)
        #expect(runInProcess(["review", "--from-suggestions"], in: dir.path, environment: env).status == 64)
    }

    // MARK: - No lost update

    @Test func aReviewChangedOnDiskSinceItWasReadIsNeverOverwritten() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let catalog = try Catalog(root: dir.path)
        let loaded = try catalog.loadReview(source: "exercisedb", id: "s001")
        var review = try #require(loaded.review)
        #expect(loaded.sha256 == SHA256.hex(Array(try #require(dir.read(reviewFile("s001"))).utf8)))
        review.note = "mine"

        // Someone else saves the file in between.
        var theirs = review
        theirs.note = "theirs"
        dir.write(reviewFile("s001"), theirs.fileText)
        do {
            try catalog.withReviewLock { try catalog.saveReview(review, expected: loaded.sha256, history: testHistory) }
            Issue.record("saveReview overwrote a file changed since it was read")
        } catch let error as CatalogError {
            #expect(error.kind == .conflict)
            #expect(error.kind.exitCode == 73)
            #expect(error.location.file == reviewFile("s001"))
        }
        #expect(dir.read(reviewFile("s001")) == theirs.fileText)

        // A file created since "there was none" is a conflict too.
        let none = try catalog.loadReview(source: "exercisedb", id: "s002")
        #expect(none.review == nil && none.sha256 == nil)
        dir.write(reviewFile("s002"), "{}")
        #expect(throws: CatalogError.self) {
            try catalog.withReviewLock { try catalog.saveReview(Review(source: "exercisedb", id: "s002"), expected: nil, history: testHistory) }
        }
        #expect(dir.read(reviewFile("s002")) == "{}")

        // Read again, saved: written.
        let fresh = try catalog.loadReview(source: "exercisedb", id: "s001")
        try catalog.withReviewLock { try catalog.saveReview(review, expected: fresh.sha256, history: testHistory) }
        #expect(dir.read(reviewFile("s001")) == review.fileText)
    }

    // MARK: - $EDITOR

    /// An executable editor script: counts its invocations in `count`, copies each input to
    /// `seen-N.txt`, runs `step N` of `body`, and empties the file (abort) from `maxRuns + 1` on,
    /// so that a review that never validates cannot hang the test.
    func invocations(_ dir: TempDirectory) -> Int { Int(dir.read("count")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0 }

    func editorEnvironment(_ script: String) -> [String: String] {
        env.merging(["EDITOR": script, "VISUAL": ""]) { $1 }
    }

    @Test func theTemplateTheEditorOpensIsValidJSONOnceCommentsAreStripped() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, "true")
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 0, "\(result.stderr)")
        let template = try #require(dir.read("seen-1.txt"))
        #expect(template.hasPrefix("# Review of exercisedb:s002"))
        let lines = template.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.filter { !$0.drop { $0 == " " }.hasPrefix("#") }.joined(separator: "\n")
        _ = try JSONParser.parse(body)
        // The fields come first, right under two lines of help; the rest of the help after them.
        #expect(lines[2] == "{")
        // Each suggestion that differs from the value is a line the editor can take: removing
        // its '#' (and the field's line above it) gives a valid review.
        let take = try #require(lines.firstIndex { $0.hasPrefix("# \"level\": ") })
        #expect(lines[take - 1] == "  \"level\": null,")
        var taken = lines
        taken[take].removeFirst()
        taken.remove(at: take - 1)
        let edited = taken.filter { !$0.drop { $0 == " " }.hasPrefix("#") }.joined(separator: "\n")
        let level = try #require(try JSONParser.parse(edited).objectValue?["level"])
        #expect(level != .null)
    }

    @Test func editingTheTemplateInTheEditorWritesTheReview() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, #"sed -i 's/"level": null/"level": "beginner"/' "$1""#, maxRuns: 2)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(invocations(dir) == 1)
        let review = try readReview(dir, "s002")
        #expect(review.value(.level) == "beginner")
    }

    @Test func editingTheTemplateWritesTheReviewOnceTheTemplateIsValid() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, #"sed -i 's/"level": null/"level": "beginner"/' "$1""#)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(invocations(dir) == 1)
        #expect(result.stdout.contains("wrote reviews/exercisedb/s002.json"))
        let review = try readReview(dir, "s002")
        #expect(review.value(.level) == "beginner")
        #expect(Set(review.corrections.keys) == [.level])
        #expect(review.corrections[.level]?.editor == "tester")
        #expect(review.corrections[.level]?.via == .edit)
        #expect(review.corrections[.level]?.fingerprint == (try fingerprint(dir, "s002").fingerprint))
        #expect(review.fileText == dir.read(reviewFile("s002")))
    }

    @Test func anEditorThatChangesNothingWritesNothing() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, "true")
        let before = treeHashes(dir.path)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no changes"))
        #expect(invocations(dir) == 1)
        #expect(dir.read(reviewFile("s002")) == nil)
        #expect(treeHashes(dir.path, excluding: [".catalog", "count", "seen-1.txt"]) == before)

        // Emptying the file aborts too.
        let empty = try editorScript(dir, #": > "$1""#)
        let emptied = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(empty))
        #expect(emptied.status == 0)
        #expect(emptied.stdout.contains("no changes"))
        #expect(dir.read(reviewFile("s002")) == nil)
    }

    @Test func aFailingEditorWritesNothing() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, #"sed -i 's/"level": null/"level": "beginner"/' "$1"; exit 3"#)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        // An editor that exits non-zero was aborted (`:cq`): 1, as git reads it, not 70.
        #expect(result.status == 1)
        #expect(result.stderr.contains("aborted; nothing written") && result.stderr.contains("status 3"), "\(result.stderr)")
        #expect(dir.read(reviewFile("s002")) == nil)
    }

    /// First an invalid level; the editor re-opens with the error on top; then a fix.
    func invalidThenFixedScript(_ dir: TempDirectory) throws -> String {
        try editorScript(dir, """
            case "$n" in
              1) sed -i 's/"level": null/"level": "expert"/' "$1" ;;
              2) sed -i 's/"level": "expert"/"level": "beginner"/' "$1" ;;
            esac
            """)
    }

    @Test func anInvalidEditReopensTheEditorWithTheErrorUntilItIsFixed() throws {
        let dir = try sampleCatalog()
        let script = try invalidThenFixedScript(dir)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(invocations(dir) == 2)
        let second = try #require(dir.read("seen-2.txt"))
        #expect(second.hasPrefix("# ERROR (line "))
        #expect(second.contains("[level-unknown]"))
        // The line the error names is the level's line in the file as re-opened.
        let lines = second.split(separator: "\n", omittingEmptySubsequences: false)
        let named = Int(second.dropFirst("# ERROR (line ".count).prefix { $0.isNumber }) ?? 0
        #expect(named > 0 && named <= lines.count && lines[named - 1].contains(#""level": "expert""#), "line \(named)")
        #expect(second.contains("expert"))
        // The rest of the edit is kept for the second round.
        #expect(second.contains(#""level": "expert""#))
        #expect(try readReview(dir, "s002").value(.level) == "beginner")
    }

    @Test func savingAnInvalidReviewUnchangedStopsInsteadOfLooping() throws {
        let dir = try sampleCatalog()
        let script = try editorScript(dir, """
            case "$n" in
              1) sed -i 's/"level": null/"level": "expert"/' "$1" ;;
            esac
            """)
        let result = runInProcess(["review", "s002"], in: dir.path, environment: editorEnvironment(script))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("still invalid"))
        #expect(invocations(dir) == 2)
        #expect(dir.read(reviewFile("s002")) == nil)
    }

    // MARK: - lint

    @Test func lintReportsRuleFindingsOverridesAndBrokenFiles() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let clean = runInProcess(["lint"], in: dir.path)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("1 review files, 0 with findings"), "\(clean.stdout)")

        // A justified exception to a soft rule: counted, not an error.
        let excepted = runInProcess(["review", "s019", "--set", "movementPattern=carry", "--set", "equipment=dumbbell",
                                       "--set", "primaryMuscles=forearms,grip,traps,abs", "--set", "level=beginner", "--set", "setupSeconds=15",
                                       "--confidence", "0.8", "--except", "primary-count=a loaded carry trains all four"],
                                      in: dir.path, environment: env)
        #expect(excepted.status == 0, "\(excepted.stderr)")
        #expect(try show(dir, "s019")["autoPlan"] == true)
        let overridden = runInProcess(["lint", "--json"], in: dir.path)
        #expect(overridden.status == 0)
        let report = try object(overridden.stdout)
        #expect(int(report["overrides"]?.objectValue?["primary-count"]) == 1)
        #expect(int(report["errors"]) == 0)
        #expect(int(report["files"]) == 2)
        let finding = report["findings"]?.arrayValue?.first?.objectValue
        #expect(finding?["level"] == "override")
        #expect(finding?["justification"] == "a loaded carry trains all four")
        #expect(runInProcess(["lint"], in: dir.path).stdout.contains("soft rules overridden: primary-count 1"))

        // A muscle no vocabulary knows, written by hand.
        let valid = try #require(dir.read(reviewFile("s001")))
        let handWritten = valid.replacingOccurrences(of: "\n        \"quads\",\n", with: "\n        \"quadz\",\n")
        #expect(handWritten != valid)
        dir.write(reviewFile("s001"), handWritten)
        let unknown = runInProcess(["lint"], in: dir.path)
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("reviews/exercisedb/s001.json: error: [muscle-unknown]"), "\(unknown.stdout)")
        #expect(unknown.stdout.contains("(field primaryMuscles[0])"), "\(unknown.stdout)")
        let unknownJSON = try object(runInProcess(["lint", "--json"], in: dir.path).stdout)
        #expect((int(unknownJSON["errors"]) ?? 0) >= 1)
        #expect(reasons(try show(dir, "s001"))["FIELD_INVALID"] != nil)

        // A file that is not JSON.
        dir.write(reviewFile("s003"), "{\"source\": \"exercisedb\", \"id\": ")
        let broken = runInProcess(["lint"], in: dir.path)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("reviews/exercisedb/s003.json: error: [review-format]"), "\(broken.stdout)")
        // It blocks the record like a hard rule, and other commands still work.
        let shown = try show(dir, "s003")
        #expect(shown["autoPlan"] == false)
        #expect(reasons(shown)["FIELD_INVALID"]?["rule"] == "review-format")
        #expect(runInProcess(["status"], in: dir.path).status == 0)
    }

    @Test func lintWarnsAboutAReviewNotInCanonicalFormAndAnOrphan() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let review = try readReview(dir, "s001")
        dir.write(reviewFile("s001"), JSONWriter.string(review.json))
        let compact = runInProcess(["lint"], in: dir.path)
        #expect(compact.status == 0)
        #expect(compact.stdout.contains("warning: [review-canonical]"), "\(compact.stdout)")

        var orphan = Review(source: "exercisedb", id: "s999")
        orphan.confidence = 1
        dir.write(reviewFile("s999"), orphan.fileText)
        let orphaned = runInProcess(["lint"], in: dir.path)
        #expect(orphaned.status == 1)
        #expect(orphaned.stdout.contains("reviews/exercisedb/s999.json: error: [review-orphan]"), "\(orphaned.stdout)")
    }

    @Test func aConfidenceOutOfRangeWrittenByHandIsAFindingNotACrash() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let valid = try #require(dir.read(reviewFile("s001")))
        dir.write(reviewFile("s001"), valid.replacingOccurrences(of: "\"confidence\": 0.9,", with: "\"confidence\": 2,"))
        let two = runInProcess(["lint"], in: dir.path)
        #expect(two.status == 1)
        #expect(two.stdout.contains("[confidence-range]"), "\(two.stdout)")

        dir.write(reviewFile("s001"), valid.replacingOccurrences(of: "\"confidence\": 0.9,", with: "\"confidence\": 1e20,"))
        let huge = runInProcess(["lint"], in: dir.path)
        let status = runInProcess(["status", "--json"], in: dir.path)
        #expect(huge.status == 1, "\(huge.stderr.prefix(300))")
        #expect(huge.stdout.contains("[confidence-range]"))
        #expect(status.status == 0, "\(status.stderr.prefix(300))")
    }

    // MARK: - queue

    @Test func queueListsStaleBeforeUnreviewedAndGroupsSimilarRecords() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        for id in ["s004", "s006"] {
            #expect(runInProcess(["review", id, "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        }
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)

        let queue = try object(runInProcess(["queue", "--json"], in: dir.path).stdout)
        let items = (queue["items"]?.arrayValue ?? []).compactMap(\.objectValue)
        let total = try #require(int(queue["total"]))
        #expect(total == items.count)
        // 2 stale, 20 unreviewed; s001 is cleared and s020 is gone upstream.
        #expect(total == 22)
        let states = items.compactMap { $0["state"]?.stringValue }
        #expect(states == Array(repeating: "stale", count: 2) + Array(repeating: "unreviewed", count: 20))
        #expect(Set(items.prefix(2).compactMap { $0["id"]?.stringValue }) == ["s004", "s006"])
        #expect(!items.contains { $0["id"] == "s001" || $0["id"] == "s020" })
        #expect(items.allSatisfy { $0["source"] == "exercisedb" && $0["name"]?.stringValue?.isEmpty == false })
        #expect(queue["groupBy"] == "pattern")
        // Within a state, similar records come together.
        let unreviewedGroups = items.dropFirst(2).compactMap { $0["group"]?.stringValue }
        #expect(unreviewedGroups == unreviewedGroups.sorted())
        let groups = (queue["groups"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(groups.compactMap { int($0["count"]) }.reduce(0, +) == total)

        let stale = try object(runInProcess(["queue", "--stale", "--json"], in: dir.path).stdout)
        #expect(int(stale["total"]) == 2)
        #expect((stale["items"]?.arrayValue ?? []).allSatisfy { $0.objectValue?["state"] == "stale" })
        let unreviewed = try object(runInProcess(["queue", "--unreviewed", "--json"], in: dir.path).stdout)
        #expect(int(unreviewed["total"]) == 20)

        // By upstream target: the group is the record's target.
        var targets: [String: String] = [:]
        for line in try #require(dir.read("catalog/upstream/exercisedb.jsonl")).split(separator: "\n") {
            let record = try JSONParser.parse(String(line)).objectValue
            if let id = record?["id"]?.stringValue, let target = record?["target"]?.stringValue { targets[id] = target }
        }
        let byTarget = try object(runInProcess(["queue", "--group-by", "target", "--json"], in: dir.path).stdout)
        #expect(byTarget["groupBy"] == "target")
        let targetItems = (byTarget["items"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(targetItems.count == 22)
        for item in targetItems {
            let id = item["id"]?.stringValue ?? ""
            #expect(item["group"]?.stringValue == targets[id], "\(id)")
        }
        #expect(targetItems.first { $0["id"] == "s004" }?["group"] == "pectorals")
        #expect(targetItems.first { $0["id"] == "s006" }?["group"] == "upper back")

        let limited = try object(runInProcess(["queue", "--limit", "2", "--json"], in: dir.path).stdout)
        #expect(limited["items"]?.arrayValue?.count == 2)
        #expect(int(limited["total"]) == total)
        #expect(runInProcess(["queue", "--limit", "2"], in: dir.path).stdout.contains("(showing 2)"))

        let bad = runInProcess(["queue", "--group-by", "x"], in: dir.path)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--group-by"))
        #expect(runInProcess(["queue", "--limit", "0"], in: dir.path).status == 64)
        #expect(runInProcess(["queue", "--stale", "--unreviewed"], in: dir.path).status == 64)
    }

    // MARK: - The committed sample catalog

    @Test func theCommittedSampleCatalogHasOneRecordPerBlockingReason() throws {
        let dir = try committedCatalog()
        let before = treeHashes(dir.path)
        let status = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(status["records"]) == 24)
        #expect(int(status["states"]?.objectValue?["current"]) == 24)
        let reasons = status["reasons"]?.objectValue
        #expect(int(reasons?["FIELD_MISSING"]) == 1)
        #expect(int(reasons?["FIELD_INVALID"]) == 1)
        #expect(int(reasons?["LOW_CONFIDENCE"]) == 1)
        #expect(int(reasons?["MANUAL_ONLY"]) == 1)
        #expect(int(reasons?["VARIANT"]) == 1)
        #expect(reasons?.keys.sorted() == ["FIELD_INVALID", "FIELD_MISSING", "LOW_CONFIDENCE", "MANUAL_ONLY", "VARIANT"])
        // Reading writes nothing but the index.
        #expect(treeHashes(dir.path) == before)
        // Every committed review file is canonical and passes lint apart from the one invalid record.
        let lint = try object(runInProcess(["lint", "--json"], in: dir.path).stdout)
        #expect(int(lint["files"]) == 24)
        #expect(int(lint["errors"]) == 1)
        #expect(int(lint["warnings"]) == 0)

        let next = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        let after = try object(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(int(after["states"]?.objectValue?["stale"]) == 2)
        #expect(int(after["states"]?.objectValue?["removed"]) == 1)
        #expect(int(after["reasons"]?.objectValue?["REVIEW_STALE"]) == 2)
        #expect(int(after["reasons"]?.objectValue?["UPSTREAM_REMOVED"]) == 1)
    }

    // MARK: - Real data

    @Test(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
    func everyRealRecordGetsSuggestionsAndEveryTermIsMapped() throws {
        let dir = try newCatalog(importing: TestPaths.upstream! + "/exercisedb/exercises.json")

        let result = runInProcess(["suggest", "--all", "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("unmapped"), "\(result.stderr.prefix(500))")
        let list = try #require(try json(result.stdout).arrayValue)
        #expect(list.count == 1324)
        var withoutPattern = 0
        for entry in list {
            let o = entry.objectValue
            let fields = o?["fields"]?.objectValue
            let id = o?["id"]?.stringValue ?? "?"
            #expect(o?["source"] == "exercisedb")
            for field in ["equipment", "primaryMuscles", "secondaryMuscles", "level", "setupSeconds"] {
                let suggestion = fields?[field]?.objectValue
                #expect(suggestion?["value"] != nil, "\(id) \(field)")
                #expect(suggestion?["confidence"] != nil && suggestion?["evidence"] != nil, "\(id) \(field)")
            }
            if fields?["movementPattern"] == nil { withoutPattern += 1 }
        }
        #expect(withoutPattern < 100)

        let vocab = try object(runInProcess(["vocab", "--json"], in: dir.path).stdout)
        #expect(vocab["unmapped"] == [])
        #expect(vocab["levels"] == ["beginner", "intermediate", "advanced"])
    }
}

/// Who the store's history entries name for the reviews these tests write.
private let testHistory = HistoryContext(door: .review, editor: "tester", at: "2026-10-29T00:00:00Z")
