import CatalogCore
import CatalogHTML
import CatalogModel
import CatalogReader
import CatalogStore

extension Coverage {
    /// The coverage of the catalog as its next build would have it: the same records, the same
    /// eligibility, from the same walk as `export`.
    public static func of(_ catalog: Catalog) throws(CatalogError) -> Coverage {
        var coverage = try Coverage(profiles: catalog.config.profiles, vocabulary: try catalog.vocabulary())
        _ = try BuildContents.walk(catalog) { exercises throws(CatalogError) in
            for exercise in exercises { coverage.add(exercise) }
        }
        return coverage
    }

    /// A heat map: one table per profile, a row per planner muscle, a column per level; each cell
    /// the primary (and secondary) candidates, shaded by how far it is from `min`.
    public func html(min: Int, title: String) -> String {
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
        for (p, profile) in profiles.enumerated() {
            doc.element("h2", in: doc.body, text: profile, attributes: [("id", "profile-" + profile)])
            let table = doc.element("table", in: doc.body)
            let head = doc.element("tr", in: table)
            doc.element("th", in: head, text: "muscle")
            for level in levels { doc.element("th", in: head, text: level) }
            for (m, muscle) in muscles.enumerated() {
                let row = doc.element("tr", in: table)
                doc.element("th", in: row, text: muscle)
                for l in levels.indices {
                    let (primary, secondary) = counts[p][l][m]
                    let shade = primary < min ? "gap" : (primary < 2 * min ? "thin" : "ok")
                    let td = doc.element("td", in: row, text: "\(primary) ", attributes: [("class", shade)])
                    doc.element("small", in: td, text: "(\(secondary))")
                }
            }
        }
        return doc.serialized()
    }
}
