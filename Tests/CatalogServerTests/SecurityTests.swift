import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
import Foundation
import Testing

/// The checks every request passes before a handler runs, in-process without sockets.
@Suite struct SecurityTests {
    let security = Security(token: "0123456789abcdef0123456789abcdef", port: 8123)
    let router = Router([
        .init("GET", "/", { _ in .html("<p>page</p>") }),
        .init("GET", "/api/thing/:name", { .json(.string($0.parameters["name"]!)) }),
        .init("PUT", "/api/thing/:name", { _ in .json(.bool(true)) }),
    ])

    func request(_ method: String = "GET", _ path: String = "/", query: [String: String] = [:], headers: [String: String] = [:],
                 cookies: [String: String] = [:], bearer: Bool = true) -> Request {
        var all = ["Host": "127.0.0.1:8123"]
        if bearer { all["Authorization"] = "Bearer 0123456789abcdef0123456789abcdef" }
        for (k, v) in headers { all[k] = v }
        return Request(method: method, path: path, query: query, headers: all, cookies: cookies)
    }

    /// Where the token address's page goes on to: its refresh's address, which its link repeats.
    static func forwarded(_ response: Response) -> String? {
        let text = response.text
        guard response.header("Set-Cookie") != nil, let start = text.range(of: "content=\"0; url=")?.upperBound,
              let end = text[start...].firstIndex(of: "\"") else { return nil }
        let address = String(text[start..<end])
        return text.contains("<a href=\"\(address)\">") ? address.replacingOccurrences(of: "&amp;", with: "&") : nil
    }

    @Test func everyRequestNeedsTheToken() {
        #expect(security.respond(request(bearer: false), router).status == 401)
        #expect(security.respond(request(headers: ["Authorization": "Bearer wrong"], bearer: false), router).status == 401)
        #expect(security.respond(request(cookies: [security.cookieName: "0123456789abcdef0123456789abcdeX"], bearer: false), router).status == 401)
        #expect(security.respond(request(), router).status == 200)
        #expect(security.respond(request(cookies: [security.cookieName: "0123456789abcdef0123456789abcdef"], bearer: false), router).status == 200)
    }

    @Test func theTokenInTheAddressSetsAStrictHttpOnlyCookieAndIsDropped() {
        let response = security.respond(request("GET", "/", query: ["token": "0123456789abcdef0123456789abcdef", "state": "stale"], bearer: false), router)
        #expect(response.status == 200 && Self.forwarded(response) == "/?state=stale")
        let cookie = response.header("Set-Cookie") ?? ""
        #expect(cookie.hasPrefix("catalog_token_8123=0123456789abcdef0123456789abcdef;"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        // A wrong token in the address sets nothing.
        let wrong = security.respond(request("GET", "/", query: ["token": "nope"], bearer: false), router)
        #expect(wrong.status == 401 && wrong.header("Set-Cookie") == nil)
    }

    @Test func theTokenAddressSendsTheBrowserOnlyToAPathOnThisServer() {
        let token = "0123456789abcdef0123456789abcdef"
        // Decoded paths as the server hands them over: `//host` and `/%2F%2Fhost` would leave the
        // server; CR or LF would end a header (and once gave a 303 with no Location at all).
        for path in ["//evil.example/x", "///evil.example", "/\r\nSet-Cookie: x=y", "/a\nb", "/a\rb"] {
            let response = security.respond(request("GET", path, query: ["token": token], bearer: false), router)
            #expect(response.status == 200 && Self.forwarded(response) == "/", "\(path.debugDescription): \(Self.forwarded(response) ?? "nowhere")")
        }
        // A path on this server keeps its place, encoded so that it means the same path again.
        let kept = security.respond(request("GET", "/records/wger:a b?#%", query: ["token": token, "state": "stale"], bearer: false), router)
        #expect(Self.forwarded(kept) == "/records/wger:a%20b%3F%23%25?state=stale")
    }

    @Test func theWorkbenchReadsTheTargetItselfAndRefusesOneOverItsLimits() {
        var r = Request(method: "GET", target: "/records/exercisedb%3A0001/%2e%2e?state=a+b%26c&state=second&flag&=x&%zz=%4", headers: ["Host": "127.0.0.1:8123", "Cookie": "a=1; catalog_token=\"t\" ;b=2=3; a=again"])
        #expect(r.path == "/records/exercisedb:0001/.." && !r.targetTooLong)
        #expect(r.query == ["state": "a b&c", "flag": "", "": "x", "%zz": "%4"])
        #expect(r.cookies == ["a": "1", "catalog_token": "t", "b": "2=3"])
        #expect(security.respond(r, router).status == 401)
        r.headers["authorization"] = "Bearer 0123456789abcdef0123456789abcdef"
        #expect(security.respond(r, router).status == 400, "a path that climbs, however it is spelt")
        let many = (0..<257).map { "p\($0)=1" }.joined(separator: "&")
        for target in ["/?" + many, "/?" + String(repeating: "&", count: 256), "/" + String(repeating: "a", count: RequestTarget.maxBytes)] {
            let over = Request(method: "GET", target: target, headers: ["Host": "127.0.0.1:8123"])
            #expect(over.targetTooLong && over.query.isEmpty)
            #expect(security.respond(over, router).status == 414, "before the token, which such a target might carry")
        }
        let most = Request(method: "GET", target: "/?" + (0..<256).map { "p\($0)=1" }.joined(separator: "&"), headers: [:])
        #expect(!most.targetTooLong && most.query.count == 256)
    }

