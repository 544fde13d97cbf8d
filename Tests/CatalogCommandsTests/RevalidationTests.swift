import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Re-validation after an upstream release, end to end.
@Suite struct RevalidationTests {
    let env = ["CATALOG_EDITOR": "tester"]

    func sampleCatalog() throws -> TempDirectory { try committedSampleCatalog() }

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    @Test func listsStaleReviewsWithDiffsKindsAndRemovals() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let result = runInProcess(["revalidate", "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        let staleValues = try #require(report["stale"]?.arrayValue)
        let stale = staleValues.compactMap { $0.objectValue }
        #expect(stale.map { $0["id"] } == ["s004", "s006"])
        #expect(stale[0]["fields"] == ["name"])
        #expect(stale[0]["kind"] == "substantive")
        #expect(stale[1]["fields"] == ["instructions"])
        let segments = stale[1]["diff"]?.objectValue?["instructions"]?.objectValue?["segments"]?.arrayValue ?? []
        #expect(segments.contains { $0.objectValue?["op"] == "insert" && $0.objectValue?["text"]?.stringValue?.contains("belly button") == true })
        #expect(report["removed"]?.arrayValue?.first?.objectValue?["id"] == "s020")
        #expect(report["counts"]?.objectValue?["stale"] == .number("2"))
        #expect(report["counts"]?.objectValue?["byKind"] == ["encoding-repair": 0, "punctuation": 0, "spelling": 0, "media": 0, "substantive": 2])
        #expect(stale[0]["diff"]?.objectValue?["name"] == ["kind": "substantive", "details": ["words added or removed"], "segments": [
            ["op": "equal", "text": "push-up"], ["op": "insert", "text": " (standard)"],
        ]])
    }

    @Test func acceptMovesCorrectionsToTodaysTextByIdAndByKind() throws {
        let dir = try sampleCatalog()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        let one = runInProcess(["accept", "s004"], in: dir.path, environment: env)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("push-up{+ (standard)+}"))
        let show = try json(runInProcess(["show", "s004", "--json"], in: dir.path).stdout)
        #expect(show["state"] == "current")
        let review = try #require(show["review"]?.objectValue)
        let fingerprint = show["fingerprint"]
        for member in review["corrections"]?.objectValue?.members ?? [] {
            #expect(member.value.objectValue?["fingerprint"] == fingerprint)
            #expect(member.value.objectValue?["editor"] == "tester")
            #expect(member.value.objectValue?["via"] == "accept")
        }
        #expect(review["basis"]?.objectValue?.keys == [fingerprint?.stringValue ?? ""])

        let none = runInProcess(["accept", "--kind", "spelling"], in: dir.path, environment: env)
        #expect(none.stdout.contains("no stale review of kind spelling"))
        let rest = runInProcess(["accept", "--kind", "substantive", "--json"], in: dir.path, environment: env)
        #expect(try json(rest.stdout)["accepted"] == ["exercisedb:s006"])
        let status = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(status["states"]?.objectValue?["stale"] == .number("0"))
        #expect(runInProcess(["accept", "--kind", "bogus"], in: dir.path, environment: env).status == 64)
    }

    /// A release of the sample with harmless changes (s001 gains a typo, s002 loses a full stop,
    /// s005's name a hyphen) next to a substantive one (s003 gains words): the kinds show in the
    /// JSON, the text and the page, and `accept --kind` takes exactly the records of its kind.
    @Test func kindsShowAndAcceptByKindTakesExactlyThoseRecords() throws {
        let dir = try sampleCatalog()
        var next = try String(contentsOfFile: TestPaths.sample, encoding: .utf8)
        for (from, to) in [
            ("just below the base of your neck", "just below the bsae of your neck"),
            ("roughly hip-width apart.", "roughly hip-width apart"),
            ("\"bodyweight pull-up\"", "\"bodyweight pull up\""),
            ("Lie on a flat bench", "Lie on a flat bench, then"),
        ] {
            #expect(next.contains(from), "\(from)")
            next = next.replacingOccurrences(of: from, with: to)
        }
        #expect(runInProcess(["import", dir.write("next.json", next)], in: dir.path).status == 0)
        let report = try json(runInProcess(["revalidate", "--json", "--html", "report.html"], in: dir.path).stdout)
        let kinds = Dictionary(uniqueKeysWithValues: (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue).map { ($0["id"]?.stringValue ?? "", $0["kind"]?.stringValue ?? "") })
        #expect(kinds == ["s001": "spelling", "s002": "punctuation", "s003": "substantive", "s005": "punctuation"])
        let page = try #require(dir.read("report.html"))
        #expect(page.contains("record kind: punctuation") && page.contains("instructions: spelling (spelling: swapped letters)"))
        #expect(page.contains("name: punctuation (punctuation)"))
        let text = runInProcess(["revalidate"], in: dir.path).stdout
        #expect(text.contains("instructions (spelling: spelling: swapped letters):"))
        #expect(text.contains("just below the [-base-]{+bsae+} of your neck"))

        let accepted = try json(runInProcess(["accept", "--kind", "punctuation", "--json"], in: dir.path, environment: env).stdout)
        #expect(accepted["accepted"] == ["exercisedb:s002", "exercisedb:s005"])
        let after = try json(runInProcess(["revalidate", "--json"], in: dir.path).stdout)
        #expect(after["counts"]?.objectValue?["byKind"] == ["encoding-repair": 0, "punctuation": 0, "spelling": 1, "media": 0, "substantive": 1])
    }

    @Test func aRevertMakesReviewsCurrentAgainByThemselves() throws {
        let dir = try sampleCatalog()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let status = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(status["states"]?.objectValue?["stale"] == .number("0"))
        #expect(status["states"]?.objectValue?["removed"] == .number("0"))
        #expect(status["states"]?.objectValue?["current"] == .number("24"))
    }

    @Test func theHTMLReportEscapesHostileUpstreamText() throws {
        let dir = try sampleCatalog()
        var next = try String(contentsOfFile: TestPaths.sampleNext, encoding: .utf8)
        next = next.replacingOccurrences(of: "\"push-up (standard)\"", with: #""<script>document.title='PWNED'</script><img src=x onerror=alert(1)>""#)
        let file = dir.write("hostile.json", next)
        #expect(runInProcess(["import", file], in: dir.path).status == 0)
        let result = runInProcess(["revalidate", "--html", "report.html"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try #require(dir.read("report.html"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;document.title="))
        #expect(html.contains("catalog accept -- s004 s006"))
        #expect(html.contains("<ins>"))
    }
}

/// The browser check: headless Chromium renders the report, shows the hostile name as text and
/// runs nothing. Skipped, with the reason, when Chromium is not installed.
enum Browser {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

@Suite(.enabled(if: Browser.chromium != nil, "skipped: chromium is not installed (Debian's chromium; `make deps` installs it)"))
struct ChromiumCheck {
    func chromium(_ arguments: [String]) throws -> String {
        let process = Process()
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        process.executableURL = URL(fileURLWithPath: Browser.chromium!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func hostileNamesShowAsTextAndRunNothing() throws {
        let dir = try RevalidationTests().sampleCatalog()
        var next = try String(contentsOfFile: TestPaths.sampleNext, encoding: .utf8)
        next = next.replacingOccurrences(of: "\"push-up (standard)\"", with: #""<script>document.title='PWNED';document.body.setAttribute('data-pwned','1')</script>""#)
        let file = dir.write("hostile.json", next)
        _ = runInProcess(["import", file], in: dir.path)
        _ = runInProcess(["revalidate", "--html", "report.html"], in: dir.path)
        let url = "file://" + dir.path + "/report.html"
        // The DOM after scripts would have run: the title is ours and no script touched the body.
        let dom = try chromium(["--dump-dom", url])
        #expect(dom.contains("<title>Revalidation: exercisedb</title>"))
        #expect(!dom.contains("PWNED</title>"))
        #expect(!dom.contains("data-pwned=\"1\""))
        #expect(dom.contains("&lt;script&gt;document.title="))
        _ = try chromium(["--screenshot=" + dir.path + "/report.png", "--window-size=1200,1600", url])
        #expect(FileManager.default.fileExists(atPath: dir.path + "/report.png"))
    }
}

@Suite struct AcceptAllOrNothingTests {
    @Test func aTargetWithoutAReviewStopsAcceptBeforeAnyWrite() throws {
        let dir = try RevalidationTests().sampleCatalog()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        try FileManager.default.removeItem(atPath: dir.path + "/reviews/exercisedb/s010.json")
        let before = treeHashes(dir.path)
        let result = runInProcess(["accept", "s004", "s010"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("nothing accepted"))
        #expect(treeHashes(dir.path) == before)
    }
}

@Suite struct ShowStaleTests {
    @Test func showExplainsAStaleRecordWithItsDiff() throws {
        let dir = try RevalidationTests().sampleCatalog()
        _ = runInProcess(["import", TestPaths.sampleNext], in: dir.path)
        let show = runInProcess(["show", "s004"], in: dir.path)
        #expect(show.stdout.contains("changed since the review (substantive); re-confirm with `catalog accept -- s004`"))
        #expect(show.stdout.contains("name: push-up{+ (standard)+}"))
        #expect(!(runInProcess(["show", "s001"], in: dir.path)).stdout.contains("changed since the review"))
    }
}
