import CatalogCore
import Foundation
import CatalogSQLite

/// The local SQLite index under `.catalog/`: derived from the catalog's files, refreshed when
/// they change (by size, mtime and inode, and the fingerprint settings), safe to delete.
public final class CatalogIndex {
    let database: Database

    init(path: String) throws {
        var database = try Database(path: path)
        if try Migrations.isForeign(database) {
            // Written by another version: it is derived, so start again from the files.
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            database = try Database(path: path)
        }
        self.database = database
        try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        try Migrations.apply(to: database)
    }

    /// One indexed record.
    public struct Entry: Sendable {
        public var source: String
        public var id: String
        public var name: String
        public var removed: Bool
        public var fingerprint: String
        public var canonicalText: String
        public var state: RecordState
        public var autoPlan: Bool
        /// The stored JSON texts, parsed only when asked for.
        var reasonsText: String
        var recordText: String
        var reviewText: String?

        public var reasons: JSONValue { (try? JSONParser.parse(reasonsText)) ?? .array([]) }
        public var record: JSONValue { (try? JSONParser.parse(recordText)) ?? .null }
        public var review: JSONValue { reviewText.flatMap { try? JSONParser.parse($0) } ?? .null }
        public var hasReview: Bool { reviewText != nil }
    }

    // MARK: - Refresh

