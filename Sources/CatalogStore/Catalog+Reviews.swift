import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

extension Catalog {
    // MARK: - Vocabulary

    /// The vocabularies of `catalog/vocab/`, read once per process.
    public func vocabulary() throws(CatalogError) -> Vocabulary {
        if let cachedVocabulary { return cachedVocabulary }
        // Taken before the files are read: a change while they are read shows as another signature.
        let files = vocabularyFiles
        var documents: [String: [UInt8]] = [:]
        for name in Vocabulary.files {
            let path = layout.vocabDirectory + "/" + name
            if FileSystem.exists(path) { documents[name] = try FileSystem.read(path) }
        }
        let vocab = try Vocabulary.load(documents, directory: layout.relative(layout.vocabDirectory))
        cachedVocabulary = vocab
        loadedVocabularyFiles = files
        return vocab
    }

    /// The vocabularies' files as they are now (size, mtime and inode of each).
    var vocabularyFiles: String { indexInputs.vocabularyFiles }

    // MARK: - Review files

    /// The review files (`ReviewFolder`): read, listed, locked and saved there.
    public var reviews: ReviewFolder { ReviewFolder(layout: layout) }

    /// Ids with a review file under `reviews/<source>/`, sorted.
    public func reviewedIDs(_ source: String) -> [String] { reviews.sortedIDs(source) }

    /// `reviewedIDs` as a set (no sort: a million names at scale).
    public func reviewedIDSet(_ source: String) -> Set<String> { reviews.ids(source) }

    /// `ReviewFolder.load`.
    public func loadReview(source: String, id: String) throws(CatalogError) -> LoadedReview {
        try reviews.load(source: source, id: id)
    }

    /// `ReviewFolder.problem`.
    public func reviewProblem(source: String, id: String) -> CatalogError? { reviews.problem(source: source, id: id) }

    /// `ReviewFolder.withLock`.
    public func withReviewLock<T>(_ body: () throws -> T) throws -> T { try reviews.withLock(body) }

    /// `CatalogLayout.withLock`.
    public func withLock<T>(_ name: String, _ body: () throws -> T) throws -> T { try layout.withLock(name, body) }

    /// `ReviewFolder.save` of one review. Call inside `withReviewLock`.
    public func saveReview(_ review: Review, expected: String?, eligibility: Eligibility? = nil, indexing: ReviewIndexing? = nil,
                           history: HistoryContext) throws(CatalogError) {
        try reviews.save(review, expected: expected, eligibility: eligibility, indexing: indexing, history: history)
    }

    /// What writes the index rows of the reviews a command writes in `source` (`ReviewIndexing`),
    /// evaluated with this catalog's vocabularies as read now. `settleAtLeast`: how many written
    /// files make waiting out their racy second worth it.
    public func reviewIndexing(source: String, settleAtLeast: Int = 5_000) throws(CatalogError) -> ReviewIndexing {
        let index = try index()
        let inputs = try indexInputs.withVocabularyRead()
        return ReviewIndexing(index: index, inputs: inputs, vocabularyFiles: loadedVocabularyFiles, source: source, settleAtLeast: settleAtLeast)
    }

    /// How a door saves one review it evaluated (`$EDITOR`, the workbench's PUT): under the
    /// review lock, checked and written by `ReviewFolder.save` with its history entry, its index
    /// row from `eligibility` written with it (`ReviewIndexing`), as `review --set` and `accept` do.
    public func saveEvaluatedReview(_ review: Review, expected: String?, eligibility: Eligibility, history: HistoryContext) throws {
        let indexing = try reviewIndexing(source: review.source)
        try withReviewLock { try saveReview(review, expected: expected, eligibility: eligibility, indexing: indexing, history: history) }
        indexing.finish()
    }

    /// `ReviewFolder.save` of many reviews, each drafted as a `ReviewWrite` (its file's text made
    /// where it was drafted) or made here on all cores. Call inside `withReviewLock`.
    @discardableResult
    public func saveReviews(_ items: [(review: Review, expected: String?)], allOrNothing: Bool = false,
                            indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        try reviews.save(Parallel.map(items.count) { i in ReviewWrite(items[i].review, expected: items[i].expected) }, allOrNothing: allOrNothing,
                         indexing: indexing, history: history)
    }

    @discardableResult
    public func saveReviews(_ items: [ReviewWrite], allOrNothing: Bool = false,
                            indexing: ReviewIndexing? = nil, history: HistoryContext) throws(CatalogError) -> (written: [String], conflicts: [String]) {
        try reviews.save(items, allOrNothing: allOrNothing, indexing: indexing, history: history)
    }
}
