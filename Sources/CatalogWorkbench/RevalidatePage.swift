import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews

extension Workbench {
    /// `/revalidate`: the stale reviews with their diffs and kinds, accepted by kind or one by
    /// one; the content of `revalidate --html`, live.
    func revalidatePage(_ request: Request) throws -> String {
        let catalog = try catalog()
        let report = try RevalidationView(catalog).report
        return Pages.page(title: "Re-validation", kind: "revalidate", progress: try StatusView(catalog), editor: editor) { h in
            h.element("h1", text: "Re-validation of \(report.source)")
            h.element("p", text: "After the release imported \(report.importedAt): \(report.stale.count) stale reviews.")
            for kind in ChangeKind.allCases {
                let records = report.stale(of: kind)
                guard !records.isEmpty else { continue }
                let ids = records.map { "\($0.source):\($0.id)" }
                h.element("section", [("class", "kind"), ("data-kind", kind.rawValue)]) { h in
                    h.element("h2", text: "\(kind.rawValue) (\(records.count))")
                    h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", JSONWriter.string(.strings(ids)))], text: "Accept all \(records.count) \(kind.rawValue)")
                    for (record, id) in zip(records, ids) {
                        h.element("article", [("class", "stale-record")]) { h in
                            h.element("h3") { h in
                                h.element("a", [("href", "/records/" + Pages.segment(id))], text: id)
                                h.text(" " + record.name)
                            }
                            let review = try? catalog.loadReview(source: record.source, id: record.id).review
                            changedFields(&h, record, review: review)
                            h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", JSONWriter.string(.strings([id])))], text: "Accept")
                        }
                    }
                }
            }
            if !report.removed.isEmpty {
                h.element("h2", text: "Removed upstream (kept, flagged UPSTREAM_REMOVED)")
                h.element("ul") { h in for r in report.removed { h.element("li", text: "\(r.id) \(r.name)") } }
            }
        }
    }

    /// Each changed upstream field: its word diff (a text of many lines, the instruction steps,
    /// as a list) beside the review's values of the planner fields that field feeds, so the
    /// editor sees at once what the change may touch.
    func changedFields(_ h: inout HTML, _ record: StaleRecord, review: Review?) {
        h.element("table", [("class", "stale-fields")]) { h in
            h.element("tr") { h in for c in ["upstream field", "what changed", "your review"] { h.element("th", text: c) } }
            for (field, _, diff) in record.diffs {
                h.element("tr", [("data-field", field)]) { h in
                    h.element("th", text: field)
                    h.element("td") { h in Pages.diff(&h, diff, asList: true) }
                    h.element("td", [("class", "review-values")]) { h in
                        let fed = PlannerField.allCases.filter { $0.upstreamField == field }
                        let shown = (fed.isEmpty ? PlannerField.allCases : fed).compactMap { field in review?.value(field).map { (field, $0) } }
                        h.element("ul") { h in
                            for (field, value) in shown { h.element("li", text: "\(field.rawValue): \(Pages.plain(value))") }
                        }
                    }
                }
            }
        }
    }
}
