import CatalogModel
@testable import CatalogReader
import Foundation
import Testing
import TestSupport

/// Verify reads each record file once: catalog.json is hashed as it is compared, catalog.sqlite
/// hashed on a thread of its own while the records are checked. A file whose digest differs is
/// reported as that and nothing else, as when its content was never read.
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
            // One more byte after the document.
            ("catalog.json", { $0.append(0x0A) }),
            ("catalog.sqlite", { $0[$0.count - 100] ^= 0x01 }),
        ]
        for (name, change) in changes {
            let dir = try damaged(name, change)
            let (summary, problems) = PublishedCatalog.inspect(directory: dir.path)
            #expect(summary == nil)
            #expect(problems.map(\.description) == ["\(name): \(digestProblem)"])
        }
    }

    @Test func theDigestTakenDuringTheCheckIsTheFilesDigest() throws {
        let manifest = try Manifest(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtureBuild + "/manifest.json"))), file: "manifest.json")
        let outcome = BuildCheck.run(directory: TestPaths.fixtureBuild, manifest: manifest)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let digest = try #require(outcome.jsonDigest)
        #expect(digest.sha256 == manifest.files["catalog.json"]?.sha256 && digest.bytes == manifest.files["catalog.json"]?.bytes)
        let background = Background.digest(TestPaths.fixtureBuild + "/catalog.sqlite")
        let sqlite = try background.wait().get()
        #expect(sqlite.sha256 == manifest.files["catalog.sqlite"]?.sha256 && sqlite.bytes == manifest.files["catalog.sqlite"]?.bytes)
    }
}

/// `ByteMatcher` reads a file through a few buffers in turn while a hasher reads the ones read
/// before: over many times their size, the comparison and the digest are the file's.
@Suite struct ByteMatcherTests {
    @Test func comparesAndHashesAFileManyBuffersLong() throws {
        let dir = TempDirectory()
        var random = SeededRandom(seed: 7)
        let bytes = (0..<(13 << 20) + 12_345).map { _ in UInt8(random.next(256)) }
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
        let digest = try matcher.digest()
        #expect(digest.sha256 == SHA256.hex(bytes) && digest.bytes == bytes.count)
        // Cut short: where the file ends.
        let short = try ByteMatcher(path)
        #expect(try short.match(bytes + [0x20]) == bytes.count)
        #expect(try short.atEnd())
    }
}
