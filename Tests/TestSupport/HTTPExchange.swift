import Foundation

/// Sends `text` to 127.0.0.1:`port` and reads the answer until the server closes.
public func httpExchange(_ port: Int, _ text: [UInt8]) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    var sent = 0
    while sent < text.count {
        let n = text[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n <= 0 { break }
        sent += n
    }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return String(decoding: out, as: UTF8.self)
}

/// A GET (or other request) with a bearer token, the connection closed after the answer.
public func httpRequest(_ port: Int, _ method: String, _ path: String, token: String?, body: String = "", headers: [String: String] = [:]) throws -> String {
    var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
    if headers["Host"] == nil { head += "Host: 127.0.0.1:\(port)\r\n" }
    if let token { head += "Authorization: Bearer \(token)\r\n" }
    for (k, v) in headers { head += "\(k): \(v)\r\n" }
    return try httpExchange(port, Array((head + "\r\n" + body).utf8))
}

/// A server under test that did not start as expected, with what it printed.
public struct ServerFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A client socket on a loopback port, for tests that send a request in pieces.
public final class LoopbackSocket {
    public let fd: Int32

    public init(_ port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard fd >= 0, connected == 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(fd) }

    public func send(_ bytes: [UInt8]) -> Bool { Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count }

    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// The peer closed the connection within `seconds` (the end of the stream, or an error);
    /// what arrives meanwhile is read and dropped.
    public func closed(waiting seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, end.timeIntervalSinceNow * 1000))) > 0 else { return false }
            if recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) <= 0 { return true }
        }
        return false
    }

    /// What has arrived within a second, at least one piece.
    public func receive() -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 1000) > 0 else { return "" }
        let n = recv(fd, &buffer, buffer.count, 0)
        return String(decoding: buffer.prefix(max(n, 0)), as: UTF8.self)
    }

    /// The number of bytes received until the peer closes the connection (none kept).
    public func drain() -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return total }
            total += n
        }
    }
}
