import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

/// The lint errors of a source's review files, added up beside a walk over its evaluated
/// records (`Catalog.forEachEvaluatedEntry`), as `catalog lint` counts them: a record's file by
/// the count its evaluation holds, a file of no record (or not read as a review) linted here. Files and records meet in
/// the order of their ids' UTF-8 bytes, the order records come in.
struct ReviewFilesLint {
    let catalog: Catalog
    let source: String
    /// The source's review files, as ids sorted by their UTF-8 bytes.
    let files: [String]
    let vocabulary: Vocabulary
    private var next = 0
    private var errors = LintTally()

    init(_ catalog: Catalog, source: String, files: [String], vocabulary: Vocabulary) {
        self.catalog = catalog
        self.source = source
        self.files = files
        self.vocabulary = vocabulary
    }

    /// The next record, in id order.
    mutating func add(_ entry: CatalogIndex.Entry) throws(CatalogError) {
        while next < files.count, files[next].precedesInUTF8(entry.id) {
            try lintFile(files[next])
            next += 1
        }
        guard next < files.count, files[next].sameUTF8(entry.id) else { return }
        next += 1
        // A file that was read leaves no record unreviewed; one that does (a link to nothing,
        // say) was not read as a review: lint looks at it.
        if entry.state != .unreviewed {
            errors.add(entry.lintErrors, file: catalog.layout.relativeReviewFile(source: source, id: entry.id))
        } else {
            try lintFile(entry.id, recordName: entry.name)
        }
    }

    /// The tally, once every record was added.
    mutating func finish() throws(CatalogError) -> LintTally {
        while next < files.count {
            try lintFile(files[next])
            next += 1
        }
        return errors
    }

    /// A file not read as its record's review (`recordName` nil: of no record).
    private mutating func lintFile(_ id: String, recordName: String? = nil) throws(CatalogError) {
        let layout = catalog.layout
        let checked = try Catalog.lintFile(layout: layout, source: source, id: id, recordName: recordName, vocabulary: vocabulary, today: catalog.today,
                                             checkFormat: false).get()
        errors.add(ReviewLint.errors(checked.items), file: layout.relativeReviewFile(source: source, id: id))
    }
}
