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

/// `catalog queue`: stale before unreviewed, similar records grouped.
@Suite struct QueueCommandTests: ReviewFixtures {
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
}