    /// What a source's rows are derived from: the snapshot, every review file of the source, the
    /// vocabularies and the settings. Size, mtime (ns) and inode of each file, hashed together.
    static func signature(_ catalog: Catalog, source: String, meta: SnapshotMeta) -> String? {
        guard let snapshot = FileSystem.signature(catalog.layout.snapshotFile(source)) else { return nil }
        var parts = ["v2", snapshot, catalog.config.fingerprintFields.joined(separator: ","), meta.htmlFields.joined(separator: ","),
                     String(catalog.config.confidenceThreshold)]
        for name in Vocabulary.files {
            parts.append(name + "=" + (FileSystem.signature(catalog.layout.vocabDirectory + "/" + name) ?? "-"))
        }
        let reviews = catalog.layout.reviewsDirectory + "/" + source
        for name in FileSystem.list(reviews) {
            parts.append(name + "=" + (FileSystem.signature(reviews + "/" + name) ?? "-"))
        }
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// Brings every source's rows up to date with the files; returns the sources re-indexed.
    @discardableResult
    func refresh(_ catalog: Catalog) throws -> [String] {
        let sources = catalog.sources()
        var stored: [String: String] = [:]
        for row in try database.rows("SELECT source, signature FROM sources") {
            if let s = row[0].text, let sig = row[1].text { stored[s] = sig }
        }
        var refreshed: [String] = []
        for source in sources {
            let meta = try catalog.meta(source)
            guard let signature = Self.signature(catalog, source: source, meta: meta), stored[source] != signature else { continue }
            let records = try catalog.snapshotLines(source)
            let vocabulary = try catalog.vocabulary()
            try database.inTransaction {
                try replace(source: source, records: records, meta: meta, signature: signature, catalog: catalog, vocabulary: vocabulary)
            }
            refreshed.append(source)
        }
        for gone in Set(stored.keys).subtracting(sources) {
            try database.inTransaction {
                for table in ["records", "record_reasons", "sources"] {
                    try database.prepare("DELETE FROM \(table) WHERE source = ?").run([.text(gone)])
                }
            }
        }
        return refreshed
    }

    private func replace(source: String, records: [(record: UpstreamRecord, line: String)], meta: SnapshotMeta, signature: String, catalog: Catalog, vocabulary: Vocabulary) throws {
        for table in ["records", "record_reasons"] {
            try database.prepare("DELETE FROM \(table) WHERE source = ?").run([.text(source)])
        }
        let insert = try database.prepare("""
            INSERT INTO records (source, id, name, removed, fingerprint, canonicalText, state, autoPlan, reasons, record, review, mediaFrames)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertReason = try database.prepare("INSERT INTO record_reasons (source, id, code) VALUES (?, ?, ?)")
        let html = Set(meta.htmlFields)
        let reviewed = Set(catalog.reviewedIDs(source))
        let config = catalog.config
        for (record, line) in records {
            let canonical = CanonicalText(record: record, fields: config.fingerprintFields, htmlFields: html)
            var review: Review?
            var reviewError: CatalogError?
            if reviewed.contains(record.id) {
                do { review = try catalog.loadReview(source: source, id: record.id).review } catch { reviewError = error }
            }
            let eligibility = Eligibility(Eligibility.Input(
                record: record, canonical: canonical, review: review, reviewError: reviewError, vocabulary: vocabulary,
                confidenceThreshold: config.confidenceThreshold, fingerprintFields: config.fingerprintFields))
            try insert.run([
                .text(source), .text(record.id), .text(record.name), .int(record.removed ? 1 : 0),
                .text(canonical.fingerprint.value), .text(canonical.text), .text(eligibility.state.rawValue),
                .int(eligibility.autoPlan ? 1 : 0), .text(JSONWriter.string(.array(eligibility.reasons.map(\.json)))),
                .text(line), review.map { .text(JSONWriter.string($0.json)) } ?? .null,
                record.media.map { .int(Int64($0.frames)) } ?? .null,
            ])
            for reason in eligibility.reasons {
                try insertReason.run([.text(source), .text(record.id), .text(reason.code.rawValue)])
            }
        }
        try database.prepare("INSERT OR REPLACE INTO sources (source, signature, adapter, importedAt) VALUES (?, ?, ?, ?)")
            .run([.text(source), .text(signature), .text(meta.adapter), .text(meta.importedAt)])
    }

    // MARK: - Queries

    /// Counts by state and reason, overall and per source.
    public struct Counts: Sendable, Equatable {
        public var records = 0
        public var autoPlan = 0
        public var states: [RecordState: Int] = [:]
        public var reasons: [ReasonCode: Int] = [:]
        /// Records with an animation attached, and their frames in all.
        public var mediaRecords = 0
        public var mediaFrames = 0

        public init() {}

        public var json: JSONValue {
            .object(JSONObject([
                JSONMember("records", .int(records)),
                JSONMember("states", .object(JSONObject(RecordState.allCases.map { JSONMember($0.rawValue, .int(states[$0] ?? 0)) }))),
                JSONMember("autoPlan", .int(autoPlan)),
                JSONMember("reasons", .object(JSONObject(reasons.keys.sorted().map { JSONMember($0.rawValue, .int(reasons[$0]!)) }))),
                JSONMember("media", .object(JSONObject([JSONMember("records", .int(mediaRecords)), JSONMember("frames", .int(mediaFrames))]))),
            ]))
        }
    }

    public func counts() throws -> [String: Counts] {
        var out: [String: Counts] = [:]
        for row in try database.rows("SELECT source, state, COUNT(*), SUM(autoPlan) FROM records GROUP BY source, state") {
            guard let source = row[0].text, let state = row[1].text.flatMap(RecordState.init(rawValue:)) else { continue }
            let n = row[2].int ?? 0
            out[source, default: Counts()].records += n
            out[source, default: Counts()].autoPlan += row[3].int ?? 0
            out[source, default: Counts()].states[state] = n
        }
        for row in try database.rows("SELECT source, COUNT(mediaFrames), SUM(mediaFrames) FROM records WHERE removed = 0 GROUP BY source") {
            guard let source = row[0].text else { continue }
            out[source, default: Counts()].mediaRecords = row[1].int ?? 0
            out[source, default: Counts()].mediaFrames = row[2].int ?? 0
        }
        for row in try database.rows("SELECT source, code, COUNT(*) FROM record_reasons GROUP BY source, code") {
            guard let source = row[0].text, let code = row[1].text.flatMap(ReasonCode.init(rawValue:)) else { continue }
            out[source, default: Counts()].reasons[code] = row[2].int ?? 0
        }
        return out
    }

    /// The sources that hold `id`.
    public func sources(holding id: String) throws -> [String] {
        try database.rows("SELECT source FROM records WHERE id = ? ORDER BY source", [.text(id)]).compactMap { $0[0].text }
    }

    static let entryColumns = "source, id, name, removed, fingerprint, canonicalText, state, autoPlan, reasons, record, review"

    public func entry(source: String, id: String) throws -> Entry? {
        let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND id = ?")
        try statement.bind([.text(source), .text(id)])
        guard try statement.step() else { return nil }
        return Self.entry(statement)
    }

    /// Every record of `source` in one of `states`, by id.
    public func entries(source: String, states: [RecordState]) throws -> [Entry] {
        let marks = states.map { _ in "?" }.joined(separator: ", ")
        let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND state IN (\(marks)) ORDER BY id")
        try statement.bind([.text(source)] + states.map { .text($0.rawValue) })
        var out: [Entry] = []
        while try statement.step() { out.append(Self.entry(statement)) }
        return out
    }

    /// Id → name of every record of `source`.
    public func names(source: String) throws -> [String: String] {
        var out: [String: String] = [:]
        let statement = try database.prepare("SELECT id, name FROM records WHERE source = ?")
        try statement.bind([.text(source)])
        while try statement.step() { out[statement.text(0)] = statement.text(1) }
        return out
    }

    /// Ids of `source`'s records in `state`, sorted.
    public func ids(source: String, state: RecordState) throws -> [String] {
        try database.rows("SELECT id FROM records WHERE source = ? AND state = ? ORDER BY id", [.text(source), .text(state.rawValue)]).compactMap { $0[0].text }
    }

    static func entry(_ statement: Statement) -> Entry {
        Entry(
            source: statement.text(0), id: statement.text(1), name: statement.text(2), removed: statement.int(3) != 0,
            fingerprint: statement.text(4), canonicalText: statement.text(5),
            state: RecordState(rawValue: statement.text(6)) ?? .unreviewed, autoPlan: statement.int(7) != 0,
            reasonsText: statement.text(8), recordText: statement.text(9),
            reviewText: statement.column(10) == .null ? nil : statement.text(10))
    }
}

extension CatalogIndex {
    /// Counts per source, mapping index failures to an internal error.
    public func catalogCounts() throws(CatalogError) -> [String: Counts] {
        do { return try counts() } catch { throw CatalogError(.internalError, "index: \(error)") }
    }

    /// One record, or exit 66 naming it.
    public func catalogEntry(source: String, id: String) throws(CatalogError) -> Entry {
        let found: Entry?
        do { found = try entry(source: source, id: id) } catch { throw CatalogError(.internalError, "index: \(error)") }
        guard let found else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: "\(source):\(id)")) }
        return found
    }
}
