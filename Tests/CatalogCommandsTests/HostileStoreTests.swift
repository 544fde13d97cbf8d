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

/// Issue 35's findings about the catalog's files and limits: `reviews/` as a link, media size,
/// versions that cannot be raised, a broken review in a bulk confirmation, `kindOf` cycles. Each
/// failed on 87d3f25; docs/RELIABILITY.md lists them by name.
@Suite struct HostileStoreTests {
    let env = ["CATALOG_EDITOR": "tester"]

    func json(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    // MARK: - Finding 2: reviews/ itself a symbolic link

    @Test func finding2AReviewsFolderThatIsALinkIsRefusedAsALinkedSourceFolderIs() throws {
        let dir = try publishableSampleCatalog()
        let outside = TempDirectory()
        let cleared = try json(runInProcess(["status", "--json"], in: dir.path).stdout)["autoPlan"]
        try FileManager.default.moveItem(atPath: dir.path + "/reviews", toPath: outside.path + "/reviews")
        #expect(symlink(outside.path + "/reviews", dir.path + "/reviews") == 0)
        let before = treeHashes(outside.path)
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1 && lint.stdout.contains("[review-file] its folder reviews is a symbolic link"), "\(lint.stdout)")
        let write = runInProcess(["review", "s002", "--set", "level=beginner"], in: dir.path, environment: env)
        #expect(write.status == 73, "\(write.stderr)")
        #expect(write.stderr.contains("its folder reviews is a symbolic link: a review is written only inside the catalog; nothing written"), "\(write.stderr)")
        let bulk = runInProcess(["review", "--from-suggestions", "--all", "--confidence", "0.9"], in: dir.path, environment: env)
        #expect(bulk.status != 0, "\(bulk.stdout)")
        #expect(treeHashes(outside.path) == before)
        #expect(runInProcess(["export"], in: dir.path).status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
        // The folder put back (the same folder: its stamps unchanged), the reviews count again.
        #expect(unlink(dir.path + "/reviews") == 0)
        try FileManager.default.moveItem(atPath: outside.path + "/reviews", toPath: dir.path + "/reviews")
        #expect(try json(runInProcess(["status", "--json"], in: dir.path).stdout)["autoPlan"] == cleared)
        #expect(runInProcess(["lint"], in: dir.path).status == 0)
    }

    // MARK: - Finding 3: media over 64 MiB

    /// A good animation padded (sparsely) to `size` bytes.
    func paddedGIF(_ dir: TempDirectory, _ name: String, size: Int) throws -> String {
        let path = dir.write(name, GIFBuilder(width: 10, height: 10, frames: 2).bytes)
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test func finding3MediaOverTheLimitIsSkippedUnreadAndNeverCached() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        // MediaInfo.maxBytes, 64 MiB (README).
        _ = try paddedGIF(dir, "media/s001.gif", size: 64 << 20 + 1)
        _ = try paddedGIF(dir, "media/s002.gif", size: 64 << 20)
        let imported = runInProcess(["import", "--media", "media"], in: dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("warning: media skipped: is 67108865 bytes, above the limit of 67108864 bytes (") && imported.stderr.contains("s001.gif)"),
                "\(imported.stderr)")
        // The one at the limit is taken; the one above it is neither attached nor copied.
        #expect(try json(runInProcess(["status", "--json"], in: dir.path).stdout)["media"] == ["records": 1, "frames": 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/.catalog/media").count == 1)
        // Named alone: bad input, nothing imported.
        let alone = runInProcess(["import", "--media", "media/s001.gif"], in: dir.path)
        #expect(alone.status == 65 && alone.stderr.contains("bad media: is 67108865 bytes, above the limit of 67108864 bytes"), "\(alone.stderr)")
    }

    // MARK: - Finding 8: versions that cannot be raised

