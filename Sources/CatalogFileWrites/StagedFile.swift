import CSystem
import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation

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
