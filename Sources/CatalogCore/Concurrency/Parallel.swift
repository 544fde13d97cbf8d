import Dispatch
import Foundation

/// Work spread over all cores (computation only: no I/O happens here).
public enum Parallel {
    /// How many threads work at once: one per core.
    public static let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The indices each worker takes of `count` items: one share per core, none under 64 items.
    public static func shares(_ count: Int) -> [Range<Int>] {
        let n = min(workers, max(1, count / 64))
        return (0..<n).map { w in (count * w / n)..<(count * (w + 1) / n) }
    }

    /// `transform(i)` for i in 0..<count, computed on all cores, in order.
    public static func map<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let shares = shares(count)
        // Each worker initialises its own slots of the result, which is not copied afterwards.
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = SendablePointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: shares.count) { w in
                for i in shares[w] { (slots.pointer + i).initialize(to: transform(i)) }
            }
            initialized = count
        }
    }

    /// Starts `transform(i)` for i in 0..<count on all cores and returns at once: the caller goes
    /// on with other work and collects the results, in order, with `wait()`.
    public static func start<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> Pending<T> {
        let pending = Pending<T>(count)
        // Workers hold the slots, not the handle: the handle (and its wait) stays with the caller.
        let slots = SendablePointer(pending.slots)
        for share in shares(count) {
            DispatchQueue.global().async(group: pending.group) {
                for i in share { (slots.pointer + i).initialize(to: transform(i)) }
            }
        }
        return pending
    }

    /// Results being computed by `start`.
    public final class Pending<T>: @unchecked Sendable {
        let group = DispatchGroup()
        let slots: UnsafeMutablePointer<T>
        let count: Int
        private var collected = false

        init(_ count: Int) {
            self.count = count
            slots = .allocate(capacity: max(count, 1))
        }

        /// Waits for the workers; the results in order.
        public func wait() -> [T] {
            group.wait()
            defer { collected = true; slots.deinitialize(count: count) }
            return Array(UnsafeBufferPointer(start: slots, count: count))
        }

        deinit {
            if !collected {
                group.wait()
                slots.deinitialize(count: count)
            }
            slots.deallocate()
        }
    }
}

/// Result slots each worker writes at its own indices.
public struct SendablePointer<T>: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<T>
    public init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
