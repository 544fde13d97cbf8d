import CSystem
import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation
import Synchronization

extension FileSystem.Folder {
    /// Replaces each file `name` with its bytes, each atomically (see `write(_:)`).
    public func replace(_ files: [(name: String, bytes: [UInt8])]) throws(CatalogError) {
        try FileSystem.Folder.replace([(self, files)])
    }

    /// Replaces the files of several folders, each atomically, whatever is there (see `write(_:)`).
    public static func replace(_ groups: [(folder: FileSystem.Folder, files: [(name: String, bytes: [UInt8])])]) throws(CatalogError) {
        try write(groups.map { ($0.folder, $0.files.map { FileWrite($0.name, $0.bytes) }) })
    }

    /// A file to write in a folder. `create`: only where its name is free; an entry found there
    /// (a file, a link, anything) is left as it is and reported, not replaced. `follows`: a
    /// `create` file earlier in the same write (its group's index and its name) that this one
    /// says something about: this one takes its name only after that one took its own, and is
    /// dropped, unwritten, when that name was taken (a review's history entry is never there
    /// without the review it tells of).
    public struct FileWrite: Sendable {
        public var name: String
        public var bytes: [UInt8]
        public var create: Bool
        public var follows: (group: Int, name: String)?

        public init(_ name: String, _ bytes: [UInt8], create: Bool = false, follows: (group: Int, name: String)? = nil) {
            self.name = name
            self.bytes = bytes
            self.create = create
            self.follows = follows
        }
    }

    /// How a new file is staged before it takes its name.
    enum Staging: Sendable, Equatable {
        /// Without a name (O_TMPFILE), then linked in by name: one entry made per file and none
        /// removed, and a writer killed before the link leaves nothing. The link goes through
        /// AT_EMPTY_PATH, or /proc/self/fd where that needs a capability the process lacks.
        case unnamed(Linking)
        /// As a hidden file beside its target (`.<name>.tmp-<pid>-<random>-<n>`, as
        /// `removeStaleTemporaries` knows them), then renamed over it.
        case named

        enum Linking: Sendable { case emptyPath, procSelf }
    }

    /// A file written and not yet named.
    private struct Staged {
        let group: Int
        let folder: FileSystem.Folder
        let name: String
        let file: File
        let follows: (group: Int, name: String)?
        enum File { case unnamed(Int32, Staging.Linking), named(String, create: Bool) }

        /// Removes it (an unnamed file goes when closed).
        func abandon() {
            switch file {
            case .unnamed(let fd, _): close(fd)
            case .named(let temp, _): unlinkat(folder.fd, temp, 0)
            }
        }

        func failure(_ code: Int32) -> CatalogError { folder.writeFailure(code, name) }
    }

    /// Writes the files of several folders, each atomically: a reader sees the old file or the
    /// new, never half, and a crash leaves one or the other. Every file is staged (written, not
    /// named), all are flushed to disk at once (syncfs; an fsync of each when that fails), then
    /// each takes its name, then each folder is flushed. A file that replaces is staged as a
    /// hidden file and renamed over its target. A new one (`create`) is staged without a name
    /// where the file system can, and linked in: the link fails on an entry that is there, and
    /// that file is not written (staged named, its name is looked up first). Everything by name
    /// in the open folders; unnamed files on all cores, and the rest one after another: files of
    /// one folder named in parallel contend for its lock. Returns, for each group, the `create`
    /// files whose name was taken.
    @discardableResult
    public static func write(_ groups: [(folder: FileSystem.Folder, files: [FileWrite])]) throws(CatalogError) -> [[String]] {
        try write(groups, staging: nil, budget: nil)
    }

