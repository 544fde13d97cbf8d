import CatalogCore
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

    /// The coverage of a published build, read a batch of records at a time.
    public static func of(build directory: String, profiles: [EquipmentProfile], vocabulary: Vocabulary) throws(CatalogError) -> Coverage {
        var coverage = try Coverage(profiles: profiles, vocabulary: vocabulary)
        let records = try BuildRecords(path: directory + "/catalog.sqlite")
        while case let batch = try records.next(), !batch.isEmpty {
            for exercise in batch { coverage.add(exercise) }
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
        let all = cells
        for profile in profiles {
            doc.element("h2", in: doc.body, text: profile, attributes: [("id", "profile-" + profile)])
            let table = doc.element("table", in: doc.body)
            let head = doc.element("tr", in: table)
            doc.element("th", in: head, text: "muscle")
            for level in levels { doc.element("th", in: head, text: level) }
            for muscle in muscles {
                let row = doc.element("tr", in: table)
                doc.element("th", in: row, text: muscle)
                for level in levels {
                    guard let cell = all.first(where: { $0.profile == profile && $0.level == level && $0.muscle == muscle }) else { continue }
                    let shade = cell.primary < min ? "gap" : (cell.primary < 2 * min ? "thin" : "ok")
                    let td = doc.element("td", in: row, text: "\(cell.primary) ", attributes: [("class", shade)])
                    doc.element("small", in: td, text: "(\(cell.secondary))")
                }
            }
        }
        return doc.serialized()
    }
}
