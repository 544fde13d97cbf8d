import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel

extension Catalog {
    /// Calls `body` with `source`'s records in id order, `batch` at a time, each as its snapshot
    /// line, its review file (read now) and the vocabularies make it: state, reasons, planner
    /// fields and lint error count, by the evaluator an import and an index refresh use. Nothing
    /// is read from the index, a cache that may be stale or tampered with: what a build publishes
    /// and the gates it applies come from here. `reviewed`: the ids with a review file (as
    /// `reviewedIDSet` lists them; the caller lints the files of no record).
    public func forEachEvaluatedEntry(source: String, reviewed: Set<String>, batch: Int,
                                      _ body: ([CatalogIndex.Entry]) throws(CatalogError) -> Void) throws(CatalogError) {
        let meta = try meta(source)
        let htmlFields = Set(meta.htmlFields)
        let evaluator = try indexInputs.evaluator(source: source, htmlFields: htmlFields, reviewed: reviewed)
        let path = layout.snapshotFile(source), file = layout.relative(path)
        let snapshot = try? LineFile(path)
        let fields = config.fingerprintFields
        var entries: [CatalogIndex.Entry] = []
        entries.reserveCapacity(batch)
        // Each record's review is read and evaluated by the worker that decodes its line.
        _ = try FeedReader(evaluator: evaluator, progress: progress).read(
            .snapshot(path: path, file: file, currentOnly: false, readingReviews: true, countingFields: false), restart: {}, consume: { row, _ throws(CatalogError) in
                entries.append(CatalogIndex.Entry(
                    source: source, id: row.id, name: row.name, removed: row.removed, fingerprint: row.fingerprint.value, state: row.columns.state,
                    autoPlan: row.columns.autoPlan, hasReview: row.columns.hasReview,
                    reasonsText: row.columns.reasons ?? RecordEvaluator.plainReasons(mask: row.columns.reasonMask),
                    lineOffset: row.lineOffset, lineLength: row.lineLength, plannerFields: row.columns.plannerFields, lintErrors: row.columns.lintErrors,
                    snapshot: snapshot, fields: fields, htmlFields: htmlFields))
                guard entries.count == batch else { return }
                try body(entries)
                entries.removeAll(keepingCapacity: true)
            })
        if !entries.isEmpty { try body(entries) }
    }
}