    @Test func finding8AVersionThatCannotBeRaisedIsRefusedAndLeavesNothingInDist() throws {
        let dir = try publishableSampleCatalog()
        let overflow = runInProcess(["export", "--version", "1.0.9223372036854775807"], in: dir.path)
        #expect(overflow.status == 64, "\(overflow.stderr)")
        #expect(overflow.stderr.contains("--version takes MAJOR.MINOR.PATCH, each a number from 0 to 999999999"), "\(overflow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
        // The largest version there is: the next build cannot be numbered from it, and says so.
        let largest = "999999999.999999999.999999999"
        #expect(runInProcess(["export", "--version", largest], in: dir.path).status == 0)
        #expect(runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        let next = runInProcess(["export"], in: dir.path)
        #expect(next.status == 65, "\(next.stderr)")
        #expect(next.stderr.contains("of build \(largest) is at its largest (999999999), so it cannot be raised; give the new build's version with --version (dist/exercise-catalog-\(largest))"),
                "\(next.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/dist") == ["exercise-catalog-\(largest)"])
    }

    // MARK: - Finding 10: one unreadable review in a bulk confirmation

    @Test func finding10ABrokenReviewIsSkippedAndListedWhileTheOthersAreConfirmed() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        #expect(runInProcess(["review", "s001", "--set", "level=beginner"], in: dir.path, environment: env).status == 0)
        dir.write("reviews/exercisedb/s001.json", "{\"formatVersion\": ")
        let confirm = runInProcess(["review", "--from-suggestions", "s002", "--confidence", "0.9"], in: dir.path, environment: env)
        #expect(confirm.status == 1, "\(confirm.stderr)")
        #expect(confirm.stdout.contains("skipped 1 review file that did not read") && confirm.stdout.contains("  reviews/exercisedb/s001.json: "), "\(confirm.stdout)")
        #expect(dir.read("reviews/exercisedb/s002.json")?.contains("\"via\": \"suggestion\"") == true)
        #expect(dir.read("reviews/exercisedb/s001.json") == "{\"formatVersion\": ")
        let listed = runInProcess(["review", "--from-suggestions", "s003", "--confidence", "0.9", "--json"], in: dir.path, environment: env)
        #expect(listed.status == 1, "\(listed.stderr)")
        let skipped = try json(listed.stdout)["skipped"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(skipped.map { $0["file"] } == ["reviews/exercisedb/s001.json"])
        #expect(skipped.first?["reason"]?.stringValue?.isEmpty == false)
        #expect(try json(listed.stdout)["written"] == ["s003"])
        // The workbench's confirm runs the same command: it answers, and lists the file too.
        let bench = ServeCommand.workbench(root: dir.path, environment: ["SOURCE_DATE_EPOCH": "1793232000"], editor: "tester")
        let token = "workbench-test-token-0123"
        let request = Request(method: "POST", path: "/api/confirm", query: [:],
                              headers: ["Host": "127.0.0.1:8000", "Authorization": "Bearer \(token)"], body: Array(#"{"ids": ["s004"], "confidence": 0.9}"#.utf8))
        let response = bench.respond(request, security: Security(token: token, port: 8000))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let answer = try #require(try JSONParser.parse(response.body).objectValue)
        #expect(answer["written"] == ["s004"])
        #expect(answer["skipped"]?.arrayValue?.count == 1)
    }

    // MARK: - Finding 11: kindOf cycles

    @Test func finding11AKindOfCycleIsRefusedNamingItAndTheFile() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let path = dir.path + "/catalog/vocab/equipment.json"
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var items = try #require(document["items"] as? [[String: Any]])
        let bench = try #require(items.firstIndex { $0["id"] as? String == "bench" })
        items[bench]["kindOf"] = ["incline-bench"]
        document["items"] = items
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        for command in [["lint"], ["status"], ["export"]] {
            let run = runInProcess(command, in: dir.path)
            #expect(run.status == 65, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("kindOf goes round in a cycle, bench → incline-bench → bench") && run.stderr.contains("catalog/vocab/equipment.json, field items[\(bench)].kindOf[0])"),
                    "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/dist"))
    }

    @Test func finding11CyclesOfAnyLengthAreFoundAndALongChainIsNot() throws {
        func load(_ items: [(String, [String])]) throws(CatalogError) -> Vocabulary {
            let list = items.map { id, kinds in
                "{\"id\": \"\(id)\", \"definition\": \"d\"" + (kinds.isEmpty ? "" : ", \"kindOf\": [" + kinds.map { "\"\($0)\"" }.joined(separator: ", ") + "]") + "}"
            }
            return try Vocabulary.load(["equipment.json": Array("{\"items\": [\(list.joined(separator: ", "))]}".utf8)], directory: "vocab")
        }
        func refusal(_ items: [(String, [String])]) -> String? {
            do throws(CatalogError) { _ = try load(items); return nil } catch { return error.description }
        }
        #expect(refusal([("a", ["a"])])?.contains("cycle, a → a") == true)
        let three = refusal([("x", []), ("a", ["x", "b"]), ("b", ["c"]), ("c", ["a"])])
        #expect(three?.contains("cycle, a → b → c → a") == true && three?.contains("field items[1].kindOf[1]") == true, "\(three ?? "accepted")")
        // A diamond is no cycle; nor is a long chain, until its end names its start.
        #expect(refusal([("a", ["b", "c"]), ("b", ["d"]), ("c", ["d"]), ("d", [])]) == nil)
        let chain = (0..<1000).map { ("i\($0)", $0 == 999 ? [] : ["i\($0 + 1)"]) }
        #expect(refusal(chain) == nil)
        let round = refusal(chain.map { $0.0 == "i999" ? ($0.0, ["i0"]) : $0 })
        #expect(round?.contains("cycle, i0 → i1 → i2 → i3 → i4 → i5 → … 990 more … → i996 → i997 → i998 → i999 → i0:") == true, "\(round ?? "accepted")")
    }
}
