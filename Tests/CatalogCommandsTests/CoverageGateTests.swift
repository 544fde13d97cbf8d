import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog coverage` and the export gate, on the committed sample catalog.
@Suite struct CoverageGateTests {
    let env = ["CATALOG_EDITOR": "ana"]

    func committedCatalog() throws -> TempDirectory { try committedSampleCatalog() }

    @Test func losingCoverageTheLastBuildHadStopsTheExport() throws {
        let dir = try committedCatalog()
        // s018 fixed as in the demo: the catalog then has two hamstring-primary candidates.
        #expect(runInProcess(["review", "s018", "--set", "primaryMuscles=glutes,hamstrings", "--set", "secondaryMuscles=quads,adductors,lower-back"],
                               in: dir.path, environment: env).status == 0)
        let coverage = try #require(try JSONParser.parse(runInProcess(["coverage", "--json"], in: dir.path).stdout).objectValue)
        let profiles = Set((coverage["profiles"]?.arrayValue ?? []).compactMap { $0.objectValue?["profile"]?.stringValue })
        #expect(profiles == ["full-gym", "dumbbells-bench", "kettlebells", "bodyweight", "bands"])
        let first = runInProcess(["export"], in: dir.path)
        #expect(first.status == 0, "\(first.stderr)")

        // Every cleared record with hamstrings as primary becomes manual-only.
        #expect(runInProcess(["review", "s013", "s018", "--manual-only", "kept for the coach to plan"], in: dir.path, environment: env).status == 0)
        let refused = runInProcess(["export", "--allow-drop"], in: dir.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("coverage") && refused.stderr.contains("hamstrings") && refused.stderr.contains("--allow-coverage-drop"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/dist").count == 1, "a refused export leaves nothing")

        let allowed = runInProcess(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], in: dir.path)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let builds = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/dist").sorted()
        let changelog = try #require(dir.read("dist/\(builds.last!)/CHANGELOG.md"))
        #expect(changelog.contains("## Coverage") && changelog.contains("lost: full-gym / intermediate / hamstrings"), "\(changelog)")
        let html = dir.path + "/coverage.html"
        #expect(runInProcess(["coverage", "--html", html], in: dir.path).status == 0)
        #expect((try? String(contentsOfFile: html, encoding: .utf8))?.contains("dumbbells-bench") == true)
    }
}
