import CatalogModel
@testable import CatalogReader
import Foundation
import Testing
import TestSupport

/// Verify holds every file to its digest before it reads any content (SQLite never opens a
/// catalog.sqlite the manifest does not vouch for): a file whose digest differs is reported as
/// that and nothing else, and a file longer than listed is refused after size + 1 bytes.
@Suite struct OneReadVerifyTests {
    /// A copy of the fixture build with `change` applied to `name`'s bytes.
    func damaged(_ name: String, _ change: (inout [UInt8]) -> Void) throws -> TempDirectory {
        let dir = TempDirectory()
        for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtureBuild) {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtureBuild + "/" + file)))
            if file == name { change(&bytes) }
            FileManager.default.createFile(atPath: dir.path + "/" + file, contents: Data(bytes))
        }
        return dir
    }

    @Test func aDamagedRecordFileIsReportedByItsDigestAlone() throws {
        let digestProblem = "sha256 differs from manifest.json: the file was altered or damaged"
        let changes: [(String, (inout [UInt8]) -> Void)] = [
            // A record's byte in catalog.json: the comparison would part there too.
            ("catalog.json", { $0[$0.count / 2] ^= 0x01 }),
            // Cut short: the comparison ends early, and the rest is still hashed (none here).
            ("catalog.json", { $0.removeLast($0.count / 3) }),
            ("catalog.sqlite", { $0[$0.count - 100] ^= 0x01 }),
        ]
        for (name, change) in changes {
            let dir = try damaged(name, change)
            let (summary, problems) = PublishedCatalog.inspect(directory: dir.path)
            #expect(summary == nil)
            #expect(problems.map(\.description) == ["\(name): \(digestProblem)"])
        }
        // One more byte after the document: more than listed, the last byte never compared.
        let longer = try damaged("catalog.json") { $0.append(0x0A) }
        let size = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtureBuild + "/catalog.json")).count
        #expect(PublishedCatalog.inspect(directory: longer.path).1.map(\.description)
                == ["catalog.json: holds more than the \(size) bytes manifest.json lists: refused after reading \(size + 1)"])
    }

    @Test func aFileLongerThanListedIsRefusedAfterOneByteMore() throws {
        let dir = try damaged("catalog.sqlite") { _ in }
        let path = dir.path + "/catalog.sqlite"
        let listed = Int(try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).int64Value)
        // 8 GB, sparse: read whole, it took over 15 s.
        #expect(truncate(path, 8 << 30) == 0)
        let start = Date()
        let (summary, problems) = PublishedCatalog.inspect(directory: dir.path)
        #expect(summary == nil)
        #expect(problems.map(\.description) == ["catalog.sqlite: holds more than the \(listed) bytes manifest.json lists: refused after reading \(listed + 1)"])
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

/// `ByteMatcher` reads a file through its buffer again and again: over many times its size, the
/// comparison is the file's.
@Suite struct ByteMatcherTests {
    @Test func comparesAFileManyBuffersLong() throws {
        let dir = TempDirectory()
        var random = SeededRandom(seed: 7)
        var generator = SeededGenerator(seed: 7)
        let bytes = generator.bytes((13 << 20) + 12_345)
        let path = dir.path + "/file"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let matcher = try ByteMatcher(path)
        var at = 0
        while at < bytes.count - 100_000 {
            let n = min(random.next(300_000), bytes.count - 100_000 - at)
            #expect(try matcher.match(bytes[at..<at + n]) == nil)
            at += n
            #expect(matcher.offset == at)
        }
        var changed = Array(bytes[at..<at + 1000])
        changed[700] ^= 1
        #expect(try matcher.match(changed[...]) == 700)
        // Cut short: where the file ends.
        let short = try ByteMatcher(path)
        #expect(try short.match(bytes + [0x20]) == bytes.count)
        #expect(try short.atEnd())
    }
}
