import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import Foundation
import TestSupport
import Testing

@Suite struct SnapshotTests {
    let records = [
        UpstreamRecord(id: "0001", fields: [JSONMember("name", "squat"), JSONMember("instructions", ["Sit.", "Stand."])], extra: [JSONMember("gifUrl", "u")]),
        UpstreamRecord(id: "0002", fields: [JSONMember("name", "row")], removed: true),
    ]

    @Test func encodesOneSortedCanonicalLinePerRecordAndDecodesBack() throws {
        let bytes = Snapshot.encode(records)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == """
            {"extra":{"gifUrl":"u"},"id":"0001","instructions":["Sit.","Stand."],"name":"squat"}
            {"id":"0002","name":"row","removed":true}

            """)
        #expect(try Snapshot.decode(bytes, file: "s.jsonl") == records)
    }

    @Test func namesTheLineOfABadRecord() {
        let bytes = Array("{\"id\":\"1\",\"name\":\"a\"}\n{\"id\":\"2\",\"name\":\n".utf8)
        #expect {
            try Snapshot.decode(bytes, file: "s.jsonl")
        } throws: { error in
            let e = error as? CatalogError
            return e?.kind == .dataError && e?.location.file == "s.jsonl" && e?.location.line == 2
        }
        let unsorted = Array("{\"id\":\"2\",\"name\":\"a\"}\n{\"id\":\"1\",\"name\":\"b\"}\n".utf8)
        #expect(throws: CatalogError.self) { try Snapshot.decode(unsorted, file: "s.jsonl") }
        let noID = Array("{\"name\":\"a\"}\n".utf8)
        #expect { try Snapshot.decode(noID, file: "s.jsonl") } throws: { ($0 as? CatalogError)?.location.field == "id" }
    }

    /// Over several 4 MB chunks (each chunk's body overlaps the next chunk's parsing): every
    /// line in order, then a bad line named, and a body that throws stops the walk there.
    @Test func walksChunksInOrderAndThrowsWhatAChunkByChunkWalkMeetsFirst() throws {
        let dir = TempDirectory()
        let count = 30_000
        var lines = (0..<count).map { "{\"id\":\"\(String(format: "%06d", $0))\",\"name\":\"\(String(repeating: "x", count: 300))\"}" }
        let good = dir.write("good.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try FileManager.default.attributesOfItem(atPath: good)[.size] as! Int > 2 * ChunkReader.largestChunk)
        var seen: [Int] = []
        try Snapshot.walk(path: good, file: "good.jsonl", transform: { record, _, _ in Int(record.id)! }) { id, number throws(CatalogError) in
            #expect(number == id + 1)
            seen.append(id)
        }
        #expect(seen == Array(0..<count))
        lines[count - 10] = "{\"id\":"
        let bad = dir.write("bad.jsonl", lines.joined(separator: "\n") + "\n")
        seen = []
        #expect { try Snapshot.walk(path: bad, file: "bad.jsonl", transform: { record, _, _ in Int(record.id)! }) { id, _ throws(CatalogError) in seen.append(id) } } throws: { error in
            (error as? CatalogError)?.location.line == count - 9
        }
        // Every line before the bad one's chunk was given to body, none after it.
        #expect(seen == Array(0..<seen.count) && seen.count < count - 10)
        seen = []
        #expect(throws: CatalogError.self) {
            try Snapshot.walk(path: bad, file: "bad.jsonl", transform: { record, _, _ in Int(record.id)! }) { id, _ throws(CatalogError) in
                if id == 100 { throw CatalogError(.dataError, "stop") }
                seen.append(id)
            }
        }
        #expect(seen == Array(0..<100))
    }

    @Test func metaRoundTrips() throws {
        let meta = SnapshotMeta(source: "exercisedb", adapter: "exercisedb", htmlFields: [], files: [.init(name: "a.json", sha256: "ab", bytes: 3)],
                                importedAt: "2026-01-01T00:00:00Z", total: 3, removed: 1, fieldCounts: ["name": 2], snapshotSha256: "cd")
        #expect(try SnapshotMeta(json: meta.json, file: "m") == meta)
    }
}

