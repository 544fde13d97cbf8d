import CatalogCore

/// One HTTP request as the handlers see it: decoded path and query, headers by lowercase name.
public struct Request: Sendable {
    public var method: String
    /// The decoded path, without the query (`/records/exercisedb:0001`).
    public var path: String
    public var query: [String: String]
    /// Header name (lowercase) → value.
    public var headers: [String: String]
    public var cookies: [String: String]
    public var body: [UInt8]
    /// The body went over the size limit and was not kept.
    public var bodyTooLarge: Bool
    /// The path pattern's named parts (`:record` → `exercisedb:0001`), set by the router.
    public var parameters: [String: String] = [:]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.cookies = cookies
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// GET and HEAD change nothing; every other method is a write.
    public var isWrite: Bool { method != "GET" && method != "HEAD" }

    /// The body as JSON, or nil when it is not JSON.
    public var json: JSONValue? { try? JSONParser.parse(body) }
}

/// One HTTP response: status, headers in order, body bytes.
public struct Response: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// A JSON document (pretty, sorted keys, as the CLI's `--json` prints it).
    public static func json(_ value: JSONValue, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: JSONWriter.bytes(value, style: .pretty))
    }

    /// A page; the router's caller adds the Content-Security-Policy.
    public static func html(_ page: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8))
    }

    /// An error as JSON: `{"error": message}` plus any details.
    public static func error(_ status: Int, _ message: String, _ extra: [JSONMember] = []) -> Response {
        json(.object(JSONObject([JSONMember("error", .string(message))] + extra)), status: status)
    }

    public var isHTML: Bool { header("Content-Type")?.hasPrefix("text/html") ?? false }
}
