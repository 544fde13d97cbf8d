import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

/// What the index is derived from: the catalog's files, its settings and its vocabularies.
/// `CatalogIndex` reads through this value rather than through the `Catalog` that opens it, so
/// the two do not call each other.
struct IndexInputs {
    let layout: CatalogLayout
    let fingerprintFields: [String]
    let confidenceThreshold: Double
    /// The day the rules are evaluated on (`Catalog.clock`).
    let today: CalendarDay
    /// The clock file stamps are taken on (`Catalog.fileClock`).
    let fileClock: FileClock
    /// The vocabularies, read once by whoever holds them.
    var vocabulary: () throws(CatalogError) -> Vocabulary

    /// These inputs with the vocabularies read now, held as a value: for code that outlives the
    /// `Catalog` call that made it (`ReviewIndexing`, `ImportSession`) and must not hold the catalog.
    func withVocabularyRead() throws(CatalogError) -> IndexInputs {
        var inputs = self
        let vocabulary = try vocabulary()
        inputs.vocabulary = { () throws(CatalogError) in vocabulary }
        return inputs
    }

    /// The vocabularies' files as they are now (size, mtime and inode of each).
    var vocabularyFiles: String {
        Vocabulary.files.map { FileSystem.signature(layout.vocabDirectory + "/" + $0) ?? "-" }.joined(separator: "\n")
    }

    /// Sources with a snapshot, sorted.
    func sources() -> [String] {
        FileSystem.list(layout.upstreamDirectory).compactMap { name in
            name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : nil
        }
    }

    func meta(_ source: String) throws(CatalogError) -> SnapshotMeta {
        let path = layout.metaFile(source)
        let bytes = try FileSystem.read(path)
        do {
            return try SnapshotMeta(json: try JSONParser.parse(bytes), file: layout.relative(path))
        } catch let error as JSONParseError {
            throw .json(error, file: layout.relative(path))
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.internalError, "\(error)")
        }
    }

    /// What computes `source`'s index rows under these settings.
    /// `reviewed`: the ids with a review file, when known (else the folder is listed).
    func evaluator(source: String, htmlFields: Set<String>, reviewed: Set<String>? = nil) throws(CatalogError) -> RecordEvaluator {
        RecordEvaluator(reviews: ReviewSource(source: source, folder: reviews, reviewed: reviewed ?? reviews.ids(source), now: fileClock.now()),
                        htmlFields: htmlFields, evaluator: try evaluator())
    }

    /// What a review makes of its record under these settings, today.
    func evaluator() throws(CatalogError) -> Evaluator {
        Evaluator(vocabulary: try vocabulary(), confidenceThreshold: confidenceThreshold, fingerprintFields: fingerprintFields, today: today)
    }

    /// The review files.
    var reviews: ReviewFolder { ReviewFolder(layout: layout) }
}
