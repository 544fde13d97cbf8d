import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// Options an import passes to adapters.
public struct ImportOptions: Sendable {
    /// wger: the language of the translations to import (a short name such as `en`, or a pk).
    public var language: String

    public init(language: String = "en") {
        self.language = language
    }
}

/// Turns one source's files into normalised upstream records.
public protocol SourceAdapter: Sendable {
    /// The `--format` name.
    var format: String { get }
    /// The source name records are filed under when `--source` is not given.
    var defaultSource: String { get }
    /// Shared fields whose values are HTML fragments (parsed by libxml2 for canonical text).
    var htmlFields: Set<String> { get }
    /// Whether this adapter reads these inputs (content detection).
    func matches(_ inputs: [ImportInput]) -> Bool
    /// The records, each with a valid id; throws a located error on the first bad record.
    func records(from inputs: [ImportInput], options: ImportOptions) throws(CatalogError) -> [UpstreamRecord]
    /// How an import decodes this adapter's records (`RecordDecoder`); one per worker.
    func decoder(_ context: DecodeContext) -> any RecordDecoder
}

extension SourceAdapter {
    public func decoder(_ context: DecodeContext) -> any RecordDecoder { StrictDecoder(self, context: context) }
}

/// An adapter whose input is one JSON array with a record per element: an import streams such
/// a file element by element instead of parsing it whole.
public protocol ElementAdapter: SourceAdapter {
    /// The record of element `index` of `file`; throws a located error when it is not one.
    func record(from element: JSONValue, index: Int, file: String) throws(CatalogError) -> UpstreamRecord
}

extension ElementAdapter {
    public func records(from inputs: [ImportInput], options: ImportOptions) throws(CatalogError) -> [UpstreamRecord] {
        let input = try singleInput(inputs, format: format)
        let array = try input.jsonArray(format: format)
        var records: [UpstreamRecord] = []
        records.reserveCapacity(array.count)
        for (index, value) in array.enumerated() {
            records.append(try record(from: value, index: index, file: input.path))
        }
        return try uniqueSorted(records, file: input.path)
    }
}

/// The adapters this build knows, in detection order.
public enum Adapters {
    /// Most specific first: ExerciseDB's detection accepts any array of records with an id.
    public static let all: [any SourceAdapter] = [WgerAdapter(), FreeExerciseDBAdapter(), ExerciseDBCSVAdapter(), ExerciseDBAdapter()]

    public static func named(_ format: String) -> (any SourceAdapter)? {
        all.first { $0.format == format }
    }

    /// The adapter for `format`, or the one whose detection accepts the inputs.
    public static func adapter(for inputs: [ImportInput], format: String?) throws(CatalogError) -> any SourceAdapter {
        if let format {
            guard let adapter = named(format) else {
                throw CatalogError(.usage, "unknown format '\(format)'; known: \(all.map(\.format).sorted().joined(separator: ", "))")
            }
            return adapter
        }
        if let adapter = all.first(where: { $0.matches(inputs) }) { return adapter }
        throw CatalogError(.dataError, "cannot tell the format from the content; pass --format (\(all.map(\.format).sorted().joined(separator: ", ")))",
                           .init(file: inputs.map(\.path).joined(separator: ", ")))
    }
}

/// Reads the fields of one source record, naming the file, record and field in every error:
/// the core's `JSONReader`, plus what records need (the id, required text, verbatim extras).
struct FieldReader {
    /// Names the record `#index` until its id is known, then `id (#index)`.
    private(set) var reader: JSONReader
    var object: JSONObject { reader.object }

    init(_ value: JSONValue, file: String, index: Int) throws(CatalogError) {
        guard value.objectValue != nil else {
            throw .data("expected a record object, found \(value.typeName)", file: file, record: "#\(index)")
        }
        reader = try JSONReader(value, file: file, record: "#\(index)")
    }

    func fail(_ message: String, field: String) -> CatalogError {
        reader.fail(message, field)
    }

    /// The record id: a string (or, where `allowNumber`, an integer) that can name a file.
    mutating func id(_ key: String = "id", allowNumber: Bool = false) throws(CatalogError) -> String {
        let id: String
        switch object[key] {
        case .string(let s)?: id = s
        case .number(let n)? where allowNumber: id = n
        case nil: throw fail("missing id", field: key)
        case let other?: throw fail("expected the id as a string, found \(other.typeName)", field: key)
        }
        if let problem = RecordID.problem(with: id) { throw fail("invalid id \"\(CatalogError.quote(id))\": \(problem)", field: key) }
        reader = try JSONReader(.object(object), file: reader.file, record: "\(id) (\(reader.record ?? ""))")
        return id
    }

    /// A string field; `required` ones must be present and not blank.
    func string(_ key: String, required: Bool = false) throws(CatalogError) -> String? {
        guard let s = try reader.optionalString(key) else {
            if required { throw fail("missing", field: key) }
            return nil
        }
        if required && TextNormalizer.isBlank(s) { throw fail("must not be empty", field: key) }
        return s
    }

    /// A list of strings; every element is checked, not just the first.
    func strings(_ key: String) throws(CatalogError) -> [String]? {
        try reader.optionalStrings(key)
    }

    /// The members not in `used`, verbatim.
    func extra(excluding used: Set<String>) -> JSONObject {
        JSONObject(object.members.filter { !used.contains($0.key) })
    }
}

/// Checks ids are unique and records within the size limits, and sorts records by id (UTF-8 byte order, the snapshot order).
/// `positions`: each record's index in its file, when records were not read one per element.
func uniqueSorted(_ records: [UpstreamRecord], positions: [Int]? = nil, file: String) throws(CatalogError) -> [UpstreamRecord] {
    var firstIndex: [String: Int] = [:]
    firstIndex.reserveCapacity(records.count)
    for (n, record) in records.enumerated() {
        let i = positions?[n] ?? n
        if let earlier = firstIndex[record.id] {
            throw .data("duplicate id \"\(CatalogError.quote(record.id))\" (first seen at record #\(earlier))", file: file, record: "\(record.id) (#\(i))", field: "id")
        }
        if let (field, message) = record.sizeProblem() { throw .data(message, file: file, record: "\(record.id) (#\(i))", field: field) }
        firstIndex[record.id] = i
    }
    return records.sorted { $0.id.precedesInUTF8($1.id) }
}

extension JSONObject {
    /// Sets `key` when `value` is present.
    mutating func set(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    mutating func set(_ key: String, _ values: [String]?) {
        if let values { self[key] = .strings(values) }
    }
}
