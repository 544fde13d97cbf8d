import CSystem
import CatalogFiles
import CatalogModel
import Foundation

extension FileSystem {
    /// A folder held open, so that its files are looked up, read and replaced by name alone, not
    /// by a path walked from the root each time (a build stamps every review file of the catalog,
    /// a bulk review writes one for every record). Opened for writing it is never a symbolic
    /// link, and what is done through it stays inside the folder that was opened.
    public final class Folder: Sendable {
        package let fd: Int32
        /// The folder as named when opened (for messages: a file is `path/name`).
        public let path: String

        public init?(_ path: String) {
            fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            self.path = path
            guard fd >= 0 else { return nil }
        }

        /// The folder at `path` to write in, made when missing; refused (73) when it cannot be
        /// opened, or when `path` itself is a symbolic link (callers that say more look first).
        public init(writing path: String) throws(CatalogError) {
            try FileSystem.createDirectory(path)
            fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            self.path = path
            guard fd >= 0 else { throw CatalogError(.cannotWrite, "cannot open the folder: \(String(cString: strerror(errno)))", .init(file: path)) }
        }

        deinit { close(fd) }

        /// What the entry `name` is, itself (a link is not followed).
        public enum Kind: Sendable { case missing, regular, link, other }

        public func kind(_ name: String) -> Kind {
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT ? .missing : .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .regular
            case S_IFLNK: return .link
            default: return .other
            }
        }

        /// `FileSystem.stamp` of the file `name` in this folder.
        public func stamp(_ name: String, now: Int64) -> FileStamp? {
            var info = stat()
            guard fstatat(fd, name, &info, 0) == 0 else { return nil }
            return FileSystem.stamp(info, now: now)
        }

        /// The file `name` as `FileSystem.read` reads a path: errors name `path/name`.
        public func read(_ name: String, limit: Int = .max) throws(CatalogError) -> [UInt8] {
            let file = path + "/" + name
            let (fd, info) = try FileSystem.openRegular(file, folder: fd, name: name)
            defer { close(fd) }
            return try FileSystem.read(fd, info: info, path: file, limit: limit)
        }

        /// The regular file `name` (not through a link), with its stamp taken before it was read
        /// (a change in between shows as another stamp next time); nil when there is none, or it
        /// is larger than `limit`.
        /// Its access time is left alone where the process owns it (a bulk review reads back every
        /// file it wrote: none of them is dirtied again by the read).
        public func readStamped(_ name: String, now: Int64, limit: Int) -> (stamp: FileStamp, bytes: [UInt8])? {
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
            var file = openat(fd, name, flags | catalog_open_no_access_time)
            if file < 0 && errno == EPERM { file = openat(fd, name, flags) }
            guard file >= 0 else { return nil }
            defer { close(file) }
            var info = stat()
            guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit,
                  let bytes = try? FileSystem.read(file, info: info, path: path + "/" + name, limit: limit) else { return nil }
            return (FileSystem.stamp(info, now: now), bytes)
        }
    }
}
