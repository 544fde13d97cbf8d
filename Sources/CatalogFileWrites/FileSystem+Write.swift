import CSystem
import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation

/// The write side of `FileSystem`: atomic replacement (temporary file in the same folder, fsync,
/// rename, fsync of the folder), many files with one flush, journaled replacement of several
/// files together and its recovery, and the clean-up of what a killed writer left. A planner
/// app, which only reads builds, never links it.
extension FileSystem {
    /// Refuses (66) an output path the user named whose folder does not exist: a typo in a
    /// path must not make folders somewhere (the catalog's own folders are made as needed).
    public static func requireParentFolder(_ path: String) throws(CatalogError) {
        // By hand: NSString's deletingLastPathComponent traps on a one-letter name ("a").
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let parent = trimmed.lastIndex(of: "/").map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? ""
        guard parent.isEmpty || isDirectory(parent) else {
            throw CatalogError(.noInput, "no such folder to write into: \(CatalogError.oneLine(parent))", .init(file: path))
        }
    }

    /// Replaces `path` with `bytes` so that a reader sees the old or the new file, never half.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws(CatalogError) {
        let temp = try stage(path, bytes, mode: mode)
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(code)))", .init(file: path))
        }
        syncDirectory(of: path)
    }

    /// Replaces many files, each atomically as `writeAtomically` does, with one flush to disk for
    /// all of them (syncfs) instead of one fsync per file: a thousand reviews in one step.
    public static func writeAtomically(many files: [(path: String, bytes: [UInt8])]) throws(CatalogError) {
        var groups: [(folder: String, files: [(name: String, bytes: [UInt8])])] = []
        var position: [String: Int] = [:]
        for file in files {
            let folder = (file.path as NSString).deletingLastPathComponent
            let name = (file.path as NSString).lastPathComponent
            if let i = position[folder] { groups[i].files.append((name, file.bytes)) } else {
                position[folder] = groups.count
                groups.append((folder, [(name, file.bytes)]))
            }
        }
        var opened: [(folder: Folder, files: [(name: String, bytes: [UInt8])])] = []
        for group in groups { opened.append((try Folder(writing: group.folder.isEmpty ? "." : group.folder), group.files)) }
        try FileSystem.Folder.replace(opened)
    }

    /// Writes `bytes` to a new hidden file beside `path` and fsyncs it (unless the caller flushes
    /// many at once); returns its path.
    public static func stage(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644, sync: Bool = true) throws(CatalogError) -> String {
        let file = try StagedFile(path, mode: mode)
        try file.append(bytes)
        _ = try file.finish(sync: sync)
        return file.keep()
    }

    /// Replaces several files, already written and fsynced beside their targets, as one step: a
    /// journal naming the renames is written atomically, then the renames happen and the journal
    /// goes. Killed before the journal exists, nothing changed; after, `recover` finishes the renames.
    public static func replaceTogether(staged: [(temp: String, path: String)], journal: String) throws(CatalogError) {
        do {
            let plan = staged.map { JSONValue.array([.string($0.temp), .string($0.path)]) }
            try writeAtomically(journal, JSONWriter.bytes(.object(JSONObject([JSONMember("pid", .int(Int(getpid()))), JSONMember("renames", .array(plan))]))))
        } catch {
            for item in staged { unlink(item.temp) }
            throw error
        }
        try recover(journal: journal, force: true)
    }

    /// Finishes an interrupted `replaceTogether` (one whose writer is gone): renames what the
    /// journal names, then removes it. `force`: the caller is the writer.
    public static func recover(journal: String, force: Bool = false) throws(CatalogError) {
        guard exists(journal), let plan = (try? JSONParser.parse(try read(journal)))?.objectValue else { return }
        if !force, case .number(let pid)? = plan["pid"], let p = Int32(pid), isAlive(p) { return }
        for step in plan["renames"]?.arrayValue ?? [] {
            guard let pair = step.arrayValue, pair.count == 2, let temp = pair[0].stringValue, let path = pair[1].stringValue else { continue }
            // Another process may have finished this step already.
            if rename(temp, path) != 0 && errno != ENOENT {
                throw CatalogError(.cannotWrite, "cannot finish an interrupted write: \(String(cString: strerror(errno)))", .init(file: path))
            }
            syncDirectory(of: path)
        }
        unlink(journal)
        syncDirectory(of: journal)
    }

    /// Whether a process with this id still runs (its temporary files are still in use).
    public static func isAlive(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes temporary files and folders a killed writer left in `directory`
    /// (`.<name>.tmp-<pid>…`), leaving those of writers still running.
    public static func removeStaleTemporaries(in directory: String) {
        for name in names(in: directory) where name.hasPrefix(".") && name.contains(".tmp-") {
            let digits = name[name.range(of: ".tmp-")!.upperBound...].prefix { $0.isNumber }
            if let pid = Int32(digits), isAlive(pid) { continue }
            let path = directory + "/" + name
            if isDirectory(path) { try? FileManager.default.removeItem(atPath: path) } else { unlink(path) }
        }
    }

    public static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    public static func writeAtomically(_ path: String, _ text: String, mode: mode_t = 0o644) throws(CatalogError) {
        try writeAtomically(path, Array(text.utf8), mode: mode)
    }


    /// Writes all of `raw` to `fd` (retrying short and interrupted writes); 0, or the errno.
    package static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < raw.count {
            let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }
}