    /// `write`, with the staging of new files and the budget of unnamed files held open given
    /// (tests) instead of found out; `beforeNaming` runs once every file is staged and flushed
    /// (tests: another writer takes a name then).
    static func write(_ groups: [(folder: FileSystem.Folder, files: [FileWrite])], staging given: Staging?, budget givenBudget: Int?,
                      beforeNaming: () -> Void = {}) throws(CatalogError) -> [[String]] {
        let prefix = ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-"
        let budget = givenBudget ?? heldFileBudget(groups.reduce(0) { n, group in n + group.files.count { $0.create } })
        // The new files staged unnamed: as many as the budget holds, in the folders that can.
        var unnamed: [(group: Int, file: Int)] = []
        var linking: [Staging.Linking?] = []
        for (g, (folder, files)) in groups.enumerated() {
            let staging = unnamed.count >= budget ? .named : given ?? (files.contains { $0.create } ? folder.staging(prefix) : .named)
            guard case .unnamed(let way) = staging else { linking.append(nil); continue }
            linking.append(way)
            for (i, file) in files.enumerated() where file.create && unnamed.count < budget { unnamed.append((g, i)) }
        }
        // They make no entry in their folder (none waits for its lock): written on all cores.
        let planned = unnamed
        let opened = Parallel.map(planned.count) { k in
            Result { () throws(CatalogError) in try groups[planned[k].group].folder.stageUnnamed(groups[planned[k].group].files[planned[k].file]) }
        }
        var held = groups.map { [Int32?](repeating: nil, count: $0.files.count) }
        var failure: CatalogError?
        for (place, result) in zip(planned, opened) {
            switch result {
            case .success(let fd): held[place.group][place.file] = fd  // nil: no descriptor left, staged named
            case .failure(let error): failure = failure ?? error
            }
        }
        var staged: [Staged] = []
        var taken = [[String]](repeating: [], count: groups.count)
        do throws(CatalogError) {
            if let failure { throw failure }
            for (g, (folder, files)) in groups.enumerated() {
                for (i, file) in files.enumerated() {
                    if let fd = held[g][i], let way = linking[g] {
                        staged.append(Staged(group: g, folder: folder, name: file.name, file: .unnamed(fd, way), follows: file.follows))
                        held[g][i] = nil
                    } else if file.create && folder.kind(file.name) != .missing {
                        taken[g].append(file.name)
                    } else {
                        let temp = "." + file.name + prefix + String(i)
                        try folder.stage(temp, file.bytes, target: file.name)
                        staged.append(Staged(group: g, folder: folder, name: file.name, file: .named(temp, create: file.create), follows: file.follows))
                    }
                }
            }
        } catch {
            for item in staged { item.abandon() }
            for fd in held.joined().compactMap({ $0 }) { close(fd) }
            throw error
        }
        try flush(staged, in: groups.map(\.folder))
        beforeNaming()
        try name(staged, taken: &taken)
        for (folder, _) in groups { fsync(folder.fd) }
        return taken
    }

    /// One lock a folder (by path), held while a write's files take their names there. The kernel
    /// names files in one folder one at a time, under the folder's lock, and a writer waiting for
    /// that lock spins on its core (`rwsem_spin_on_owner`: 4% of a 100k bulk review's CPU, whose
    /// two writers name reviews and history files in the same two folders); waiting here it
    /// sleeps, and a writer naming in the other folder goes on.
    private static let namingLocks = Mutex<[String: NSLock]>([:])

    private static func namingLock(_ folder: FileSystem.Folder) -> NSLock {
        namingLocks.withLock { locks in
            if let lock = locks[folder.path] { return lock }
            let lock = NSLock()
            locks[folder.path] = lock
            return lock
        }
    }

    /// Flushes every staged file to disk: a syncfs of each file system they are on, else an
    /// fsync of each file.
    private static func flush(_ staged: [Staged], in folders: [FileSystem.Folder]) throws(CatalogError) {
        guard !staged.isEmpty else { return }
        var devices: [dev_t: Int32] = [:]
        for folder in folders {
            var info = stat()
            guard fstat(folder.fd, &info) == 0 else { devices = [:]; break }
            if devices[info.st_dev] == nil { devices[info.st_dev] = folder.fd }
        }
        // syncfs(2), through the CSystem shim: one flush for every file staged.
        if !devices.isEmpty && devices.values.allSatisfy({ catalog_sync_file_system($0) == 0 }) { return }
        for item in staged {
            let fd: Int32
            switch item.file {
            case .unnamed(let file, _): fd = file
            case .named(let temp, _): fd = openat(item.folder.fd, temp, O_RDONLY | O_CLOEXEC)
            }
            let ok = fd >= 0 && fsync(fd) == 0
            let code = errno  // before close(2) can change it
            if case .named = item.file, fd >= 0 { close(fd) }
            guard ok else {
                for item in staged { item.abandon() }
                throw item.failure(code)
            }
        }
    }

