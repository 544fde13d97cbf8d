import CatalogJSON
import CatalogModel

/// Builds a page. Text and attribute values always go through `escape`: an upstream string is
/// a text node, never markup. Element and attribute names are the workbench's own constants.
public struct HTML: Sendable {
    public private(set) var out = ""

    public init() {}

    /// `&`, `<`, `>`, `"` and `'` as character references, and bidi controls neutralised as in
    /// every other printed upstream string (a U+202E in a name cannot reverse the page after it).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in CatalogError.neutralisingBidi(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public mutating func text(_ text: String) { out += Self.escape(text) }

    /// `<name a="v">`: attributes with a nil value are left out, an empty one is a bare flag.
    public mutating func open(_ name: String, _ attributes: [(String, String?)] = []) {
        out += "<" + name
        for (key, value) in attributes {
            guard let value else { continue }
            out += value.isEmpty && Self.flags.contains(key) ? " \(key)" : " \(key)=\"\(Self.escape(value))\""
        }
        out += ">"
    }

    public mutating func close(_ name: String) { out += "</\(name)>" }

    public mutating func element(_ name: String, _ attributes: [(String, String?)] = [], _ body: (inout HTML) -> Void) {
        open(name, attributes)
        body(&self)
        close(name)
    }

    public mutating func element(_ name: String, _ attributes: [(String, String?)] = [], text: String) {
        open(name, attributes)
        self.text(text)
        close(name)
    }

    /// An element without content (`input`, `img`, `meta`, `link`).
    public mutating func void(_ name: String, _ attributes: [(String, String?)] = []) { open(name, attributes) }

    static let flags: Set<String> = ["selected", "checked", "disabled", "multiple", "hidden", "autofocus", "defer", "novalidate"]

    /// A whole page: the title, the workbench's stylesheet and script, and `body`.
    public static func page(title: String, bodyAttributes: [(String, String?)] = [], _ body: (inout HTML) -> Void) -> String {
        var h = HTML()
        h.out += "<!DOCTYPE html>\n"
        h.element("html", [("lang", "en")]) { h in
            h.element("head") { h in
                h.void("meta", [("charset", "utf-8")])
                h.void("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
                h.element("title", text: title)
                h.void("link", [("rel", "stylesheet"), ("href", "/static/app.css")])
                h.element("script", [("src", "/static/app.js"), ("defer", "")]) { _ in }
            }
            h.element("body", bodyAttributes, body)
        }
        h.out += "\n"
        return h.out
    }
}
