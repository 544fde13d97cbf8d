import CMicroHTTPD
import CatalogJSON
import CatalogModel
import Foundation

/// The libmicrohttpd daemon: it parses HTTP and keeps connections within limits, and hands each
/// complete request to `respond` on one of its threads. Only loopback addresses are bound.
public final class HTTPServer: @unchecked Sendable {
    /// What libmicrohttpd enforces for us (memory per connection covers the request head; bodies
    /// are collected here up to `Security.bodyLimit`), and the request deadline we enforce.
    public struct Limits: Sendable {
        /// Every client is 127.0.0.1, the browser too, so there is no per-client limit: this one
        /// is high enough that 500 slow clients leave room (open files are raised to hold it).
        public var connections: UInt32 = 2048
        /// Idle seconds before libmicrohttpd closes a connection; each byte renews them, so they
        /// bound a stalled reader of an answer.
        public var timeoutSeconds: UInt32 = 10
        /// Seconds a request has to arrive whole (head and body), counted from the connection's
        /// start or the previous answer on it; bytes do not renew them (slowloris).
        public var requestSeconds: Double = 5
        public var memoryPerConnection = 64 << 10
        public var threads: UInt32 = 4
        public init() {}
    }

    let respond: @Sendable (Request) -> Response
    let deadlines: RequestDeadlines
    private var daemon: OpaquePointer?
    public private(set) var port: Int = 0

    /// Starts listening on `host` (an IPv4 loopback address) and `port` (0: a free one).
    public init(host: String, port: Int, limits: Limits = Limits(), respond: @escaping @Sendable (Request) -> Response) throws(CatalogError) {
        self.respond = respond
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1, UInt32(bigEndian: address.sin_addr.s_addr) >> 24 == 127 else {
            throw CatalogError(.usage, "--host must be an IPv4 loopback address (127.0.0.0/8, such as 127.0.0.1), not '\(host)'")
        }
        deadlines = RequestDeadlines(seconds: limits.requestSeconds)
        let connections = Self.fitOpenFiles(limits.connections)
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            cmhd_start(flags, pointer, accessHandler, me, completedHandler, connectionHandler, targetHandler,
                       connections, limits.timeoutSeconds, limits.memoryPerConnection, limits.threads)
        }
        guard let daemon else {
            deadlines.stop()
            throw CatalogError(.cannotWrite, "cannot listen on \(host):\(port) (is the port taken?)")
        }
        self.port = Int(cmhd_port(daemon))
    }

    /// Raises the soft limit on open files so that `connections` fit beside the catalog's own
    /// files (256 kept for those); the connections that fit when the hard limit is lower.
    static func fitOpenFiles(_ connections: UInt32) -> UInt32 {
        let reserve: rlim_t = 256
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
        if limit.rlim_cur < rlim_t(connections) + reserve {
            limit.rlim_cur = min(rlim_t(connections) + reserve, limit.rlim_max)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        return UInt32(min(rlim_t(connections), max(limit.rlim_cur, 2 * reserve) - reserve))
    }

    /// Requests begun and not yet answered (their response not yet sent).
    private let lock = NSLock()
    private var inFlight = 0

    fileprivate func count(_ change: Int) {
        lock.lock()
        inFlight += change
        lock.unlock()
    }

    private var busy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight > 0
    }

    /// Stops accepting, lets the requests being handled finish and their answers go out (for at
    /// most `grace` seconds), then closes every connection.
    public func stop(grace: Double = 1.5) {
        guard let daemon else { return }
        self.daemon = nil
        let listening = MHD_quiesce_daemon(daemon)
        let deadline = Date().addingTimeInterval(grace)
        while busy && Date() < deadline { usleep(5_000) }
        MHD_stop_daemon(daemon)
        deadlines.stop()
        if listening >= 0 { close(listening) }
    }

    deinit { stop() }

    /// One request from its target on: the target as sent, and the body as it arrives, kept
    /// between libmicrohttpd's calls.
    final class Exchange {
        let target: String
        /// The head is in and the request counts as in flight.
        var headRead = false
        var body: [UInt8] = []
        var tooLarge = false

        init(target: String) { self.target = target }
    }

    fileprivate func handle(_ connection: OpaquePointer, method: String, exchange: Exchange) -> MHD_Result {
        deadlines.received(connection)
        let request = Request(method: method, target: exchange.target, headers: Self.headers(connection), body: exchange.body, bodyTooLarge: exchange.tooLarge)
        let response = respond(request)
        guard let mhd = Self.make(response, head: method == "HEAD") else { return .NO }
        defer { MHD_destroy_response(mhd) }
        for (name, value) in response.headers { _ = MHD_add_response_header(mhd, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), mhd)
    }

    /// libmicrohttpd's response: the bytes copied, or the file handed over to be sent in pieces.
    static func make(_ response: Response, head: Bool) -> OpaquePointer? {
        if let file = response.file, !head {
            let fd = file.take()
            guard let mhd = MHD_create_response_from_fd64(UInt64(file.size), fd) else {
                close(fd)
                return nil
            }
            return mhd
        }
        let body = head ? [] : response.body
        return body.withUnsafeBytes { cmhd_response_copy($0.count, $0.baseAddress) }
    }

    /// The headers of a request (first value of a repeated name), names lowercased.
    static func headers(_ connection: OpaquePointer) -> [String: String] {
        final class Box { var values: [String: String] = [:] }
        let box = Box()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            let box = Unmanaged<Box>.fromOpaque(cls!).takeUnretainedValue()
            guard let key else { return .YES }
            let name = String(cString: key).lowercased()
            if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, Unmanaged.passUnretained(box).toOpaque())
        return box.values
    }
}

