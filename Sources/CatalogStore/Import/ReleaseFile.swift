import CatalogFiles
import CatalogModel
import Foundation

/// An import's input file, opened once: its size is checked on the open descriptor, its head is
/// peeked from it, and it is streamed or read whole from it, so that every step reads the same
/// file, and the digest recorded is of the bytes read, even when the path is replaced meanwhile.
public final class ReleaseFile: @unchecked Sendable {
    /// The path as opened (what errors name).
    public let path: String
    /// The most bytes it may hold (`maxInputBytes`).
    public let limit: Int
    let fd: Int32
    let info: stat

    /// How a release is opened: `FileSystem.openRegular`, or a test's opener (to count opens).
    public typealias Opener = (String) throws(CatalogError) -> (fd: Int32, info: stat)

    /// Opens `path`; refuses (65) a file that is not regular or holds more than `limit` bytes,
    /// before anything of it is read.
    public init(_ path: String, limit: Int, open: Opener = { path throws(CatalogError) in try FileSystem.openRegular(path) }) throws(CatalogError) {
        let (fd, info) = try open(path)
        if Int(info.st_size) > limit {
            close(fd)
            throw CatalogError(.dataError, "is \(info.st_size) bytes, above the limit of \(limit) bytes (maxInputBytes in catalog/catalog.json)", .init(file: path))
        }
        self.path = path
        self.limit = limit
        self.fd = fd
        self.info = info
    }

    deinit { close(fd) }

    /// The first chunk (all of the file when small): enough to tell its format. Read at its
    /// offset, so a stream still starts at the beginning.
    public func head() throws(CatalogError) -> [UInt8] {
        try FileSystem.pread(fd, offset: 0, count: ChunkReader.chunkSize(size: Int(info.st_size)), path: path, orEnd: true)
    }

    /// A reader of the file from its start, hashing what it reads.
    public func chunks() throws(CatalogError) -> ChunkReader {
        try rewind()
        return ChunkReader(borrowing: fd, path: path, size: Int(info.st_size), owner: self)
    }

    /// The whole file, from its start (never more than one byte above `limit`).
    public func bytes() throws(CatalogError) -> [UInt8] {
        try rewind()
        return try FileSystem.read(fd, info: info, path: path, limit: limit)
    }

    private func rewind() throws(CatalogError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(errno)))", .init(file: path)) }
    }
}
