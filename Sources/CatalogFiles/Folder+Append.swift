import CSystem
import CatalogModel
import Foundation

extension FileSystem.Folder {
    /// Appends `bytes` (whole lines) to the file `name` in this folder, made when missing, never
    /// through a link. A last line a crash left without its line feed was never acknowledged:
    /// it is cut off first, so a new line never runs on from a torn one. `sync`: fsync the file
    /// (else the caller flushes many at once with `flushFileSystem`).
    public func append(_ name: String, _ bytes: [UInt8], sync: Bool) throws(CatalogError) {
        let fd = openat(self.fd, name, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(name, "cannot open for appending") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw failure(name, "is not a regular file") }
        if info.st_size > 0 { try cutTornLine(fd, size: Int(info.st_size), name: name) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure(name, "cannot append") }
            offset += n
        }
        if sync { guard fsync(fd) == 0 else { throw failure(name, "cannot flush") } }
    }

    /// Truncates the file after its last line feed when it does not end in one.
    private func cutTornLine(_ fd: Int32, size: Int, name: String) throws(CatalogError) {
        var last: UInt8 = 0
        guard pread(fd, &last, 1, off_t(size - 1)) == 1 else { throw failure(name, "cannot read") }
        guard last != 0x0A else { return }
        var end = size - 1
        var chunk = [UInt8](repeating: 0, count: 4096)
        while end > 0 {
            let start = max(0, end - chunk.count)
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, end - start, off_t(start)) }
            guard n == end - start else { throw failure(name, "cannot read") }
            if let i = chunk[0..<n].lastIndex(of: 0x0A) {
                end = start + i + 1
                break
            }
            end = start
        }
        guard ftruncate(fd, off_t(end)) == 0 else { throw failure(name, "cannot cut a torn last line") }
    }

    /// Flushes every dirty page of this folder's file system (syncfs), else fsyncs `names`.
    public func flushFileSystem(_ names: [String]) {
        if catalog_sync_file_system(fd) == 0 { return }
        for name in names {
            let file = openat(fd, name, O_RDONLY | O_CLOEXEC)
            if file >= 0 { fsync(file); close(file) }
        }
    }

    private func failure(_ name: String, _ what: String) -> CatalogError {
        CatalogError(.cannotWrite, "\(what): \(String(cString: strerror(errno)))", .init(file: path + "/" + name))
    }
}
