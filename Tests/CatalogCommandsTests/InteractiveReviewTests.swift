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

/// `catalog review ID` without options: the review edited in `$EDITOR` (a script here).
@Suite struct InteractiveReviewTests: ReviewFixtures {
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
}
