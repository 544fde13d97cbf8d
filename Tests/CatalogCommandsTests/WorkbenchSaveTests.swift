@testable import CatalogCommands
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogServer
import CatalogStore
@testable import CatalogWorkbench
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// What a save writes, at every door (issue 33, item 1): only the fields it sets, stamped only
/// with the upstream text the editor saw, and nothing at all when it is refused.
@Suite struct WorkbenchSaveTests {
    func bench() throws -> WorkbenchBench { try WorkbenchBench() }

    /// Load a record, import a release that changes its text, save with the page's ETag: before,
    /// 200 and a correction stamped with the new text's fingerprint; now 409, nothing written,
    /// and the current record (its new text) in the answer. The ETag of the new text saves.
    @Test func aSaveAfterAnImportChangedTheRecordIs409AndWritesNothing() throws {
        let b = try bench()
        let opened = b.etag("s004")
        let canonicalBefore = try b.json(b.send("GET", "/api/records/s004"))["canonicalText"]
        #expect(runInProcess(["import", TestPaths.sampleNext], in: b.dir.path).status == 0)
        let canonicalAfter = try b.json(b.send("GET", "/api/records/s004"))["canonicalText"]
        #expect(canonicalBefore != canonicalAfter, "the sample's next release changes s004's text")
        let body = #"{"fields": {"level": "intermediate"}}"#
        let refused = b.send("PUT", "/api/records/s004/review", body, headers: ["If-Match": opened])
        #expect(refused.status == 409, "\(refused.text)")
        #expect(try b.json(refused)["changed"] == "upstream")
        #expect(try b.json(refused)["current"]?.objectValue?["canonicalText"] == canonicalAfter)
        #expect(b.file("s004") == nil)
        // A record whose text did not move saves with the ETag its page got before the import.
        let saved = b.send("PUT", "/api/records/s004/review", body, headers: ["If-Match": try #require(refused.header("ETag"))])
        #expect(saved.status == 200, "\(saved.text)")
        #expect(b.file("s004") != nil)
    }

    /// A save that sets one field leaves every other key of the file byte for byte: the API's
    /// keys left out change nothing (the page sends only what the editor changed or took).
    @Test func aSaveThatSetsOnlyLevelLeavesEveryOtherKeyAsItWas() throws {
        let b = try bench()
        let set = runInProcess(["review", "s001", "--set", "movementPattern=squat", "--set", "equipment=barbell", "--set", "primaryMuscles=quads,glutes",
                                  "--set", "secondaryMuscles=hamstrings", "--set", "level=beginner", "--confidence", "0.9", "--note", "checked"],
                                 in: b.dir.path, environment: ["CATALOG_EDITOR": "first"])
        #expect(set.status == 0, "\(set.stderr)")
        let beforeText = try #require(b.file("s001"))
        let before = try #require(try JSONParser.parse(Array(beforeText.utf8)).objectValue)
        let saved = b.send("PUT", "/api/records/s001/review", #"{"editor": "second", "fields": {"level": "advanced"}}"#, headers: ["If-Match": b.etag("s001")])
        #expect(saved.status == 200, "\(saved.text)")
        let afterText = try #require(b.file("s001"))
        let after = try #require(try JSONParser.parse(Array(afterText.utf8)).objectValue)
        for key in Set(before.keys).union(after.keys) where key != "corrections" {
            #expect(before[key] == after[key], "\(key)")
        }
        let old = before["corrections"]?.objectValue ?? JSONObject(), new = after["corrections"]?.objectValue ?? JSONObject()
        #expect(Set(old.keys) == Set(new.keys))
        for key in old.keys where key != "level" { #expect(old[key] == new[key], "\(key)") }
        #expect(new["level"]?.objectValue?["value"] == "advanced" && new["level"]?.objectValue?["editor"] == "second")
    }

    /// A PUT whose review would be larger than any command reads back (a note just under 1 MiB):
    /// before, 422 and a 1,048,657-byte file nothing could read or repair; now 422 and no file.
    @Test func aReviewTooLargeToReadBackIs422AndWritesNothing() throws {
        let b = try bench()
        let note = String(repeating: "a", count: Int(ReviewFolder.maxBytes) - 200)
        let refused = b.send("PUT", "/api/records/s002/review", #"{"fields": {"level": "beginner"}, "note": "\#(note)"}"#, headers: ["If-Match": b.etag("s002")])
        #expect(refused.status == 422, "\(refused.text.prefix(300))")
        #expect(refused.text.contains("nothing written"))
        #expect(b.file("s002") == nil)
        // An existing review stays byte for byte.
        #expect(b.send("PUT", "/api/records/s002/review", #"{"fields": {"level": "beginner"}}"#, headers: ["If-Match": b.etag("s002")]).status == 200)
        let kept = b.file("s002")
        #expect(b.send("PUT", "/api/records/s002/review", #"{"note": "\#(note)"}"#, headers: ["If-Match": b.etag("s002")]).status == 422)
        #expect(b.file("s002") == kept)
    }

    /// `review --note` from the command line meets the same check in the store: 65, nothing written.
    @Test func theCommandLineCannotWriteAReviewTooLargeToReadBack() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let note = String(repeating: "b", count: Int(ReviewFolder.maxBytes))
        // In-process: a note of 1 MiB is longer than one argument of a spawned process may be.
        let ran = runInProcess(["--root", dir.path, "review", "s003", "--set", "level=beginner", "--note", note], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(ran.status == 65, "\(ran.stderr.prefix(300))")
        #expect(ran.stderr.contains("nothing written") && ran.stderr.contains("reviews/exercisedb/s003.json"))
        #expect(dir.read("reviews/exercisedb/s003.json") == nil)
    }

    /// In $EDITOR a 1.1 MB note re-opens the editor with the error at the note's line (before:
    /// "wrote" and an unreadable file); emptying the file then aborts with nothing written.
    @Test func theEditorReopensOnANoteTooLargeAndWritesNothing() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let script = try editorScript(dir, #"""
            if [ "$n" = 1 ]; then
              python3 -c 'import sys; p = sys.argv[1]; t = open(p).read(); t = t.replace("\"note\": null", "\"note\": \"" + "c" * 1100000 + "\"").replace("\"level\": null", "\"level\": \"beginner\""); open(p, "w").write(t)' "$1"
            else : > "$1"; fi
            exit 0
            """#)
        let result = runInProcess(["review", "s005"], in: dir.path, environment: ["CATALOG_EDITOR": "tester", "VISUAL": "", "EDITOR": script])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(!result.stdout.contains("wrote"))
        let second = try #require(dir.read("seen-2.txt"))
        let error = try #require(second.split(separator: "\n").first { $0.hasPrefix("# ERROR") })
        #expect(error.contains("note") && error.contains("above the limit"), "\(error)")
        #expect(dir.read("reviews/exercisedb/s005.json") == nil)
    }

    /// Three saves show as three entries on the record page; its Undo (the API the button calls)
    /// restores the second save's file, and the page, loaded again, shows the undo and the change
    /// it reverted marked undone.
    @Test func theRecordPageShowsTheHistoryAndUndoRestoresTheSecondSave() throws {
        let b = try bench()
        var second: String?
        for level in ["beginner", "intermediate", "advanced"] {
            let saved = b.send("PUT", "/api/records/s001/review", #"{"fields": {"level": "\#(level)"}}"#, headers: ["If-Match": b.etag("s001")])
            #expect(saved.status == 200, "\(saved.text)")
            if level == "intermediate" { second = b.file("s001") }
        }
        let page = b.send("GET", "/records/s001").text
        #expect(page.contains("id=\"history\"") && page.contains("id=\"undo\""))
        #expect(page.components(separatedBy: "<li data-number=").count - 1 == 3)
        #expect(page.contains("level: &quot;intermediate&quot; → &quot;advanced&quot;") || page.contains("level: \"intermediate\" → \"advanced\""))
        #expect(b.send("POST", "/api/records/s001/undo", "{}").status == 428)
        let undone = b.send("POST", "/api/records/s001/undo", "{}", headers: ["If-Match": b.etag("s001")])
        #expect(undone.status == 200, "\(undone.text)")
        #expect(b.file("s001") == second)
        let again = b.send("GET", "/records/s001").text
        #expect(again.components(separatedBy: "<li data-number=").count - 1 == 4 && again.contains("class=\"undone\""))
        #expect(try b.json(b.send("GET", "/api/records/s001"))["review"]?.objectValue?["corrections"]?.objectValue?["level"]?.objectValue?["value"] == "intermediate")
    }
}
