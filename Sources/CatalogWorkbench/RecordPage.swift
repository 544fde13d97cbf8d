import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews

extension Workbench {
    /// `/records/SOURCE:ID`: the animation, the upstream record, the canonical text, the diff of a
    /// stale review, the suggestions, and the review form with pickers from the vocabularies.
    func recordPage(_ request: Request) throws -> String {
        let shown = try WorkbenchRecord(try catalog(), name: request.parameters["record"]!)
        let (view, catalog) = (shown.view, shown.catalog)
        let name = "\(view.source):\(view.id)"
        let vocabulary = try catalog.vocabulary()
        let entries = try catalog.history.entries(source: view.source, id: view.id)
        // Only the member source's records are in a build. The weeks kept for this state, or none
        // yet: the page never builds (its script asks /records/ID/weeks for them).
        let weeks = view.source == catalog.config.memberSource ? Result { () throws(CatalogError) in try plans.kept(catalog) } : nil
        return Pages.page(title: view.name, kind: "record", data: [("record", name), ("etag", shown.etag)], progress: try StatusView(catalog), editor: editor) { h in
            h.element("h1") { h in
                h.element("span", [("id", "record-name")], text: view.name)
                h.text(" ")
                h.element("small", text: name)
            }
            // Where the record stands, and what a save said, at the top: never below the fold.
            h.element("div", [("class", "statusbar"), ("id", "statusbar")]) { h in
                h.element("p", [("class", "status")]) { h in
                    Pages.badge(&h, view.entry.state.rawValue, id: "state")
                    h.element("span", [("id", "autoplan")], text: view.entry.autoPlan ? " cleared for automatic planning" : " not planned automatically")
                    h.element("span", [("id", "save-status"), ("role", "status")]) { _ in }
                    h.element("span", [("id", "queue-position")]) { _ in }
                    h.element("span", [("id", "saving-as")]) { _ in }
                }
                h.element("ul", [("id", "reasons"), ("class", "reasons")]) { h in
                    for reason in view.entry.reasons.arrayValue ?? [] { h.element("li", text: ReasonText.describe(reason)) }
                }
                h.element("ul", [("id", "findings"), ("class", "findings")]) { _ in }
            }
            h.element("div", [("class", "columns")]) { h in
                h.element("section", [("class", "evidence")]) { h in
                    animation(&h, shown.record.media)
                    staleDiff(&h, shown.stale)
                    h.element("h2", text: "Canonical text")
                    h.element("pre", [("id", "canonical")], text: view.canonicalText)
                    h.element("h2", text: "Upstream record")
                    h.element("pre", [("id", "upstream")], text: JSONWriter.string(shown.record.json, style: .pretty))
                }
                h.element("section", [("class", "decision")]) { h in
                    reviewForm(&h, vocabulary: vocabulary, review: view.review)
                    suggestionTable(&h, shown.suggestions)
                    matchList(&h, shown.matches)
                    if let weeks { standardWeeks(&h, weeks, record: name) }
                    historySection(&h, entries)
                }
            }
        }
    }

    /// In how many of the standard weeks of the catalog as edited the record is (profiles ×
    /// goals × levels, as `diff --plans` plans them), each linked to its plan preview; nil:
    /// not planned for this state yet (the script fetches the section from `weeksPath`).
    func standardWeeks(_ h: inout HTML, _ planned: Result<PlannedCatalog?, CatalogError>, record: String) {
        var pending: String?
        if case .success(nil) = planned { pending = "" }
        h.element("section", [("id", "weeks"), ("data-pending", pending), ("data-src", Self.weeksPath(record))]) { h in
            h.element("h2", text: "Standard weeks")
            switch planned {
            case .failure(let error):
                h.element("p", [("class", "error"), ("id", "standard-weeks")], text: "Not planned: the catalog as edited does not build (\(error.description)).")
            case .success(nil):
                h.element("p", [("class", "muted")], text: "Planning the standard weeks of the catalog as it is now…")
            case .success(let planned?):
                let weeks = planned.weeks(holding: record)
                h.element("p", [("id", "standard-weeks"), ("data-count", String(weeks.count)), ("data-of", String(planned.weeks.count))]) { h in
                    h.text("In \(weeks.count) of the \(planned.weeks.count) standard weeks of the catalog as edited (every profile × goal × level, as ")
                    h.element("code", text: "catalog diff --plans")
                    h.text(" plans them).")
                }
                guard !weeks.isEmpty else { return }
                h.element("ul", [("id", "standard-week-links")]) { h in
                    for week in weeks { h.element("li") { h in h.element("a", [("href", Self.planLink(week.request))], text: week.request.label) } }
                }
            }
        }
    }

    static func weeksPath(_ record: String) -> String { "/records/" + Pages.segment(record) + "/weeks" }

