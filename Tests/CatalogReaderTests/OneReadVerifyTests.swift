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
        let background = BackgroundDigest(TestPaths.fixtureBuild + "/catalog.sqlite")
        let sqlite = try background.wait().get()
        #expect(sqlite.sha256 == manifest.files["catalog.sqlite"]?.sha256 && sqlite.bytes == manifest.files["catalog.sqlite"]?.bytes)
    }
}
