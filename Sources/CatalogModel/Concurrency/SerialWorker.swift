import Dispatch
import Foundation

/// Work done on a thread of its own, a batch at a time, in the order it was handed over, while
/// the caller goes on (SQLite rows beside the records being made). At most `depth` batches wait:
/// the caller blocks beyond that, so memory stays bounded. The first failure is kept; later
/// batches are skipped, and the caller sees it at its next `submit` or at `drain`.
public final class SerialWorker<Failure: Error & Sendable>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var stored: Failure?

    public init(label: String, depth: Int = 2) {
        queue = DispatchQueue(label: label)
        slots = DispatchSemaphore(value: depth)
    }

    /// The first failure so far, without waiting for the work in hand.
    public var failure: Failure? { lock.withLock { stored } }

    /// Hands `work` over; throws the first failure of the work handed over before.
    public func submit(_ work: @escaping @Sendable () throws(Failure) -> Void) throws(Failure) {
        if let failure { throw failure }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure == nil else { return }
            do throws(Failure) { try work() } catch { lock.withLock { if stored == nil { stored = error } } }
        }
    }

    /// Waits until every batch handed over is done; throws the first failure.
    public func drain() throws(Failure) {
        queue.sync {}
        if let failure { throw failure }
    }
}
