import CatalogHTML
import CatalogJSON
import CatalogModel

/// Canonical text v1 (DESIGN.md §4): the configured fields in their fixed order, each value as a
/// `field: value` line, one line per list item. Values are NFC, whitespace-collapsed and trimmed;
/// fields a source declares HTML are first turned into text by libxml2, one line per block.
/// Empty values give no line, so `[]`, `""`, null and a missing field all read the same.
///
/// `write` is the one writer: a record (`bytes(record:)`) and a decoder reading an element
/// straight from its bytes (CatalogImporters' flat-record decoder) both hand it their values.
extension CanonicalText {
    public init(record: UpstreamRecord, fields: [String], htmlFields: Set<String> = []) {
        self.init(storedText: String(decoding: Self.bytes(record: record, fields: fields, htmlFields: htmlFields), as: UTF8.self))
    }

    /// The text as UTF-8 bytes: assembled so, since it runs for every record on every import.
    public static func bytes(record: UpstreamRecord, fields: [String], htmlFields: Set<String> = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(RecordValues(record: record, htmlFields: htmlFields), fields: fields, into: &out)
        return out
    }

    /// One item of a field's value, as a source of values gives it.
    public enum Item {
        /// Text, normalised here.
        case text(String)
        /// Bytes known to be plain text (`FlatObject.plainStringEnd`: NFC, no whitespace but the
        /// space), only collapsed.
        case plain(UnsafeBufferPointer<UInt8>)
    }

    /// Appends the canonical text of `values` to `out`: for each of `fields` in order, a
    /// `field: value` line per item of its value that is not empty once normalised.
    @inlinable
    public static func write<Values: CanonicalValues>(_ values: Values, fields: [String], into out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            values.forEachItem(ofField: index, named: field) { appendLine(field: field, value: $0, to: &out) }
        }
    }

    /// Appends `field: value\n` with the value normalised, or nothing when it is empty. ASCII
    /// values (NFC already) are collapsed in place; others go through `TextNormalizer`.
    @usableFromInline
    static func appendLine(field: String, value: Item, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: field.utf8)
        out.append(0x3A)
        out.append(0x20)
        let valueStart = out.count
        switch value {
        case .plain(let bytes):
            // Copied, then collapsed over the copy where it needs it (a value usually does not).
            out.append(contentsOf: bytes)
            let written = out.withUnsafeMutableBufferPointer { TextNormalizer.copyCollapsedPlain(bytes, to: $0.baseAddress! + valueStart) }
            out.removeLast(bytes.count - written)
        case .text(var text):
            if !text.withUTF8({ TextNormalizer.appendCollapsedASCII($0, to: &out) }) {
                out.append(contentsOf: TextNormalizer.normalize(text).utf8)
            }
        }
        if out.count == valueStart {
            out.removeLast(out.count - start)
        } else {
            out.append(0x0A)
        }
    }

    /// The items of a record's value: strings as they are, nested lists as JSON.
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

/// Values the canonical text is written from (`CanonicalText.write`).
public protocol CanonicalValues {
    /// Calls `body` with each item of the value of `field`, the `index`-th configured field, in
    /// order; not at all when the record has no such value.
    func forEachItem(ofField index: Int, named field: String, _ body: (CanonicalText.Item) -> Void)
}

/// A record's values: `UpstreamRecord.value(of:)` (shared fields, then extras); an item of an HTML
/// field gives a line per block of its text (libxml2).
public struct RecordValues: CanonicalValues {
    let record: UpstreamRecord
    let htmlFields: Set<String>

    public init(record: UpstreamRecord, htmlFields: Set<String>) {
        self.record = record
        self.htmlFields = htmlFields
    }

    public func forEachItem(ofField index: Int, named field: String, _ body: (CanonicalText.Item) -> Void) {
        guard let value = record.value(of: field) else { return }
        let isHTML = !htmlFields.isEmpty && htmlFields.contains(field)
        CanonicalText.forEachItem(of: value) { item in
            if isHTML {
                for line in HTMLText.lines(item) { body(.text(line)) }
            } else {
                body(.text(item))
            }
        }
    }
}
