import CatalogBuild
import CatalogCore
import CatalogHTML
import CatalogModel
import Foundation

/// The reports written as HTML files (`revalidate --html`, `coverage --html`), beside the
/// workbench's pages: the core and the build hold the reports as values, and this renders them
/// (libxml2's escaping writer: every upstream string is a text node).
public enum ReportPages {
    static let revalidationCSS = """
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

    /// `report` as an HTML page (`revalidate --html`); every upstream string is a text node (escaped).
    public static func revalidation(_ report: RevalidationReport) -> String {
        let doc = HTMLDocument(title: "Revalidation: \(report.source)", css: revalidationCSS)
        let body = doc.body
        doc.element("h1", in: body, text: "Revalidation of \(report.source)")
        doc.element("p", in: body, text: "Upstream release imported \(report.importedAt).")
        let table = doc.element("table", in: body)
        func row(_ label: String, _ value: Int) {
            let tr = doc.element("tr", in: table)
            doc.element("th", in: tr, text: label)
            doc.element("td", in: tr, text: String(value))
        }
        row("stale reviews", report.stale.count)
        for kind in ChangeKind.allCases { row("  \(kind.rawValue)", report.stale(of: kind).count) }
        row("removed upstream", report.removed.count)
        row("unreviewed records that changed", report.unreviewedChanged.count)
        row("current reviews", report.current)
        row("schema changes", report.schemaChanges.count)

        if !report.schemaChanges.isEmpty {
            doc.element("h2", in: body, text: "Schema changes")
            let ul = doc.element("ul", in: body)
            for change in report.schemaChanges {
                doc.element("li", in: ul, text: "\(change.field) \(change.kind.rawValue) (\(change.records) records)")
            }
        }
        for kind in ChangeKind.allCases {
            let records = report.stale(of: kind)
            guard !records.isEmpty else { continue }
            doc.element("h2", in: body, text: "\(kind.rawValue) (\(records.count))", attributes: [("id", kind.rawValue)])
            doc.element("p", in: body, text: "Re-confirm after reading the diffs:")
            doc.element("div", in: body, text: report.acceptCommand(records), attributes: [("class", "ids")])
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
                        if let bytes = report.animations[digest] {
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
        if !report.removed.isEmpty {
            doc.element("h2", in: body, text: "Removed upstream (\(report.removed.count))")
            doc.element("p", in: body, text: "They stay in the catalog, flagged UPSTREAM_REMOVED; a returning record is matched by its id.")
            let ul = doc.element("ul", in: body)
            for r in report.removed { doc.element("li", in: ul, text: "\(r.id) — \(r.name)" + (r.reviewed ? " (reviewed)" : "")) }
        }
        return doc.serialized()
    }

    /// `coverage --html`: a heat map, one table per profile, a row per planner muscle, a column per level; each cell
    /// the primary (and secondary) candidates, shaded by how far it is from `min`.
    public static func coverage(_ coverage: Coverage, min: Int, title: String) -> String {
        let css = """
            body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
            table { border-collapse: collapse; margin: 0 0 2em; }
            th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
            th { background: #f4f4f4; text-align: left; }
            td.gap { background: #f8c4c4; } td.thin { background: #fde9b8; } td.ok { background: #cfeccf; }
            td small { color: #666; }
            """
        let doc = HTMLDocument(title: title, css: css)
        doc.element("h1", in: doc.body, text: title)
        doc.element("p", in: doc.body, text: "Cleared candidates that train each planner muscle as primary (secondary in small type). Red: fewer than \(min), the release gate's minimum; amber: fewer than twice that.")
        for (p, profile) in coverage.profiles.enumerated() {
            doc.element("h2", in: doc.body, text: profile, attributes: [("id", "profile-" + profile)])
            let table = doc.element("table", in: doc.body)
            let head = doc.element("tr", in: table)
            doc.element("th", in: head, text: "muscle")
            for level in coverage.levels { doc.element("th", in: head, text: level) }
            for (m, muscle) in coverage.muscles.enumerated() {
                let row = doc.element("tr", in: table)
                doc.element("th", in: row, text: muscle)
                for l in coverage.levels.indices {
                    let (primary, secondary) = coverage.candidates(profile: p, level: l, muscle: m)
                    let shade = primary < min ? "gap" : (primary < 2 * min ? "thin" : "ok")
                    let td = doc.element("td", in: row, text: "\(primary) ", attributes: [("class", shade)])
                    doc.element("small", in: td, text: "(\(secondary))")
                }
            }
        }
        return doc.serialized()
    }
}
