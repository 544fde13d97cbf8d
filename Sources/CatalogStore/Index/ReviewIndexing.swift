import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// The index rows of the reviews a command writes, written by that command (issue 19): after a
/// bulk review the next command finds the index current instead of reading every new file again.
///
/// A command says what each review makes of its record (`ReviewWrite`'s columns, from the
/// eligibility it computed against the record as the snapshot has it); `ReviewFolder.save`
/// reports what it wrote, and those rows take their new columns with a racy stamp (so a command
/// killed before `finish` leaves rows the next refresh evaluates again). `finish` waits out the
/// second in which a file's times cannot be trusted (`FileStamp.racy`), stamps each file and
/// reads it back: a row takes the stamp only when the file still holds the bytes written. Rows
/// are written only while the snapshot, vocabularies and settings are those the index was made
/// from and the drafts were evaluated with; else nothing is, and the next refresh evaluates as
/// ever. `wrote` may be called from threads of their own, a batch at a time; `finish` after
/// the last of them returned.
public final class ReviewIndexing: @unchecked Sendable {
    let source: String
    let index: CatalogIndex
    /// What the index is made from, with the vocabularies the drafts are evaluated with.
    let inputs: IndexInputs
    /// The vocabularies' files as they were when those vocabularies were read.
    let vocabularyFiles: String?
    /// The source's index signature as the index holds it; nil: nothing is indexed.
    private var signature: String?
    /// Each file written, with the digest of its bytes and when `wrote` heard of it.
    private var written: [(id: String, digest: Int64, time: Int64)] = []
    private var lastWrite: Int64 = 0
    /// How many written files make waiting out the racy second worth it: below, their rows keep
    /// racy stamps and the next command evaluates them again (about 50 µs each, against a wait of
    /// up to a second here).
    let settleAtLeast: Int

    /// `inputs`: with the vocabularies the drafts are evaluated with (`withVocabularyRead`), read
    /// from `vocabularyFiles` (`Catalog.reviewIndexing` makes one).
    init(index: CatalogIndex, inputs: IndexInputs, vocabularyFiles: String?, source: String, settleAtLeast: Int) {
        self.source = source
        self.settleAtLeast = settleAtLeast
        self.index = index
        self.inputs = inputs
        self.vocabularyFiles = vocabularyFiles
        do {
            signature = try index.database.rows("SELECT signature FROM sources WHERE source = ?", [.text(source)]).first?[0].text
        } catch {
            signature = nil
        }
    }

    /// Whether rows may still be written: the files the index was made from are unchanged.
    private func holds() throws -> Bool {
        guard let signature, vocabularyFiles == inputs.vocabularyFiles,
              try index.database.rows("SELECT signature FROM sources WHERE source = ?", [.text(source)]).first?[0].text == signature,
              CatalogIndex.signature(inputs, source: source, meta: try inputs.meta(source)) == signature else { return false }
        return true
    }

    /// The reviews `ReviewFolder.save` just wrote: those of `source` whose columns the writer knew.
    func wrote(_ reviews: [ReviewWrite]) {
        // Two writers may call it at once (a bulk review's): their batches' rows go in one after
        // the other, and `written` stays in the order of the times it holds.
        writing.withLock { wroteOne(reviews) }
    }

    private let writing = NSLock()

    private func wroteOne(_ reviews: [ReviewWrite]) {
        lastWrite = inputs.fileClock.now()
        guard signature != nil else { return }
        let files = reviews.filter { $0.source == source && $0.columns != nil }
        guard !files.isEmpty else { return }
        do {
            try index.database.inTransaction {
                guard try holds() else { return }
                let update = try CatalogIndex.ReviewUpdate(index.database, source: source)
                for file in files { try update.run(id: file.id, file.columns!, stamp: .racy) }
                // A row a later day may clear keeps its racy stamp: every refresh reads it again.
                written += files.filter { !$0.columns!.awaitsALaterDay }.map { [lastWrite] file in (file.id, file.digest, lastWrite) }
            }
        } catch {
            // The index is derived: what is not written here the next refresh evaluates.
            signature = nil
        }
    }

    /// Stamps the files written (after waiting out their racy second, when there are enough of
    /// them), then settles the review folder's stamp: the next command has nothing to read.
    public func finish() {
        defer { written = [] }
        guard signature != nil, written.count >= settleAtLeast else { return }
        let files = written
        let path = inputs.layout.reviewsDirectory + "/" + source
        guard ReviewFolder.folderLink(path) == nil, let folder = FileSystem.Folder(path) else { return }
        do {
            // The files whose racy second is over are read back, and their rows stamped, while
            // the last ones' runs out: the wait hides that work (100k files: 0.4 s read back,
            // 0.5 s of updates, against a wait of about a second).
            let start = inputs.fileClock.now()
            let older = files.firstIndex { $0.time + Self.racyWait > start } ?? files.endIndex
            try stamp(files[..<older], in: folder)
            let wait = lastWrite + Self.racyWait - inputs.fileClock.now()
            if wait > 0 { inputs.fileClock.wait(wait) }
            try stamp(files[older...], in: folder)
            // Every other review file is as the rows say: the refresh stats them and stores the folder's stamp.
            try index.refresh(inputs)
        } catch {
            signature = nil
        }
    }

    /// Reads the files back (`readBack`) and gives the rows of those that hold the bytes written
    /// their stamps, in one transaction; a row another command has stamped since keeps its stamp.
    private func stamp(_ files: ArraySlice<(id: String, digest: Int64, time: Int64)>, in folder: FileSystem.Folder) throws {
        let stamps = readBack(files, in: folder)
        try index.database.inTransaction {
            guard try holds() else { return }
            let update = try index.database.prepare("UPDATE records SET reviewStamp = ? WHERE source = ? AND id = ? AND reviewStamp = ?")
            for (file, stamp) in zip(files, stamps) {
                guard let stamp else { continue }
                try update.run { (bind) throws(SQLiteError) in
                    try bind.text(stamp.stored)
                    try bind.text(source)
                    try bind.text(file.id)
                    try bind.text(FileStamp.racy.stored)
                }
            }
        }
    }

    /// How long after a file is written its stamp can be taken: its racy window, and a little
    /// more (ns).
    static let racyWait = FileStamp.racyWindow + 50_000_000

    /// Each file's stamp when it still holds the bytes written; nil when it does not, or is
    /// racy. Stamped before it is read back (a change in between shows as another stamp next time).
    private func readBack(_ files: ArraySlice<(id: String, digest: Int64, time: Int64)>, in folder: FileSystem.Folder) -> [FileStamp?] {
        let now = inputs.fileClock.now()
        return Parallel.map(files.count) { i -> FileStamp? in
            let file = files[files.startIndex + i]
            guard let (stamp, bytes) = folder.readStamped(file.id + ".json", now: now, limit: ReviewFolder.maxBytes), case .settled = stamp,
                  bytes.withUnsafeBytes({ SnapshotDiff.lineDigest($0) }) == file.digest else { return nil }
            return stamp
        }
    }
}
