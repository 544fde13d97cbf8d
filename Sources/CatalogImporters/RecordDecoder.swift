import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// Turns an adapter's records into what an import keeps of each: its snapshot line, its
/// canonical text and the names it goes by. Every adapter's records reach the import through one:
/// an adapter whose release is one JSON array (`ElementAdapter`) decodes it element by element;
/// the records an adapter reads whole (CSV, wger's fixtures, several files) are decoded as records.
///
/// `StrictDecoder` is every adapter's decoder: the strict parser, the adapter's `record(from:)`,
/// then `StrictDecoder.encode`, the one place a record's line and canonical text are written.
/// ExerciseDB's decoder (`FlatRecordDecoder`) reads plain elements straight from their bytes and
/// hands every other element to the strict decoder: "fast, else strict" is decided there alone.
public protocol RecordDecoder {
    /// Decodes element `index` of the release (its bytes). When it is a record: appends its
    /// snapshot line (newline included) to `line` and its canonical text to `text`. Else
    /// `.needsStrictPath`, with `line` and `text` as they were: the strict whole-file reader
    /// then says what is wrong and where.
    mutating func decode(_ element: UnsafeBufferPointer<UInt8>, index: Int, line: inout [UInt8], text: inout [UInt8]) -> DecodedRecord
    /// How many of the records decoded since the last call carry each upstream field name.
    mutating func fieldCounts() -> [String: Int]
}

/// What decoding a record found (its line and text were written where the decoder was told).
public enum DecodedRecord: Sendable {
    case record(DecodedNames)
    /// Not a record this decoder reads: a bad element, or one above the size limits.
    case needsStrictPath
}

/// What a decoded record goes by: its id and name, and whether it is removed and its animation
/// (what the index row takes of it). Small (the rare extras are boxed): it is handed on for
/// every record of a release.
public struct DecodedNames: Sendable {
    public var id: String
    public var name: String
    private let extras: Extras?

    private final class Extras: Sendable {
        let removed: Bool
        let media: MediaInfo?
        init(removed: Bool, media: MediaInfo?) { (self.removed, self.media) = (removed, media) }
    }

    /// A record a fast decoder read from its bytes: without animation, current unless `removed`.
    public init(id: String, name: String, removed: Bool = false) {
        self.id = id
        self.name = name
        extras = removed ? Extras(removed: true, media: nil) : nil
    }

    public init(_ record: UpstreamRecord) {
        id = record.id
        name = record.name
        extras = record.removed || record.media != nil ? Extras(removed: record.removed, media: record.media) : nil
    }

    public var removed: Bool { extras?.removed ?? false }
    public var media: MediaInfo? { extras?.media }
}

/// What a decoder needs to know of the catalog it decodes for.
public struct DecodeContext: Sendable {
    /// The release file, as errors name it.
    public var file: String
    /// The fingerprint fields, in order.
    public var fields: [String]
    /// Fields whose values are HTML fragments.
    public var htmlFields: Set<String>

    public init(file: String, fields: [String], htmlFields: Set<String>) {
        self.file = file
        self.fields = fields
        self.htmlFields = htmlFields
    }
}

/// Reads every element the strict way: parsed into a tree, read by the adapter, then encoded.
public struct StrictDecoder: RecordDecoder {
    /// The adapter's reading of an element; nil for an adapter that reads its inputs whole.
    private let element: (@Sendable (JSONValue, Int, String) throws(CatalogError) -> UpstreamRecord)?
    public let context: DecodeContext
    private var counted: [String: Int] = [:]

    public init(_ adapter: any SourceAdapter, context: DecodeContext) {
        if let adapter = adapter as? any ElementAdapter {
            element = { value, index, file throws(CatalogError) in try adapter.record(from: value, index: index, file: file) }
        } else {
            element = nil
        }
        self.context = context
    }

    /// A decoder of records already read (no elements).
    public init(context: DecodeContext) {
        element = nil
        self.context = context
    }

    public mutating func decode(_ element: UnsafeBufferPointer<UInt8>, index: Int, line: inout [UInt8], text: inout [UInt8]) -> DecodedRecord {
        guard let read = self.element, let value = try? JSONParser.parseElement(element),
              let record = try? read(value, index, context.file), record.sizeProblem() == nil else { return .needsStrictPath }
        return .record(decode(record, line: &line, text: &text))
    }

    /// A record an adapter read whole (or this decoder read from an element).
    public mutating func decode(_ record: UpstreamRecord, line: inout [UInt8], text: inout [UInt8]) -> DecodedNames {
        Self.encode(record, fields: context.fields, htmlFields: context.htmlFields, line: &line, text: &text)
        for name in record.fieldNames { counted[name, default: 0] += 1 }
        return DecodedNames(record)
    }

    public mutating func fieldCounts() -> [String: Int] {
        defer { counted = [:] }
        return counted
    }

    /// Appends `record`'s snapshot line (`UpstreamRecord.json` compact, with its newline) to
    /// `line` and its canonical text to `text`.
    public static func encode(_ record: UpstreamRecord, fields: [String], htmlFields: Set<String>, line: inout [UInt8], text: inout [UInt8]) {
        JSONWriter.write(record.json, style: .compact, into: &line)
        line.append(0x0A)
        CanonicalText.write(RecordValues(record: record, htmlFields: htmlFields), fields: fields, into: &text)
    }
}
