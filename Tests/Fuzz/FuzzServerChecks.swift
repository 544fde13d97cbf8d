// The `server` fuzz target (issue 35): the workbench's own request handling on a request built
// from the fuzz bytes: the target read (percent-decoding, query, limits), the Cookie header, the
// security checks and the router with the workbench's routes. Built by Tests/Fuzz/build.sh with
// the server's sources but libmicrohttpd; replayed by FuzzRegressionTests.
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
import Foundation

enum FuzzServerChecks {
    static let token = "fuzz-token-0123456789abcdef"
    static let security = Security(token: token, port: 8123)
    /// The workbench's routes (`Workbench.router`), each answering with its pattern.
    static let router = Router([
        ("GET", "/"), ("GET", "/records/:record"), ("GET", "/groups/:group"), ("GET", "/revalidate"), ("GET", "/static/:file"),
        ("GET", "/media/:file"), ("GET", "/api/status"), ("GET", "/api/queue"), ("GET", "/api/records/:record"),
        ("PUT", "/api/records/:record/review"), ("POST", "/api/records/:record/findings"), ("POST", "/api/accept"), ("POST", "/api/confirm"),
    ].map { method, pattern in
        Router.Route(method, pattern) { request in
            for (name, value) in request.parameters {
                precondition(pattern.contains("/:\(name)") && !value.isEmpty && !value.contains("/"), "a part \(name) matched '\(value)'")
            }
            return Response(status: 200, headers: [("X-Route", method + " " + pattern)])
        }
    })

    /// The bytes as lines: method, target, Host, Cookie, Authorization, Origin, then the body.
    /// A header whose line is empty or missing is not sent (Host: the server's own).
    static func request(_ bytes: [UInt8]) -> Request {
        let lines = bytes.split(separator: 0x0A, maxSplits: 6, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        func line(_ n: Int) -> String? { n < lines.count && !lines[n].isEmpty ? lines[n] : nil }
        var headers: [String: String] = ["Host": line(2) ?? "127.0.0.1:8123"]
        for (n, name) in [(3, "Cookie"), (4, "Authorization"), (5, "Origin")] { headers[name] = line(n) }
        let body = lines.count > 6 ? Array(lines[6].utf8) : []
        return Request(method: line(0) ?? "GET", target: line(1) ?? "/", headers: headers, body: body, bodyTooLarge: body.count > 1000)
    }

    static func run(_ bytes: [UInt8]) {
        let request = request(bytes)
        let target = bytes.split(separator: 0x0A, maxSplits: 6, omittingEmptySubsequences: false).dropFirst().first.map { Array($0) } ?? []
        precondition(!request.targetTooLong || request.path == "/" && request.query.isEmpty, "a target over the limits was read")
        if target.count > RequestTarget.maxBytes { precondition(request.targetTooLong, "a target over 8 KiB was read") }
        for (name, value) in request.cookies {
            let blank: (UInt8?) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            precondition(!name.isEmpty && !blank(name.utf8.first) && !blank(name.utf8.last), "cookie '\(name)' not trimmed")
            precondition(!(name + value).utf8.contains(UInt8(ascii: ";")) && !name.utf8.contains(UInt8(ascii: "=")), "cookie '\(name)' holds a separator")
        }
        // Percent-encoding what was decoded and reading it again gives the same path.
        let encoded = URLEncoding.encode(request.path, keeping: "/")
        precondition(request.targetTooLong || RequestTarget.parse(encoded)?.path == request.path || encoded.utf8.count > RequestTarget.maxBytes, "the path does not survive encoding")
        check(request, security.respond(request, router))
    }

    static func check(_ request: Request, _ response: Response) {
        precondition(response.header("Content-Security-Policy") == Security.contentSecurityPolicy && response.header("X-Content-Type-Options") == "nosniff")
        if request.targetTooLong { precondition(response.status == 414, "a target over the limits answered \(response.status)") }
        if let cookie = response.header("Set-Cookie") {
            // The token address: the cookie, and a page that goes on to a path on this server.
            precondition(cookie.hasPrefix("\(security.cookieName)=\(token);") && response.status == 200, "a cookie set by \(response.status)")
            let page = response.text
            let start = page.range(of: "content=\"0; url=")!.upperBound
            let location = String(page[start...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            precondition(location.hasPrefix("/") && !location.hasPrefix("//"), "sent on to '\(location)'")
            precondition(location.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }, "an address with a byte outside printable ASCII")
            let path = String(location.prefix { $0 != "?" })
            precondition(path == "/" || RequestTarget.parse(path)?.path == request.path, "sent on to another path")
        }
        guard response.header("X-Route") != nil else { return }
        // A handler ran: every check passed.
        let candidates = [request.query["token"], request.header("Authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }, request.cookies[security.cookieName]]
        precondition(candidates.contains(token), "a handler ran without the token")
        precondition(Security.isLoopback(host: request.header("Host")!), "a handler ran for a foreign Host")
        precondition(!request.bodyTooLarge && !request.targetTooLong)
        precondition(request.path.hasPrefix("/") && !request.path.contains("\\") && !request.path.contains("\0"), "a handler ran for path '\(request.path)'")
        precondition(!request.path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }, "a handler ran for a path that climbs")
        if request.isWrite, let origin = request.header("Origin") {
            precondition(origin.lowercased() == "http://" + request.header("Host")!.lowercased(), "a write from \(origin) ran")
        }
    }
}
