import CatalogJSON
import CatalogModel

/// The checks every request passes before any handler runs, in one place: the Host the browser
/// thinks it talks to (DNS rebinding), the token, the Origin of writes (CSRF), the body size and
/// the path's shape. Headers every response carries are added here too.
public struct Security: Sendable {
    public static let bodyLimit = 1 << 20
    /// Pages may run the workbench's own script and nothing else, and may not be framed.
    public static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    public let token: String
    /// The server's own port: it names the token cookie.
    public let port: Int
    /// The cookie that carries the token: named with the server's port, since browsers keep
    /// cookies per host, not per port, and a second workbench must not log the first out.
    public var cookieName: String { "catalog_token_\(port)" }

    public init(token: String, port: Int) {
        self.token = token
        self.port = port
    }

    /// Whether a `Host` header names a loopback address: `127.0.0.0/8`, `localhost` or `[::1]`,
    /// with any port (a tunnel or a forwarded port keeps the browser on a loopback name; DNS
    /// rebinding needs a name of its own, and that is refused).
    public static func isLoopback(host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return false }
            return name[...close] == "[::1]"
        }
        if let colon = name.lastIndex(of: ":") {
            guard isPort(name[name.index(after: colon)...]) else { return false }
            name = name[..<colon]
        }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (Int(part) ?? 256) <= 255
        }
    }

    static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber } && (Int(text) ?? 0) <= 65535
    }

    /// A response that refuses the request, or nil when it may go on to its handler.
    public func refusal(_ request: Request) -> Response? {
        if request.targetTooLong {
            return .error(414, "the request target is over \(RequestTarget.maxBytes) bytes or has over \(RequestTarget.maxParameters) query parameters")
        }
        guard let host = request.header("Host"), Self.isLoopback(host: host) else {
            return .error(403, "unknown Host: this server answers to loopback names only (127.0.0.0/8, localhost or [::1], any port)")
        }
        guard presentedToken(request) else {
            return .error(401, "a token is needed: open the address `catalog serve` printed, or send Authorization: Bearer TOKEN")
        }
        // A write's Origin must be the page's own: the Host it was sent to (a tunnel's port too).
        if request.isWrite, let origin = request.header("Origin"), origin.lowercased() != "http://" + host.lowercased() {
            return .error(403, "a write from another origin (\(CatalogError.printable(origin, limit: 100))) is refused")
        }
        if request.bodyTooLarge { return .error(413, "the request body is over \(Self.bodyLimit) bytes") }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
        if !request.path.hasPrefix("/") || parts.contains(where: { $0 == "." || $0 == ".." }) || request.path.contains("\\") || request.path.contains("\0") {
            return .error(400, "bad path")
        }
        return nil
    }

    /// The token from `?token=`, a Bearer header or the cookie, compared in constant time.
    func presentedToken(_ request: Request) -> Bool {
        var candidates: [String] = []
        if let value = request.query["token"] { candidates.append(value) }
        if let value = request.header("Authorization"), value.hasPrefix("Bearer ") { candidates.append(String(value.dropFirst(7))) }
        if let value = request.cookies[cookieName] { candidates.append(value) }
        return candidates.contains { Self.equal($0, token) }
    }

    /// A page that goes on to `address` at once (a link too, should the refresh not be followed),
    /// sending no referrer. The token address answers with it rather than a 303: a redirect keeps
    /// its navigation's first initiator, and one begun elsewhere (the page `serve --open` writes,
    /// a link in another program) would arrive without the SameSite=Strict cookie; this page's own
    /// refresh is a navigation from the server itself, which carries it.
    public static func forwardingPage(to address: String) -> String {
        var h = HTML()
        h.element("html", [("lang", "en")]) { h in
            h.element("head") { h in
                h.void("meta", [("charset", "utf-8")])
                h.void("meta", [("name", "referrer"), ("content", "no-referrer")])
                h.void("meta", [("http-equiv", "refresh"), ("content", "0; url=" + address)])
                h.element("title", text: "catalog serve")
            }
            h.element("body") { h in
                h.element("p") { h in h.element("a", [("href", address)], text: "Open the review workbench") }
            }
        }
        return "<!DOCTYPE html>\n" + h.out + "\n"
    }

    /// Where the token address sends the browser: `path` on this server, encoded, when it starts
    /// with exactly one `/` (`//host` would leave the server) and holds no CR, LF or backslash;
    /// otherwise `/`.
    public static func location(_ path: String) -> String {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == UInt8(ascii: "\\") }) else { return "/" }
        return URLEncoding.encode(path, keeping: "/:@!$&()*+,;=")
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// Runs `router` behind the checks. A page opened with `?token=` sets the cookie and goes on
    /// to the same address without the token, so it stays out of history and referrers.
    public func respond(_ request: Request, _ router: Router) -> Response {
        var response: Response
        if let refusal = refusal(request) {
            response = refusal
        } else if request.method == "GET", let given = request.query["token"], Self.equal(given, token) {
            var rest = request.query
            rest["token"] = nil
            let query = rest.keys.sorted().map { "\(URLEncoding.encode($0))=\(URLEncoding.encode(rest[$0]!))" }.joined(separator: "&")
            response = .html(Self.forwardingPage(to: Self.location(request.path) + (query.isEmpty ? "" : "?" + query)))
            response.setHeader("Set-Cookie", "\(cookieName)=\(given); Path=/; HttpOnly; SameSite=Strict")
        } else {
            response = router.respond(request)
        }
        response.setHeader("Content-Security-Policy", Self.contentSecurityPolicy)
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("Referrer-Policy", "no-referrer")
        if response.header("Cache-Control") == nil { response.setHeader("Cache-Control", "no-store") }
        return response
    }
}

/// Percent-encoding of a query part (RFC 3986 unreserved characters stay), or of a path
/// (`keeping` its delimiters too).
public enum URLEncoding {
    public static func encode(_ text: String, keeping: String = "") -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where byte < 0x80 && keeping.utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }
}

extension String {
    public func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
