import Dispatch
import Foundation

/// Work spread over all cores. Commands that read many small files (an export's or an index
/// rebuild's review files, lint, revalidate, a bulk review's reads) read them on the workers,
/// where the system calls are most of the work.
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

    /// `map` for work that can fail: every item is computed on all cores, then the first failure
    /// in item order is thrown (the one a loop over the items would have met first).
    public static func map<T, E: Error>(_ count: Int, _ transform: @escaping @Sendable (Int) throws(E) -> T) throws(E) -> [T] {
        let results = map(count) { i in Result { () throws(E) -> T in try transform(i) } }
        var out: [T] = []
        out.reserveCapacity(count)
        for result in results { out.append(try result.get()) }
        return out
    }

    /// `body(share)` for each core's share of `count` items (as `shares` cuts them), all at once;
    /// the results in order. For work that keeps state across its items (a batch's buffers).
    public static func mapShares<T>(_ count: Int, _ body: @escaping @Sendable (Range<Int>) -> T) -> [T] {
        guard count > 0 else { return [] }
        let shares = shares(count)
        return Array(unsafeUninitializedCapacity: shares.count) { buffer, initialized in
            let slots = SendablePointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: shares.count) { w in (slots.pointer + w).initialize(to: body(shares[w])) }
            initialized = shares.count
        }
    }

    /// `mapShares`, started: returns at once, and the caller goes on with other work and
    /// collects the results, in order, with `wait()`.
    public static func startShares<T>(_ count: Int, _ body: @escaping @Sendable (Range<Int>) -> T) -> Pending<T> {
        let shares = shares(count)
        let pending = Pending<T>(shares.count)
        let slots = SendablePointer(pending.slots)
        for (w, share) in shares.enumerated() {
            DispatchQueue.global().async(group: pending.group) { (slots.pointer + w).initialize(to: body(share)) }
        }
        return pending
    }

    /// Results being computed by `startShares`.
    public final class Pending<T>: @unchecked Sendable {
        let group = DispatchGroup()
        let slots: UnsafeMutablePointer<T>
        let count: Int
        private var collected = false

        init(_ count: Int) {
            self.count = count
            slots = .allocate(capacity: max(count, 1))
        }

        /// Waits for the workers; the results in order, moved out (not copied: a caller may
        /// change them in place without copying what they hold).
        public func wait() -> [T] {
            group.wait()
            precondition(!collected, "results are collected once")
            collected = true
            return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress?.moveInitialize(from: slots, count: count)
                initialized = count
            }
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
