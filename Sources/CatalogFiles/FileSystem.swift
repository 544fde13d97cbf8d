import CSystem
import CatalogJSON
import CatalogModel
import Foundation

/// File operations with the guarantees the catalog promises: reads say which file is missing,
/// writes are atomic (temporary file in the same folder, fsync, rename, fsync of the folder).
public enum FileSystem {
    public static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Whether `path` itself (not what it points to) is a symbolic link.
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The whole file; `limit`: refused (65) when larger. Only a regular file (or a link to
    /// one) is read: a FIFO would block and a device never end.
    public static func read(_ path: String, limit: Int = .max) throws(CatalogError) -> [UInt8] {
        let (fd, info) = try openRegular(path)
        defer { close(fd) }
        return try read(fd, info: info, path: path, limit: limit)
    }

    /// The rest of the open file `fd` (`info`: its fstat), as `read(_:limit:)` reads it.
    public static func read(_ fd: Int32, info: stat, path: String, limit: Int) throws(CatalogError) -> [UInt8] {
        if Int(info.st_size) > limit {
            throw CatalogError(.dataError, "is \(info.st_size) bytes, above the limit of \(limit) bytes", .init(file: path))
        }
        // Read straight into an array of the file's size, not zeroed first; the end is found by a
        // read into a byte on the stack. A file that grows meanwhile is read on into a larger array
        // (never past one byte above the limit: that byte is enough to refuse the file).
        var out = try readFilling(fd, count: max(Int(info.st_size), 0), path: path)
        var probe: UInt8 = 0
        while try readSome(fd, into: &probe, count: 1, path: path) == 1 {
            out.append(probe)
            if out.count > limit { throw CatalogError(.dataError, "grew above the limit of \(limit) bytes while read", .init(file: path)) }
            let grow = min(max(4096, out.count / 2), limit - out.count + 1)
            out += try readFilling(fd, count: grow, path: path)
            if out.count > limit { throw CatalogError(.dataError, "grew above the limit of \(limit) bytes while read", .init(file: path)) }
        }
        return out
    }

    /// Up to `count` bytes of `fd`, fewer only at the end of the file.
    private static func readFilling(_ fd: Int32, count: Int, path: String) throws(CatalogError) -> [UInt8] {
        var failure: CatalogError?
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                do throws(CatalogError) {
                    let n = try readSome(fd, into: buffer.baseAddress! + filled, count: count - filled, path: path)
                    if n == 0 { return }
                    filled += n
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        return out
    }

    /// One `read` of at most `count` bytes into `buffer` (again when interrupted): how many it read.
    private static func readSome(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, path: String) throws(CatalogError) -> Int {
        while true {
            let n = Foundation.read(fd, buffer, count)
            if n >= 0 { return n }
            if errno != EINTR { throw CatalogError(.noInput, "read failed: \(String(cString: strerror(errno)))", .init(file: path)) }
        }
    }

    /// Opens `path` for reading when it is a regular file (following links): a missing file or
    /// a folder is missing input (66), a FIFO, device or socket bad input (65). Opened without
    /// blocking, so a FIFO nobody writes to is refused instead of waited on.
    /// `folder`, `name`: the file `name` of that open folder (`path` names it in messages).
    public static func openRegular(_ path: String, folder: Int32 = AT_FDCWD, name: String? = nil) throws(CatalogError) -> (fd: Int32, info: stat) {
        let fd = openat(folder, name ?? path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw CatalogError(.noInput, "no such file", .init(file: path)) }
            throw CatalogError(.noInput, "cannot read: \(String(cString: strerror(code)))", .init(file: path))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw CatalogError(.noInput, "cannot stat", .init(file: path))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // O_NONBLOCK does nothing to a regular file's reads: left set (no extra call per file).
            return (fd, info)
        case S_IFDIR:
            close(fd)
            throw CatalogError(.noInput, "is a folder, not a file", .init(file: path))
        default:
            close(fd)
            let kind = [S_IFIFO: "a FIFO", S_IFCHR: "a character device", S_IFBLK: "a block device", S_IFSOCK: "a socket"][info.st_mode & S_IFMT] ?? "a special file"
            throw CatalogError(.dataError, "is \(kind), not a regular file: not read", .init(file: path))
        }
    }

    public static func createDirectory(_ path: String) throws(CatalogError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CatalogError(.cannotWrite, "cannot create folder: \(error.localizedDescription)", .init(file: path))
        }
    }

