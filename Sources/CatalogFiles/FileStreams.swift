import CSystem
import CatalogModel
import Foundation

/// Reads a file a chunk at a time, hashing what it reads: how imports and index refreshes read
/// inputs and snapshots of any size in bounded memory.
public final class ChunkReader {
    public let path: String
    private let fd: Int32
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
        // A small file is read in one chunk of its size (a 4 MB buffer costs page faults).
        chunkSize = min(Self.largestChunk, max(4096, Int(info.st_size) + 1))
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    deinit { close(fd) }

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

/// Writes a new file beside its target a piece at a time (tracking offsets and the SHA-256),
/// then fsyncs it for an atomic rename: the streaming form of `FileSystem.stage`.
public final class StagedFile {
    public let target: String
    public let temp: String
    private let fd: Int32
    private let hasher = SHA256.Hasher()
    private var buffer: [UInt8] = []
    public private(set) var count = 0
    private var done = false
    /// How many of the bytes handed to the kernel it was asked to start writing to disk.
    private var writingBack = 0
    /// Writing back is started every so many bytes: the final fsync of a 650 MB snapshot then
    /// waits for the last few megabytes instead of all of them (0.3 s at the end of an import).
    private static let writebackStep = 8 << 20

    public init(_ target: String, mode: mode_t = 0o644) throws(CatalogError) {
        self.target = target
        let directory = (target as NSString).deletingLastPathComponent
        try FileSystem.createDirectory(directory.isEmpty ? "." : directory)
        temp = (directory.isEmpty ? "." : directory) + "/.\((target as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        fd = open(temp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(errno)))", .init(file: target)) }
    }

    deinit {
        close(fd)
        if !done { unlink(temp) }
    }

    /// Appends bytes; returns the offset they start at.
    @discardableResult
    public func append(_ bytes: [UInt8]) throws(CatalogError) -> Int {
        try bytes.withUnsafeBufferPointer { (bytes) throws(CatalogError) -> Int in try append(bytes) }
    }

    @discardableResult
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> Int {
        let offset = count
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
        return offset
    }

    private func flush() throws(CatalogError) {
        let failure = buffer.withUnsafeBytes { raw in
            hasher.update(raw)
            return FileSystem.writeAll(fd, raw)
        }
        buffer.removeAll(keepingCapacity: true)
        if failure != 0 { throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(failure)))", .init(file: target)) }
        if count - writingBack >= Self.writebackStep {
            // Only a head start: fsync in `finish` still decides (a failure here is not reported).
            _ = catalog_start_writeback(fd, off_t(writingBack), off_t(count - writingBack))
            writingBack = count
        }
    }

    private var window: [UInt8] = []
    private var windowStart = 0

    /// Reads back `count` bytes at `offset`: lines written earlier in the run. Reads in order
    /// (the usual case: releases come sorted by id) are served from a window of a few megabytes.
    public func read(offset: Int, count: Int) throws(CatalogError) -> ArraySlice<UInt8> {
        if offset >= windowStart && offset + count <= windowStart + window.count {
            return window[(offset - windowStart)..<(offset - windowStart + count)]
        }
        try flush()
        // Reading on from the window (in order, perhaps past a few bytes): slide it forward.
        if offset >= windowStart && offset <= windowStart + window.count + (64 << 10) {
            window = try FileSystem.pread(fd, offset: offset, count: max(count, min(4 << 20, self.count - offset)), path: temp)
            windowStart = offset
            return window[0..<count]
        }
        return try FileSystem.pread(fd, offset: offset, count: count, path: temp)[...]
    }

    /// Size, mtime and inode, as `FileSystem.signature` gives them after the rename.
    public func signature() -> String? { FileSystem.signature(fd: fd) }

    /// Flushes, fsyncs (unless the caller flushes many files at once) and returns the SHA-256;
    /// the file stays at `temp` until `keep()`.
    public func finish(sync: Bool = true) throws(CatalogError) -> String {
        try flush()
        guard !sync || fsync(fd) == 0 else { throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(errno)))", .init(file: target)) }
        return hasher.finishHex()
    }

    /// Hands the finished file over to the caller (who renames it); it is no longer removed.
    public func keep() -> String {
        done = true
        return temp
    }
}

extension FileSystem {
    /// The first chunk of a file (all of it when small): enough to tell its format.
    public static func readHead(_ path: String) throws(CatalogError) -> [UInt8] {
        try ChunkReader(path, hashing: false).read(after: []).bytes
    }

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
