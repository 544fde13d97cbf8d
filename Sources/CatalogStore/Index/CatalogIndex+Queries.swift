import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite

extension CatalogIndex {
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

    /// One pass over the rows (a million at scale), added up here by what the counts tell apart:
    /// SQLite's GROUP BY sorts every row first (a million rows: 1.3-1.6 s, the scan alone 0.3 s).
    /// Rows come in source order and mostly in runs of one state, so each row's source and state
    /// are compared with the last row's bytes and made strings only when they change.
    public func counts() throws(CatalogError) -> [String: Counts] {
        try mapped {
            struct Sums {
                var records = 0, autoPlan = 0, mediaRecords = 0, mediaFrames = 0
                mutating func add(_ other: Sums) {
                    records += other.records
                    autoPlan += other.autoPlan
                    mediaRecords += other.mediaRecords
                    mediaFrames += other.mediaFrames
                }
            }
            // A group: the position of its (source, state) in `names`, its reason mask, removed or not.
            var names: [(source: String, state: String)] = []
            var sums: [Int: Sums] = [:]
            let rows = try database.prepare("SELECT source, state, reasonMask, removed, autoPlan, mediaFrames FROM records")
            var last: (source: [UInt8], state: [UInt8], name: Int)?
            var key = -1, run = Sums()
            while try rows.step() {
                let source = rows.blob(0), state = rows.blob(1)
                let name: Int
                if let last, last.source.elementsEqual(source), last.state.elementsEqual(state) {
                    name = last.name
                } else {
                    let pair = (String(decoding: source, as: UTF8.self), String(decoding: state, as: UTF8.self))
                    name = names.firstIndex { $0 == pair } ?? names.count
                    if name == names.count { names.append(pair) }
                    last = (Array(source), Array(state), name)
                }
                let removed = rows.int(3) != 0
                // The mask's bits beyond 32 name no reason code.
                let group = (name << 33) | ((rows.int(2) & 0xFFFF_FFFF) << 1) | (removed ? 1 : 0)
                if group != key {
                    if key >= 0 { sums[key, default: Sums()].add(run) }
                    (key, run) = (group, Sums())
                }
                run.records += 1
                run.autoPlan += rows.int(4)
                if !removed, !rows.isNull(5) {
                    run.mediaRecords += 1
                    run.mediaFrames += rows.int(5)
                }
            }
            if key >= 0 { sums[key, default: Sums()].add(run) }
            var out: [String: Counts] = [:]
            for (key, group) in sums {
                let (source, text) = names[key >> 33]
                guard let state = RecordState(rawValue: text) else { continue }
                let mask = (key >> 1) & 0xFFFF_FFFF
                var counts = out[source] ?? Counts()
                counts.records += group.records
                counts.autoPlan += group.autoPlan
                counts.states[state, default: 0] += group.records
                for (bit, code) in ReasonCode.allCases.enumerated() where mask & (1 << bit) != 0 { counts.reasons[code, default: 0] += group.records }
                counts.mediaRecords += group.mediaRecords
                counts.mediaFrames += group.mediaFrames
                out[source] = counts
            }
            return out
        }
    }

    /// Whether any record of `source` has a review (the first row with one answers).
    public func hasReviews(source: String) throws(CatalogError) -> Bool {
        try mapped {
            try !database.rows("SELECT 1 FROM records WHERE source = ? AND hasReview = 1 LIMIT 1", [.text(source)]).isEmpty
        }
    }

    /// The sources that hold `id`.
    public func sources(holding id: String) throws(CatalogError) -> [String] {
        try mapped {
            let statement = try database.prepare("SELECT 1 FROM records WHERE source = ? AND id = ?")
            return try database.rows("SELECT source FROM sources ORDER BY source").compactMap { $0[0].text }.filter { source in
                try statement.bind([.text(source), .text(id)])
                defer { statement.reset() }
                return try statement.step()
            }
        }
    }

    static let entryColumns = "source, id, name, removed, fingerprint, state, autoPlan, hasReview, reasons, lineOffset, lineLength, planner, lintErrors, reasonMask"

    public func entry(source: String, id: String) throws(CatalogError) -> Entry? {
        try mapped {
            let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND id = ?")
            try statement.bind([.text(source), .text(id)])
            guard try statement.step() else { return nil }
            return try entry(statement, context: context(source))
        }
    }

    /// The entries of `source` with these ids (an id it does not have is left out): one
    /// statement and one look at the snapshot for them all, not one per id.
    public func entries(source: String, ids: [String]) throws(CatalogError) -> [String: Entry] {
        try mapped {
            let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND id = ?")
            let context = try context(source)
            var out: [String: Entry] = [:]
            for id in ids {
                statement.reset()
                try statement.bind([.text(source), .text(id)])
                if try statement.step() { out[id] = entry(statement, context: context) }
            }
            return out
        }
    }

    /// Every record of `source` in one of `states`, by id.
    public func entries(source: String, states: [RecordState]) throws(CatalogError) -> [Entry] {
        var out: [Entry] = []
        try forEachEntry(source: source, states: states) { out += $0 }
        return out
    }

