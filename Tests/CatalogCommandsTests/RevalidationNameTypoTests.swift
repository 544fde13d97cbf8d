import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// A typo in a name, put right by a later release, judged with the catalog's own lexicon (issue
/// 37): revalidate, accept --kind and show class it `spelling`, naming the word and why, while the
/// release that made the typo (a known word changed) stays substantive.
@Suite struct RevalidationNameTypoTests {
    let env = ["CATALOG_EDITOR": "tester"]

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    func nameChange(_ report: JSONObject, _ id: String) -> (kind: String?, details: [String]) {
        let record = (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue).first { $0["id"] == .string(id) }
        let name = record?["diff"]?.objectValue?["name"]?.objectValue
        return (record?["kind"]?.stringValue, name?["details"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    @Test func aNameTypoPutRightIsSpellingByTheLexicon() throws {
        let dir = try committedSampleCatalog()
        let sample = try String(contentsOfFile: TestPaths.sample, encoding: .utf8)
        #expect(sample.contains("\"barbell flat bench press\""))
        // A release misspells s003's name: "press" is a word the catalog knows, so substantive.
        let typo = dir.write("typo.json", sample.replacingOccurrences(of: "\"barbell flat bench press\"", with: "\"barbell flat bench pross\""))
        #expect(runInProcess(["import", typo], in: dir.path).status == 0)
        let first = nameChange(try json(runInProcess(["revalidate", "--json"], in: dir.path).stdout), "s003")
        #expect(first.kind == "substantive", "\(first)")
        #expect(first.details.first?.contains("'press' → 'pross'") == true, "\(first)")
        #expect(runInProcess(["accept", "s003"], in: dir.path, environment: env).status == 0)
        // The next release puts it right: "pross" is rare, "press" known.
        #expect(runInProcess(["import", TestPaths.sample], in: dir.path).status == 0)
        let fixed = nameChange(try json(runInProcess(["revalidate", "--json"], in: dir.path).stdout), "s003")
        #expect(fixed.kind == "spelling", "\(fixed)")
        #expect(fixed.details.count == 1 && fixed.details[0].hasPrefix("spelling: 'pross' → 'press': a mistyped letter ('pross' seen 0 times, 'press' a vocabulary term, seen "),
                "\(fixed.details)")
        let show = runInProcess(["show", "s003"], in: dir.path)
        #expect(show.stdout.contains("changed since the review (spelling)"), "\(show.stdout)")
        let accepted = try json(runInProcess(["accept", "--kind", "spelling", "--json"], in: dir.path, environment: env).stdout)
        #expect(accepted["accepted"] == ["exercisedb:s003"])
    }
}
