import CatalogFiles
import CatalogModel
import Dispatch
import Foundation

/// Compares a file with expected bytes a chunk at a time (the file was hashed before: the
/// digests are taken before any content is read), through one buffer used again and again.
final class ByteMatcher {
    let path: String
    private let reader: ChunkReader
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    /// The chunk being compared, and the next byte of it to compare.
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var position = 0
    /// The file offset of the next byte to compare.
    private(set) var offset = 0

    init(_ path: String) throws(CatalogError) {
        self.path = path
        reader = try ChunkReader(path, hashing: false)
    }

    deinit { buffer.deallocate() }

    /// Reads the next chunk; false at the end.
    private func next() throws(CatalogError) -> Bool {
        let n = try reader.next(into: buffer)
        chunk = UnsafeRawBufferPointer(rebasing: buffer[..<n])
        position = 0
        return n > 0
    }

    /// Compares the file's next bytes with `expected` and moves past them: nil when they are
    /// equal, else the index of the first byte that differs (or is missing).
    func match(_ expected: [UInt8]) throws(CatalogError) -> Int? { try match(expected[...]) }

    func match(_ expected: ArraySlice<UInt8>) throws(CatalogError) -> Int? {
        try expected.withUnsafeBufferPointer { (want) throws(CatalogError) -> Int? in
            var i = 0
            while i < want.count {
                guard try fill() else { return i }
                let n = min(want.count - i, chunk.count - position)
                if memcmp(chunk.baseAddress! + position, want.baseAddress! + i, n) != 0 {
                    var k = 0
                    while chunk[position + k] == want[i + k] { k += 1 }
                    return i + k
                }
                i += n
                position += n
                offset += n
            }
            return nil
        }
    }

    /// The first byte at or after file offset `at` that is not JSON whitespace; nil at the end.
    func nextNonSpace(at: Int) throws(CatalogError) -> UInt8? {
        try LineFile(path).bytes(offset: at, upTo: 4096).first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    }

    func atEnd() throws(CatalogError) -> Bool { try !fill() }

    /// Makes sure a byte is buffered; false at the end of the file.
    private func fill() throws(CatalogError) -> Bool {
        if position < chunk.count { return true }
        return try next()
    }
}
