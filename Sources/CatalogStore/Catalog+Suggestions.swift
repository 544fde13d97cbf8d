import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

extension Catalog {
    /// The key of `source`'s upstream terms in the synonym maps.
    public func vocabularyKey(_ source: String) throws(CatalogError) -> String {
        Suggester.vocabularyKey(source: source, adapter: try meta(source).adapter, vocabulary: try vocabulary())
    }

    /// A suggester with every reference source's records as evidence, matched by name, and the
    /// member source's reviewed records as evidence for their siblings: `suggesterCache`'s when
    /// the catalog has one and nothing the suggester is built from changed since.
    public func suggester() throws(CatalogError) -> Suggester {
        let member = config.memberSource
        let siblings = sources().contains(member) ? try siblingGroups(member) : []
        guard let suggesterCache else { return try makeSuggester(siblings: siblings).suggester }
        // Read first: the key holds the vocabularies' stamps from before they were read.
        _ = try vocabulary()
        let key = suggesterKey(siblings: siblings)
        return try suggesterCache.suggester(key: key) { () throws(CatalogError) -> (Suggester, keep: Bool) in
            // Kept only when every file read and none changed while it was built.
            let made = try makeSuggester(siblings: siblings)
            return (made.suggester, made.complete && key != nil && suggesterKey(siblings: siblings) == key)
        }
    }

    /// What a suggester is built from: the config and the vocabularies as this catalog read them
    /// (their stamps from before the reading), and the stamps of the vocabularies now (with the
    /// change time, which an edit that puts the mtime back still moves), of each source's
    /// snapshot and meta, and of the review files of the records in `siblings`
    /// (`siblingGroups`). Nil when one changed too recently for its stamp to be trusted.
    func suggesterKey(siblings: [[String]]) -> [String]? {
        guard case .settled(let config)? = configStamp, let vocabulary = loadedVocabularyFiles else { return nil }
        var paths = Vocabulary.files.map { layout.vocabDirectory + "/" + $0 }
        for source in sources() { paths += [layout.snapshotFile(source), layout.metaFile(source)] }
        paths += siblings.joined().map { layout.reviewFile(source: self.config.memberSource, id: $0) }
        let now = fileClock.now()
        var key = [config, vocabulary]
        key.reserveCapacity(paths.count + 2)
        for path in paths {
            switch FileSystem.stamp(path, now: now) {
            case .racy?: return nil
            case .settled(let stamp)?: key.append(path + " " + stamp)
            case nil: key.append(path + " -")
            }
        }
        return key
    }

    /// A suggester built from the files as they are now; `siblings`: `siblingGroups`'s. Not
    /// complete when a sibling's review could not be read (not one that does not parse: that
    /// stays so until the file changes), so that a passing failure is not kept.
    func makeSuggester(siblings groups: [[String]]) throws(CatalogError) -> (suggester: Suggester, complete: Bool) {
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
        let siblings = try siblingIndex(member, groups: groups)
        let variants = imported.contains(member) ? try variantIndex(member) : VariantIndex()
        var suggester = Suggester(vocabulary: vocabulary, references: references, siblings: siblings.index, variants: variants)
        suggester.threshold = config.confidenceThreshold
        return (suggester, siblings.complete)
    }

    /// The copies among `source`'s current records, from the index rows' names; a record's name
    /// and upstream equipment are read again (in one query) only where its keys meet another's.
    func variantIndex(_ source: String) throws(CatalogError) -> VariantIndex {
        var names = VariantIndex.Names()
        let index = try index()
        // The light rows (id, name, state): no snapshot line or review fields read; the
        // names are then read on all cores at once.
        var rows: [(id: String, name: String)] = []
        try index.forEachRow(source: source) { row in
            if row.state != .removed { rows.append((row.id, row.name)) }
        }
        names.add(rows)
        return try VariantIndex(names: names) { ids throws(CatalogError) in
            let found: [String: CatalogIndex.Entry]
            found = try index.entries(source: source, ids: ids)
            let entries = Array(found.values)
            // Each one's snapshot line parsed on all cores.
            let terms = Parallel.map(entries.count) { i in entries[i].upstream.map { Suggester.terms($0.fields["equipment"]) } }
            return Dictionary(uniqueKeysWithValues: zip(entries, terms).map { ($0.id, (name: $0.name, equipmentTerms: $1)) })
        }
    }

    /// The records of `source` that have a sibling (another current record of the same base
    /// name): a list of ids in id order for each base name, in the names' order. None when the
    /// source has no review yet, since there is no sibling to draft from. Only the index's light
    /// rows are read (id, name, state).
    func siblingGroups(_ source: String) throws(CatalogError) -> [[String]] {
        var byKey: [String: [String]] = [:]  // base name → ids, in id order
        let index = try index()
        guard try index.hasReviews(source: source) else { return [] }
        try index.forEachRow(source: source) { row in
            if row.state != .removed { byKey[SiblingIndex.key(row.name), default: []].append(row.id) }
        }
        return byKey.keys.sorted().compactMap { byKey[$0]!.count > 1 ? byKey[$0]! : nil }
    }

    /// The reviewed records among `groups` (`siblingGroups`), as evidence for their siblings.
    /// Only their rows and reviews are read, so a catalog whose records are all reviewed does not
    /// read every review file to suggest one record. `complete`: every review file read (or
    /// found not to parse).
    func siblingIndex(_ source: String, groups: [[String]]) throws(CatalogError) -> (index: SiblingIndex, complete: Bool) {
        var siblings = SiblingIndex()
        var complete = true
        guard !groups.isEmpty else { return (siblings, complete) }
        let found: [String: CatalogIndex.Entry]
        found = try index().entries(source: source, ids: groups.flatMap { $0 })
        for group in groups {
            for entry in group.compactMap({ found[$0] }) where entry.hasReview {
                // A review that does not parse is lint's to report; it is no evidence here.
                let review: Review?
                do throws(CatalogError) { review = try loadReview(source: source, id: entry.id).review } catch {
                    if error.kind != .dataError { complete = false }
                    continue
                }
                guard let review, !review.corrections.isEmpty, let record = entry.upstream else { continue }
                siblings.add(record, review: review)
            }
        }
        return (siblings, complete)
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
