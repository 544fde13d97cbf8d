import CatalogHTML
import CatalogJSON
import CatalogModel
import CatalogRecords

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
    /// `field: value` line per item of its value that is not empty once normalised. Values that
    /// are all plain (`CanonicalValues.plainBound`) are written by pointer and appended in one copy.
    @inlinable
    public static func write<Values: CanonicalValues>(_ values: Values, fields: [String], into out: inout [UInt8]) {
        guard let bound = values.plainBound(fields: fields) else {
            for (index, field) in fields.enumerated() {
                values.forEachItem(ofField: index, named: field) { appendLine(field: field, value: $0, to: &out) }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            var p = buffer.baseAddress!
            for index in fields.indices {
                values.forEachItem(ofField: index, named: fields[index]) { p += writeLine(field: fields[index], value: $0, at: p) }
            }
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: p - buffer.baseAddress!))
        }
    }

    /// Appends `field: value\n` with the value normalised, or nothing when it is empty. ASCII
    /// values (NFC already) are collapsed in place; others go through `TextNormalizer`.
    @usableFromInline
    static func appendLine(field: String, value: Item, to out: inout [UInt8]) {
        var text: String
        switch value {
        case .text(let s): text = s
        case .plain(let bytes): text = String(decoding: bytes, as: UTF8.self)
        }
        let start = out.count
        out.append(contentsOf: field.utf8)
        out.append(0x3A)
        out.append(0x20)
        let valueStart = out.count
        if !text.withUTF8({ TextNormalizer.appendCollapsedASCII($0, to: &out) }) {
            out.append(contentsOf: TextNormalizer.normalize(text).utf8)
        }
        if out.count == valueStart {
            out.removeLast(out.count - start)
        } else {
            out.append(0x0A)
        }
    }

    /// `appendLine` for a plain value, written at `p`, which has room for the field's name, two
    /// bytes, the value and a newline: how many bytes it wrote (none for an empty value).
    @usableFromInline
    static func writeLine(field: String, value: Item, at p: UnsafeMutablePointer<UInt8>) -> Int {
        guard case .plain(let bytes) = value else { preconditionFailure("writeLine: a value that is not plain") }
        let name = field.utf8.count
        if field.utf8.withContiguousStorageIfAvailable({ p.update(from: $0.baseAddress!, count: name) }) == nil {
            _ = UnsafeMutableBufferPointer(start: p, count: name).initialize(from: field.utf8)
        }
        p[name] = 0x3A
        p[name + 1] = 0x20
        let written = TextNormalizer.copyCollapsedPlain(bytes, to: p + name + 2)
        guard written > 0 else { return 0 }
        p[name + 2 + written] = 0x0A
        return name + 3 + written
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
    /// When every item is `.plain`: the most bytes the text of `fields` can take (each line's
    /// field name, two bytes, its value and a newline). Nil otherwise.
    func plainBound(fields: [String]) -> Int?
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

    public func plainBound(fields: [String]) -> Int? { nil }

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
