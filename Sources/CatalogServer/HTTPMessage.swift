import CatalogJSON
import CatalogModel
import Foundation

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
    /// The target went over `RequestTarget`'s limits and was not read (path `/`, no query).
    public var targetTooLong = false
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

    /// A request as it came over the wire: `target` undecoded (`/records/a%3Ab?state=stale`),
    /// the cookies read from the Cookie header.
    public init(method: String, target: String, headers: [String: String], body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.init(method: method, path: "/", headers: headers, body: body, bodyTooLarge: bodyTooLarge)
        if let (path, query) = RequestTarget.parse(target) {
            self.path = path
            self.query = query
        } else {
            targetTooLong = true
        }
        cookies = header("Cookie").map(RequestTarget.cookies) ?? [:]
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// GET and HEAD change nothing; every other method is a write.
    public var isWrite: Bool { method != "GET" && method != "HEAD" }

    /// The body as JSON, or nil when it is not JSON.
    public var json: JSONValue? { try? JSONParser.parse(body) }
}

/// One HTTP response: status, headers in order, body bytes or an open file.
public struct Response: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// A body sent from this file in pieces as the client reads it, never read whole (`body`
    /// stays empty).
    public var file: ResponseFile?

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

/// An open file a response is sent from. `HTTPServer` hands the descriptor to libmicrohttpd,
/// which reads and sends it in pieces and closes it; a response dropped unsent closes it here.
public final class ResponseFile: @unchecked Sendable {
    public let size: Int
    private var fd: Int32

    /// `fd` open for reading, `size` bytes from its start; this object owns it from now on.
    public init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
    }

    /// The descriptor, handed over once (its new owner closes it); -1 after the first call.
    func take() -> Int32 {
        defer { fd = -1 }
        return fd
    }

    /// The whole file (for tests and small files; the server never calls it).
    public func bytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, 0) }
        return Array(out.prefix(max(n, 0)))
    }

    deinit { if fd >= 0 { close(fd) } }
}
