import CatalogJSON

/// Typed access to the members of a JSON object read from a file, naming the file and the
/// field path in every error. Used for the catalog's own files: config, vocabularies, reviews.
public struct JSONReader {
    public let object: JSONObject
    public let file: String
    public let record: String?
    /// The path of this object inside the document (`corrections.level`), empty at the top.
    public let path: String

    public init(_ value: JSONValue, file: String, record: String? = nil, path: String = "") throws(CatalogError) {
        guard let object = value.objectValue else {
            throw .data("expected an object, found \(value.typeName)", file: file, record: record, field: path.isEmpty ? nil : path)
        }
        self.object = object
        self.file = file
        self.record = record
        self.path = path
    }

    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func fail(_ message: String, _ key: String) -> CatalogError {
        .data(message, file: file, record: record, field: fieldPath(key))
    }

    /// Rejects members not in `known` (a misspelt field must not be silently ignored).
    public func rejectUnknown(_ known: Set<String>) throws(CatalogError) {
        for key in object.keys where !known.contains(key) {
            throw fail("unknown field (known: \(known.sorted().joined(separator: ", ")))", key)
        }
    }

    public func has(_ key: String) -> Bool { object[key] != nil && object[key] != .null }

    public func string(_ key: String) throws(CatalogError) -> String {
        guard let value = object[key] else { throw fail("missing", key) }
        guard let s = value.stringValue else { throw fail("expected a string, found \(value.typeName)", key) }
        return s
    }

    public func optionalString(_ key: String) throws(CatalogError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let s = value.stringValue else { throw fail("expected a string, found \(value.typeName)", key) }
        return s
    }

    public func strings(_ key: String) throws(CatalogError) -> [String] {
        guard let value = object[key] else { throw fail("missing", key) }
        return try Self.strings(value, at: fieldPath(key), file: file, record: record)
    }

    public func optionalStrings(_ key: String) throws(CatalogError) -> [String]? {
        guard let value = object[key], !value.isNull else { return nil }
        return try Self.strings(value, at: fieldPath(key), file: file, record: record)
    }

    public static func strings(_ value: JSONValue, at path: String, file: String, record: String?) throws(CatalogError) -> [String] {
        guard let array = value.arrayValue else { throw .data("expected a list of strings, found \(value.typeName)", file: file, record: record, field: path) }
        var out: [String] = []
        for (i, element) in array.enumerated() {
            guard let s = element.stringValue else { throw .data("expected a string, found \(element.typeName)", file: file, record: record, field: "\(path)[\(i)]") }
            out.append(s)
        }
        return out
    }

    public func optionalNumber(_ key: String) throws(CatalogError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .number(let n) = value, let d = Double(n) else { throw fail("expected a number, found \(value.typeName)", key) }
        return d
    }

    /// A whole number that fits an Int (a hostile `1e300` is an error, not a crash).
    public func optionalInt(_ key: String) throws(CatalogError) -> Int? {
        guard let value = try optionalNumber(key) else { return nil }
        guard value.isFinite, value == value.rounded(), abs(value) < 9e15, let int = Int(exactly: value) else {
            throw fail("expected a whole number, found \(value)", key)
        }
        return int
    }

    public func objectReader(_ key: String) throws(CatalogError) -> JSONReader {
        guard let value = object[key] else { throw fail("missing", key) }
        return try JSONReader(value, file: file, record: record, path: fieldPath(key))
    }

    public func optionalObjectReader(_ key: String) throws(CatalogError) -> JSONReader? {
        guard let value = object[key], !value.isNull else { return nil }
        return try JSONReader(value, file: file, record: record, path: fieldPath(key))
    }

    /// The elements of an array of objects, each as a reader.
    public func objectReaders(_ key: String) throws(CatalogError) -> [JSONReader] {
        guard let value = object[key] else { throw fail("missing", key) }
        guard let array = value.arrayValue else { throw fail("expected a list, found \(value.typeName)", key) }
        var out: [JSONReader] = []
        for (i, element) in array.enumerated() {
            out.append(try JSONReader(element, file: file, record: record, path: "\(fieldPath(key))[\(i)]"))
        }
        return out
    }

    /// Parses a whole file's bytes into a reader of its top-level object.
    public static func document(_ bytes: [UInt8], file: String) throws(CatalogError) -> JSONReader {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .json(error, file: file) }
        return try JSONReader(value, file: file)
    }
}
