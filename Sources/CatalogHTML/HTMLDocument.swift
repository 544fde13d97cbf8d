import CLibXML2
import CatalogModel

/// A small HTML document built with libxml2's tree API, so every string, upstream text above
/// all, becomes a text node and is escaped when serialised: nothing in it can become markup.
public final class HTMLDocument {
    let document: xmlDocPtr
    public let html: xmlNodePtr
    public let head: xmlNodePtr
    public let body: xmlNodePtr

    public init(title: String, css: String) {
        document = htmlNewDocNoDtD(nil, nil)
        html = xmlNewNode(nil, "html")
        xmlDocSetRootElement(document, html)
        xmlNewProp(html, "lang", "en")
        head = xmlNewChild(html, nil, "head", nil)
        body = xmlNewChild(html, nil, "body", nil)
        let charset = element("meta", in: head)
        xmlNewProp(charset, "charset", "utf-8")
        let policy = element("meta", in: head)
        xmlNewProp(policy, "http-equiv", "Content-Security-Policy")
        // No script may run, whatever the text says; images only from files beside the report.
        xmlNewProp(policy, "content", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' file: data:")
        element("title", in: head, text: title)
        element("style", in: head, text: css)
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// Appends `<name>` (with escaped text when given) to `parent`.
    @discardableResult
    public func element(_ name: String, in parent: xmlNodePtr, text: String? = nil, attributes: [(String, String)] = []) -> xmlNodePtr {
        let node = xmlNewChild(parent, nil, name, nil)!
        for (key, value) in attributes { xmlNewProp(node, key, value) }
        if let text { self.text(text, in: node) }
        return node
    }

    /// Appends a text node: libxml2 escapes `<`, `>`, `&` and quotes when writing; bidi
    /// controls are shown as escapes, so upstream text cannot reverse what follows it.
    public func text(_ text: String, in parent: xmlNodePtr) {
        xmlAddChild(parent, xmlNewDocText(document, CatalogError.neutralisingBidi(text)))
    }

    /// The serialised document, with a doctype, UTF-8.
    public func serialized() -> String {
        var buffer: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        htmlDocDumpMemoryFormat(document, &buffer, &size, 1)
        defer { cxml_free(buffer) }
        guard let buffer else { return "" }
        let bytes = UnsafeBufferPointer(start: buffer, count: Int(size))
        var out = String(decoding: bytes, as: UTF8.self)
        if !out.hasPrefix("<!DOCTYPE") { out = "<!DOCTYPE html>\n" + out }
        return out
    }
}
