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

/// The workbench's handlers in-process, without sockets, on a scratch catalog of the sample.
@Suite struct WorkbenchTests {
    typealias Bench = WorkbenchBench

    func bench(editor: String? = "tester") throws -> Bench { try WorkbenchBench(editor: editor) }

    let body = #"{"fields": {"movementPattern": "squat", "equipment": ["barbell"], "primaryMuscles": ["quads", "glutes"], "secondaryMuscles": ["hamstrings"], "level": "intermediate", "setupSeconds": 60}, "confidence": 0.9}"#

    @Test func statusAndQueueAnswerWithTheCLIsJSON() throws {
        let b = try bench()
        let status = b.send("GET", "/api/status")
        #expect(status.status == 200)
        let cli = runInProcess(["status", "--json"], in: b.dir.path)
        #expect(status.text == cli.stdout)
        let page = try b.json(b.send("GET", "/api/queue", query: ["offset": "20", "limit": "10"]))
        #expect(page["total"] == .number("24") && page["items"]?.arrayValue?.count == 4)
        let cliQueue = try #require(try JSONParser.parse(Array(runInProcess(["queue", "--json"], in: b.dir.path).stdout.utf8)).objectValue)
        #expect(page["items"]?.arrayValue == Array(cliQueue["items"]!.arrayValue!.dropFirst(20)))
        let group = try b.json(b.send("GET", "/api/queue", query: ["group": "squat"]))
        #expect(group["items"]?.arrayValue?.allSatisfy { $0.objectValue?["group"] == "squat" } == true)
        #expect(b.send("GET", "/api/queue", query: ["state": "bogus"]).status == 400)
    }

    @Test func aRecordCarriesShowJSONSuggestionsAndTheETagOfItsReviewFile() throws {
        let b = try bench()
        let response = b.send("GET", "/api/records/s001")
        #expect(response.status == 200)
        #expect(response.header("ETag")?.hasPrefix("\"none.") == true)
        let o = try b.json(response)
        let show = try #require(try JSONParser.parse(Array(runInProcess(["show", "s001", "--json"], in: b.dir.path).stdout.utf8)).objectValue)
        for key in ["id", "source", "record", "canonicalText", "fingerprint", "state", "autoPlan", "reasons", "review"] {
            #expect(o[key] == show[key], "\(key)")
        }
        #expect(o["suggestions"]?.objectValue?["movementPattern"]?.objectValue?["evidence"] != nil)
        // The suggestions are `suggest --json`'s fields, member for member (planning's reason too).
        let suggest = try #require(try JSONParser.parse(Array(runInProcess(["suggest", "s001", "--json"], in: b.dir.path).stdout.utf8)).arrayValue?.first?.objectValue)
        #expect(o["suggestions"] == suggest["fields"] && o["suggestions"]?.objectValue?["planning"] != nil)
        #expect(o["matches"] == .array([]))
        #expect(b.send("GET", "/api/records/exercisedb:nope").status == 404)
    }

