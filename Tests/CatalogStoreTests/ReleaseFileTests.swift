import CatalogFiles
import CatalogStore
import CatalogModel
import Foundation
import TestSupport
import Testing

/// An import's input opened once (`ReleaseFile`): its head, its stream and its whole bytes all
/// come from the one descriptor, whatever becomes of the path meanwhile.
@Suite struct ReleaseFileTests {
    @Test func everyStepReadsTheFileAsOpenedThroughOneDescriptor() throws {
        let dir = TempDirectory()
        var generator = SeededGenerator(seed: 70_000)
        let original = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = dir.write("release.json", original)
        var opens = 0
        let file = try ReleaseFile(path, limit: 1 << 20, open: { path throws(CatalogError) in
            opens += 1
            return try FileSystem.openRegular(path)
        })
        // The path now names another file: no step may see it.
        _ = dir.write("other.json", Array("[]".utf8))
        #expect(rename(dir.path + "/other.json", path) == 0)
        #expect(try file.head() == original)
        let reader = try file.chunks()
        var streamed: [UInt8] = []
        var more = true
        var chunk: [UInt8] = []
        while more {
            (chunk, more) = try reader.read(after: [])
            streamed += chunk
        }
        #expect(streamed == original)
        #expect(reader.sha256() == SHA256.hex(original), "the digest is of the bytes read")
        #expect(try file.bytes() == original, "the strict reading starts again at the first byte")
        #expect(opens == 1)
        #expect(try FileSystem.read(path) == Array("[]".utf8))
    }

    @Test func aFileAboveTheLimitIsRefusedBeforeAnythingIsRead() throws {
        let dir = TempDirectory()
        let path = dir.write("release.json", [UInt8](repeating: 0x20, count: 11))
        #expect {
            _ = try ReleaseFile(path, limit: 10)
        } throws: { error in
            (error as? CatalogError)?.message == "is 11 bytes, above the limit of 10 bytes (maxInputBytes in catalog/catalog.json)"
        }
        #expect(throws: CatalogError.self) { _ = try ReleaseFile(dir.path, limit: 10) }
    }
}
