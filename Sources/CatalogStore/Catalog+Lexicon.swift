import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

extension Catalog {
    /// The catalog's lexicon: the words of every source's names and instructions, counted once
    /// per snapshot and kept in the index, with the vocabularies' words. Read once per command,
    /// and only by commands that meet a changed name (`staleRecord`).
    public func lexicon() throws(CatalogError) -> CatalogLexicon {
        if let cachedLexicon { return cachedLexicon }
        let index = try index()
        var lexicon = CatalogLexicon(terms: CatalogLexicon.terms(of: try vocabulary()))
        for source in sources() {
            guard let snapshot = FileSystem.signature(layout.snapshotFile(source)) else { continue }
            let counts = try index.lexiconCounts(source: source, signature: CatalogLexicon.version + ":" + snapshot) { () throws(CatalogError) in
                var counts: [String: Int] = [:]
                // Each record counted on a worker; the counts added up here.
                try forEachRecord(source, currentOnly: true, transform: CatalogLexicon.counting) { (record: [String: Int]) throws(CatalogError) in
                    counts.merge(record, uniquingKeysWith: +)
                }
                return counts
            }
            lexicon.merge(CatalogLexicon(counts: counts))
        }
        cachedLexicon = lexicon
        return lexicon
    }

    /// What changed in `review`'s record since it was made (`StaleRecord.analyze`), a changed
    /// name judged with the catalog's lexicon, which is read only then.
    public func staleRecord(review: Review, name: String, canonical: CanonicalText, media: MediaInfo?) throws(CatalogError) -> StaleRecord? {
        let stale = StaleRecord.analyze(review: review, name: name, canonical: canonical, media: media, fields: config.fingerprintFields, lexicon: .empty)
        guard let stale, stale.needsLexicon else { return stale }
        return StaleRecord.analyze(review: review, name: name, canonical: canonical, media: media, fields: config.fingerprintFields, lexicon: try lexicon())
    }
}
