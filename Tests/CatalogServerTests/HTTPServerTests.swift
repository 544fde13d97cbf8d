import CatalogCore
import CatalogServer
import Foundation
import Testing
import TestSupport

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

    @Test func onlyLoopbackAddressesAreBound() {
        for host in ["0.0.0.0", "192.168.1.1", "example.com", "::"] {
            #expect(throws: CatalogError.self) { _ = try HTTPServer(host: host, port: 0) { _ in .json(.null) } }
        }
    }
}
