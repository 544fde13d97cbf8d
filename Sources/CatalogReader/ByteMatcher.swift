import CatalogFiles
import CatalogModel
import Dispatch
import Foundation

/// Compares a file with expected bytes a chunk at a time, and hashes it as it goes: each chunk
/// read is hashed on a thread of its own, in order, beside the comparison. The chunks are a
/// few buffers used in turn (a buffer is read into again once its hash is done), so the file
/// passes through the same memory, and no page of it is fresh.
final class ByteMatcher {
    let path: String
    private let reader: ChunkReader
    private let hashing = (hasher: ChunkHasher(), worker: SerialWorker<Never>(label: "catalog.verify.hash", depth: 4))
    private let ring = ChunkRing(count: 6, size: 1 << 20)
    /// The chunk being compared, and the next byte of it to compare.
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var position = 0
    private var used = 0
    /// The file offset of the next byte to compare.
    private(set) var offset = 0

    init(_ path: String) throws(CatalogError) {
        self.path = path
        reader = try ChunkReader(path, hashing: false)
    }

    /// Reads the rest of the file; the SHA-256 and size of all of it.
    func digest() throws(CatalogError) -> (sha256: String, bytes: Int) {
        while try next() {}
        hashing.worker.drain()
        return (hashing.hasher.hasher.finishHex(), reader.bytesRead)
    }

    /// Reads the next chunk into the next buffer free of hashing, and hands it to the hasher;
    /// false at the end.
    private func next() throws(CatalogError) -> Bool {
        let buffer = ring.take(used)
        used += 1
        let n = try reader.next(into: buffer)
        chunk = UnsafeRawBufferPointer(rebasing: buffer[..<n])
        position = 0
        guard n > 0 else {
            ring.give()
            return false
        }
        let (hasher, ring, read) = (hashing.hasher, ring, SendableRawBuffer(chunk))
        hashing.worker.submit {
            hasher.hasher.update(read.bytes)
            ring.give()
        }
        return true
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

/// Buffers used in turn by one reader while a hasher reads the ones filled before: `take`
/// waits until the buffer's last use is hashed (`give`, one for each `take`).
final class ChunkRing: @unchecked Sendable {
    private let buffers: [UnsafeMutableRawBufferPointer]
    private let free: DispatchSemaphore

    init(count: Int, size: Int) {
        buffers = (0..<count).map { _ in .allocate(byteCount: size, alignment: 64) }
        // One fewer than there are: the one read into last is never handed out again at once.
        free = DispatchSemaphore(value: count - 1)
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

    /// Buffer number `use` (counting every take), once the hasher is done with it.
    func take(_ use: Int) -> UnsafeMutableRawBufferPointer {
        free.wait()
        return buffers[use % buffers.count]
    }

    func give() { free.signal() }
}

/// A chunk of a ring's buffer handed to the hasher, which alone reads it until it gives it back.
struct SendableRawBuffer: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
}

/// A hasher used by one thread at a time (a `SerialWorker`'s), handed there.
final class ChunkHasher: @unchecked Sendable {
    let hasher = SHA256.Hasher()
}