    /// Gives each staged file its name, in order: a new one linked in (a name taken goes to
    /// `taken`), one that replaces renamed over its target; one that follows a file whose name
    /// was taken is dropped.
    private static func name(_ staged: [Staged], taken: inout [[String]]) throws(CatalogError) {
        // A folder's files come one after another: its lock is taken once for them.
        var held: (folder: FileSystem.Folder, lock: NSLock)?
        defer { held?.lock.unlock() }
        for (i, item) in staged.enumerated() {
            if held?.folder !== item.folder {
                held?.lock.unlock()
                held = (item.folder, namingLock(item.folder))
                held?.lock.lock()
            }
            if let follows = item.follows, taken[follows.group].contains(follows.name) {
                item.abandon()
                continue
            }
            let code: Int32
            switch item.file {
            case .unnamed(let fd, let linking):
                code = item.folder.link(fd, as: item.name, linking)
                if code == 0 || code == EEXIST {
                    close(fd)
                    if code == EEXIST { taken[item.group].append(item.name) }
                    continue
                }
            case .named(let temp, let create):
                // A new file is linked in, so that an entry that appeared since it was looked up
                // stays (the link fails); where the file system has no links, it is renamed.
                if create {
                    let linked = linkat(item.folder.fd, temp, item.folder.fd, item.name, 0) == 0 ? 0 : errno
                    if linked == 0 || linked == EEXIST {
                        unlinkat(item.folder.fd, temp, 0)
                        if linked == EEXIST { taken[item.group].append(item.name) }
                        continue
                    }
                }
                if renameat(item.folder.fd, temp, item.folder.fd, item.name) == 0 { continue }
                code = errno
            }
            for rest in staged[i...] { rest.abandon() }
            throw item.failure(code)
        }
    }

    /// How this folder takes new files: unnamed, when an unnamed probe file links in one of the
    /// two ways (and is removed again); else named.
    func staging(_ prefix: String) -> Staging {
        let file = catalog_open_unnamed(fd, 0o644)
        guard file >= 0 else { return .named }
        defer { close(file) }
        let probe = ".probe" + prefix + "probe"
        for linking in [Staging.Linking.emptyPath, .procSelf] where link(file, as: probe, linking) == 0 {
            unlinkat(fd, probe, 0)
            return .unnamed(linking)
        }
        return .named
    }

    /// Links the unnamed open file `file` in as `name`: 0, or the errno (EEXIST: the name is taken).
    func link(_ file: Int32, as name: String, _ linking: Staging.Linking) -> Int32 {
        let done = switch linking {
        case .emptyPath: catalog_link_open_file(file, fd, name)
        case .procSelf: linkat(AT_FDCWD, "/proc/self/fd/\(file)", fd, name, AT_SYMLINK_FOLLOW)
        }
        return done == 0 ? 0 : errno
    }

    /// A new unnamed file in this folder holding `file`'s bytes (not flushed), left open; nil
    /// when none can be opened here now (no descriptor left, or not on this file system).
    private func stageUnnamed(_ file: FileWrite) throws(CatalogError) -> Int32? {
        let fd = catalog_open_unnamed(self.fd, 0o644)
        guard fd >= 0 else {
            let code = errno
            if [EMFILE, ENFILE, EOPNOTSUPP, EISDIR, EINVAL].contains(code) { return nil }
            throw writeFailure(code, file.name)
        }
        let failure = file.bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
        guard failure == 0 else {
            close(fd)
            throw writeFailure(failure, file.name)
        }
        return fd
    }

    /// Why `name` in this folder could not be written (an errno).
    func writeFailure(_ code: Int32, _ name: String) -> CatalogError {
        CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(code)))", .init(file: path + "/" + name))
    }

    /// Writes `bytes` to the new file `temp` (not flushed: the caller flushes them all).
    private func stage(_ temp: String, _ bytes: [UInt8], target: String) throws(CatalogError) {
        let file = openat(fd, temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw writeFailure(errno, target) }
        let failure = bytes.withUnsafeBytes { FileSystem.writeAll(file, $0) }
        close(file)
        if failure != 0 {
            unlinkat(fd, temp, 0)
            throw writeFailure(failure, target)
        }
    }

    /// How many unnamed files one write holds open at most: a quarter of what the open-file
    /// limit leaves beyond 256 (two writes may hold theirs at once, a bulk review's, and as many
    /// descriptors stay free as they hold), the soft limit raised first (never past the hard one)
    /// when `wanted` files need it: nothing here waits on select(2), which minds a higher limit.
    /// Files past it are staged named.
    static func heldFileBudget(_ wanted: Int) -> Int {
        guard wanted > 0 else { return 0 }
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let needed = rlim_t(wanted) * 4 + 256
        if limit.rlim_cur != rlim_t.max && limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? needed : min(needed, limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == rlim_t.max ? wanted : max(0, (Int(clamping: limit.rlim_cur) - 256) / 4)
    }
}
