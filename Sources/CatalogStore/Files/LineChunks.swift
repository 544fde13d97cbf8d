import CatalogFiles
import CatalogModel
import Foundation

/// The lines of a file a chunk at a time, in time linear in its size however long a line is
/// (issue 35): the bytes after a chunk's last newline are carried into the next chunk and
/// searched for a newline once, not again with every chunk read, and a line longer than
/// `maxLine` bytes is an error naming the file and the line after at most `maxLine + 1` of its
/// bytes were read (a line without end used to be copied and searched whole for each chunk:
/// 400 MB of zeros took 16.7 s, 3 GB never ended). Snapshot walks and imports read this way.
public struct LineChunks {
    /// Whole lines of the file in one array.
    public struct Chunk: Sendable {
        public let bytes: [UInt8]
        /// Its non-empty lines (newline excluded) and their numbers in the file, from 1.
        public let lines: [(range: Range<Int>, number: Int)]
        /// The file offset of `bytes[0]`.
        public let offset: Int
    }

    public let reader: ChunkReader
    /// The file as errors name it.
    public let file: String
    public let maxLine: Int
    private var buffer: [UInt8] = []
    /// Where the first line not yet given out starts in `buffer`, and how far from there
    /// `buffer` is known to hold no newline.
    private var start = 0
    private var scanned = 0
    /// The file offset of `buffer[0]`.
    private var base = 0
    /// Lines given out or skipped (empty) so far.
    public private(set) var lineNumber = 0
    private var more = true
    /// Bytes searched for a newline and bytes carried into a next chunk: what reading costs,
    /// linear in the file's size (a test holds it to that).
    public private(set) var examined = 0

    public init(reader: ChunkReader, file: String, maxLine: Int) {
        self.reader = reader
        self.file = file
        self.maxLine = maxLine
    }

    /// The next chunk with at least one whole line (the last line may lack its newline); nil
    /// at the end of the file.
    public mutating func next() throws(CatalogError) -> Chunk? {
        while true {
            let lines = wholeLines()
            if !lines.isEmpty { return Chunk(bytes: buffer, lines: lines, offset: base) }
            if buffer.count - start > maxLine {
                throw CatalogError(.dataError, "a line longer than \(maxLine) bytes, the most a record's line may hold",
                                   .init(file: file, line: lineNumber + 1))
            }
            guard more else { return nil }
            // Only the unfinished line is carried over, and no more of it is read than the limit allows.
            let tail = buffer.count - start
            examined += tail
            base += start
            scanned -= start
            (buffer, more) = try reader.read(after: buffer[start...], limit: maxLine + 1 - tail)
            start = 0
        }
    }

    /// The lines of `buffer` from `start` that end in it (all of it at the end of the file).
    private mutating func wholeLines() -> [(range: Range<Int>, number: Int)] {
        var lines: [(range: Range<Int>, number: Int)] = []
        buffer.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            // Newline to newline by memchr, from where the last search stopped.
            while scanned < all.count, let hit = memchr(base + scanned, 0x0A, all.count - scanned) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                examined += i + 1 - scanned
                lineNumber += 1
                if i > start { lines.append((start..<i, lineNumber)) }
                start = i + 1
                scanned = start
            }
            examined += all.count - scanned
            scanned = all.count
            if !more && start < all.count {
                lineNumber += 1
                lines.append((start..<all.count, lineNumber))
                start = all.count
            }
        }
        return lines
    }
}
