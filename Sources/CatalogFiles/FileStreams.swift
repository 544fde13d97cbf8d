import CatalogCore
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
    private var chunkSize = largestChunk

    /// `hashing`: keep the running SHA-256 (`sha256()`); off for a reader that only compares.
    public init(_ path: String, hashing: Bool = true) throws(CatalogError) {
        self.path = path
        self.hashing = hashing
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw CatalogError(.noInput, "no such file", .init(file: path)) }
            throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(code)))", .init(file: path))
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw CatalogError(.noInput, "is a folder, not a file", .init(file: path))
        }
        // A small file is read in one chunk of its size (a 4 MB buffer costs page faults).
        chunkSize = min(Self.largestChunk, max(4096, Int(info.st_size) + 1))
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    deinit { close(fd) }

    private var chunk: [UInt8] = []

    /// Appends up to one chunk to `buffer`; false at the end of the file.
    public func read(into buffer: inout [UInt8]) throws(CatalogError) -> Bool {
        let n = try next()
        buffer.append(contentsOf: chunk[0..<n])
        return n > 0
    }

    /// Reads (and hashes) up to one chunk into the reader's own buffer; how many bytes.
    private func next() throws(CatalogError) -> Int {
        guard !atEnd else { return 0 }
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: chunkSize) }
        var n = 0
        var failure: Int32 = 0
        chunk.withUnsafeMutableBytes { raw in
            while true {
                let r = Foundation.read(fd, raw.baseAddress!, raw.count)
                if r < 0 && errno == EINTR { continue }
                if r < 0 { failure = errno } else { n = r }
                break
            }
            if hashing { hasher.update(UnsafeRawBufferPointer(rebasing: raw[0..<max(n, 0)])) }
        }
        if failure != 0 { throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(failure)))", .init(file: path)) }
        bytesRead += n
        if n == 0 { atEnd = true }
        return n
    }

    /// The SHA-256 of everything read; call once, at the end.
    public func sha256() -> String { hasher.finishHex() }

    /// The SHA-256 and size of a whole file, read a chunk at a time.
    /// Nothing is copied out of the reader, whose chunk is at most 256 kB here (a fresh
    /// buffer's pages cost a fault each: 2-3 ms for a 1.8 MB file read whole, measured).
    public static func digest(_ path: String) throws(CatalogError) -> (sha256: String, bytes: Int) {
        let reader = try ChunkReader(path)
        reader.chunkSize = min(reader.chunkSize, 256 << 10)
        while try reader.next() > 0 {}
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
        var failure: Int32 = 0
        buffer.withUnsafeBytes { raw in
            hasher.update(raw)
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if failure != 0 { throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(failure)))", .init(file: target)) }
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
        let reader = try ChunkReader(path, hashing: false)
        var head: [UInt8] = []
        _ = try reader.read(into: &head)
        return head
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
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(errno)))", .init(file: path)) }
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
