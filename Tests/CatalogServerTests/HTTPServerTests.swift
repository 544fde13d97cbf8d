import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogServer
import Foundation
import TestSupport
import Testing

/// The libmicrohttpd daemon on a loopback port: what it hands the handlers, and its limits.
@Suite struct HTTPServerTests {
    @Test func aRequestReachesTheHandlerDecodedAndTheAnswerComesBack() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
            .json(.object(JSONObject([
                JSONMember("method", .string(request.method)), JSONMember("path", .string(request.path)),
                JSONMember("q", .string(request.query["q"] ?? "")), JSONMember("host", .string(request.header("host") ?? "")),
                JSONMember("cookie", .string(request.cookies["c"] ?? "")), JSONMember("body", .string(String(decoding: request.body, as: UTF8.self))),
            ])))
        }
        defer { server.stop() }
        #expect(server.port > 0)
        let body = "{\"a\": 1}"
        let answer = try httpExchange(server.port, Array("PUT /api/records/exercisedb%3A0001?q=a%20b HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: c=v\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8))
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("\"path\": \"/api/records/exercisedb:0001\""))
        #expect(answer.contains("\"q\": \"a b\"") && answer.contains("\"cookie\": \"v\"") && answer.contains("\"method\": \"PUT\""))
        #expect(answer.contains("\"body\": \"{\\\"a\\\": 1}\""))
    }

    @Test func aBodyOverTheLimitIsRefusedWithoutBeingRead() throws {
        let security = Security(token: "t0123456789abcdef", port: 0)
        let router = Router([.init("POST", "/x", { _ in .json(.bool(true)) })])
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { security.respond($0, router) }
        defer { server.stop() }
        let head = "POST /x HTTP/1.1\r\nHost: 127.0.0.1:0\r\nAuthorization: Bearer t0123456789abcdef\r\nConnection: close\r\n"
        let declared = try httpExchange(server.port, Array((head + "Content-Length: \(Security.bodyLimit + 1)\r\n\r\n").utf8))
        #expect(declared.hasPrefix("HTTP/1.1 413"), "\(declared.prefix(40))")
        // Chunked, with no length up front: counted as it arrives.
        var chunked = Array((head + "Transfer-Encoding: chunked\r\n\r\n").utf8)
        let piece = [UInt8](repeating: 0x61, count: 1 << 16)
        for _ in 0..<17 { chunked += Array("10000\r\n".utf8) + piece + Array("\r\n".utf8) }
        chunked += Array("0\r\n\r\n".utf8)
        let streamed = try httpExchange(server.port, chunked)
        #expect(streamed.hasPrefix("HTTP/1.1 413"), "\(streamed.prefix(40))")
        let small = try httpExchange(server.port, Array((head + "Content-Length: 2\r\n\r\n{}").utf8))
        #expect(small.hasPrefix("HTTP/1.1 200"))
    }

    @Test func stoppingLetsTheRequestInFlightFinish() throws {
        final class Flag: @unchecked Sendable { var finished = false; var answer = "" }
        let flag = Flag()
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            usleep(300_000)
            flag.finished = true
            return .json(.bool(true))
        }
        let port = server.port
        let client = Thread {
            flag.answer = (try? httpExchange(port, Array("PUT /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))) ?? ""
        }
        client.start()
        usleep(100_000)
        let start = Date()
        server.stop()
        #expect(flag.finished, "stop returned before the handler finished")
        #expect(Date().timeIntervalSince(start) < 2)
        usleep(100_000)
        #expect(flag.answer.hasPrefix("HTTP/1.1 200"), "\(flag.answer.prefix(30))")
    }

    @Test func aRequestHeadOverTheConnectionsMemoryIsRefusedByTheDaemon() throws {
        final class Count: @unchecked Sendable { var calls = 0 }
        let count = Count()
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in count.calls += 1; return .json(.null) }
        defer { server.stop() }
        let huge = String(repeating: "a", count: 100_000)
        let answer = try httpExchange(server.port, Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(huge)\r\nConnection: close\r\n\r\n".utf8))
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 4"), "\(answer.prefix(40))")
        #expect(count.calls == 0, "the handler never sees it")
    }

    @Test func aQueryOfHundredsOfParametersIsAnswered414() throws {
        let security = Security(token: "t0123456789abcdef", port: 0)
        let router = Router([.init("GET", "/x", { _ in .json(.bool(true)) })])
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { security.respond($0, router) }
        defer { server.stop() }
        func get(_ target: String) throws -> String {
            try httpExchange(server.port, Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:0\r\nAuthorization: Bearer t0123456789abcdef\r\nConnection: close\r\n\r\n".utf8))
        }
        // 950 parameters overflowed libmicrohttpd's memory for the connection: no answer, closed
        // after 10 s. Every target over the limits is 414 at once; one within them is answered.
        for target in ["/x?" + (0..<950).map { "p\($0)=1" }.joined(separator: "&"), "/x?" + String(repeating: "&", count: 8000),
                       "/x?a=" + String(repeating: "b", count: 9000), "/x?" + String(repeating: "a=1&", count: 257)] {
            let start = Date()
            let answer = try get(target)
            #expect(answer.hasPrefix("HTTP/1.1 414") && Date().timeIntervalSince(start) < 1, "\(answer.prefix(40))")
        }
        #expect(try get("/x?" + (0..<256).map { "p\($0)=1" }.joined(separator: "&")).hasPrefix("HTTP/1.1 200"))
    }

    @Test func aRequestNotInWholeByTheDeadlineIsClosedThoughBytesKeepComing() throws {
        var limits = HTTPServer.Limits()
        limits.requestSeconds = 0.3
        #expect(HTTPServer.Limits().requestSeconds == 5 && HTTPServer.Limits().connections >= 1000)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            if request.path == "/slow" { usleep(500_000) }
            return .json(.bool(true))
        }
        defer { server.stop() }
        // A byte every 50 ms renews libmicrohttpd's own timeout; the deadline is not renewed.
        let slow = try LoopbackSocket(server.port)
        let start = Date()
        let head = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) + [UInt8](repeating: 0x61, count: 100)
        var closedAfter: Double?
        for byte in head where closedAfter == nil && Date().timeIntervalSince(start) < 3 {
            if !slow.send([byte]) || slow.closed(waiting: 0.05) { closedAfter = Date().timeIntervalSince(start) }
        }
        #expect(closedAfter.map { $0 >= 0.25 && $0 < 1.5 } == true, "closed after \(closedAfter.map { "\($0) s" } ?? "never")")
        // A request that arrived in time is answered though its handler outlasts the deadline; the
        // connection then has the deadline again to bring the next request.
        let kept = try LoopbackSocket(server.port)
        #expect(kept.send(Array("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        #expect(kept.receive().hasPrefix("HTTP/1.1 200"))
        let idle = Date()
        #expect(kept.closed(waiting: 1.5) && Date().timeIntervalSince(idle) < 1.5)
    }

    @Test func onlyLoopbackAddressesAreBound() {
        for host in ["0.0.0.0", "192.168.1.1", "example.com", "::"] {
            #expect(throws: CatalogError.self) { _ = try HTTPServer(host: host, port: 0) { _ in .json(.null) } }
        }
    }
}
