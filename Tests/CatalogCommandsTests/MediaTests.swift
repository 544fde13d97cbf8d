import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Demonstration media as review evidence, end to end with generated animations.
@Suite struct MediaTests {
    let env = ["CATALOG_EDITOR": "tester"]

    /// A fresh catalog of the sample, with the repo's vocabularies.
    func catalog() throws -> TempDirectory { try newCatalog() }

    func animation(_ i: Int, variant: Int = 0) -> [UInt8] {
        var gif = GIFBuilder(width: 180, height: 180, frames: 5 + i % 9)
        gif.variant = variant
        gif.localColorTables = i % 2 == 0
        gif.comment = "sample animation \(i)"
        return gif.bytes
    }

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    @Test func replacedAnimationsMakeReviewsStaleRenamedOnesDoNot() throws {
        let dir = try catalog()
        var expectedFrames = 0
        for i in 1...20 {
            dir.write(String(format: "media/s%03d-tok%04d.gif", i, i), animation(i))
            expectedFrames += 5 + i % 9
        }
        let imported = runInProcess(["import", TestPaths.sample, "--media", "media", "--json"], in: dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let status = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(status["media"] == ["records": 20, "frames": .int(expectedFrames)])
        #expect(runInProcess(["show", "s003"], in: dir.path).stdout.contains("media: s003-tok0003.gif, 180×180, 8 frames"))
        #expect(runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9"], in: dir.path, environment: env).status == 0)
        let review = try #require(try Review.parse(Array(dir.read("reviews/exercisedb/s001.json")!.utf8), file: "s001"))
        #expect(review.corrections.values.allSatisfy { $0.media == "sha256:" + SHA256.hex(animation(1)) })

        // Upstream rotates five links (same bytes, new tokens) and replaces two animations.
        for i in [3, 4, 5, 6, 7] {
            try FileManager.default.moveItem(atPath: dir.path + String(format: "/media/s%03d-tok%04d.gif", i, i),
                                             toPath: dir.path + String(format: "/media/s%03d-NEWtok%04d.gif", i, i))
        }
        for i in [11, 12] { dir.write(String(format: "media/s%03d-tok%04d.gif", i, i), animation(i, variant: 7)) }
        let next = try json(runInProcess(["import", "--media", "media", "--json"], in: dir.path).stdout)
        #expect(next["media"]?.objectValue?["changed"] == ["s011", "s012"])
        #expect(next["changed"] == .number("0"))

        let report = try json(runInProcess(["revalidate", "--json"], in: dir.path).stdout)
        let stale = (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(stale.map { $0["id"] } == ["s011", "s012"])
        #expect(stale.allSatisfy { $0["kind"] == "media" })
        #expect(report["counts"]?.objectValue?["byKind"]?.objectValue?["media"] == .number("2"))
        let show = try json(runInProcess(["show", "s011", "--json"], in: dir.path).stdout)
        #expect(show["state"] == "stale")
        #expect(show["reasons"]?.arrayValue?.first?.objectValue?["details"]?.objectValue?["media"] == true)

        // The report shows old and new animations side by side (both are in the cache).
        #expect(runInProcess(["revalidate", "--html", "report.html"], in: dir.path).status == 0)
        let html = try #require(dir.read("report.html"))
        #expect(html.components(separatedBy: "data:image/gif;base64,").count - 1 == 4)

        let accepted = runInProcess(["accept", "--kind", "media", "--json"], in: dir.path, environment: env)
        #expect(try json(accepted.stdout)["accepted"] == ["exercisedb:s011", "exercisedb:s012"])
        #expect(try json(runInProcess(["status", "--json"], in: dir.path).stdout)["states"]?.objectValue?["stale"] == .number("0"))
    }

    @Test func recordsWithoutMediaAreNotStaleForLackOfIt() throws {
        let dir = try catalog()
        try #require(runInProcess(["import", TestPaths.sample], in: dir.path).status == 0)
        try #require(runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9"], in: dir.path, environment: env).status == 0)
        dir.write("media/s001.gif", animation(1))
        try #require(runInProcess(["import", "--media", "media"], in: dir.path).status == 0)
        let status = try json(runInProcess(["status", "--json"], in: dir.path).stdout)
        #expect(status["states"]?.objectValue?["current"] != .number("0"), "the reviews were written")
        #expect(status["states"]?.objectValue?["stale"] == .number("0"))
        #expect(status["media"] == ["records": 1, "frames": 6])
        // A later text release without --media keeps the animations.
        try #require(runInProcess(["import", TestPaths.sampleNext], in: dir.path).status == 0)
        #expect(try json(runInProcess(["status", "--json"], in: dir.path).stdout)["media"] == ["records": 1, "frames": 6])
    }

    @Test func badMediaIsSkippedWithAWarningOrRefusedWhenAlone() throws {
        let dir = try catalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        dir.write("media/s001.gif", animation(1))
        dir.write("media/s002.gif", Array(animation(2).prefix(40)))
        dir.write("media/s003.gif", GIFBuilder(width: 60000, height: 60000, frames: 1).bytes)
        let result = runInProcess(["import", "--media", "media"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("media/s002.gif)"))
        #expect(result.stderr.contains("media/s003.gif)"))
        #expect(result.stdout.contains("1 animation attached"))

        let before = treeHashes(dir.path)
        let alone = runInProcess(["import", "--media", "media/s002.gif"], in: dir.path)
        #expect(alone.status == 65)
        #expect(alone.stderr.contains("media/s002.gif"))
        #expect(treeHashes(dir.path) == before)
    }
}
