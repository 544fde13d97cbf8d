import CatalogCore
import CatalogServer
import CatalogStore

extension Workbench {
    /// `/groups/GROUP` (a movement pattern, `target:X` or `equipment:X`): the group's animations
    /// in a grid with their drafted fields, to confirm many at once after looking.
    func groupPage(_ request: Request) throws -> String {
        let text = request.parameters["group"]!
        let group = try RecordGroup(text)
        let catalog = try catalog()
        let source = catalog.config.memberSource
        let suggester = try catalog.suggester()
        let key = try catalog.vocabularyKey(source)
        let index = try catalog.index()
        struct Card { var record: UpstreamRecord; var suggestions: RecordSuggestions; var state: String; var reviewed: PlannerValues? }
        var cards: [Card] = []
        let entries: [CatalogIndex.Entry]
        do { entries = try index.entries(source: source, states: [.stale, .unreviewed, .current]) } catch { throw CatalogError(.internalError, "index: \(error)") }
        for entry in entries {
            guard let record = entry.upstream else { continue }
            let suggestions = suggester.suggest(record, source: source, vocabularyKey: key)
            let reviewed = entry.hasReview ? PlannerValues(text: entry.planner) : nil
            guard RecordGroup.key(group.kind, record: record, reviewed: reviewed, suggestions: suggestions) == group.value else { continue }
            cards.append(Card(record: record, suggestions: suggestions, state: entry.state.rawValue, reviewed: reviewed))
        }
        return Pages.page(title: "Group \(text)", kind: "group", data: [("group", text)], progress: try json(["status"])) { h in
            h.element("h1", text: "Group \(text)")
            h.element("p", text: "\(cards.count) records. Look at each animation; untick what does not fit; confirm the drafted fields of the ticked ones (fields already reviewed are kept).")
            h.element("div", [("class", "actions")]) { h in
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
                    h.element("li", [("class", "card"), ("data-record", name)]) { h in
                        if let media = card.record.media {
                            h.void("img", [("src", "/media/\(media.sha256).gif"), ("alt", "animation"), ("loading", "lazy"), ("width", "180"), ("height", "180")])
                        } else {
                            h.element("div", [("class", "no-media")], text: "no animation")
                        }
                        h.element("label") { h in
                            h.void("input", [("type", "checkbox"), ("class", "pick"), ("value", name), ("checked", card.state == "unreviewed" ? "" : nil)])
                            h.text(" ")
                            h.element("a", [("href", "/records/" + name)], text: card.record.name)
                        }
                        Pages.badge(&h, card.state)
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
                                h.element("a", [("href", "/records/" + id)], text: id)
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
