import CatalogFileWrites
import CatalogFiles
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Files of any size read a chunk at a time and written a piece at a time, with their SHA-256.
@Suite struct FileStreamsTests {
    /// Every byte once, in order, whatever the caller keeps of each chunk, and the running digest
    /// is the file's.
    @Test(arguments: [0, 1, 4095, 256 << 10, (4 << 20) + 3, 9 << 20])
    func chunksGiveTheWholeFileAndItsDigest(size: Int) throws {
        let dir = TempDirectory()
        var generator = SeededGenerator(seed: UInt64(size))
        let content = generator.bytes(size)
        let path = dir.write("data", content)
        let reader = try ChunkReader(path)
        var seen: [UInt8] = []
        var buffer: [UInt8] = []
        var kept = 0
        var more = true
        while more {
            (buffer, more) = try reader.read(after: buffer[(buffer.count - kept)...])
            #expect(buffer.count <= ChunkReader.largestChunk + kept)
            // Keep an odd tail of each chunk for the next one, as a splitter keeps a partial element.
            kept = more ? min(buffer.count, 17) : 0
            seen += buffer[..<(buffer.count - kept)]
        }
        #expect(seen == content)
        #expect(reader.bytesRead == size)
        #expect(reader.sha256() == SHA256.hex(content))
        let digest = try ChunkReader.digest(path)
        #expect(digest.sha256 == SHA256.hex(content) && digest.bytes == size)
    }

    @Test func aStagedFileIsWrittenReadBackAndKeptOnlyWhenAskedTo() throws {
        let dir = TempDirectory()
        let target = dir.path + "/snapshot.jsonl"
        let lines = (0..<2000).map { Array("{\"id\":\"\($0)\",\"name\":\"line \($0)\"}\n".utf8) }
        let staged = try StagedFile(target)
        var offsets: [Int] = []
        for line in lines { offsets.append(try staged.append(line)) }
        #expect(staged.count == lines.reduce(0) { $0 + $1.count })
        for i in [0, 1, 999, 1999] { #expect(Array(try staged.read(offset: offsets[i], count: lines[i].count)) == lines[i]) }
        let sha = try staged.finish()
        #expect(sha == SHA256.hex(lines.flatMap { $0 }))
        #expect(!FileSystem.exists(target))
        let temp = staged.keep()
        #expect(rename(temp, target) == 0)

        let file = try LineFile(target)
        #expect(try file.line(offset: offsets[1234], count: lines[1234].count) == lines[1234])
        #expect(try file.bytes(offset: offsets[1999], upTo: 1 << 20) == lines[1999])

        // One not kept is removed when it goes away: nothing is left beside the target.
        do {
            let dropped = try StagedFile(target)
            _ = try dropped.append(Array("half".utf8))
        }
        #expect(FileSystem.list(dir.path) == ["snapshot.jsonl"])
    }
}
