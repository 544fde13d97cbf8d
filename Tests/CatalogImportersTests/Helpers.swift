import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// One input file for an import: a path (only used in messages) and its bytes.
struct FileFixture {
    var path: String
    var bytes: [UInt8]

    init(_ path: String, _ text: String) {
        self.path = path
        bytes = Array(text.utf8)
    }

    init(_ path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// Parses the files, picks the adapter (by `format`, else by detection) and returns its records.
func importRecords(_ files: [FileFixture], format: String? = nil, options: ImportOptions = ImportOptions()) throws(CatalogError) -> [UpstreamRecord] {
    var inputs: [ImportInput] = []
    for file in files { inputs.append(try ImportInput(path: file.path, bytes: file.bytes)) }
    let adapter = try Adapters.adapter(for: inputs, format: format)
    return try adapter.records(from: inputs, options: options)
}

func importRecords(_ text: String, path: String = "in.json", format: String? = nil) throws(CatalogError) -> [UpstreamRecord] {
    try importRecords([FileFixture(path, text)], format: format)
}

/// The adapter detection picks for these files.
func detectedFormat(_ files: [FileFixture]) throws(CatalogError) -> String {
    var inputs: [ImportInput] = []
    for file in files { inputs.append(try ImportInput(path: file.path, bytes: file.bytes)) }
    return try Adapters.adapter(for: inputs, format: nil).format
}

/// The error `body` throws, or nil (recorded as a test failure) when it does not throw.
func catalogError(_ body: () throws(CatalogError) -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogError? {
    do {
        try body()
    } catch {
        return error
    }
    Issue.record("expected a CatalogError, nothing was thrown", sourceLocation: sourceLocation)
    return nil
}

/// The import error for these files (parsing, detection or adapter), nil when the import succeeds.
func importError(_ files: [FileFixture], format: String? = nil, options: ImportOptions = ImportOptions(),
                 sourceLocation: SourceLocation = #_sourceLocation) -> CatalogError? {
    catalogError({ () throws(CatalogError) in _ = try importRecords(files, format: format, options: options) }, sourceLocation: sourceLocation)
}

func importError(_ text: String, path: String = "in.json", format: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogError? {
    importError([FileFixture(path, text)], format: format, sourceLocation: sourceLocation)
}

/// Canonical text of the shared fields, with the HTML fields of `format`'s adapter.
func canonical(_ record: UpstreamRecord, format: String) -> CanonicalText {
    CanonicalText(record: record, fields: UpstreamRecord.sharedFields, htmlFields: Adapters.named(format)?.htmlFields ?? [])
}

/// id → fingerprint of the shared fields.
func fingerprints(_ records: [UpstreamRecord], format: String) -> [String: Fingerprint] {
    Dictionary(uniqueKeysWithValues: records.map { ($0.id, canonical($0, format: format).fingerprint) })
}

extension UpstreamRecord {
    /// A shared field as a list of strings (nil when absent or not a list of strings).
    func list(_ field: String) -> [String]? {
        guard let array = fields[field]?.arrayValue else { return nil }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : nil
    }

    func string(_ field: String) -> String? {
        fields[field]?.stringValue
    }
}
