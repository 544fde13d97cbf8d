import CatalogCore
import CatalogServer

extension Workbench {
    /// `/records/SOURCE:ID`: the animation, the upstream record, the canonical text, the diff of a
    /// stale review, the suggestions, and the review form with pickers from the vocabularies.
    func recordPage(_ request: Request) throws -> String {
        let (document, etag, catalog) = try recordDocument(request.parameters["record"]!)
        let o = document.objectValue ?? JSONObject()
        let name = "\(Pages.plain(o["source"])):\(Pages.plain(o["id"]))"
        let record = o["record"]?.objectValue ?? JSONObject()
        let vocabulary = try catalog.vocabulary()
        let review = o["review"]?.objectValue
        let corrections = review?["corrections"]?.objectValue ?? JSONObject()
        let suggestions = o["suggestions"]?.objectValue ?? JSONObject()
        func current(_ field: PlannerField) -> JSONValue? { corrections[field.rawValue]?.objectValue?["value"] }
        let entries = try catalog.history.entries(source: Pages.plain(o["source"]), id: Pages.plain(o["id"]))
        return Pages.page(title: Pages.plain(record["name"]), kind: "record", data: [("record", name), ("etag", etag)], progress: try json(["status"]), editor: editor) { h in
            h.element("h1") { h in
                h.element("span", [("id", "record-name")], text: Pages.plain(record["name"]))
                h.text(" ")
                h.element("small", text: name)
            }
            // Where the record stands, and what a save said, at the top: never below the fold.
            h.element("div", [("class", "statusbar"), ("id", "statusbar")]) { h in
                h.element("p", [("class", "status")]) { h in
                    Pages.badge(&h, Pages.plain(o["state"]), id: "state")
                    h.element("span", [("id", "autoplan")], text: o["autoPlan"] == .bool(true) ? " cleared for automatic planning" : " not planned automatically")
                    h.element("span", [("id", "save-status"), ("role", "status")]) { _ in }
                    h.element("span", [("id", "queue-position")]) { _ in }
                    h.element("span", [("id", "saving-as")]) { _ in }
                }
                h.element("ul", [("id", "reasons"), ("class", "reasons")]) { h in
                    for reason in o["reasons"]?.arrayValue ?? [] { h.element("li", text: ReasonText.describe(reason)) }
                }
                h.element("ul", [("id", "findings"), ("class", "findings")]) { _ in }
            }
            h.element("div", [("class", "columns")]) { h in
                h.element("section", [("class", "evidence")]) { h in
                    animation(&h, record["media"]?.objectValue)
                    staleDiff(&h, o["stale"])
                    h.element("h2", text: "Canonical text")
                    h.element("pre", [("id", "canonical")], text: Pages.plain(o["canonicalText"]))
                    h.element("h2", text: "Upstream record")
                    h.element("pre", [("id", "upstream")], text: JSONWriter.string(o["record"] ?? .null, style: .pretty))
                }
                h.element("section", [("class", "decision")]) { h in
                    reviewForm(&h, vocabulary: vocabulary, current: current, review: review)
                    suggestionTable(&h, suggestions)
                    matchList(&h, o["matches"]?.arrayValue ?? [])
                    historySection(&h, entries)
                }
            }
        }
    }