    /// A foreign name is refused (DNS rebinding needs one); any port of a loopback name is the
    /// server behind a tunnel or a forwarded port (before: 403 "unknown Host" for them).
    @Test func aForeignHostIsRefusedAndAnyPortOfALoopbackNameIsAccepted() {
        for host in ["evil.example:8123", "127.0.0.1.evil.example:8123", "128.0.0.1:8123", "localhost.evil:8123", "[::2]:8123", "127.0.0.1:99999",
                     "127.0.0.256:80", "127.0.0:80", "localhost:80x", "[::1]x"] {
            #expect(security.respond(request(headers: ["Host": host]), router).status == 403, "\(host)")
        }
        for host in ["127.0.0.1:9999", "localhost:8123", "LOCALHOST:1", "127.1.2.3:8000", "[::1]:8123", "localhost", "127.0.0.1"] {
            #expect(security.respond(request(headers: ["Host": host]), router).status == 200, "\(host)")
        }
        var noHost = request()
        noHost.headers["host"] = nil
        #expect(security.respond(noHost, router).status == 403)
    }

    @Test func writesFromAnotherOriginAreRefused() {
        #expect(security.respond(request("PUT", "/api/thing/x", headers: ["Origin": "http://evil.example"]), router).status == 403)
        #expect(security.respond(request("PUT", "/api/thing/x", headers: ["Origin": "null"]), router).status == 403)
        #expect(security.respond(request("PUT", "/api/thing/x", headers: ["Origin": "http://127.0.0.1:8123"]), router).status == 200)
        // The Origin is the Host the page was loaded from (a tunnel's), never another local port.
        #expect(security.respond(request("PUT", "/api/thing/x", headers: ["Host": "localhost:9999", "Origin": "http://localhost:9999"]), router).status == 200)
        #expect(security.respond(request("PUT", "/api/thing/x", headers: ["Origin": "http://127.0.0.1:3000"]), router).status == 403)
        #expect(security.respond(request("PUT", "/api/thing/x"), router).status == 200)
        // Reads are not writes: a cross-origin GET still needs the token, nothing more.
        #expect(security.respond(request("GET", "/api/thing/x", headers: ["Origin": "http://evil.example"]), router).status == 200)
    }

    @Test func bodiesOverOneMebibyteAre413() {
        var big = request("PUT", "/api/thing/x")
        big.bodyTooLarge = true
        #expect(security.respond(big, router).status == 413)
        #expect(Security.bodyLimit == 1 << 20)
    }

    @Test func pathsThatClimbAreRefused() {
        for path in ["/media/../catalog.json", "/media/./x", "/a/..", "/media/x\\..\\y", "media"] {
            #expect(security.respond(request("GET", path), router).status == 400, "\(path)")
        }
    }

    @Test func everyResponseCarriesTheContentSecurityPolicy() {
        for r in [request(), request(bearer: false), request("GET", "/nowhere"), request("PUT", "/")] {
            let response = security.respond(r, router)
            let csp = response.header("Content-Security-Policy") ?? ""
            #expect(csp.contains("script-src 'self'") && csp.contains("object-src 'none'") && csp.contains("frame-ancestors 'none'"), "\(response.status)")
            #expect(!csp.contains("unsafe-inline"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
    }

    @Test func theRouterPassesNamedPartsAndSays405Or404() {
        #expect(router.respond(request("GET", "/api/thing/exercisedb:0001")).text.contains("exercisedb:0001"))
        let wrongMethod = router.respond(request("DELETE", "/api/thing/x"))
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "GET, PUT")
        #expect(router.respond(request("GET", "/api/thing")).status == 404)
        #expect(router.respond(request("GET", "/api/thing/x/y")).status == 404)
        #expect(router.respond(request("GET", "/api/thing/")).status == 404)
    }

    @Test func htmlTextIsAlwaysText() {
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)> & \"quotes\" 'too'"
        var h = HTML()
        h.element("p", [("title", hostile)], text: hostile)
        #expect(!h.out.contains("<script") && !h.out.contains("<img"))
        #expect(h.out == "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot; &#39;too&#39;\">"
            + "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot; &#39;too&#39;</p>")
        // A right-to-left override in upstream text cannot reverse the page after it.
        #expect(!HTML.escape("squat\u{202E}tfil").unicodeScalars.contains("\u{202E}"))
        #expect(HTML.escape("squat\u{202E}tfil") == CatalogError.neutralisingBidi("squat\u{202E}tfil"))
        let page = HTML.page(title: hostile) { $0.text(hostile) }
        #expect(page.components(separatedBy: "<script").count == 2, "only the workbench's own script tag")
        #expect(page.contains("<script src=\"/static/app.js\" defer></script>"))
    }
}
