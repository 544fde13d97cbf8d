import CMicroHTTPD
import CatalogCore
import Foundation

/// The libmicrohttpd daemon: it parses HTTP, keeps connections within limits and hands each
/// complete request to `respond` on one of its threads. Only loopback addresses are bound.
public final class HTTPServer: @unchecked Sendable {
    /// What libmicrohttpd enforces for us (memory per connection covers the request head; bodies
    /// are collected here up to `Security.bodyLimit`).
    public struct Limits: Sendable {
        public var connections: UInt32 = 128
        public var timeoutSeconds: UInt32 = 10
        public var memoryPerConnection = 64 << 10
        public var threads: UInt32 = 4
        public init() {}
    }

    let respond: @Sendable (Request) -> Response
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
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            cmhd_start(flags, pointer, accessHandler, me, completedHandler, me, limits.connections, limits.timeoutSeconds,
                       limits.memoryPerConnection, limits.threads)
        }
        guard let daemon else { throw CatalogError(.cannotWrite, "cannot listen on \(host):\(port) (is the port taken?)") }
        self.port = Int(cmhd_port(daemon))
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
        if listening >= 0 { close(listening) }
    }

    deinit { stop() }

    /// A request's body as it arrives, kept between libmicrohttpd's calls for one request.
    final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
    }

    fileprivate func handle(_ connection: OpaquePointer, url: String, method: String, upload: Upload) -> MHD_Result {
        var request = Request(method: method, path: url, body: upload.body, bodyTooLarge: upload.tooLarge)
        request.headers = Self.values(connection, .HEADER_KIND, lowercased: true)
        request.query = Self.values(connection, .GET_ARGUMENT_KIND, lowercased: false)
        request.cookies = Self.values(connection, .COOKIE_KIND, lowercased: false)
        let response = respond(request)
        let body = method == "HEAD" ? [] : response.body
        let mhd = body.withUnsafeBytes { bytes in
            cmhd_response_copy(bytes.count, bytes.baseAddress)
        }
        guard let mhd else { return .NO }
        defer { MHD_destroy_response(mhd) }
        for (name, value) in response.headers { _ = MHD_add_response_header(mhd, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), mhd)
    }

    /// Headers, query arguments or cookies of a request (first value of a repeated name).
    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
        final class Box { var values: [String: String] = [:]; var lowercased = false }
        let box = Box()
        box.lowercased = lowercased
        _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
            let box = Unmanaged<Box>.fromOpaque(cls!).takeUnretainedValue()
            guard let key else { return .YES }
            var name = String(cString: key)
            if box.lowercased { name = name.lowercased() }
            if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, Unmanaged.passUnretained(box).toOpaque())
        return box.values
    }
}

/// libmicrohttpd calls this first with no body (to start the request), then with each piece of
/// the body, then once more with none: the request is complete and is answered.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, state in
    guard let cls, let connection, let url, let method, let size, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = state.pointee else {
        let upload = HTTPServer.Upload()
        server.count(1)
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let n = Int(String(cString: length)), n > Security.bodyLimit {
            upload.tooLarge = true
        }
        state.pointee = Unmanaged.passRetained(upload).toOpaque()
        // Declared too large: answered at once (after the other checks), the body never read.
        return upload.tooLarge ? server.handle(connection, url: String(cString: url), method: String(cString: method), upload: upload) : .YES
    }
    let upload = Unmanaged<HTTPServer.Upload>.fromOpaque(existing).takeUnretainedValue()
    if size.pointee > 0 {
        if !upload.tooLarge, let data {
            if upload.body.count + size.pointee > Security.bodyLimit {
                upload.tooLarge = true
                upload.body = []
            } else {
                data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) { upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee)) }
            }
        }
        size.pointee = 0
        return .YES
    }
    return server.handle(connection, url: String(cString: url), method: String(cString: method), upload: upload)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, state, _ in
    guard let cls, let state, let pointer = state.pointee else { return }
    Unmanaged<HTTPServer.Upload>.fromOpaque(pointer).release()
    state.pointee = nil
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().count(-1)
}
