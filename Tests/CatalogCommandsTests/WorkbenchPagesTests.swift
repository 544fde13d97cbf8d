@testable import CatalogCommands
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
@testable import CatalogWorkbench
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The workbench's pages as an editor working through hundreds of records meets them (issue 33,
/// item 2): search, group cards, the re-validation view, the move diff.
@Suite struct WorkbenchPagesTests {
    func get(_ b: WorkbenchBench, _ path: String, query: [String: String] = [:]) -> String { b.send("GET", path, query: query).text }

    @Test func theQueueSearchesByNameAndId() throws {
        let b = try WorkbenchBench()
        let page = get(b, "/", query: ["q": "Squat"])
        let rows = page.components(separatedBy: "<tr class=\"item\"").count - 1
        #expect(rows == 2, "barbell back squat and dumbbell goblet squat")
        #expect(get(b, "/", query: ["q": "s014"]).contains("goblet squat"))
        #expect(get(b, "/", query: ["q": "no such thing"]).contains("Nothing to review here."))
    }

    /// Nothing is ticked until the editor ticks it; each card says how sure its least sure draft is.
    @Test func groupCardsAreUntickedAndSayHowSureTheirDraftsAre() throws {
        let b = try WorkbenchBench()
        let page = get(b, "/groups/squat")
        #expect(page.contains("id=\"tick-sure\""))
        #expect(page.contains("class=\"pick\"") && !page.contains("checked"))
        #expect(page.contains("data-confidence=\"0."))
    }

    /// A changed instruction text shows as a list of steps, beside the review's values.
    @Test func theRevalidationViewListsStepsAndTheReviewsValues() throws {
        let b = try WorkbenchBench()
        let dir = b.dir
        #expect(runInProcess(["review", "--from-suggestions", "s004", "s006", "--confidence", "0.9"], in: dir.path, environment: ["CATALOG_EDITOR": "tester"]).status == 0)
        #expect(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        let page = get(b, "/revalidate")
        #expect(page.contains("<ol class=\"steps\">"))
        #expect(page.contains("class=\"review-values\"") && page.contains("<li>movementPattern: "))
        #expect(page.contains("data-ids=\"[&quot;exercisedb:s004&quot;]\"") || page.contains("data-ids='[\"exercisedb:s004\"]'"))
    }

    /// A moved word shows where it was and where it went, never as plain text (before, the page
    /// looked for `moveFrom`, and the diff writes `move-from`).
    @Test func aMovedWordIsMarkedAtBothPlaces() throws {
        let diff = WordDiff(old: "lift the bar then squat down", new: "squat down then lift the bar")
        var h = HTML()
        Pages.diff(&h, diff)
        #expect(diff.segments.contains { $0.kind == .moveFrom } && diff.segments.contains { $0.kind == .moveTo })
        #expect(h.out.contains("<del class=\"move\">") && h.out.contains("<ins class=\"move\">"))
    }
}
