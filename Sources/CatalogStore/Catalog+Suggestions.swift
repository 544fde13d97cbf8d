import CatalogCore

extension Catalog {
    /// The key of `source`'s upstream terms in the synonym maps.
    public func vocabularyKey(_ source: String) throws(CatalogError) -> String {
        Suggester.vocabularyKey(source: source, adapter: try meta(source).adapter, vocabulary: try vocabulary())
    }

    /// A suggester that knows the levels of the reference sources' records, by exercise name.
    public func suggester() throws(CatalogError) -> Suggester {
        let vocabulary = try vocabulary()
        var levels: [String: ReferenceLevel] = [:]
        for source in config.referenceSources where sources().contains(source) {
            let map = vocabulary.levelSynonyms[try vocabularyKey(source)] ?? [:]
            for record in try snapshot(source) where !record.removed {
                guard let upstream = record.extra["level"]?.stringValue,
                      let level = map[upstream] ?? (vocabulary.levels.contains(upstream) ? upstream : nil) else { continue }
                let key = Suggester.matchingName(record.name)
                if levels[key] == nil { levels[key] = ReferenceLevel(source: source, id: record.id, level: level) }
            }
        }
        return Suggester(vocabulary: vocabulary, referenceLevels: levels)
    }

    /// The current upstream record of `source:id`, with its canonical text.
    /// Read from the index (one row), not by parsing the whole snapshot.
    public func upstreamRecord(source: String, id: String) throws(CatalogError) -> (record: UpstreamRecord, canonical: CanonicalText) {
        let entry = try index().catalogEntry(source: source, id: id)
        guard let record = entry.upstream else {
            throw CatalogError(.dataError, "record \(source):\(id) is not readable in the snapshot; run the command again", .init(file: layout.relative(layout.snapshotFile(source)), record: id))
        }
        return (record, canonicalText(record, htmlFields: try meta(source).htmlFields))
    }
}