    /// Every record of `source` in one of `states` (default: all), by id, `batch` at a time: a
    /// walk over a million records in bounded memory.
    public func forEachEntry(source: String, states: [RecordState] = RecordState.allCases, batch: Int = 2048, _ body: ([Entry]) throws(CatalogError) -> Void) throws(CatalogError) {
        try mapped {
            let marks = states.map { _ in "?" }.joined(separator: ", ")
            let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND state IN (\(marks)) ORDER BY id")
            try statement.bind([.text(source)] + states.map { .text($0.rawValue) })
            let context = try context(source)
            var entries: [Entry] = []
            entries.reserveCapacity(batch)
            while try statement.step() {
                entries.append(entry(statement, context: context))
                if entries.count == batch {
                    try body(entries)
                    entries.removeAll(keepingCapacity: true)
                }
            }
            if !entries.isEmpty { try body(entries) }
        }
    }

    /// What `lint` needs of each row of `source`, by id.
    public struct LintRow: Sendable {
        public var id: String
        public var name: String
        public var state: RecordState
        public var lintErrors: Int
    }

    /// Every row of `source` by id, with no more than lint needs (no snapshot line read).
    public func forEachRow(source: String, _ body: (LintRow) throws(CatalogError) -> Void) throws(CatalogError) {
        try mapped {
            let statement = try database.prepare("SELECT id, name, state, lintErrors FROM records WHERE source = ? ORDER BY id")
            try statement.bind([.text(source)])
            while try statement.step() {
                try body(LintRow(id: statement.text(0), name: statement.text(1), state: RecordState(rawValue: statement.text(2)) ?? .unreviewed,
                                 lintErrors: statement.int(3)))
            }
        }
    }

    /// The rows of `source` whose review sets variantOf (removed records' too: they stay in a
    /// build), as (id, planner fields' text), in id order: what the cross-record check of the
    /// links needs, without reading any other row's fields.
    public func variantRows(source: String) throws(CatalogError) -> [(id: String, planner: String)] {
        try mapped {
            let statement = try database.prepare("SELECT id, planner FROM records WHERE source = ? AND planner LIKE '%\"variantOf\":%' ORDER BY id")
            try statement.bind([.text(source)])
            var rows: [(id: String, planner: String)] = []
            while try statement.step() { rows.append((statement.text(0), statement.text(1))) }
            return rows
        }
    }

    /// The records that need an editor's attention, in one pass: the stale and removed ones
    /// (entries) and the ids of unreviewed ones; with how many rows were not current.
    public func attention(source: String) throws(CatalogError) -> (entries: [Entry], unreviewed: [String], notCurrent: Int) {
        try mapped {
            let statement = try database.prepare("SELECT \(Self.entryColumns) FROM records WHERE source = ? AND state != ? ORDER BY id")
            try statement.bind([.text(source), .text(RecordState.current.rawValue)])
            let context = try context(source)
            var entries: [Entry] = []
            var unreviewed: [String] = []
            var count = 0
            while try statement.step() {
                count += 1
                if statement.text(5) == RecordState.unreviewed.rawValue {
                    unreviewed.append(statement.text(1))
                } else {
                    entries.append(entry(statement, context: context))
                }
            }
            return (entries, unreviewed, count)
        }
    }

    /// Id → name of every record of `source`.
    public func names(source: String) throws(CatalogError) -> [String: String] {
        try mapped {
            var out: [String: String] = [:]
            let statement = try database.prepare("SELECT id, name FROM records WHERE source = ?")
            try statement.bind([.text(source)])
            while try statement.step() { out[statement.text(0)] = statement.text(1) }
            return out
        }
    }

    /// The snapshot rows of `source` point into, and its HTML fields.
    func context(_ source: String) throws -> (snapshot: LineFile?, htmlFields: Set<String>) {
        let html = try database.rows("SELECT htmlFields FROM sources WHERE source = ?", [.text(source)]).first?[0].text ?? ""
        return (try? LineFile(layout.snapshotFile(source)), Set(html.split(separator: "\n").map(String.init)))
    }

    func entry(_ statement: Statement, context: (snapshot: LineFile?, htmlFields: Set<String>)) -> Entry {
        Entry(
            source: statement.text(0), id: statement.text(1), name: statement.text(2), removed: statement.int(3) != 0,
            fingerprint: Fingerprint(digest: statement.blob(4)).value, state: RecordState(rawValue: statement.text(5)) ?? .unreviewed,
            autoPlan: statement.int(6) != 0, hasReview: statement.int(7) != 0, reasonsText: statement.isNull(8) ? RecordEvaluator.plainReasons(mask: statement.int(13)) : statement.text(8),
            lineOffset: statement.int(9), lineLength: statement.int(10), plannerFields: .text(statement.text(11)), lintErrors: statement.int(12),
            snapshot: context.snapshot,
            fields: fields, htmlFields: context.htmlFields)
    }
}

extension CatalogIndex {
    /// Counts per source (`counts`).
    public func catalogCounts() throws(CatalogError) -> [String: Counts] { try counts() }

    /// One record, or exit 66 naming it.
    public func catalogEntry(source: String, id: String) throws(CatalogError) -> Entry {
        guard let found = try entry(source: source, id: id) else { throw CatalogError(.noInput, "no record \(id) in source \(source)", .init(record: "\(source):\(id)")) }
        return found
    }
}
