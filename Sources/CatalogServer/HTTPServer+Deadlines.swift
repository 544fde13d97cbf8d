import Foundation

/// The request deadline (`HTTPServer.Limits.requestSeconds`), kept by the server itself because
/// libmicrohttpd's timeout is renewed by every byte: each open connection waiting for a request,
/// with the moment that request must have arrived whole by. A thread looks often (a tenth of the
/// deadline, at most 0.1 s) and shuts down the socket of a connection past it; libmicrohttpd then
/// reads the end of the stream and closes the connection as if the client had.
final class RequestDeadlines: @unchecked Sendable {
    private struct Watched {
        var fd: Int32
        /// Monotonic nanoseconds; `.max` while a request is answered (or once it is shut down).
        var deadline: UInt64
    }

    let nanoseconds: UInt64
    private let lock = NSLock()
    private var connections: [OpaquePointer: Watched] = [:]
    private var running = true

    init(seconds: Double) {
        nanoseconds = UInt64(max(seconds, 0.001) * 1e9)
        let tick = useconds_t(min(100_000, nanoseconds / 10_000))
        let thread = Thread { [self] in
            while isRunning {
                usleep(tick)
                sweep(now: Self.now())
            }
        }
        thread.name = "request deadlines"
        thread.start()
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    func stop() {
        lock.lock()
        running = false
        connections = [:]
        lock.unlock()
    }

    /// A connection opened: its first request is due within the deadline.
    func opened(_ connection: OpaquePointer, fd: Int32) {
        guard fd >= 0 else { return }
        lock.lock()
        connections[connection] = Watched(fd: fd, deadline: Self.now() + nanoseconds)
        lock.unlock()
    }

    /// A request arrived whole and is being answered: no deadline while it is.
    func received(_ connection: OpaquePointer) { set(connection, .max) }

    /// A request was answered: the next one on the connection is due within the deadline.
    func answered(_ connection: OpaquePointer) { set(connection, Self.now() + nanoseconds) }

    /// A connection closed (libmicrohttpd closes its socket only after telling us, so a socket
    /// shut down below is never one reused by another connection).
    func closed(_ connection: OpaquePointer) {
        lock.lock()
        connections[connection] = nil
        lock.unlock()
    }

    private func set(_ connection: OpaquePointer, _ deadline: UInt64) {
        lock.lock()
        connections[connection]?.deadline = deadline
        lock.unlock()
    }

    /// Shuts down every connection past its deadline, once.
    func sweep(now: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        for (connection, watched) in connections where watched.deadline <= now {
            shutdown(watched.fd, Int32(SHUT_RDWR))
            connections[connection]?.deadline = .max
        }
    }
}
