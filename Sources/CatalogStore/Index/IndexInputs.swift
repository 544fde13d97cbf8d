import CatalogCore

/// What the index is derived from: the catalog's files, its settings and its vocabularies.
/// `CatalogIndex` reads through this value rather than through the `Catalog` that opens it, so
/// the two do not call each other.
struct IndexInputs {
    let layout: CatalogLayout
    let fingerprintFields: [String]
    let confidenceThreshold: Double
    /// The day the rules are evaluated on (`Catalog.clock`).
    let today: CalendarDay
    /// The vocabularies, read once by whoever holds them.
    let vocabulary: () throws(CatalogError) -> Vocabulary

    /// Sources with a snapshot, sorted.
    func sources() -> [String] {
        FileSystem.list(layout.upstreamDirectory).compactMap { name in
            name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : nil
        }
    }

    func meta(_ source: String) throws(CatalogError) -> SnapshotMeta {
        let path = layout.metaFile(source)
        let bytes = try FileSystem.read(path)
        do {
            return try SnapshotMeta(json: try JSONParser.parse(bytes), file: layout.relative(path))
        } catch let error as JSONParseError {
            throw .json(error, file: layout.relative(path))
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.internalError, "\(error)")
        }
    }

    /// What computes `source`'s index rows under these settings.
    /// `reviewed`: the ids with a review file, when known (else the folder is listed).
    func evaluator(source: String, htmlFields: Set<String>, reviewed: Set<String>? = nil) throws(CatalogError) -> RecordEvaluator {
        RecordEvaluator(reviews: ReviewSource(source: source, layout: layout, reviewed: reviewed ?? Catalog.reviewedIDSet(layout: layout, source)),
                        fields: fingerprintFields, htmlFields: htmlFields, vocabulary: try vocabulary(), confidenceThreshold: confidenceThreshold, today: today)
    }
}
