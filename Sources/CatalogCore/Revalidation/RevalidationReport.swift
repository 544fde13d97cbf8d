import CatalogHTML
import CatalogJSON
import Foundation

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

    // MARK: - HTML

    static let css = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #1d1d1f; }
        table { border-collapse: collapse; } td, th { padding: .2em .8em; border-bottom: 1px solid #ddd; text-align: left; }
        .record { border: 1px solid #ccc; border-radius: 6px; padding: .6em 1em; margin: 1em 0; }
        .diff { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 13px; background: #fafafa; padding: .4em; }
        del { background: #fdd; color: #900; } ins { background: #dfd; color: #060; text-decoration: none; }
        .move-from { background: #eef; color: #336; text-decoration: line-through; } .move-to { background: #eef; color: #336; }
        .ids { font-family: ui-monospace, monospace; background: #f4f4f4; padding: .4em; user-select: all; }
        .kind { font-size: 12px; text-transform: uppercase; color: #666; }
        .media { display: flex; gap: 1em; } figure { margin: 0; } img { max-width: 280px; border: 1px solid #ccc; }
        """

    /// The report as an HTML page; every upstream string is a text node (escaped).
    public func html() -> String {
        let doc = HTMLDocument(title: "Revalidation: \(source)", css: Self.css)
        let body = doc.body
        doc.element("h1", in: body, text: "Revalidation of \(source)")
        doc.element("p", in: body, text: "Upstream release imported \(importedAt).")
        let table = doc.element("table", in: body)
        func row(_ label: String, _ value: Int) {
            let tr = doc.element("tr", in: table)
            doc.element("th", in: tr, text: label)
            doc.element("td", in: tr, text: String(value))
        }
        row("stale reviews", stale.count)
        for kind in ChangeKind.allCases { row("  \(kind.rawValue)", stale(of: kind).count) }
        row("removed upstream", removed.count)
        row("unreviewed records that changed", unreviewedChanged.count)
        row("current reviews", current)
        row("schema changes", schemaChanges.count)

        if !schemaChanges.isEmpty {
            doc.element("h2", in: body, text: "Schema changes")
            let ul = doc.element("ul", in: body)
            for change in schemaChanges {
                doc.element("li", in: ul, text: "\(change.field) \(change.kind.rawValue) (\(change.records) records)")
            }
        }
        for kind in ChangeKind.allCases {
            let records = stale(of: kind)
            guard !records.isEmpty else { continue }
            doc.element("h2", in: body, text: "\(kind.rawValue) (\(records.count))", attributes: [("id", kind.rawValue)])
            doc.element("p", in: body, text: "Re-confirm after reading the diffs:")
            doc.element("div", in: body, text: acceptCommand(records), attributes: [("class", "ids")])
            for record in records {
                let div = doc.element("div", in: body, attributes: [("class", "record"), ("id", "record-\(record.id)")])
                doc.element("h3", in: div, text: "\(record.id) — \(record.name)")
                doc.element("p", in: div, text: "record kind: \(record.kind.rawValue)", attributes: [("class", "kind record-kind")])
                doc.element("p", in: div, text: "Text changed in \(record.fields.joined(separator: ", ")); bears on \(record.plannerFields.map(\.rawValue).joined(separator: ", ")).")
                if record.basisMissing { doc.element("p", in: div, text: "The review has no basis text: no diff can be shown.") }
                if let change = record.mediaChange {
                    doc.element("p", in: div, text: "The animation changed: \(change.old) → \(change.new).")
                    let row = doc.element("div", in: div, attributes: [("class", "media")])
                    for (label, digest) in [("reviewed", change.old), ("today", change.new)] {
                        let figure = doc.element("figure", in: row)
                        if let bytes = animations[digest] {
                            doc.element("img", in: figure, attributes: [("src", "data:image/gif;base64," + Data(bytes).base64EncodedString()), ("alt", "\(label) animation")])
                        } else {
                            doc.element("p", in: figure, text: "(not at hand)")
                        }
                        doc.element("figcaption", in: figure, text: label)
                    }
                }
                for (field, fieldKind, diff) in record.diffs {
                    let seen = (record.details[field] ?? []).joined(separator: "; ")
                    doc.element("p", in: div, text: "\(field): \(fieldKind.rawValue)" + (seen.isEmpty ? "" : " (\(seen))"), attributes: [("class", "kind field-kind"), ("data-kind", fieldKind.rawValue)])
                    let p = doc.element("p", in: div, attributes: [("class", "diff")])
                    for segment in diff.segments {
                        switch segment.kind {
                        case .equal: doc.text(segment.text, in: p)
                        case .insert: doc.element("ins", in: p, text: segment.text)
                        case .delete: doc.element("del", in: p, text: segment.text)
                        case .moveFrom: doc.element("span", in: p, text: segment.text, attributes: [("class", "move-from"), ("title", "moved from here")])
                        case .moveTo: doc.element("span", in: p, text: segment.text, attributes: [("class", "move-to"), ("title", "moved here")])
                        }
                    }
                }
            }
        }
        if !removed.isEmpty {
            doc.element("h2", in: body, text: "Removed upstream (\(removed.count))")
            doc.element("p", in: body, text: "They stay in the catalog, flagged UPSTREAM_REMOVED; a returning record is matched by its id.")
            let ul = doc.element("ul", in: body)
            for r in removed { doc.element("li", in: ul, text: "\(r.id) — \(r.name)" + (r.reviewed ? " (reviewed)" : "")) }
        }
        return doc.serialized()
    }
}