    /// The record's history, oldest first, each entry's changes under it, and an Undo button
    /// while a change is left to undo (rendered from the history file: it survives a reload).
    func historySection(_ h: inout HTML, _ entries: [HistoryEntry]) {
        h.element("h2", text: "History")
        guard !entries.isEmpty else {
            h.element("p", [("class", "muted"), ("id", "history-empty")], text: "No change recorded yet.")
            return
        }
        let undone = Set(entries.compactMap(\.undoes))
        h.element("ol", [("id", "history"), ("class", "history")]) { h in
            for (i, entry) in entries.enumerated() {
                h.element("li", [("data-number", String(i + 1)), ("class", undone.contains(i + 1) ? "undone" : nil)]) { h in
                    h.element("span", [("class", "when")], text: entry.at)
                    h.text(" \(entry.editor) (\(entry.door.rawValue)\(entry.undoes.map { " of #\($0)" } ?? ""))")
                    if undone.contains(i + 1) { h.element("small", text: " undone") }
                    h.element("ul") { h in
                        for change in entry.fieldChanges {
                            h.element("li", text: "\(change.field): \(HistoryEntry.shown(change.field, change.from)) → \(HistoryEntry.shown(change.field, change.to))")
                        }
                    }
                }
            }
        }
        if entries.indices.contains(where: { entries[$0].door != .undo && !undone.contains($0 + 1) }) {
            h.element("button", [("type", "button"), ("id", "undo")], text: "Undo the last change (u)")
        }
    }

    func animation(_ h: inout HTML, _ media: JSONObject?) {
        h.element("figure", [("class", "animation")]) { h in
            guard let media, let sha = media["sha256"]?.stringValue else {
                h.element("p", [("class", "muted")], text: "No animation attached (import with --media DIR).")
                return
            }
            h.void("img", [("id", "animation"), ("src", "/media/\(sha).gif"), ("alt", "demonstration animation"),
                           ("data-frames", Pages.plain(media["frames"])), ("width", Pages.plain(media["width"])), ("height", Pages.plain(media["height"]))])
            h.element("canvas", [("id", "frame-canvas"), ("hidden", "")]) { _ in }
            h.element("figcaption") { h in
                h.element("button", [("type", "button"), ("id", "frame-prev")], text: "◀ frame")
                h.element("button", [("type", "button"), ("id", "frame-play")], text: "pause")
                h.element("button", [("type", "button"), ("id", "frame-next")], text: "frame ▶")
                h.element("span", [("id", "frame-label")], text: "\(Pages.plain(media["frames"])) frames")
            }
        }
    }

    func staleDiff(_ h: inout HTML, _ stale: JSONValue?) {
        guard let stale = stale?.objectValue else { return }
        h.element("section", [("class", "stale"), ("id", "stale")]) { h in
            h.element("h2", text: "Changed since the review (\(Pages.plain(stale["kind"])))")
            h.element("dl") { h in
                for member in stale["diff"]?.objectValue?.members ?? [] {
                    h.element("dt", text: member.key)
                    h.element("dd") { h in Pages.diff(&h, member.value) }
                }
            }
            h.element("button", [("type", "button"), ("id", "accept-stale")], text: "Re-confirm against today's text (catalog accept)")
        }
    }

    func matchList(_ h: inout HTML, _ matches: [JSONValue]) {
        h.element("h2", text: "The same exercise in other sources")
        guard !matches.isEmpty else {
            h.element("p", [("class", "muted")], text: "No record of another source has this name.")
            return
        }
        h.element("ul", [("id", "matches")]) { h in
            for match in matches {
                let m = match.objectValue ?? JSONObject()
                let name = "\(Pages.plain(m["source"])):\(Pages.plain(m["id"]))"
                h.element("li") { h in
                    h.element("a", [("href", "/records/" + Pages.segment(name))], text: name)
                    h.text(" " + Pages.plain(m["name"]) + " ")
                    Pages.badge(&h, Pages.plain(m["state"]))
                }
            }
        }
    }

    func suggestionTable(_ h: inout HTML, _ suggestions: JSONObject) {
        h.element("h2", text: "Suggestions")
        h.element("table", [("class", "suggestions"), ("id", "suggestions")]) { h in
            for field in PlannerField.allCases {
                guard let s = suggestions[field.rawValue]?.objectValue else { continue }
                h.element("tr", [("data-field", field.rawValue), ("data-value", JSONWriter.string(s["value"] ?? .null))]) { h in
                    h.element("th", text: field.rawValue)
                    h.element("td", [("class", "value")], text: Pages.plain(s["value"]))
                    h.element("td", text: Pages.plain(s["confidence"]))
                    h.element("td") { h in
                        h.element("ul", [("class", "evidence-list")]) { h in
                            for line in s["evidence"]?.arrayValue ?? [] { h.element("li", text: Pages.plain(line)) }
                        }
                    }
                    h.element("td") { h in h.element("button", [("type", "button"), ("class", "use-suggestion")], text: "use") }
                }
            }
            planningRow(&h, suggestions["planning"]?.objectValue)
        }
    }

    /// The drafted planning mode, shown and taken like any field: `a` takes it with the rest, so a
    /// stretch drafted manual-only is never saved as cleared strength work. Its value is the
    /// review body's `planning` ("auto" or {mode, reason}).
    func planningRow(_ h: inout HTML, _ s: JSONObject?) {
        guard let s else { return }
        let manual = s["value"] == "manual-only"
        let reason = s["reason"]?.stringValue ?? ""
        let value: JSONValue = manual ? .object(JSONObject([JSONMember("mode", "manual-only"), JSONMember("reason", .string(reason))])) : "auto"
        h.element("tr", [("data-field", "planning"), ("data-value", JSONWriter.string(value))]) { h in
            h.element("th", text: "planning")
            h.element("td", [("class", "value")], text: manual ? "manual-only (\(reason))" : "auto")
            h.element("td", text: Pages.plain(s["confidence"]))
            h.element("td") { h in
                h.element("ul", [("class", "evidence-list")]) { h in
                    for line in s["evidence"]?.arrayValue ?? [] { h.element("li", text: Pages.plain(line)) }
                }
            }
            h.element("td") { h in h.element("button", [("type", "button"), ("class", "use-suggestion")], text: "use") }
        }
    }
}
