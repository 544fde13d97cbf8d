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

/// `catalog review` with options: scripted edits, who is reviewing, reviews going stale and back,
/// confirming suggestions in bulk, and no lost update.
@Suite struct ReviewCommandTests: ReviewFixtures {
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
}

/// Who the store's history entries name for the reviews these tests write.
private let testHistory = HistoryContext(door: .review, editor: "tester", at: "2026-10-29T00:00:00Z")