@Suite struct CatalogIndexTests {
    @Test func resolvesIdsAndRejectsAmbiguousOnes() throws {
        let dir = TempDirectory()
        _ = try Catalog.initialize(root: dir.path)
        let catalog = try Catalog(root: dir.path)
        let record = UpstreamRecord(id: "1", fields: [JSONMember("name", "squat")])
        let theirs = UpstreamRecord(id: "7", fields: [JSONMember("name", "row")])
        let onlyOther = UpstreamRecord(id: "8", fields: [JSONMember("name", "curl")])
        for (source, records) in [("exercisedb", [record]), ("other", [record, theirs, onlyOther]), ("another", [theirs])] {
            _ = try catalog.importRelease(ReleaseImport(source: source, adapter: "exercisedb", htmlFields: [], feed: .records(records), files: [], dryRun: false, date: "d"))
        }
        let fresh = try Catalog(root: dir.path)
        #expect(try fresh.resolve("exercisedb:1") == ("exercisedb", "1"))
        // A bare id means the member source's record, whoever else holds it.
        #expect(try fresh.resolve("1") == ("exercisedb", "1"))
        #expect(try fresh.resolve("other:1") == ("other", "1"))
        // Another source's record by its bare id when it alone holds it; ambiguous among several.
        #expect(try fresh.resolve("8") == ("other", "8"))
        #expect { try fresh.resolve("7") } throws: { ($0 as? CatalogError)?.kind == .usage }
        #expect { try fresh.resolve("2") } throws: { ($0 as? CatalogError)?.kind == .noInput }
        let counts = try fresh.index().counts()
        #expect(counts["other"]?.records == 3)
        #expect(counts["exercisedb"]?.reasons[.reviewMissing] == 1)
    }

    /// Rows go to SQLite 32 to a statement and the rest one by one: every row of a release that
    /// is neither a multiple of 32 nor below it comes back with its own values.
    @Test func everyRowComesBackWithItsOwnValues() throws {
        let dir = TempDirectory()
        _ = try Catalog.initialize(root: dir.path)
        let catalog = try Catalog(root: dir.path)
        let records = (0..<(2 * CatalogIndex.RowWriter.rowsPerStatement + 7)).map { i in
            UpstreamRecord(id: String(format: "r%03d", i), fields: [JSONMember("name", .string("press \(i)")), JSONMember("target", .string("t\(i % 5)"))])
        }
        _ = try catalog.importRelease(ReleaseImport(source: "exercisedb", adapter: "exercisedb", htmlFields: [], feed: .records(records), files: [], dryRun: false, date: "d"))
        let index = try Catalog(root: dir.path).index()
        for record in records {
            let entry = try #require(try index.entry(source: "exercisedb", id: record.id))
            #expect(entry.name == record.name)
            #expect(entry.upstream?.id == record.id)
            #expect(entry.fingerprint == CanonicalText(record: record, fields: catalog.config.fingerprintFields).fingerprint.value)
        }
        #expect(try index.counts()["exercisedb"]?.records == records.count)
    }
}

@Suite struct IndexVersionTests {
    @Test func anIndexFromAnotherVersionIsRebuiltFromTheFiles() throws {
        let dir = TempDirectory()
        _ = try Catalog.initialize(root: dir.path)
        let catalog = try Catalog(root: dir.path)
        _ = try catalog.importRelease(ReleaseImport(source: "exercisedb", adapter: "exercisedb", htmlFields: [],
                                                    feed: .records([UpstreamRecord(id: "1", fields: [JSONMember("name", "squat")])]), files: [], dryRun: false, date: "d"))
        // An index written by some other version: an unknown migration and a table we do not have.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dir.path + "/.catalog/index.sqlite" + suffix) }
        try FileManager.default.createDirectory(atPath: dir.path + "/.catalog", withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3; db = sqlite3.connect('\(dir.path)/.catalog/index.sqlite')
            db.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)')
            db.execute("INSERT INTO schema_migrations VALUES (7, '007-future')")
            db.execute('CREATE TABLE records (x)'); db.commit()
            """]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let counts = try Catalog(root: dir.path).index().counts()
        #expect(counts["exercisedb"]?.records == 1)
    }
    /// Rows whose line digests an older version computed (another hash) are rebuilt by the
    /// migration that changed the hash, so the next import of the same release touches nothing.
    @Test func rowsWithLineDigestsOfAnOlderHashAreRebuilt() throws {
        let dir = TempDirectory()
        _ = try Catalog.initialize(root: dir.path)
        let release = ReleaseImport(source: "exercisedb", adapter: "exercisedb", htmlFields: [],
                                    feed: .records([UpstreamRecord(id: "1", fields: [JSONMember("name", "squat"), JSONMember("bodyPart", "legs")])]),
                                    files: [], dryRun: false, date: "d")
        _ = try Catalog(root: dir.path).importRelease(release)
        // As an index from before migration 004 has it: other digests, 004 not applied.
        try Catalog(root: dir.path).index().database.execute(
            "UPDATE records SET lineDigest = 12345; DELETE FROM schema_migrations WHERE name = '004-slim-rows'")
        let again = try Catalog(root: dir.path).importRelease(release)
        #expect(again.diff.unchangedCount == 1)
        #expect(again.diff.touched.isEmpty)
    }
}

