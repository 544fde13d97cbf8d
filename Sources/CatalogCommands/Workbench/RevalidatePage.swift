import CatalogCore
import CatalogServer

extension Workbench {
    /// `/revalidate`: the stale reviews with their diffs and kinds, accepted by kind or one by
    /// one; the content of `revalidate --html`, live.
    func revalidatePage(_ request: Request) throws -> String {
        let report = try json(["revalidate"]).objectValue ?? JSONObject()
        let stale = (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue)
        let catalog = try catalog()
        return Pages.page(title: "Re-validation", kind: "revalidate", progress: try json(["status"]), editor: editor) { h in
            h.element("h1", text: "Re-validation of \(Pages.plain(report["source"]))")
            h.element("p", text: "After the release imported \(Pages.plain(report["importedAt"])): \(stale.count) stale reviews.")
            for kind in ChangeKind.allCases.map(\.rawValue) {
                let records = stale.filter { $0["kind"]?.stringValue == kind }
                guard !records.isEmpty else { continue }
                let ids = records.map { "\(Pages.plain($0["source"])):\(Pages.plain($0["id"]))" }
                h.element("section", [("class", "kind"), ("data-kind", kind)]) { h in
                    h.element("h2", text: "\(kind) (\(records.count))")
                    h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", JSONWriter.string(.strings(ids)))], text: "Accept all \(records.count) \(kind)")
                    for (record, id) in zip(records, ids) {
                        h.element("article", [("class", "stale-record")]) { h in
                            h.element("h3") { h in
                                h.element("a", [("href", "/records/" + Pages.segment(id))], text: id)
                                h.text(" " + Pages.plain(record["name"]))
                            }
                            let review = try? catalog.loadReview(source: Pages.plain(record["source"]), id: Pages.plain(record["id"])).review
                            changedFields(&h, record["diff"]?.objectValue, review: review)
                            h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", JSONWriter.string(.strings([id])))], text: "Accept")
                        }
                    }
                }
            }
            let removed = report["removed"]?.arrayValue ?? []
            if !removed.isEmpty {
                h.element("h2", text: "Removed upstream (kept, flagged UPSTREAM_REMOVED)")
                h.element("ul") { h in for r in removed { h.element("li", text: "\(Pages.plain(r.objectValue?["id"])) \(Pages.plain(r.objectValue?["name"]))") } }
            }
        }
    }

    /// Each changed upstream field: its word diff (a text of many lines, the instruction steps,
    /// as a list) beside the review's values of the planner fields that field feeds, so the
    /// editor sees at once what the change may touch.
    func changedFields(_ h: inout HTML, _ diff: JSONObject?, review: Review?) {
        h.element("table", [("class", "stale-fields")]) { h in
            h.element("tr") { h in for c in ["upstream field", "what changed", "your review"] { h.element("th", text: c) } }
            for member in diff?.members ?? [] {
                h.element("tr", [("data-field", member.key)]) { h in
                    h.element("th", text: member.key)
                    h.element("td") { h in Pages.diff(&h, member.value, asList: true) }
                    h.element("td", [("class", "review-values")]) { h in
                        let fed = PlannerField.allCases.filter { $0.upstreamField == member.key }
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
