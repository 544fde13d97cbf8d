import CatalogJSON
import CatalogModel

/// Everything `catalog revalidate` reports for one source after an upstream release.
public struct RevalidationReport: Sendable {
    public struct Removed: Sendable {
        public var id: String
        public var name: String
        public var reviewed: Bool

        public init(id: String, name: String, reviewed: Bool) {
            self.id = id
            self.name = name
            self.reviewed = reviewed
        }
    }

    public var source: String
    public var importedAt: String
    public var stale: [StaleRecord]
    public var removed: [Removed]
    public var unreviewedChanged: [String]
    /// Records the release added (or brought back): new since the last round of reviews.
    public var added = 0
    public var schemaChanges: [SchemaChange]
    public var current: Int
    /// Animation bytes by digest, where at hand, to show old and new side by side.
    public var animations: [String: [UInt8]] = [:]
    /// The catalog's member source: how the printed `catalog accept` lines name records.
    public var memberSource: String?

    public init(source: String, importedAt: String, stale: [StaleRecord], removed: [Removed], unreviewedChanged: [String], schemaChanges: [SchemaChange], current: Int) {
        self.source = source
        self.importedAt = importedAt
        self.stale = stale
        self.removed = removed
        self.unreviewedChanged = unreviewedChanged
        self.schemaChanges = schemaChanges
        self.current = current
    }

    public func stale(of kind: ChangeKind) -> [StaleRecord] { stale.filter { $0.kind == kind } }

    /// The command that re-confirms `records`, ready to paste into a shell.
    public func acceptCommand(_ records: [StaleRecord]) -> String {
        RecordName.command(["accept"], source: source, ids: records.map(\.id), memberSource: memberSource ?? source)
    }

    public var counts: JSONValue {
        .object(JSONObject([
            JSONMember("stale", .int(stale.count)),
            JSONMember("byKind", .object(JSONObject(ChangeKind.allCases.map { JSONMember($0.rawValue, .int(stale(of: $0).count)) }))),
            JSONMember("removed", .int(removed.count)),
            JSONMember("removedReviewed", .int(removed.filter(\.reviewed).count)),
            JSONMember("unreviewedChanged", .int(unreviewedChanged.count)),
            JSONMember("current", .int(current)),
            JSONMember("schemaChanges", .int(schemaChanges.count)),
        ]))
    }

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("source", .string(source)),
            JSONMember("importedAt", .string(importedAt)),
            JSONMember("stale", .array(stale.map(\.json))),
            JSONMember("removed", .array(removed.map { .object(JSONObject([
                JSONMember("id", .string($0.id)), JSONMember("name", .string($0.name)), JSONMember("reviewed", .bool($0.reviewed)),
            ])) })),
            JSONMember("unreviewedChanged", .strings(unreviewedChanged)),
            JSONMember("schemaChanges", .array(schemaChanges.map(\.json))),
            JSONMember("counts", counts),
            // Per change kind with stale reviews, the command that re-confirms them (quoted).
            JSONMember("acceptCommands", .object(JSONObject(ChangeKind.allCases.compactMap { kind in
                let records = stale(of: kind)
                return records.isEmpty ? nil : JSONMember(kind.rawValue, .string(acceptCommand(records)))
            }))),
        ]))
    }
}