    @Test func aRecordListsTheSameExerciseInOtherSources() throws {
        let b = try bench()
        b.dir.write("other.json", #"[{"id": "x1", "name": "Barbell  back-squat", "bodyPart": "upper legs", "target": "quads", "equipment": "barbell", "secondaryMuscles": [], "instructions": ["Squat."]}, {"id": "x2", "name": "plank", "bodyPart": "waist", "target": "abs", "equipment": "body weight", "secondaryMuscles": [], "instructions": ["Hold."]}]"#)
        let imported = runInProcess(["import", "other.json", "--source", "other"], in: b.dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let o = try b.json(b.send("GET", "/api/records/exercisedb:s001"))
        #expect(o["matches"] == .array([.object(JSONObject([JSONMember("id", "x1"), JSONMember("name", "Barbell  back-squat"), JSONMember("source", "other"), JSONMember("state", "unreviewed")]))]))
        #expect(b.send("GET", "/records/exercisedb:s001").text.contains("href=\"/records/other:x1\""))
    }

    @Test func aReviewSavedThroughTheAPIIsByteIdenticalToReviewSet() throws {
        let b = try bench()
        #expect(b.send("PUT", "/api/records/s001/review", body).status == 428)
        let saved = b.send("PUT", "/api/records/s001/review", body, headers: ["If-Match": b.etag("s001")])
        #expect(saved.status == 200, "\(saved.text)")
        let o = try b.json(saved)
        #expect(o["state"] == "current" && o["autoPlan"] == true)
        let etag = try #require(saved.header("ETag"))
        let answered = try b.json(saved)["etag"]
        #expect(etag.hasPrefix("\"\(SHA256.hex(Array(b.file("s001")!.utf8))).") && answered == .string(etag))
        #expect(b.etag("s001") == etag)

        let other = try newCatalog(importing: TestPaths.sample)
        let cli = runInProcess(["review", "s001", "--set", "movementPattern=squat", "--set", "equipment=barbell", "--set", "primaryMuscles=quads,glutes",
                                  "--set", "secondaryMuscles=hamstrings", "--set", "level=intermediate", "--set", "setupSeconds=60", "--confidence", "0.9"],
                                 in: other.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(b.file("s001") == other.read("reviews/exercisedb/s001.json"))
    }

    @Test func aStaleETagIs409WithTheCurrentVersionAndNothingIsLost() throws {
        let b = try bench()
        let opened = b.etag("s001")
        let first = b.send("PUT", "/api/records/s001/review", body, headers: ["If-Match": opened])
        #expect(first.status == 200)
        let before = b.file("s001")
        // A second tab that opened the record before the first save.
        let second = b.send("PUT", "/api/records/s001/review", #"{"fields": {"level": "advanced"}}"#, headers: ["If-Match": opened])
        #expect(second.status == 409)
        let current = try b.json(second)["current"]?.objectValue
        #expect(current?["review"]?.objectValue?["corrections"]?.objectValue?["level"]?.objectValue?["value"] == "intermediate")
        #expect(second.header("ETag") == first.header("ETag"))
        #expect(b.file("s001") == before)
        // A change made with the command line meanwhile is caught the same way.
        #expect(runInProcess(["review", "s001", "--note", "from the terminal"], in: b.dir.path, environment: ["CATALOG_EDITOR": "cli"]).status == 0)
        let third = b.send("PUT", "/api/records/s001/review", #"{"fields": {"level": "advanced"}}"#, headers: ["If-Match": first.header("ETag")!])
        #expect(third.status == 409)
        #expect(b.file("s001")?.contains("from the terminal") == true)
        #expect(b.send("PUT", "/api/records/s001/review", "{}", headers: ["If-Match": "banana"]).status == 400)
    }

    @Test func concurrentSavesOnOneVersionLetExactlyOneThrough() throws {
        let b = try bench()
        final class Results: @unchecked Sendable { let lock = NSLock(); var statuses: [Int: Int] = [:] }
        let results = Results()
        let levels = ["beginner", "intermediate", "advanced", "beginner", "intermediate", "advanced", "beginner", "advanced"]
        let opened = b.etag("s001")
        DispatchQueue.concurrentPerform(iterations: levels.count) { i in
            let response = b.send("PUT", "/api/records/s001/review", #"{"fields": {"level": "\#(levels[i])"}, "note": "writer \#(i)"}"#, headers: ["If-Match": opened])
            results.lock.lock()
            results.statuses[i] = response.status
            results.lock.unlock()
        }
        let winners = results.statuses.filter { $0.value == 200 }.map(\.key)
        #expect(winners.count == 1)
        #expect(results.statuses.values.filter { $0 == 409 }.count == levels.count - 1)
        let file = try #require(b.file("s001"))
        #expect(file.contains("writer \(winners.first ?? -1)"))
    }

    @Test func anInvalidReviewIs422WithItsFindingsAndWritesNothing() throws {
        let b = try bench()
        let response = b.send("PUT", "/api/records/s002/review", #"{"fields": {"movementPattern": "levitation", "equipment": ["hoverboard"]}}"#,
                              headers: ["If-Match": b.etag("s002")])
        #expect(response.status == 422)
        let findings = try b.json(response)["findings"]?.arrayValue ?? []
        #expect(findings.count >= 2)
        #expect(findings.allSatisfy { $0.objectValue?["severity"] == "hard" })
        #expect(b.file("s002") == nil)
        // The live check reports the same without writing.
        let live = try b.json(b.send("POST", "/api/records/s002/findings", #"{"fields": {"movementPattern": "levitation"}}"#))
        #expect(live["findings"]?.arrayValue?.contains { $0.objectValue?["field"] == "movementPattern" } == true)
        #expect(b.file("s002") == nil)
        #expect(b.send("PUT", "/api/records/s002/review", #"{"fields": {"level": 3}}"#, headers: ["If-Match": b.etag("s002")]).status == 400)
        #expect(b.send("PUT", "/api/records/s002/review", "not json", headers: ["If-Match": b.etag("s002")]).status == 400)
    }

    @Test func aWriteNeedsAnEditor() throws {
        let b = try bench(editor: nil)
        let refused = b.send("PUT", "/api/records/s001/review", body, headers: ["If-Match": b.etag("s001")])
        #expect(refused.status == 400 && refused.text.contains("who is reviewing"))
        #expect(b.file("s001") == nil)
        let named = #"{"editor": "page editor", "fields": {"level": "beginner"}}"#
        #expect(b.send("PUT", "/api/records/s001/review", named, headers: ["If-Match": b.etag("s001")]).status == 200)
        #expect(b.file("s001")?.contains("\"editor\": \"page editor\"") == true)
    }

    @Test func confirmAndAcceptRunTheCommands() throws {
        let b = try bench()
        let confirmed = b.send("POST", "/api/confirm", #"{"ids": ["s003", "s004"], "confidence": 0.9}"#)
        #expect(confirmed.status == 200, "\(confirmed.text)")
        #expect(b.file("s003")?.contains("\"via\": \"suggestion\"") == true)
        #expect(b.file("s004") != nil && b.file("s005") == nil)
        #expect(b.send("POST", "/api/confirm", #"{"ids": []}"#).status == 400)
        // s003 is current: accept has nothing to do, and says so without failing.
        let accepted = b.send("POST", "/api/accept", #"{"ids": ["s003"]}"#)
        #expect(accepted.status == 200)
        #expect(try b.json(accepted)["accepted"] == .array([]))
    }

    @Test func staleReviewsShowTheirDiffAndAreAcceptedByKind() throws {
        let b = try bench()
        let confirmed = b.send("POST", "/api/confirm", #"{"ids": ["s004", "s006"], "confidence": 0.9}"#)
        #expect(confirmed.status == 200)
        #expect(runInProcess(["import", TestPaths.sampleNext], in: b.dir.path).status == 0)
        let record = try b.json(b.send("GET", "/api/records/s004"))
        #expect(record["state"] == "stale")
        let stale = try #require(record["stale"]?.objectValue)
        #expect(stale["diff"]?.objectValue?.members.isEmpty == false)
        let page = b.send("GET", "/revalidate").text
        #expect(page.contains("data-ids=\"exercisedb:s004") || page.contains("exercisedb:s004"))
        #expect(b.send("GET", "/records/s004").text.contains("<del>") || b.send("GET", "/records/s004").text.contains("<ins>"))
        let before = b.send("GET", "/api/records/s004").header("ETag")
        let accepted = b.send("POST", "/api/accept", #"{"ids": ["s004"]}"#)
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(try b.json(accepted)["accepted"] == .array(["exercisedb:s004"]))
        let after = b.send("GET", "/api/records/s004")
        #expect(try b.json(after)["state"] == "current" && after.header("ETag") != before)
    }

    /// The batch writes answer with their error's own kind (they run `Acceptance` and
    /// `BulkConfirmation`, not a command whose exit code would have to be read back).
    @Test func theBatchWritesAnswerWithTheirErrorsKind() throws {
        let b = try bench()
        #expect(b.send("POST", "/api/accept", #"{"ids": ["no-such-record"]}"#).status == 404)
        let unreviewed = b.send("POST", "/api/accept", #"{"ids": ["s004"]}"#)
        #expect(unreviewed.status == 422 && unreviewed.text.contains("no review to accept"), "\(unreviewed.status) \(unreviewed.text)")
        #expect(b.send("POST", "/api/confirm", #"{"ids": ["no-such-record"]}"#).status == 404)
        #expect(b.send("POST", "/api/confirm", #"{"ids": ["s004"], "confidence": 2}"#).status == 400)
        #expect(b.send("POST", "/api/confirm", #"{"ids": ["s004"], "confidence": "high"}"#).status == 400)
        #expect(b.send("POST", "/api/confirm", #"{"ids": []}"#).status == 400)
        #expect(!FileManager.default.fileExists(atPath: b.dir.path + "/reviews/exercisedb/s004.json"), "nothing was written")
        let confirmed = b.send("POST", "/api/confirm", #"{"ids": ["s004"], "confidence": 0.9}"#)
        #expect(confirmed.status == 200, "\(confirmed.text)")
        #expect(try b.json(confirmed)["written"] == .array(["s004"]))
    }

    /// The API reads records, never a command line built from the path: a record named like an
    /// option is a record that is not there (404), not the help of `show` (before: 500, "printed no JSON").
    @Test func aRecordNamedLikeAnOptionIsNotFound() throws {
        let b = try bench()
        for name in ["--help", "-h", "--json"] {
            let response = b.send("GET", "/api/records/\(name)")
            #expect(response.status == 404, "\(name): \(response.status) \(response.text)")
            #expect(!response.text.contains("Usage:"))
            #expect(b.send("GET", "/records/\(name)").status == 404)
        }
    }

    @Test func linksEncodeWhatAnIdMayHold() {
        #expect(Pages.segment("exercisedb:0001") == "exercisedb:0001")
        #expect(Pages.segment("wger:a b#c?d%e") == "wger:a%20b%23c%3Fd%25e")
    }

    @Test func mediaComesOnlyFromTheCacheByDigest() throws {
        let b = try bench()
        let gif = GIFBuilder(width: 8, height: 8, frames: 2).bytes
        let hex = SHA256.hex(gif)
        b.dir.write(".catalog/media/\(hex).gif", gif)
        let ok = b.send("GET", "/media/\(hex).gif")
        // Sent from the open file in pieces, never read whole into the response.
        #expect(ok.status == 200 && ok.body.isEmpty && ok.file?.size == gif.count && ok.file?.bytes() == gif && ok.header("Content-Type") == "image/gif")
        // A link in the cache to a file elsewhere is not served.
        let secret = b.dir.write("secret.gif", gif + [1])
        let linked = String(repeating: "a", count: 64)
        try FileManager.default.createSymbolicLink(atPath: b.dir.path + "/.catalog/media/\(linked).gif", withDestinationPath: secret)
        #expect(b.send("GET", "/media/\(linked).gif").status == 404)
        for path in ["/media/../catalog/catalog.json", "/media/..", "/media/\(hex.uppercased()).gif", "/media/catalog.json", "/media/\(hex).gif/x"] {
            #expect([400, 404].contains(b.send("GET", path).status), "\(path)")
        }
    }

    @Test func everyPageHasTheCSPAndUpstreamTextIsText() throws {
        let dir = try newCatalog()
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
        let record = #"[{"id": "h001", "name": "\#(hostile)", "bodyPart": "back", "target": "lats", "equipment": "cable", "secondaryMuscles": ["<b>biceps</b>"], "instructions": ["Pull </pre><script>x()</script>"]}]"#
        dir.write("hostile.json", record)
        #expect(runInProcess(["import", "hostile.json"], in: dir.path).status == 0)
        let b = Bench(dir: dir)
        for path in ["/", "/records/h001", "/groups/vertical-pull", "/groups/target:lats", "/revalidate", "/records/nope"] {
            let page = b.send("GET", path)
            #expect(page.isHTML, "\(path)")
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true, "\(path)")
            #expect(page.text.components(separatedBy: "<script").count == 2, "\(path): only the workbench's own script")
            #expect(!page.text.contains("<img src=x") && !page.text.contains("<b>biceps"), "\(path)")
        }
        #expect(b.send("GET", "/records/h001").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(b.send("GET", "/static/app.js").header("Content-Type")?.hasPrefix("text/javascript") == true)
    }

    /// The suggester is built once and kept from request to request, until a file it was built
    /// from changes: a sibling's review (written, then edited in place), a reference source's
    /// import. A file changed in the last second has no trustworthy stamp: the suggester is then
    /// built for each request and not kept.
    @Test func theSuggesterIsKeptUntilAFileItWasBuiltFromChanges() throws {
        let dir = try newCatalog()
        let clock = SteppedClock()
        func record(_ id: String, _ name: String) -> String {
            #"{"id": "\#(id)", "name": "\#(name)", "bodyPart": "upper legs", "target": "quads", "equipment": "barbell", "secondaryMuscles": [], "instructions": ["Squat."]}"#
        }
        dir.write("member.json", "[\(record("b1", "barbell full squat")), \(record("b2", "barbell full squat (side pov)"))]")
        #expect(runInProcess(["import", "member.json"], in: dir.path, clock: clock.fileClock).status == 0)
        let b = Bench(dir: dir, clock: clock.fileClock)
        let cache = b.workbench.suggesters
        func evidence() throws -> String {
            let o = try b.json(b.send("GET", "/api/records/exercisedb:b2"))
            return JSONWriter.string(o["suggestions"] ?? .null) + JSONWriter.string(o["matches"] ?? .null)
        }
        func settle() { clock.settle() }
        settle()
        #expect(!(try evidence()).contains("reviewed sibling"))
        _ = try evidence()
        #expect(b.send("GET", "/api/queue").status == 200)
        #expect(cache.builds == 1)

        let reviewed = runInProcess(["review", "b1", "--set", "level=advanced", "--set", "movementPattern=squat", "--confidence", "0.9"],
                                      in: dir.path, environment: ["CATALOG_EDITOR": "ana"], clock: clock.fileClock)
        #expect(reviewed.status == 0, "\(reviewed.stderr)")
        #expect(try evidence().contains("reviewed sibling exercisedb:b1 by ana"))
        _ = try evidence()
        #expect(cache.builds == 3, "the review file is racy: built for each request")
        settle()
        _ = try evidence()
        _ = try evidence()
        #expect(cache.builds == 4)

        try rewriteInPlace(dir.path + "/reviews/exercisedb/b1.json") { $0.replacingOccurrences(of: "\"advanced\"", with: "\"beginner\"") }
        settle()
        #expect(try evidence().contains("\"beginner\""))
        #expect(cache.builds == 5)

        dir.write("other.json", "[\(record("x1", "barbell full squat"))]")
        #expect(runInProcess(["import", "other.json", "--source", "other"], in: dir.path, clock: clock.fileClock).status == 0)
        settle()
        let withReference = try evidence()
        #expect(withReference.contains("other x1"), "\(withReference)")
        _ = try evidence()
        #expect(cache.builds == 6)

        // A vocabulary written again in place, its size and mtime as they were: the change time moved.
        let vocabulary = dir.path + "/catalog/vocab/equipment.json"
        var before = stat()
        #expect(stat(vocabulary, &before) == 0)
        try rewriteInPlace(vocabulary) { $0 }
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, vocabulary, times, 0) == 0, "touch -r")
        settle()
        _ = try evidence()
        #expect(cache.builds == 7)

        // A sibling's review that cannot be read (a link: never followed) may be a passing
        // failure: the suggester is then built for each request and not kept.
        let review = dir.path + "/reviews/exercisedb/b1.json"
        try FileManager.default.moveItem(atPath: review, toPath: dir.path + "/b1-elsewhere.json")
        try FileManager.default.createSymbolicLink(atPath: review, withDestinationPath: dir.path + "/b1-elsewhere.json")
        settle()
        _ = try evidence()
        _ = try evidence()
        #expect(cache.builds == 9)
    }
}
