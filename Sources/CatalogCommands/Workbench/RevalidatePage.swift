import CatalogCore
import CatalogServer

extension Workbench {
    /// `/revalidate`: the stale reviews with their diffs and kinds, accepted by kind or one by
    /// one; the content of `revalidate --html`, live.
    func revalidatePage(_ request: Request) throws -> String {
        let report = try json(["revalidate"]).objectValue ?? JSONObject()
        let stale = (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue)
        return Pages.page(title: "Re-validation", kind: "revalidate", progress: try json(["status"])) { h in
            h.element("h1", text: "Re-validation of \(Pages.plain(report["source"]))")
            h.element("p", text: "After the release imported \(Pages.plain(report["importedAt"])): \(stale.count) stale reviews.")
            for kind in ChangeKind.allCases.map(\.rawValue) {
                let records = stale.filter { $0["kind"]?.stringValue == kind }
                guard !records.isEmpty else { continue }
                let ids = records.map { "\(Pages.plain($0["source"])):\(Pages.plain($0["id"]))" }
                h.element("section", [("class", "kind"), ("data-kind", kind)]) { h in
                    h.element("h2", text: "\(kind) (\(records.count))")
                    h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", ids.joined(separator: " "))], text: "Accept all \(records.count) \(kind)")
                    for (record, id) in zip(records, ids) {
                        h.element("article", [("class", "stale-record")]) { h in
                            h.element("h3") { h in
                                h.element("a", [("href", "/records/" + Pages.segment(id))], text: id)
                                h.text(" " + Pages.plain(record["name"]))
                            }
                            h.element("dl") { h in
                                for member in record["diff"]?.objectValue?.members ?? [] {
                                    h.element("dt", text: member.key)
                                    h.element("dd") { h in Pages.diff(&h, member.value) }
                                }
                            }
                            h.element("button", [("type", "button"), ("class", "accept-ids"), ("data-ids", id)], text: "Accept")
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
}
