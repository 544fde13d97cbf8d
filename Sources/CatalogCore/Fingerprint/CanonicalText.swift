import CatalogHTML
import CatalogJSON
import CatalogModel

/// Canonical text v1 (DESIGN.md §4): the configured fields in their fixed order, each value as a
/// `field: value` line, one line per list item. Values are NFC, whitespace-collapsed and trimmed;
/// fields a source declares HTML are first turned into text by libxml2, one line per block.
/// Empty values give no line, so `[]`, `""`, null and a missing field all read the same.
extension CanonicalText {
    public init(record: UpstreamRecord, fields: [String], htmlFields: Set<String> = []) {
        self.init(storedText: String(decoding: Self.bytes(record: record, fields: fields, htmlFields: htmlFields), as: UTF8.self))
    }

    /// The text as UTF-8 bytes: assembled so, since it runs for every record on every import.
    public static func bytes(record: UpstreamRecord, fields: [String], htmlFields: Set<String> = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        for field in fields {
            guard let value = record.value(of: field) else { continue }
            let isHTML = htmlFields.contains(field)
            forEachItem(of: value) { item in
                if isHTML {
                    for line in HTMLText.lines(item) { appendLine(field: field, value: line, to: &out) }
                } else {
                    appendLine(field: field, value: item, to: &out)
                }
            }
        }
        return out
    }

    /// `items(of:)` without building the list (the usual value is a string or strings).
    static func forEachItem(of value: JSONValue, _ body: (String) -> Void) {
        switch value {
        case .string(let s): body(s)
        case .array(let elements):
            for element in elements {
                if case .string(let s) = element { body(s) } else { forEachItem(ofElement: element, body) }
            }
        default: for item in items(of: value) { body(item) }
        }
    }

    private static func forEachItem(ofElement element: JSONValue, _ body: (String) -> Void) {
        if case .array = element { body(JSONWriter.string(element)) } else { for item in items(of: element) { body(item) } }
    }

    /// Appends `field: value\n` with the value normalised, or nothing when it is empty. ASCII
    /// values (NFC already) are collapsed in place; others go through `TextNormalizer`.
    static func appendLine(field: String, value: String, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: field.utf8)
        out.append(0x3A)
        out.append(0x20)
        let valueStart = out.count
        var value = value
        if !value.withUTF8({ TextNormalizer.appendCollapsedASCII($0, to: &out) }) {
            out.append(contentsOf: TextNormalizer.normalize(value).utf8)
        }
        if out.count == valueStart {
            out.removeLast(out.count - start)
        } else {
            out.append(0x0A)
        }
    }

    /// The texts of a value: a list gives its items in order; numbers and booleans as written;
    /// an object (only in configured extra fields) as canonical JSON.
    static func items(of value: JSONValue) -> [String] {
        switch value {
        case .null: return []
        case .string(let s): return [s]
        case .number(let n): return [n]
        case .bool(let b): return [b ? "true" : "false"]
        case .array(let elements): return elements.flatMap { element -> [String] in
                if case .array = element { return [JSONWriter.string(element)] }
                return items(of: element)
            }
        case .object: return [JSONWriter.string(value)]
        }
    }
}