    /// `/records/SOURCE:ID/weeks`: the record page's standard weeks section alone, planned for
    /// the catalog as it is now (built when the kept weeks are of another state).
    func recordWeeks(_ request: Request) throws -> String {
        let catalog = try catalog()
        let (source, id) = try catalog.resolve(request.parameters["record"]!)
        guard source == catalog.config.memberSource else { throw CatalogError(.noInput, "only the records of \(catalog.config.memberSource) are planned") }
        var h = HTML()
        standardWeeks(&h, Result { () throws(CatalogError) in try plans.planned(catalog) }, record: "\(source):\(id)")
        return h.out
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

    func animation(_ h: inout HTML, _ media: MediaInfo?) {
        h.element("figure", [("class", "animation")]) { h in
            guard let media else {
                h.element("p", [("class", "muted")], text: "No animation attached (import with --media DIR).")
                return
            }
            h.void("img", [("id", "animation"), ("src", "/media/\(media.sha256).gif"), ("alt", "demonstration animation"),
                           ("data-frames", String(media.frames)), ("width", String(media.width)), ("height", String(media.height))])
            h.element("canvas", [("id", "frame-canvas"), ("hidden", "")]) { _ in }
            h.element("figcaption") { h in
                h.element("button", [("type", "button"), ("id", "frame-prev")], text: "◀ frame")
                h.element("button", [("type", "button"), ("id", "frame-play")], text: "pause")
                h.element("button", [("type", "button"), ("id", "frame-next")], text: "frame ▶")
                h.element("span", [("id", "frame-label")], text: "\(media.frames) frames")
            }
        }
    }

    func staleDiff(_ h: inout HTML, _ stale: StaleRecord?) {
        guard let stale else { return }
        h.element("section", [("class", "stale"), ("id", "stale")]) { h in
            h.element("h2", text: "Changed since the review (\(stale.kind.rawValue))")
            h.element("dl") { h in
                for (field, _, diff) in stale.diffs {
                    h.element("dt", text: field)
                    h.element("dd") { h in Pages.diff(&h, diff) }
                }
            }
            h.element("button", [("type", "button"), ("id", "accept-stale")], text: "Re-confirm against today's text (catalog accept)")
        }
    }

    func matchList(_ h: inout HTML, _ matches: [NameMatch]) {
        h.element("h2", text: "The same exercise in other sources")
        guard !matches.isEmpty else {
            h.element("p", [("class", "muted")], text: "No record of another source has this name.")
            return
        }
        h.element("ul", [("id", "matches")]) { h in
            for match in matches {
                let name = "\(match.source):\(match.id)"
                h.element("li") { h in
                    h.element("a", [("href", "/records/" + Pages.segment(name))], text: name)
                    h.text(" " + match.name + " ")
                    Pages.badge(&h, match.state.rawValue)
                }
            }
        }
    }

    func suggestionTable(_ h: inout HTML, _ suggestions: RecordSuggestions) {
        h.element("h2", text: "Suggestions")
        h.element("table", [("class", "suggestions"), ("id", "suggestions")]) { h in
            for field in PlannerField.allCases {
                guard let s = suggestions.fields[field] else { continue }
                h.element("tr", [("data-field", field.rawValue), ("data-value", JSONWriter.string(s.value))]) { h in
                    h.element("th", text: field.rawValue)
                    h.element("td", [("class", "value")], text: Pages.plain(s.value))
                    h.element("td", text: JSONNumber.format(s.confidence))
                    evidence(&h, s.evidence)
                    h.element("td") { h in h.element("button", [("type", "button"), ("class", "use-suggestion")], text: "use") }
                }
            }
            planningRow(&h, suggestions)
        }
    }

    func evidence(_ h: inout HTML, _ lines: [String]) {
        h.element("td") { h in
            h.element("ul", [("class", "evidence-list")]) { h in
                for line in lines { h.element("li", text: line) }
            }
        }
    }

    /// The drafted planning mode, shown and taken like any field: `a` takes it with the rest, so a
    /// stretch drafted manual-only is never saved as cleared strength work. Its value is the
    /// review body's `planning` ("auto" or {mode, reason}).
    func planningRow(_ h: inout HTML, _ suggestions: RecordSuggestions) {
        guard let s = suggestions.planning else { return }
        let value: JSONValue = s.value == .auto ? .string(Planning.Mode.auto.rawValue) : s.value.json
        h.element("tr", [("data-field", "planning"), ("data-value", JSONWriter.string(value))]) { h in
            h.element("th", text: "planning")
            h.element("td", [("class", "value")], text: s.value.label)
            h.element("td", text: JSONNumber.format(s.confidence))
            evidence(&h, s.evidence)
            h.element("td") { h in h.element("button", [("type", "button"), ("class", "use-suggestion")], text: "use") }
        }
    }
}
