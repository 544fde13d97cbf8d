import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// Who writes a review, through which door, and when: what the history entry of each file the
/// store writes says of it (`HistoryEntry`).
public struct HistoryContext: Sendable {
    public var door: HistoryEntry.Door
    public var editor: String
    /// UTC date and time, ISO 8601.
    public var at: String
    /// Shared by every entry of one bulk step or `accept`.
    public var batch: String?
    /// For an undo: the entry it reverts (set by the store's undo).
    var undoes: Int?
    /// The history files of a source as listed once, under the review lock, before a step that
    /// writes many (`ReviewHistory.listed`): each file is then not looked up by name. A name not
    /// listed is taken for a file to create; one made meanwhile all the same (by a writer that
    /// ignores the lock) is taken when its entry is written, and the entry is appended to it then
    /// (`ReviewFolder.save`). A source not here has its files looked up one by one.
    public var listed: [String: Set<String>] = [:]

    public init(door: HistoryEntry.Door, editor: String, at: String, batch: String? = nil) {
        self.door = door
        self.editor = editor
        self.at = at
        self.batch = batch
    }

    /// A batch id for a step of `door` made by `editor` at `at` on `ids`: the same inputs give
    /// the same id (a build is reproducible, so is its history), other inputs another.
    public static func batchID(door: HistoryEntry.Door, editor: String, at: String, ids: [String]) -> String {
        let digest = SHA256.hex(Array(([door.rawValue, editor, at] + ids).joined(separator: "\n").utf8))
        return "\(door.rawValue)-" + at.filter(\.isNumber).prefix(14) + "-" + digest.prefix(8)
    }

    /// The line of `entry(old:new:)` (nil when there is none); the line of a file created is
    /// written straight from the review (`HistoryEntry.createdLine`).
    func line(old: [UInt8]?, new: Review?) throws(CatalogError) -> [UInt8]? {
        if old == nil, let new { return HistoryEntry.createdLine(new, at: at, editor: editor, door: door, batch: batch, undoes: undoes) }
        return try entry(old: old, new: new)?.line
    }

    /// The entry for a write that replaced the file `old` (its bytes; nil: none) with the review
    /// `new` (nil: the file removed), or nil when the two hold the same keys.
    func entry(old: [UInt8]?, new: Review?) throws(CatalogError) -> HistoryEntry? {
        let changes = try HistoryEntry.changes(from: old, to: new)
        guard !changes.isEmpty || (old == nil) != (new == nil) else { return nil }
        return HistoryEntry(at: at, editor: editor, door: door, batch: batch, undoes: undoes,
                            created: old == nil && new != nil, removed: new == nil, changes: changes)
    }
}

/// The history files, `history/<source>/<id>.jsonl` (DESIGN.md §3): one per record, so two
/// editors of different records never touch one file, in git beside the reviews. An entry is
/// added after the review file is written, by writing the history file anew with the line added
/// (`Folder.write`, as review files are written: old or new, never torn, one flush for a batch),
/// under the review lock every review write holds. A crash between the two writes leaves a
/// change without its entry, never an entry for a change that was not made.
public struct ReviewHistory: Sendable {
    let layout: CatalogLayout

    public init(layout: CatalogLayout) {
        self.layout = layout
    }

    public var directory: String { layout.historyDirectory }
    public func file(source: String, id: String) -> String { directory + "/\(source)/\(id).jsonl" }

    /// The names of the source's history files, for `HistoryContext.listed`. Call inside `withReviewLock`.
    public func listed(source: String) -> Set<String> {
        Set(FileSystem.names(in: directory + "/" + source))
    }

    /// Adds each record's entry to its file. Call inside `withReviewLock`.
    func append(_ items: [(source: String, id: String, line: [UInt8])]) throws(CatalogError) {
        try FileSystem.Folder.write(writes(items))
    }

    /// The files that add each record's entry, by source folder (sorted), for a `Folder.write`
    /// of their own or beside the reviews they tell of (`follows`: for each item, the review
    /// file it must follow, by its group in that write and its name). Each file read and made anew on all cores.
    func writes(_ items: [(source: String, id: String, line: [UInt8])], follows: [(group: Int, name: String)]? = nil,
                listed: [String: Set<String>] = [:]) throws(CatalogError) -> [(folder: FileSystem.Folder, files: [FileSystem.Folder.FileWrite])] {
        var folders: [String: FileSystem.Folder] = [:]
        for item in items where folders[item.source] == nil {
            let path = directory + "/" + item.source
            if FileSystem.isSymbolicLink(directory) || FileSystem.isSymbolicLink(path) {
                throw CatalogError(.cannotWrite, "history/ and its folders are written only inside the catalog, not through a link", .init(file: layout.relative(path)))
            }
            folders[item.source] = try FileSystem.Folder(writing: path)
        }
        let opened = folders
        let files = try Parallel.map(items.count) { i throws(CatalogError) -> FileSystem.Folder.FileWrite in
            let item = items[i], name = item.id + ".jsonl", folder = opened[item.source]!
            let kind = listed[item.source].map { $0.contains(name) ? folder.kind(name) : .missing } ?? folder.kind(name)
            switch kind {
            case .missing: return FileSystem.Folder.FileWrite(name, item.line, create: true, follows: follows?[i])
            case .link: throw CatalogError(.cannotWrite, "the history file is a symbolic link; it is written only inside the catalog", .init(file: layout.relative(folder.path + "/" + name)))
            case .regular, .other:
                // A file edited by hand without its last line feed: the entry still starts a line.
                var bytes = try folder.read(name)
                if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
                return FileSystem.Folder.FileWrite(name, bytes + item.line, follows: follows?[i])
            }
        }
        var bySource: [String: [FileSystem.Folder.FileWrite]] = [:]
        for (item, file) in zip(items, files) { bySource[item.source, default: []].append(file) }
        return bySource.keys.sorted().map { (opened[$0]!, bySource[$0]!) }
    }

    /// The record's entries, oldest first (empty when it has none).
    public func entries(source: String, id: String) throws(CatalogError) -> [HistoryEntry] {
        let path = file(source: source, id: id)
        guard FileSystem.exists(path) else { return [] }
        let bytes = try FileSystem.read(path, limit: 256 << 20)
        var out: [HistoryEntry] = []
        var start = 0, number = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            out.append(try HistoryEntry(line: bytes[start..<end], file: layout.relative(path), line: number))
            start = end + 1
        }
        return out
    }

    /// Every record with a history: (source, id), sorted.
    public func records() -> [(source: String, id: String)] {
        FileSystem.list(directory).flatMap { source in
            FileSystem.list(directory + "/" + source).compactMap { name -> (String, String)? in
                name.hasSuffix(".jsonl") && !name.hasPrefix(".") ? (source, String(name.dropLast(6))) : nil
            }
        }
    }
}
