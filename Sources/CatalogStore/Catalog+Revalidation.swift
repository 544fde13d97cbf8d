import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

extension Catalog {
    /// What the last upstream release did to `source`'s reviews: stale reviews with their diffs
    /// and change kinds, removed records, unreviewed records that changed, schema changes.
    public func revalidation(source: String) throws(CatalogError) -> RevalidationReport {
        let index = try index()
        let meta = try meta(source)
        let entries: [CatalogIndex.Entry]
        let unreviewed: Set<String>
        let notCurrent: Int
        let found = try index.attention(source: source)
        (entries, unreviewed, notCurrent) = (found.entries, Set(found.unreviewed), found.notCurrent)
        enum Finding: Sendable {
            case stale(StaleRecord)
            case removed(RevalidationReport.Removed)
            /// The row's line is not in the snapshot any more (replaced meanwhile).
            case unreadable(String)
        }
        let reviews = reviews
        let fields = config.fingerprintFields
        let html = Set(meta.htmlFields)
        // Each record's diff is worked out on all cores; the report keeps the index's id order.
        let analyze = { @Sendable (i: Int, lexicon: CatalogLexicon) -> Finding? in
            let entry = entries[i]
            // A review file that does not read is reported by lint; here it counts as none.
            let review = entry.hasReview ? (try? reviews.load(source: source, id: entry.id))?.review : nil
            if entry.state == .removed {
                return .removed(RevalidationReport.Removed(id: entry.id, name: entry.name, reviewed: review != nil))
            }
            guard let review else { return nil }
            guard let upstream = entry.upstream else { return .unreadable(entry.id) }
            let canonical = CanonicalText(record: upstream, fields: fields, htmlFields: html)
            return StaleRecord.analyze(review: review, name: entry.name, canonical: canonical, media: upstream.media, fields: fields, lexicon: lexicon).map { .stale($0) }
        }
        var findings = Parallel.map(entries.count) { analyze($0, .empty) }
        // A changed name is judged again with the catalog's lexicon, read only then.
        let renamed = findings.indices.filter { if case .stale(let record)? = findings[$0] { record.needsLexicon } else { false } }
        if !renamed.isEmpty {
            let lexicon = try lexicon()
            let again = Parallel.map(renamed.count) { analyze(renamed[$0], lexicon) }
            for (k, i) in renamed.enumerated() { findings[i] = again[k] }
        }
        var stale: [StaleRecord] = []
        var removed: [RevalidationReport.Removed] = []
        for finding in findings {
            switch finding {
            case .stale(let record)?: stale.append(record)
            case .removed(let record)?: removed.append(record)
            case .unreadable(let id)?:
                throw CatalogError(.dataError, "the snapshot changed while re-validating; run the command again", .init(file: layout.relative(layout.snapshotFile(source)), record: id))
            case nil: continue
            }
        }
        var report = RevalidationReport(
            source: source, importedAt: meta.importedAt, stale: stale, removed: removed,
            unreviewedChanged: meta.release.changed.filter(unreviewed.contains), schemaChanges: meta.release.schemaChanges,
            current: meta.total - notCurrent)
        report.memberSource = config.memberSource
        report.added = meta.release.added + meta.release.returned
        for change in stale.compactMap(\.mediaChange) {
            for digest in [change.old, change.new] where report.animations[digest] == nil {
                if let bytes = cachedMedia(digest) { report.animations[digest] = bytes }
            }
        }
        return report
    }
}
