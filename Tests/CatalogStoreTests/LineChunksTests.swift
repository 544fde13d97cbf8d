import CatalogFiles
import CatalogStore
import CatalogModel
import Foundation
import Testing
import TestSupport

/// Lines read a chunk at a time in linear time, each held to a limit (issue 35, finding 13).
/// Costs are counted in bytes (read, searched, carried over), never timed.
@Suite struct LineChunksTests {
    func all(_ path: String, maxLine: Int) throws -> (lines: [String], chunks: LineChunks) {
        var chunks = LineChunks(reader: try ChunkReader(path, hashing: false), file: "f.jsonl", maxLine: maxLine)
        var lines: [String] = []
        while let chunk = try chunks.next() {
            for (range, _) in chunk.lines {
                lines.append(String(decoding: chunk.bytes[range], as: UTF8.self))
            }
        }
        return (lines, chunks)
    }

    /// A line one byte over the limit after a good one: an error naming the file and line 2,
    /// after reading no more than the good line and limit + 1 bytes of the bad one, however
    /// long it goes on (a line without end used to be read whole, copied for every chunk).
    @Test func aLineOverTheLimitStopsAfterLimitPlusOneOfItsBytes() throws {
        let dir = TempDirectory()
        let path = dir.write("f.jsonl", Array("{\"id\":\"1\"}\n".utf8) + [UInt8](repeating: 0x30, count: 3 << 20))
        var chunks = LineChunks(reader: try ChunkReader(path, hashing: false), file: "f.jsonl", maxLine: 1_000)
        var first: [Int] = []
        #expect {
            while let chunk = try chunks.next() { first += chunk.lines.map(\.number) }
        } throws: { error in
            let e = error as? CatalogError
            return e?.location.file == "f.jsonl" && e?.location.line == 2 && e?.message == "a line longer than 1000 bytes, the most a record's line may hold"
        }
        #expect(first == [1])
        #expect(chunks.reader.bytesRead <= 11 + 1_001, "\(chunks.reader.bytesRead)")
        // At the limit a line reads, and so does a last line without its newline.
        let exact = dir.write("g.jsonl", String(repeating: "x", count: 1_000) + "\n\n" + String(repeating: "y", count: 1_000))
        let read = try all(exact, maxLine: 1_000)
        #expect(read.lines == [String(repeating: "x", count: 1_000), String(repeating: "y", count: 1_000)])
    }

    /// Every byte is searched for a newline once and carried over at most once or twice,
    /// whatever the lines' lengths against the reads: linear (the old reader searched an
    /// unfinished line again after every read, and copied it whole each time).
    @Test func bytesAreExaminedALinearNumberOfTimes() throws {
        let dir = TempDirectory()
        var text = ""
        for i in 0..<400 { text += String(repeating: Character(UnicodeScalar(UInt8(0x61 + i % 26))), count: 500 + (i * 7919) % 9_000) + "\n" }
        let path = dir.write("f.jsonl", text)
        let read = try all(path, maxLine: 10_000)
        #expect(read.lines.count == 400)
        #expect(read.lines.joined(separator: "\n") + "\n" == text)
        #expect(read.chunks.examined <= 3 * text.utf8.count, "\(read.chunks.examined) bytes examined for \(text.utf8.count)")
    }
}
