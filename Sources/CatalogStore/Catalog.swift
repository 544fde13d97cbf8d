import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import Foundation

/// A catalog on disk: its config, upstream snapshots and reviews (the source of truth), and the
/// derived index. Every command works through one of these.
public final class Catalog {
    public let layout: CatalogLayout
    public let config: CatalogConfig
    private var openIndex: CatalogIndex?
    /// Where long work (an index rebuild, an import) reports how far it got.
    public var progress: (String) -> Void = { _ in }
    var cachedVocabulary: Vocabulary?
    /// The lexicon, read once per command (`lexicon()`).
    var cachedLexicon: CatalogLexicon?
    /// The config file's stamp, taken before it was read (nil when it was racy).
    let configStamp: FileStamp?
    /// Where `suggester()` keeps its suggester between commands; nil: built for each.
    public var suggesterCache: SuggesterCache?
    /// `vocabularyFiles` when `cachedVocabulary` was read.
    var loadedVocabularyFiles: String?
    /// The clock the rules read the day from (ns since 1970, UTC): the real one, whatever
    /// SOURCE_DATE_EPOCH says (a correction's date is checked against the day it is).
    public var clock: @Sendable () -> Int64 = { FileSystem.now() }
    /// The environment the fallback index folder is found from (XDG_CACHE_HOME, HOME): the
    /// command's, not the process's, when a command opens the catalog.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The day `clock` reads.
    public var today: CalendarDay { CalendarDay(nanoseconds: clock()) }
    /// The clock file stamps are taken on (whether a file changed in its racy second).
    public let fileClock: FileClock

