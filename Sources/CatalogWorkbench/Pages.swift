import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
import CatalogViews
import Foundation

/// What every workbench page shares: the header with navigation, progress and the editor's name.
enum Pages {
    /// A page with the workbench's header; `data` goes on `<body>` as `data-*` for the script.
    /// `editor`: the server's name for writes (`--editor`, `CATALOG_EDITOR` or git's), shown in
    /// the name box until the editor types their own.
    static func page(title: String, kind: String, data: [(String, String?)] = [], progress: StatusView? = nil, editor: String? = nil,
                     _ body: (inout HTML) -> Void) -> String {
        HTML.page(title: title + " · catalog", bodyAttributes: [("data-page", kind), ("data-default-editor", editor)] + data.map { ("data-" + $0.0, $0.1) }) { h in
            h.element("header", [("class", "top")]) { h in
                h.element("nav") { h in
                    h.element("a", [("href", "/")], text: "Queue")
                    h.element("a", [("href", "/revalidate")], text: "Re-validation")
                    h.element("a", [("href", "/plan")], text: "Plan preview")
                    h.element("a", [("href", "#help"), ("id", "help-link")], text: "Shortcuts (?)")
                }
                if let progress { Self.progress(&h, progress) }
                h.element("label", [("class", "editor")]) { h in
                    h.text("Editor ")
                    h.void("input", [("id", "editor"), ("type", "text"), ("autocomplete", "name"), ("placeholder", editor.map { "\($0) (the server's)" } ?? "your name")])
                }
            }
            h.element("main", [("id", "main")], body)
            help(&h)
        }
    }

    /// Cleared / reviewed / total of the member source.
    static func progress(_ h: inout HTML, _ status: StatusView) {
        let total = status.member.records, cleared = status.member.autoPlan
        h.element("div", [("class", "progress"), ("id", "progress")]) { h in
            h.element("span", [("id", "cleared")], text: "\(cleared) cleared")
            h.text(" / ")
            h.element("span", [("id", "reviewed")], text: "\(status.reviewed) reviewed")
            h.text(" / \(total) records")
            h.element("progress", [("max", String(max(total, 1))), ("value", String(cleared))]) { _ in }
        }
    }

    static func help(_ h: inout HTML) {
        h.element("dialog", [("id", "help")]) { h in
            h.element("h2", text: "Shortcuts")
            h.element("dl") { h in
                for (key, what) in [("j / k", "next / previous record of the session's queue"), ("Enter", "open the selected record (queue)"),
                                    ("a", "use every suggestion (planning too)"), ("1–9", "confidence 0.1–0.9"), ("s", "save and open the next record"),
                                    ("S", "save and stay"), ("n", "skip to the next record without saving"), ("u", "undo the record's last change"),
                                    (", / .", "previous / next animation frame"), ("space", "play / pause the animation"), ("?", "this help")] {
                    h.element("dt", text: key)
                    h.element("dd", text: what)
                }
            }
            h.element("button", [("type", "button"), ("id", "help-close")], text: "Close")
        }
    }

    static func errorPage(status: Int, message: String) -> String {
        page(title: "Error \(status)", kind: "error") { h in
            h.element("h1", text: "Error \(status)")
            h.element("p", [("class", "error")], text: message)
        }
    }

    /// A state as a badge: `stale`, `current`, ...
    static func badge(_ h: inout HTML, _ state: String, id: String? = nil) {
        h.element("span", [("class", "badge state-" + state), ("id", id)], text: state)
    }

    /// A word diff: deletions in `del`, insertions in `ins`, a moved run as `<del class="move">`
    /// where it was and `<ins class="move">` where it went; text nodes only. `asList`: a text of
    /// several lines (instruction steps) as a list, a line an item.
    static func diff(_ h: inout HTML, _ diff: WordDiff, asList: Bool = false) {
        let segments = diff.segments
        guard asList, segments.contains(where: { $0.text.contains("\n") }) else {
            return inline(&h, segments)
        }
        // Each segment cut at its line feeds; each line's pieces in an item of their own.
        var lines: [[WordDiff.Segment]] = [[]]
        for segment in segments {
            for (i, piece) in segment.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if i > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(WordDiff.Segment(segment.kind, String(piece))) }
            }
        }
        h.element("ol", [("class", "steps")]) { h in
            for line in lines where !line.isEmpty { h.element("li") { h in inline(&h, line) } }
        }
    }

    static func inline(_ h: inout HTML, _ segments: [WordDiff.Segment]) {
        h.element("span", [("class", "diff")]) { h in
            for segment in segments {
                switch segment.kind {
                case .delete: h.element("del", text: segment.text)
                case .insert: h.element("ins", text: segment.text)
                case .moveFrom: h.element("del", [("class", "move")], text: segment.text)
                case .moveTo: h.element("ins", [("class", "move")], text: segment.text)
                case .equal: h.text(segment.text)
                }
            }
        }
    }

    /// A record name as one path part of a link: ids may hold characters a URL gives meaning
    /// to (`#`, `?`, `%`, spaces); the `:` of SOURCE:ID stays readable.
    static func segment(_ name: String) -> String {
        URLEncoding.encode(name).replacingOccurrences(of: "%3A", with: ":")
    }

    /// A JSON value as one line for people (lists comma-separated).
    static func plain(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        if let s = value.stringValue { return s }
        if let items = value.arrayValue { return items.map { plain($0) }.joined(separator: ", ") }
        if case .number(let t) = value { return t }
        if value == .null { return "" }
        return JSONWriter.string(value)
    }
}