    /// Names of the entries of a folder, sorted; empty when it does not exist.
    public static func list(_ path: String) -> [String] {
        names(in: path).sorted()
    }

    /// The names in a folder, in the order the file system gives them (none when it cannot be
    /// opened or read to the end, as `FileManager` gave none): a review folder of a million files
    /// is read in a fraction of a second, and a caller that wants a set skips the sort.
    public static func names(in path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else { break }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return errno == 0 ? names : []
    }

    /// Size, modification time (ns) and inode: changes whenever a file is replaced or edited.
    public static func signature(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return signature(info)
    }

    /// The clock file times are compared with, in nanoseconds.
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// `signature` and the ctime (`FileStamp.settled`), or `.racy` when the file changed less
    /// than a second before `now`: file times are kept at a coarse grain, so a second change in
    /// the same tick would leave the same signature (git's "racy clean" problem). A racy stamp
    /// never matches: the file is looked at again next time. Nil when there is no file.
    public static func stamp(_ path: String, now: Int64) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return stamp(info, now: now)
    }

    /// The signature with the change time (ctime) too: an edit that keeps the size and puts the
    /// mtime back (`touch -r`) still moves the ctime, which no user call can set (issue 16).
    public static func stamp(_ info: stat, now: Int64) -> FileStamp {
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let ctime = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        return now - max(mtime, ctime) < FileStamp.racyWindow ? .racy : .settled(decimals(Int64(info.st_size), mtime, UInt64(info.st_ino), ctime: ctime))
    }

    public static func signature(_ info: stat) -> String {
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return decimals(Int64(info.st_size), mtime, UInt64(info.st_ino))
    }

    /// `"\(size):\(mtime):\(inode)"` (and `:\(ctime)` for a stamp), written digit by digit: a build stamps every review file,
    /// and the interpolation cost more than the stat (measured: 3.7k instructions a stamp).
    static func decimals(_ size: Int64, _ mtime: Int64, _ inode: UInt64, ctime: Int64? = nil) -> String {
        String(unsafeUninitializedCapacity: 96) { out in
            var n = 0
            func append(_ magnitude: UInt64, negative: Bool) {
                if negative { out[n] = 0x2D; n += 1 }
                var v = magnitude
                let start = n
                repeat {
                    out[n] = 0x30 + UInt8(v % 10)
                    v /= 10
                    n += 1
                } while v > 0
                out[start..<n].reverse()
            }
            append(size.magnitude, negative: size < 0)
            out[n] = 0x3A; n += 1
            append(mtime.magnitude, negative: mtime < 0)
            out[n] = 0x3A; n += 1
            append(inode, negative: false)
            if let ctime {
                out[n] = 0x3A; n += 1
                append(ctime.magnitude, negative: ctime < 0)
            }
            return n
        }
    }
}

/// What a file's metadata said when it was looked at: its signature with the ctime, or that it
/// changed too recently for the signature to be trusted (`FileSystem.stamp`).
public enum FileStamp: Hashable, Sendable {
    case settled(String)
    case racy

    /// How long after a file's last change its stamp is racy (ns): a second, the coarsest grain
    /// file systems keep times at.
    public static let racyWindow: Int64 = 1_000_000_000

    /// Whether the file is as it was when `earlier` was taken: never when either is racy.
    public func matches(_ earlier: FileStamp?) -> Bool {
        if case .settled(let now) = self, case .settled(let then)? = earlier { return now == then }
        return false
    }

    /// As the index stores it: the signature, or the word `racy`.
    public var stored: String {
        switch self {
        case .settled(let text): return text
        case .racy: return "racy"
        }
    }

    public init(stored: String) {
        self = stored == "racy" ? .racy : .settled(stored)
    }
}
