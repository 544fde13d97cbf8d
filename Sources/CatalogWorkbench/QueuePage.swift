import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
import CatalogViews

extension Workbench {
    /// `/`: the queue with a search by name or id and filters by state, reason and group, paged;
    /// `j`/`k` move, Enter opens, `/` goes to the search box.
    func queuePage(_ request: Request) throws -> String {
        var query = request.query
        if query["limit"] == nil { query["limit"] = "50" }
        let catalog = try catalog()
        let slice = try QueueSlice(catalog, query)
        let status = try StatusView(catalog)
        let (total, offset, limit) = (slice.total, slice.offset, slice.limit)
        return Pages.page(title: "Queue", kind: "queue", progress: status, editor: editor) { h in
            h.element("h1", text: "Review queue")
            h.element("form", [("method", "get"), ("action", "/"), ("class", "filters")]) { h in
                h.element("label") { h in
                    h.text("Search ")
                    h.void("input", [("type", "search"), ("name", "q"), ("id", "search"), ("placeholder", "name or id (/)"), ("value", query["q"] ?? "")])
                }
                select(&h, "state", ["", "stale", "unreviewed", "current"], query["state"], label: "State")
                select(&h, "reason", [""] + ReasonCode.allCases.map(\.rawValue), query["reason"], label: "Reason")
                select(&h, "group", [""] + slice.view.groups.map(\.group), query["group"], label: "Group")
                select(&h, "groupBy", ["pattern", "target", "equipment"], query["groupBy"], label: "Group by")
                h.void("input", [("type", "hidden"), ("name", "limit"), ("value", String(limit))])
                h.element("button", [("type", "submit")], text: "Filter")
            }
            h.element("p", [("id", "queue-count")], text: total == 0 ? "Nothing to review here." : "\(total) records; \(offset + 1)–\(min(offset + limit, total)) shown")
            h.element("table", [("class", "queue"), ("id", "queue")]) { h in
                h.element("thead") { h in h.element("tr") { h in for c in ["Record", "Name", "State", "Group", "Reasons"] { h.element("th", text: c) } } }
                h.element("tbody") { h in
                    for item in slice.items {
                        let name = "\(item.source):\(item.id)"
                        h.element("tr", [("class", "item"), ("data-href", "/records/" + Pages.segment(name))]) { h in
                            h.element("td") { h in h.element("a", [("href", "/records/" + Pages.segment(name))], text: name) }
                            h.element("td", text: item.name)
                            h.element("td") { h in Pages.badge(&h, item.state.rawValue) }
                            h.element("td") { h in
                                let group = item.group
                                let kind = query["groupBy"] ?? "pattern"
                                h.element("a", [("href", "/groups/" + URLEncoding.encode(kind == "pattern" ? group : "\(kind):\(group)"))], text: group)
                            }
                            h.element("td", text: item.reasons.map(\.rawValue).joined(separator: ", "))
                        }
                    }
                }
            }
            h.element("nav", [("class", "pager")]) { h in
                var q = query
                if offset > 0 {
                    q["offset"] = String(max(0, offset - limit))
                    h.element("a", [("href", "/?" + Self.queryString(q)), ("id", "prev-page")], text: "← previous")
                }
                if offset + limit < total {
                    q["offset"] = String(offset + limit)
                    h.element("a", [("href", "/?" + Self.queryString(q)), ("id", "next-page")], text: "next →")
                }
            }
        }
    }

    static func queryString(_ query: [String: String]) -> String {
        query.keys.sorted().filter { !(query[$0] ?? "").isEmpty }.map { "\(URLEncoding.encode($0))=\(URLEncoding.encode(query[$0]!))" }.joined(separator: "&")
    }

    func select(_ h: inout HTML, _ name: String, _ options: [String], _ current: String?, label: String) {
        h.element("label") { h in
            h.text(label + " ")
            h.element("select", [("name", name)]) { h in
                for option in options {
                    h.element("option", [("value", option), ("selected", option == (current ?? "") ? "" : nil)], text: option.isEmpty ? "(any)" : option)
                }
            }
        }
    }
}
