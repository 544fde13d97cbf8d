import CatalogFiles
import CatalogModel
import Foundation

/// Local demonstration media for a source's records: files named `<id>.gif` or
/// `<id>-<anything>.gif` (ExerciseDB's rotating tokens), matched to record ids.
public enum MediaLibrary {
    public struct Scan: Sendable {
        /// Record id → the animation attached to it.
        public var attached: [String: MediaInfo] = [:]
        /// Files that were not usable, with why (bad GIF, no matching record, a second file).
        public var skipped: [(file: String, reason: String)] = []
        /// Digest → path of the file, for the report's cache of animations.
        public var files: [String: String] = [:]
        public var frames: Int { attached.values.reduce(0) { $0 + $1.frames } }
    }

    /// Attaches the media at `path` to records with `ids`. A directory: bad or unmatched files are
    /// skipped with a reason. A single file: it must be a good GIF of a known record (exit 65).
    public static func scan(_ path: String, ids: Set<String>) throws(CatalogError) -> Scan {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError(.noInput, "no such media file or folder", .init(file: path))
        }
        var scan = Scan()
        if !isDirectory.boolValue {
            let name = (path as NSString).lastPathComponent
            guard let id = recordID(of: name, ids: ids) else {
                throw .data("no record matches this file name (expected <id>.gif or <id>-<anything>.gif)", file: path)
            }
            switch inspect(path, name: name) {
            case .success(let info):
                scan.attached[id] = info
                scan.files[info.sha256] = path
            case .failure(let problem):
                throw .data("bad media: \(problem.message)", file: path, record: id)
            }
            return scan
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            let file = path + "/" + name
            guard name.lowercased().hasSuffix(".gif") else { continue }
            guard let id = recordID(of: name, ids: ids) else {
                scan.skipped.append((file, "no record with a matching id"))
                continue
            }
            if scan.attached[id] != nil {
                scan.skipped.append((file, "record \(id) has a media file already (\(scan.attached[id]!.file))"))
                continue
            }
            switch inspect(file, name: name) {
            case .success(let info):
                scan.attached[id] = info
                scan.files[info.sha256] = file
            case .failure(let problem):
                scan.skipped.append((file, problem.message))
            }
        }
        return scan
    }

    /// The record a file name belongs to: the whole stem, or the longest id before a `-`.
    static func recordID(of name: String, ids: Set<String>) -> String? {
        let stem = String(name.dropLast(4))
        if ids.contains(stem) { return stem }
        var best: String?
        for (i, c) in stem.enumerated() where c == "-" {
            let prefix = String(stem.prefix(i))
            if ids.contains(prefix) { best = prefix }
        }
        return best
    }

    /// The facts of the GIF at `path`: a regular file of at most `MediaInfo.maxBytes`, its size
    /// looked at before it is read (a larger one is a problem, never read).
    static func inspect(_ path: String, name: String) -> Result<MediaInfo, GIFInfo.Problem> {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path, limit: MediaInfo.maxBytes) } catch { return .failure(GIFInfo.Problem(message: error.message)) }
        return GIFInfo.read(bytes).map { facts in
            MediaInfo(file: name, sha256: SHA256.hex(bytes), format: "gif", width: facts.width, height: facts.height, frames: facts.frames)
        }
    }
}
