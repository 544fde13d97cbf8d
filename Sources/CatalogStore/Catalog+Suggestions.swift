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
            // Parsed, mapped and keyed on all cores; added in file order, so matches are deterministic.
            try forEachRecord(source, currentOnly: true, transform: { ReferenceIndex.Entry(ReferenceRecord($0, source: source, key: key, vocabulary: vocabulary)) }) {
                references.add($0)
            }
        }
        let member = config.memberSource
        let siblings = imported.contains(member) ? try siblingIndex(member) : SiblingIndex()
        let variants = imported.contains(member) ? try variantIndex(member) : VariantIndex()
        return Suggester(vocabulary: vocabulary, references: references, siblings: siblings, variants: variants)
    }

    /// The copies among `source`'s current records, from the index rows' names; a record's name
    /// and upstream equipment are read again (in one query) only where its keys meet another's.
    func variantIndex(_ source: String) throws(CatalogError) -> VariantIndex {
        var names = VariantIndex.Names()
        let index = try index()
        do {
            // The light rows (id, name, state): no snapshot line or review fields read; the
            // names are then read on all cores at once.
            var rows: [(id: String, name: String)] = []
            try index.forEachRow(source: source) { row in
                if row.state != .removed { rows.append((row.id, row.name)) }
            }
            names.add(rows)
        } catch { throw CatalogError.index(error) }
        return try VariantIndex(names: names) { ids throws(CatalogError) in
            let found: [String: CatalogIndex.Entry]
            do { found = try index.entries(source: source, ids: ids) } catch { throw CatalogError.index(error) }
            let entries = Array(found.values)
            // Each one's snapshot line parsed on all cores.
            let terms = Parallel.map(entries.count) { i in entries[i].upstream.map { Suggester.terms($0.fields["equipment"]) } }
            return Dictionary(uniqueKeysWithValues: zip(entries, terms).map { ($0.id, (name: $0.name, equipmentTerms: $1)) })
        }
    }

    /// The reviewed records of `source` that have a sibling (another record of the same base
    /// name). Only those reviews are read: the names come from the index's light rows, and only
    /// the rows of records with a sibling are read whole, so a catalog whose records are all
    /// reviewed does not read every review file to suggest one record.
    func siblingIndex(_ source: String) throws(CatalogError) -> SiblingIndex {
        var byKey: [String: [String]] = [:]  // base name → ids, in id order
        let found: [String: CatalogIndex.Entry]
        do {
            let index = try index()
            // No review yet, no sibling to draft from: the names need not be walked at all.
            guard try index.hasReviews(source: source) else { return SiblingIndex() }
            try index.forEachRow(source: source) { row in
                if row.state != .removed { byKey[SiblingIndex.key(row.name), default: []].append(row.id) }
            }
            found = try index.entries(source: source, ids: byKey.values.filter { $0.count > 1 }.flatMap { $0 })
        } catch { throw CatalogError.index(error) }
        var siblings = SiblingIndex()
        for key in byKey.keys.sorted() {
            let group = byKey[key]!
            guard group.count > 1 else { continue }
            for entry in group.compactMap({ found[$0] }) where entry.hasReview {
                // A review that does not parse is lint's to report; it is no evidence here.
                guard let review = try? loadReview(source: source, id: entry.id).review, !review.corrections.isEmpty,
                      let record = entry.upstream else { continue }
                siblings.add(record, review: review)
            }
        }
        return siblings
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
