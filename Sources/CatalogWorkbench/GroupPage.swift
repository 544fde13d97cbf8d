import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews

extension Workbench {
    /// `/groups/GROUP` (a movement pattern, `target:X` or `equipment:X`): the group's animations
    /// in a grid with their drafted fields, to confirm many at once after looking.
    func groupPage(_ request: Request) throws -> String {
        let text = request.parameters["group"]!
        let catalog = try catalog()
        let group = try GroupView(catalog, group: text)
        let (source, cards) = (group.source, group.cards)
        return Pages.page(title: "Group \(text)", kind: "group", data: [("group", text)], progress: try StatusView(catalog), editor: editor) { h in
            h.element("h1", text: "Group \(text)")
            h.element("p", text: "\(cards.count) records. Look at each animation; tick what fits; confirm the drafted fields of the ticked ones (fields already reviewed are kept). Nothing is ticked until you tick it.")
            h.element("div", [("class", "actions")]) { h in
                h.element("button", [("type", "button"), ("id", "tick-sure")], text: "Tick every draft at 0.8 or above")
                h.element("button", [("type", "button"), ("id", "confirm-group")], text: "Confirm ticked")
                h.element("label") { h in
                    h.text(" confidence ")
                    h.void("input", [("type", "number"), ("id", "group-confidence"), ("min", "0"), ("max", "1"), ("step", "0.05"), ("value", "0.9")])
                }
                h.element("span", [("id", "group-status"), ("role", "status")]) { _ in }
            }
            h.element("ul", [("class", "grid"), ("id", "grid")]) { h in
                for card in cards {
                    let name = "\(source):\(card.record.id)"
                    h.element("li", [("class", "card"), ("data-record", name), ("data-confidence", JSONNumber.format(card.confidence))]) { h in
                        if let media = card.record.media {
                            h.void("img", [("src", "/media/\(media.sha256).gif"), ("alt", "animation"), ("loading", "lazy"), ("width", "180"), ("height", "180")])
                        } else {
                            h.element("div", [("class", "no-media")], text: "no animation")
                        }
                        h.element("label") { h in
                            h.void("input", [("type", "checkbox"), ("class", "pick"), ("value", name)])
                            h.text(" ")
                            h.element("a", [("href", "/records/" + Pages.segment(name))], text: card.record.name)
                        }
                        Pages.badge(&h, card.state.rawValue)
                        h.element("dl") { h in
                            for field in PlannerField.allCases {
                                let value = card.reviewed?.value(field) ?? card.suggestions.fields[field]?.value
                                guard let value else { continue }
                                h.element("dt", text: field.rawValue)
                                h.element("dd", [("class", card.reviewed?.value(field) == nil ? "drafted" : "reviewed")], text: Pages.plain(value))
                            }
                        }
                    }
                }
            }
        }
    }
}
