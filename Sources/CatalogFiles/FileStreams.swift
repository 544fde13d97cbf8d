import CSystem
import CatalogModel
import Foundation

/// Reads a file a chunk at a time, hashing what it reads: how imports and index refreshes read
/// inputs and snapshots of any size in bounded memory.
public final class ChunkReader {
    public let path: String
    private let fd: Int32
    /// What owns the descriptor this reads (kept alive; this does not close it); nil: opened here.
    private let owner: AnyObject?
    private let hasher = SHA256.Hasher()
    private let hashing: Bool
    public private(set) var bytesRead = 0
    public private(set) var atEnd = false
    public static let largestChunk = 4 << 20
    private let chunkSize: Int

    /// `hashing`: keep the running SHA-256 (`sha256()`); off for a reader that only compares.
    public init(_ path: String, hashing: Bool = true) throws(CatalogError) {
        self.path = path
        self.hashing = hashing
        let info: stat
        (fd, info) = try FileSystem.openRegular(path)
        owner = nil
        chunkSize = Self.chunkSize(size: Int(info.st_size))
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    /// Reads a descriptor `owner` holds open, from where it is (`ReleaseFile.chunks`), hashing.
    public init(borrowing fd: Int32, path: String, size: Int, owner: AnyObject) {
        self.path = path
        hashing = true
        self.fd = fd
        self.owner = owner
        chunkSize = Self.chunkSize(size: size)
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    deinit { if owner == nil { close(fd) } }

    /// A small file is read in one chunk of its size (a 4 MB buffer costs page faults).
    public static func chunkSize(size: Int) -> Int {
        min(largestChunk, max(4096, size + 1))
    }

    /// `tail` (what the caller has not used of the last chunk) followed by up to one chunk of the
    /// file (and no more than `limit` bytes), read straight into a new array: an array handed to
    /// other threads is never written again, and no byte is copied but the tail. `more` is false
    /// at the end of the file.
    public func read(after tail: ArraySlice<UInt8>, limit: Int = .max) throws(CatalogError) -> (bytes: [UInt8], more: Bool) {
        var failure: CatalogError?
        var n = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: tail.count + (atEnd ? 0 : min(chunkSize, max(1, limit)))) { buffer, initialized in
            _ = buffer.initialize(from: tail)
            do throws(CatalogError) { n = try next(into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[tail.count...]))) } catch { failure = error }
            initialized = tail.count + n
        }
        if let failure { throw failure }
        return (bytes, n > 0)
    }

    /// Reads (and hashes) up to `space.count` bytes into `space`; how many (0 at the end): for
    /// a reader that keeps its own buffers.
    public func next(into space: UnsafeMutableRawBufferPointer) throws(CatalogError) -> Int {
        guard !atEnd, space.count > 0 else { return 0 }
        var n = 0
        while true {
            let r = Foundation.read(fd, space.baseAddress!, space.count)
            if r < 0 && errno == EINTR { continue }
            if r < 0 { throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(errno)))", .init(file: path)) }
            n = r
            break
        }
        if hashing { hasher.update(UnsafeRawBufferPointer(rebasing: space[0..<n])) }
        bytesRead += n
        if n == 0 { atEnd = true }
        return n
    }

    /// The SHA-256 of everything read; call once, at the end.
    public func sha256() -> String { hasher.finishHex() }

    /// The SHA-256 and size of a whole file, read a chunk at a time; never more than `limit` + 1
    /// bytes of it (a size above `limit` is then the file's: it holds more than expected, and no
    /// more of it is read, however long it is or grows).
    /// Nothing is copied out of the reader, whose chunk is at most 256 kB here (a fresh
    /// buffer's pages cost a fault each: 2-3 ms for a 1.8 MB file read whole, measured).
    public static func digest(_ path: String, limit: Int = .max) throws(CatalogError) -> (sha256: String, bytes: Int) {
        let reader = try ChunkReader(path)
        let space = UnsafeMutableRawBufferPointer.allocate(byteCount: min(reader.chunkSize, 256 << 10), alignment: 16)
        defer { space.deallocate() }
        let most = limit < .max ? limit + 1 : limit
        while reader.bytesRead < most {
            let room = UnsafeMutableRawBufferPointer(rebasing: space[..<min(space.count, most - reader.bytesRead)])
            if try reader.next(into: room) == 0 { break }
        }
        return (reader.sha256(), reader.bytesRead)
    }
}

extension FileSystem {
    /// `count` bytes at `offset` of an open file (with `orEnd`, fewer where the file ends).
    public static func pread(_ fd: Int32, offset: Int, count: Int, path: String, orEnd: Bool = false) throws(CatalogError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        var failure: Int32 = 0
        out.withUnsafeMutableBytes { raw in
            while got < count {
                let n = Foundation.pread(fd, raw.baseAddress! + got, count - got, off_t(offset + got))
                if n < 0 && errno == EINTR { continue }
                if n == 0 && orEnd { break }
                if n <= 0 { failure = n < 0 ? errno : EIO; return }
                got += n
            }
        }
        if failure != 0 { throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(failure)))", .init(file: path)) }
        if got < count { out.removeSubrange(got...) }
        return out
    }

    /// Size, mtime and inode of an open file, in the form of `signature(_:)`.
    public static func signature(fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return signature(info)
    }
}

/// Reads lines of a file by offset (index rows point into the snapshot this way).
public final class LineFile: @unchecked Sendable {
    public let path: String
    let fd: Int32

    public init(_ path: String) throws(CatalogError) {
        self.path = path
        fd = try FileSystem.openRegular(path).fd
    }

    deinit { close(fd) }

    public func line(offset: Int, count: Int) throws(CatalogError) -> [UInt8] {
        try FileSystem.pread(fd, offset: offset, count: count, path: path)
    }

    /// Up to `count` bytes at `offset`: fewer where the file ends.
    public func bytes(offset: Int, upTo count: Int) throws(CatalogError) -> [UInt8] {
        try FileSystem.pread(fd, offset: offset, count: count, path: path, orEnd: true)
    }
}
