import CLibXML2

/// Turns an HTML fragment into lines of text with libxml2: block elements and `<br>` break
/// lines, entities are decoded, scripts, styles and comments are dropped. The network is off
/// and nothing is fetched or expanded from outside the fragment.
public enum HTMLText {
    /// libxml2's global state, set up once before any thread parses (imports parse on every core).
    private static let initialized: Void = xmlInitParser()

    public static func lines(_ html: String) -> [String] {
        // Fast path: without markup or entities the fragment is one run of text (in HTML a
        // newline is whitespace, not a line break).
        if !html.utf8.contains(UInt8(ascii: "<")) && !html.utf8.contains(UInt8(ascii: "&")) {
            return [html]
        }
        _ = initialized
        let wrapped = "<html><body>" + html + "</body></html>"
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue)
        let document: htmlDocPtr? = wrapped.withCString { pointer in
            htmlReadMemory(pointer, Int32(wrapped.utf8.count), nil, "UTF-8", options)
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var collector = LineCollector()
        collector.walk(xmlDocGetRootElement(document))
        return collector.finish()
    }

    /// libxml2 stops building the tree (and so drops text) below 256 nested elements; adapters
    /// refuse fragments nested deeper than this rather than lose text silently.
    public static let maxDepth = 200

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// The deepest nesting of elements in a fragment, counted from its tags (void elements and
    /// self-closing tags do not nest).
    public static func nestingDepth(_ html: String) -> Int {
        var depth = 0, deepest = 0
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count else { i += 1; continue }
            let closing = bytes[i + 1] == UInt8(ascii: "/")
            var j = i + (closing ? 2 : 1)
            var name: [UInt8] = []
            while j < bytes.count, (bytes[j] | 0x20) >= UInt8(ascii: "a"), (bytes[j] | 0x20) <= UInt8(ascii: "z") || (bytes[j] >= 0x30 && bytes[j] <= 0x39) {
                name.append(bytes[j] | 0x20)
                j += 1
            }
            guard !name.isEmpty else { i += 1; continue }
            var k = j
            while k < bytes.count, bytes[k] != UInt8(ascii: ">") { k += 1 }
            let selfClosing = k > 0 && k < bytes.count && bytes[k - 1] == UInt8(ascii: "/")
            let tag = String(decoding: name, as: UTF8.self)
            if closing {
                depth = max(0, depth - 1)
            } else if !selfClosing && !voidElements.contains(tag) {
                depth += 1
                deepest = max(deepest, depth)
            }
            i = k + 1
        }
        return deepest
    }

    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "br", "dd", "details", "div", "dl", "dt",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "tr", "ul",
    ]

    static let droppedElements: Set<String> = ["script", "style", "template", "noscript", "head", "title"]
}

private struct LineCollector {
    var lines: [String] = []
    var current: [UInt8] = []

    mutating func breakLine() {
        if !current.isEmpty {
            lines.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
    }

    mutating func walk(_ node: xmlNodePtr?) {
        var node = node
        while let n = node {
            switch n.pointee.type {
            case XML_ELEMENT_NODE:
                let name = n.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if HTMLText.droppedElements.contains(name) { break }
                let block = HTMLText.blockElements.contains(name)
                if block { breakLine() }
                walk(n.pointee.children)
                if block { breakLine() }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = n.pointee.content {
                    var p = content
                    while p.pointee != 0 {
                        current.append(p.pointee)
                        p += 1
                    }
                }
            default:
                break  // comments, processing instructions, DTD nodes: not text
            }
            node = n.pointee.next
        }
    }

    mutating func finish() -> [String] {
        breakLine()
        return lines
    }
}