/// libmicrohttpd calls this with each request's target as sent, before it decodes anything: the
/// request's state from here on. The query of a target over `RequestTarget`'s limits is cut off
/// here (a NUL after its `?`, in libmicrohttpd's own buffer, where it splits the query off next):
/// left whole, its parameters could overflow the connection's memory, and libmicrohttpd 0.9.75
/// then answers nothing until the connection is closed. Cut, the request reaches `respond` (414).
private let targetHandler: cmhd_target_callback = { _, uri, _ in
    let target = uri.map { String(cString: $0) } ?? ""
    if RequestTarget.parse(target) == nil, let uri, let mark = strchr(uri, Int32(UInt8(ascii: "?"))) {
        mark[1] = 0
    }
    return Unmanaged.passRetained(HTTPServer.Exchange(target: target)).toOpaque()
}

/// libmicrohttpd calls this when the head is in (no body yet), then with each piece of the body,
/// then once more with none: the request is complete and is answered.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, _, data, size, state in
    guard let cls, let connection, let method, let size, let state, let pointer = state.pointee else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(pointer).takeUnretainedValue()
    guard exchange.headRead else {
        exchange.headRead = true
        server.count(1)
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let n = Int(String(cString: length)), n > Security.bodyLimit {
            exchange.tooLarge = true
        }
        // Declared too large: answered at once (after the other checks), the body never read.
        return exchange.tooLarge ? server.handle(connection, method: String(cString: method), exchange: exchange) : .YES
    }
    if size.pointee > 0 {
        if !exchange.tooLarge, let data {
            if exchange.body.count + size.pointee > Security.bodyLimit {
                exchange.tooLarge = true
                exchange.body = []
            } else {
                data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) { exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee)) }
            }
        }
        size.pointee = 0
        return .YES
    }
    return server.handle(connection, method: String(cString: method), exchange: exchange)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, connection, state, _ in
    guard let cls, let state, let pointer = state.pointee else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(pointer).takeRetainedValue()
    state.pointee = nil
    if exchange.headRead { server.count(-1) }
    if let connection { server.deadlines.answered(connection) }
}

/// Each connection's start and close: the request deadline watches it in between.
private let connectionHandler: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        server.deadlines.opened(connection, fd: cmhd_connection_fd(connection))
    } else {
        server.deadlines.closed(connection)
    }
}
