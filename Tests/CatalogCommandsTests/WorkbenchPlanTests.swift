@testable import CatalogCommands
import CatalogJSON
import CatalogModel
import CatalogServer
@testable import CatalogWorkbench
import Foundation
import TestSupport
import Testing

/// The workbench's plans (issue 38 item 5), in-process on the committed sample catalog: a record
/// page says in how many standard weeks the record is, from weeks kept while the catalog stays
/// as it is (else its section is asked for apart, and plans); the plan preview shows `catalog
/// plan`'s week of the catalog as edited.
@Suite struct WorkbenchPlanTests {
    /// `catalog plan` in-process: the other door, to compare with.
    func plan(_ arguments: [String], in dir: String) throws -> JSONValue {
        let console = Console(environment: ["CATALOG_EDITOR": "tester"], stream: false)
        let status = CLI.run(arguments: ["--root", dir, "plan"] + arguments + ["--json"], console: console, currentDirectory: dir)
        #expect(status == 0, "\(console.err)")
        return try JSONParser.parse(Array(console.out.utf8))
    }

    /// The standard weeks of the default profiles as `catalog plan --batch` plans them: every
    /// profile × goal × level, 3 days of 45 minutes.
    func standardWeeks(in dir: TempDirectory) throws -> [JSONValue] {
        var lines: [String] = []
        for profile in EquipmentProfile.defaults.map(\.name) {
            for goal in ["muscle", "strength", "general"] {
                for level in ["beginner", "intermediate", "advanced"] {
                    lines.append("--profile \(profile) --goal \(goal) --level \(level) --days 3 --minutes 45")
                }
            }
        }
        let scratch = TempDirectory()
        let batch = scratch.write("batch.txt", lines.joined(separator: "\n") + "\n")
        return try withExtendedLifetime(scratch) { try #require(try plan(["--batch", batch], in: dir.path).arrayValue) }
    }

    func ids(_ week: JSONValue) -> [String] {
        (week.objectValue?["sessions"]?.arrayValue ?? []).flatMap { ($0.objectValue?["exercises"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue } }
    }

    /// The `data-*` value of the element with `id` in `html`.
    func attribute(_ name: String, of id: String, in html: String) -> String? {
        guard let element = html.range(of: "id=\"\(id)\"") else { return nil }
        let rest = html[element.upperBound...].prefix { $0 != ">" }
        guard let start = rest.range(of: "\(name)=\"") else { return nil }
        return String(rest[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aRecordPageCountsTheStandardWeeksThatHoldItAndLinksThem() throws {
        let b = WorkbenchBench(dir: try committedSampleCatalog())
        let weeks = try standardWeeks(in: b.dir)
        #expect(weeks.count == 45)
        // The first page comes before any week is planned: it says so and builds nothing; its
        // script asks for the section, which plans the catalog as it is now.
        let first = b.send("GET", "/records/exercisedb:s001").text
        #expect(first.contains("<section id=\"weeks\" data-pending=\"\" data-src=\"/records/exercisedb:s001/weeks\">") && !first.contains("id=\"standard-weeks\""))
        #expect(b.workbench.plans.builds == 0)
        let section = b.send("GET", "/records/exercisedb:s001/weeks")
        #expect(section.status == 200 && section.text.hasPrefix("<section id=\"weeks\" data-src="), "\(section.text)")
        #expect(attribute("data-count", of: "standard-weeks", in: section.text) == String(weeks.filter { ids($0).contains("exercisedb:s001") }.count))
        #expect(b.workbench.plans.builds == 1)
        // Every member record: the page's count is the number of `catalog plan` weeks holding it.
        var seen = 0
        for n in 1...24 {
            let id = String(format: "exercisedb:s%03d", n)
            let holding = weeks.filter { ids($0).contains(id) }
            let page = b.send("GET", "/records/\(id)")
            #expect(page.status == 200, "\(id): \(page.text)")
            #expect(attribute("data-count", of: "standard-weeks", in: page.text) == String(holding.count), "\(id)")
            #expect(attribute("data-of", of: "standard-weeks", in: page.text) == "45")
            for week in holding {
                let p = try #require(week.objectValue?["profile"]?.objectValue)
                let link = "/plan?profile=\(p["name"]!.stringValue!)&amp;goal=\(p["goal"]!.stringValue!)&amp;level=\(p["level"]!.stringValue!)&amp;days=3&amp;minutes=45"
                #expect(page.text.contains("href=\"\(link)\""), "\(id): \(link)")
            }
            seen += holding.isEmpty ? 0 : 1
        }
        #expect(seen > 3)
        // One build and one planning for all 24 pages: the catalog did not change.
        #expect(b.workbench.plans.builds == 1)
    }

    @Test func aReviewSavedThroughThePageIsInTheNextPagesWeeks() throws {
        let b = WorkbenchBench(dir: try committedSampleCatalog())
        let before = try standardWeeks(in: b.dir)
        let id = try #require((1...24).map { String(format: "exercisedb:s%03d", $0) }.first { id in before.contains { ids($0).contains(id) } })
        let count = before.filter { ids($0).contains(id) }.count
        #expect(attribute("data-count", of: "standard-weeks", in: b.send("GET", "/records/\(id)/weeks").text) == String(count))
        #expect(attribute("data-count", of: "standard-weeks", in: b.send("GET", "/records/\(id)").text) == String(count))
        #expect(b.workbench.plans.builds == 1)

        // A note changes nothing a build plans with: the weeks are kept.
        let noted = b.send("PUT", "/api/records/\(id)/review", #"{"note": "looked at the weeks"}"#, headers: ["If-Match": b.etag(id)])
        #expect(noted.status == 200, "\(noted.text)")
        #expect(try b.json(noted)["written"] == true)
        #expect(b.send("GET", "/records/\(id)").status == 200 && b.workbench.plans.builds == 1)

        let body = #"{"planning": {"mode": "manual-only", "reason": "kept for the coach to plan"}}"#
        let saved = b.send("PUT", "/api/records/\(id)/review", body, headers: ["If-Match": b.etag(id)])
        #expect(saved.status == 200, "\(saved.text)")
        #expect(try b.json(saved)["autoPlan"] == false)
        // The very next page, within the same second as the save: no weeks of the state before,
        // and the section it asks for has those of the new state.
        let page = b.send("GET", "/records/\(id)").text
        #expect(page.contains("data-pending=\"\"") && !page.contains("id=\"standard-weeks\""), "\(page)")
        #expect(b.workbench.plans.builds == 1)
        #expect(attribute("data-count", of: "standard-weeks", in: b.send("GET", "/records/\(id)/weeks").text) == "0")
        #expect(attribute("data-count", of: "standard-weeks", in: b.send("GET", "/records/\(id)").text) == "0")
        #expect(b.workbench.plans.builds == 2)
        // Another record's count is the one `catalog plan` gives on the catalog as edited now.
        let after = try standardWeeks(in: b.dir)
        let other = try #require((1...24).map { String(format: "exercisedb:s%03d", $0) }.first { o in o != id && after.contains { ids($0).contains(o) } })
        #expect(attribute("data-count", of: "standard-weeks", in: b.send("GET", "/records/\(other)").text) == String(after.filter { ids($0).contains(other) }.count))
        #expect(b.workbench.plans.builds == 2)
    }

    @Test func thePlanPreviewIsCatalogPlansWeekWithLinksAndEveryReason() throws {
        let b = WorkbenchBench(dir: try committedSampleCatalog())
        let words = ["--profile", "bodyweight", "--goal", "muscle", "--level", "beginner", "--days", "3", "--minutes", "45"]
        let cli = try #require(try plan(words, in: b.dir.path).objectValue)
        let page = b.send("GET", "/plan", query: ["profile": "bodyweight", "goal": "muscle", "level": "beginner", "days": "3", "minutes": "45"])
        #expect(page.status == 200, "\(page.text)")
        // Each exercise of the week, in order, linked to its record page, which answers.
        let linked = page.text.components(separatedBy: "class=\"exercise-link\"").count - 1
        let expected = ids(.object(cli))
        #expect(linked == expected.count && !expected.isEmpty)
        var at = page.text.startIndex
        for id in expected {
            let link = try #require(page.text.range(of: "href=\"/records/\(id)\" class=\"exercise-link\"", range: at..<page.text.endIndex), "\(id)")
            at = link.upperBound
            #expect(b.send("GET", "/records/\(id)").status == 200)
        }
        // Every reason, with the muscle and its numbers.
        let reasons = cli["reasons"]?.arrayValue ?? []
        #expect(!reasons.isEmpty)
        for reason in reasons {
            let r = try #require(reason.objectValue)
            let muscle = r["muscle"]!.stringValue!
            let sentence = "VOLUME_BELOW_TARGET: \(muscle) gets \(JSONWriter.string(r["sets"]!)) weekly sets, under its minimum of \(JSONWriter.string(r["minimum"]!)) (target \(JSONWriter.string(r["target"]!)))"
            #expect(page.text.contains("<li data-code=\"VOLUME_BELOW_TARGET\" data-muscle=\"\(muscle)\">\(sentence)</li>"), "\(sentence)")
        }
        #expect(page.text.components(separatedBy: "data-code=\"VOLUME_BELOW_TARGET\"").count - 1 == reasons.count)
        // The form holds the request; a bad one is a 400 that says what.
        #expect(page.text.contains("<option value=\"bodyweight\" selected>"))
        let bad = b.send("GET", "/plan", query: ["profile": "full-gim"])
        #expect(bad.status == 400 && bad.text.contains("unknown profile"), "\(bad.text)")
        // Without a request: the first profile's standard week.
        #expect(b.send("GET", "/plan").text.contains("full-gym / muscle / beginner: 3 days × 45 min"))
    }
}
