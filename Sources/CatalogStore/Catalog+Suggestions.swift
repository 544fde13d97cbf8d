import CatalogCore

extension Catalog {
    /// The key of `source`'s upstream terms in the synonym maps.
    public func vocabularyKey(_ source: String) throws(CatalogError) -> String {
        Suggester.vocabularyKey(source: source, adapter: try meta(source).adapter, vocabulary: try vocabulary())
    }

    /// A suggester with every reference source's records as evidence, matched by name, and the
    /// member source's reviewed records as evidence for their siblings.
    public func suggester() throws(CatalogError) -> Suggester {
        let vocabulary = try vocabulary()
        var references = ReferenceIndex()
        let imported = sources()
        for source in config.referenceSources + imported.filter({ $0 != config.memberSource && !config.referenceSources.contains($0) }) where imported.contains(source) {
            let key = try vocabularyKey(source)
            // Parsed and mapped on all cores; added in file order, so matches are deterministic.
            try forEachRecord(source, currentOnly: true, transform: { ReferenceRecord($0, source: source, key: key, vocabulary: vocabulary) }) {
                references.add($0)
            }
        }
        var siblings = SiblingIndex()
        let member = config.memberSource
        if imported.contains(member) {
            for id in reviewedIDs(member) {
                // A review that does not parse is lint's to report; it is no evidence here.
                guard let review = try? loadReview(source: member, id: id).review, !review.corrections.isEmpty,
                      let record = try? upstreamRecord(source: member, id: id).record else { continue }
                siblings.add(record, review: review)
            }
        }
        return Suggester(vocabulary: vocabulary, references: references, siblings: siblings)
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
