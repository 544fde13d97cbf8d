import CatalogCore

extension Catalog {
    /// What the last upstream release did to `source`'s reviews: stale reviews with their diffs
    /// and change kinds, removed records, unreviewed records that changed, schema changes.
    public func revalidation(source: String) throws(CatalogError) -> RevalidationReport {
        let index = try index()
        let meta = try meta(source)
        let entries: [CatalogIndex.Entry]
        let counts: [String: CatalogIndex.Counts]
        do {
            entries = try index.entries(source: source, states: [.stale, .removed])
            counts = try index.counts()
        } catch {
            throw CatalogError(.internalError, "index: \(error)")
        }
        var stale: [StaleRecord] = []
        var removed: [RevalidationReport.Removed] = []
        for entry in entries {
            // A review file that does not read is reported by lint; here it counts as none.
            let review = entry.hasReview ? (try? loadReview(source: source, id: entry.id))?.review : nil
            if entry.state == .removed {
                removed.append(RevalidationReport.Removed(id: entry.id, name: entry.name, reviewed: review != nil))
                continue
            }
            let upstream = entry.upstream
            let media = upstream?.media
            guard let review,
                  let record = StaleRecord.analyze(review: review, name: entry.name, canonical: canonicalText(upstream, source: source),
                                                   media: media, fields: config.fingerprintFields) else { continue }
            stale.append(record)
        }
        let unreviewed = Set(try unreviewedIDs(source, index: index))
        var report = RevalidationReport(
            source: source, importedAt: meta.importedAt, stale: stale, removed: removed,
            unreviewedChanged: meta.release.changed.filter(unreviewed.contains), schemaChanges: meta.release.schemaChanges,
            current: counts[source]?.states[.current] ?? 0)
        for change in stale.compactMap(\.mediaChange) {
            for digest in [change.old, change.new] where report.animations[digest] == nil {
                if let bytes = cachedMedia(digest) { report.animations[digest] = bytes }
            }
        }
        return report
    }

    /// The canonical text of a record read back from its snapshot line (empty when unreadable).
    func canonicalText(_ record: UpstreamRecord?, source: String) -> CanonicalText {
        guard let record, let html = try? meta(source).htmlFields else { return CanonicalText(storedText: "") }
        return canonicalText(record, htmlFields: html)
    }

    func unreviewedIDs(_ source: String, index: CatalogIndex) throws(CatalogError) -> [String] {
        do { return try index.ids(source: source, state: .unreviewed) } catch { throw CatalogError(.internalError, "index: \(error)") }
    }
}