    /// Opens the catalog at `root`; fails with exit 66 when it has no `catalog/catalog.json`.
    public init(root: String, fileClock: FileClock = .real) throws(CatalogError) {
        layout = CatalogLayout(root: root)
        self.fileClock = fileClock
        guard FileSystem.isDirectory(layout.root) else {
            throw CatalogError(.noInput, "no such folder: \(CatalogError.oneLine(layout.root)); give a catalog's root (--root DIR), or make one with `catalog init --root DIR`", .init(file: layout.root))
        }
        guard FileSystem.exists(layout.configFile) else {
            throw CatalogError(.noInput, "not a catalog: \(layout.relative(layout.configFile)) is missing; run `catalog init` first", .init(file: layout.root))
        }
        // Finish or clean up what a killed command left behind before reading anything.
        try FileSystem.recover(journal: layout.importJournal)
        // Review folders (a million files at scale) are swept when the index finds them changed.
        for directory in [layout.upstreamDirectory, layout.catalogDirectory, layout.reviewsDirectory, layout.distDirectory, layout.vocabDirectory, layout.indexDirectory] {
            FileSystem.removeStaleTemporaries(in: directory)
        }
        configStamp = FileSystem.stamp(layout.configFile, now: fileClock.now())
        let bytes = try FileSystem.read(layout.configFile)
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .json(error, file: layout.configFile) }
        config = try CatalogConfig(json: json, file: layout.configFile)
    }

    /// What a catalog's git repository should never hold: the derived index, builds, and
    /// private signing keys.
    public static let ignoredPaths = [".catalog/", "dist/", "*.key"]

    /// Creates the skeleton of a catalog with the project's default vocabularies (`bare`: empty
    /// ones) and a `.gitignore`; returns the paths created or changed. Existing files are kept
    /// (a `.gitignore` only gains the lines it lacks).
    public static func initialize(root: String, config: CatalogConfig = .default, bare: Bool = false) throws(CatalogError) -> [String] {
        let layout = CatalogLayout(root: root)
        var created: [String] = []
        // Like mkdir, not mkdir -p: a new root folder is made (and said) only inside one that exists.
        if !FileSystem.isDirectory(layout.root) {
            try FileSystem.requireParentFolder(layout.root)
            try FileSystem.createDirectory(layout.root)
            created.append(layout.root + "/")
        }
        for directory in [layout.catalogDirectory, layout.vocabDirectory, layout.upstreamDirectory, layout.reviewsDirectory] where !FileSystem.isDirectory(directory) {
            try FileSystem.createDirectory(directory)
            created.append(layout.relative(directory) + "/")
        }
        if !FileSystem.exists(layout.configFile) {
            try FileSystem.writeAtomically(layout.configFile, JSONWriter.string(config.json, style: .pretty))
            created.append(layout.relative(layout.configFile))
        }
        let vocabularies = bare ? DefaultVocabulary.bare : DefaultVocabulary.documents
        for name in Vocabulary.files {
            let path = layout.vocabDirectory + "/" + name
            guard !FileSystem.exists(path), let bytes = vocabularies[name] else { continue }
            try FileSystem.writeAtomically(path, bytes)
            created.append(layout.relative(path))
        }
        let gitignore = layout.root + "/.gitignore"
        let existing = FileSystem.exists(gitignore) ? String(decoding: try FileSystem.read(gitignore), as: UTF8.self) : ""
        let have = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignoredPaths.filter { !have.contains($0) }
        if !missing.isEmpty {
            let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
            try FileSystem.writeAtomically(gitignore, existing + separator + missing.joined(separator: "\n") + "\n")
            created.append(".gitignore")
        }
        return created
    }

    // MARK: - Upstream snapshots

    /// Sources with a snapshot, sorted.
    public func sources() -> [String] { indexInputs.sources() }

    /// The snapshot's records, all at once (commands that walk them all use `forEachRecord`).
    public func snapshot(_ source: String) throws(CatalogError) -> [UpstreamRecord] {
        let path = layout.snapshotFile(source)
        guard FileSystem.exists(path) else { return [] }
        return try Snapshot.decode(try FileSystem.read(path), file: layout.relative(path))
    }

    /// Each record of the snapshot in id order, read a chunk at a time (a million records never
    /// sit in memory at once); `currentOnly` skips removed ones. `transform` runs on all cores,
    /// `body` gets the results one by one, in order.
    public func forEachRecord<T: Sendable>(_ source: String, currentOnly: Bool, transform: @escaping @Sendable (UpstreamRecord) -> T,
                                           _ body: (T) throws(CatalogError) -> Void) throws(CatalogError) {
        let path = layout.snapshotFile(source)
        guard FileSystem.exists(path) else { return }
        try Snapshot.walk(path: path, file: layout.relative(path), transform: { record, _, _ in
            currentOnly && record.removed ? nil : transform(record)
        }, body: { value, _ throws(CatalogError) in
            if let value { try body(value) }
        })
    }

    public func forEachRecord(_ source: String, currentOnly: Bool, _ body: (UpstreamRecord) throws(CatalogError) -> Void) throws(CatalogError) {
        try forEachRecord(source, currentOnly: currentOnly, transform: { $0 }, body)
    }

    public func meta(_ source: String) throws(CatalogError) -> SnapshotMeta { try indexInputs.meta(source) }

    /// What computes `source`'s index rows under this catalog's settings.
    func evaluator(source: String, htmlFields: Set<String>) throws(CatalogError) -> RecordEvaluator {
        try indexInputs.evaluator(source: source, htmlFields: htmlFields)
    }

    /// What a review makes of its record under this catalog's settings and vocabularies, today:
    /// every door's findings and eligibility.
    public func evaluator() throws(CatalogError) -> Evaluator { try indexInputs.evaluator() }

    /// What the index is derived from, read through this catalog (its vocabularies read once).
    var indexInputs: IndexInputs {
        IndexInputs(layout: layout, fingerprintFields: config.fingerprintFields, confidenceThreshold: config.confidenceThreshold,
                    today: today, fileClock: fileClock, vocabulary: { () throws(CatalogError) in try self.vocabulary() })
    }

    /// The canonical text of a record of `source` under this catalog's settings.
    public func canonicalText(_ record: UpstreamRecord, htmlFields: [String]) -> CanonicalText {
        CanonicalText(record: record, fields: config.fingerprintFields, htmlFields: Set(htmlFields))
    }

    // MARK: - Index

    /// The index, with the rows of `ids` (of `source`) checked against their review files
    /// one by one, as a thorough refresh checks every file (`CatalogIndex.recheck`).
    public func index(checking ids: [String], of source: String) throws(CatalogError) -> CatalogIndex {
        let index = try index()
        try index.recheck(indexInputs, source: source, ids: ids)
        return index
    }

    /// The index, refreshed from the files. Deleting `.catalog/` loses nothing: it is rebuilt.
    /// `thorough`: stat every review file, not only their folders (publishing does this).
    /// Where `.catalog/` cannot be written (a read-only checkout, a full disk) the index is kept
    /// in the user's cache folder, or else in memory: reading commands work, and commands that
    /// write the catalog fail on their own writes with exit 73.
    public func index(thorough: Bool = false) throws(CatalogError) -> CatalogIndex {
        if let openIndex, !thorough { return openIndex }
        do {
            if let openIndex {
                try openIndex.refresh(indexInputs, thorough: thorough, progress: progress)
                return openIndex
            }
            let fields = config.fingerprintFields
            func opened(_ path: String) throws -> CatalogIndex {
                let index = try CatalogIndex(path: path, layout: layout, fields: fields)
                try index.refresh(indexInputs, thorough: thorough, progress: progress)
                return index
            }
            let index: CatalogIndex
            do {
                try FileSystem.createDirectory(layout.indexDirectory)
                index = try opened(layout.indexFile)
            } catch where Self.cannotWrite(error) {
                do { index = try opened(try fallbackIndexFile()) } catch where Self.cannotWrite(error) { index = try opened(":memory:") }
            }
            openIndex = index
            return index
        } catch {
            throw CatalogError.index(error, file: layout.relative(layout.indexFile))
        }
    }

    static func cannotWrite(_ error: any Error) -> Bool {
        (error as? CatalogError)?.kind == .cannotWrite || (error as? SQLiteError)?.cause == .cannotWrite
    }

    /// `$XDG_CACHE_HOME/exercise-catalog/<digest of the root>/index.sqlite` (`~/.cache` by default).
    func fallbackIndexFile() throws(CatalogError) -> String {
        guard let cache = environment["XDG_CACHE_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["HOME"].map({ $0 + "/.cache" }) else {
            throw CatalogError(.cannotWrite, "no cache folder (XDG_CACHE_HOME, HOME)")
        }
        let root = URL(fileURLWithPath: layout.root).standardizedFileURL.resolvingSymlinksInPath().path
        let folder = cache + "/exercise-catalog/" + SHA256.hex(Array(root.utf8)).prefix(16)
        try FileSystem.createDirectory(folder)
        return folder + "/index.sqlite"
    }

    /// Finds a record named `ID` or `SOURCE:ID`: exit 66 when there is none, 64 when ambiguous.
    /// A bare id means the member source's record when it has one (what the tool prints names
    /// the member's records by their id); another source's record needs `SOURCE:ID` only when
    /// the bare id is in several of the other sources.
    public func resolve(_ name: String) throws(CatalogError) -> (source: String, id: String) {
        let index = try index()
        if let colon = name.firstIndex(of: ":") {
            let source = String(name[..<colon]), id = String(name[name.index(after: colon)...])
            guard try index.entry(source: source, id: id) != nil else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: name)) }
            return (source, id)
        }
        let holders = try index.sources(holding: name)
        if holders.contains(config.memberSource) { return (config.memberSource, name) }
        if holders.isEmpty { throw CatalogError(.noInput, "no record with id \(name)", .init(record: name)) }
        if holders.count > 1 {
            throw CatalogError(.usage, "id \(name) is in several reference sources; name one of \(holders.map { "\($0):\(name)" }.joined(separator: ", "))")
        }
        return (holders[0], name)
    }
}
