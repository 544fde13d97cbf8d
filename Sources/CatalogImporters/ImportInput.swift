import CatalogCore
import CatalogJSON
import CatalogModel

/// One file given to `catalog import`, read into memory and parsed as JSON or CSV.
public struct ImportInput: Sendable {
    public enum Content: Sendable {
        case json(JSONValue)
        case csv(CSVTable)
    }

    public let path: String
    public let sha256: String
    public let byteCount: Int
    public let content: Content

    /// Parses `bytes`: JSON when the first significant byte opens an array or object, else CSV.
    public init(path: String, bytes: [UInt8]) throws(CatalogError) {
        self.path = path
        sha256 = SHA256.hex(bytes)
        byteCount = bytes.count
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // A file converted to UTF-8 twice: said so, rather than read as CSV and misreported.
        if start == 3, bytes.dropFirst(3).starts(with: [0xEF, 0xBB, 0xBF]) {
            throw .data("starts with two byte order marks (U+FEFF twice, a file converted to UTF-8 twice); remove one", file: path, line: 1)
        }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw .data("empty file: no records", file: path) }
        if bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") {
            do {
                content = .json(try JSONParser.parse(bytes))
            } catch {
                throw .json(error, file: path)
            }
        } else {
            do { content = .csv(try CSVTable(bytes: bytes, file: path)) } catch {
                // A file not named .csv was read as CSV only because it is not JSON: said so.
                guard !path.lowercased().hasSuffix(".csv") else { throw error }
                var said = error
                said.message += "; read as CSV because it does not start with [ or { as a JSON release does"
                throw said
            }
        }
    }

    /// The first record of a JSON array, read from the start of `path` alone: enough to tell the
    /// format, so that a large release can then be streamed. Nil when the start is not that.
    public static func peek(path: String, head: [UInt8]) -> ImportInput? {
        // The first 64 kB hold the first record of any real release; the whole head otherwise.
        var found: JSONValue?
        for size in Set([min(head.count, 1 << 16), head.count]).sorted() where found == nil {
            var splitter = JSONArraySplitter()
            found = head.withUnsafeBufferPointer { buffer -> JSONValue? in
                guard let range = splitter.scan(UnsafeBufferPointer(rebasing: buffer[..<size]), from: 0).elements.first else { return nil }
                return try? JSONParser.parseElement(UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        guard let found else { return nil }
        return ImportInput(path: path, sha256: "", byteCount: 0, content: .json(.array([found])))
    }

    init(path: String, sha256: String, byteCount: Int, content: Content) {
        self.path = path
        self.sha256 = sha256
        self.byteCount = byteCount
        self.content = content
    }

    /// The records of a JSON input whose top level is an array.
    func jsonArray(format: String) throws(CatalogError) -> [JSONValue] {
        guard case .json(let value) = content, let array = value.arrayValue else {
            throw .data("expected a JSON array of records for format \(format)", file: path)
        }
        guard !array.isEmpty else { throw .data("no records (empty array)", file: path) }
        return array
    }

    /// The first object of a JSON array, used to detect the format.
    var firstJSONObject: JSONObject? {
        guard case .json(let value) = content, let first = value.arrayValue?.first else { return nil }
        return first.objectValue
    }
}
