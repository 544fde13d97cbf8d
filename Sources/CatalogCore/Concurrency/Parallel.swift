import Dispatch
import Foundation

/// Work spread over all cores (computation only: no I/O happens here).
public enum Parallel {
    /// How many threads work at once: one per core.
    public static let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `transform(i)` for i in 0..<count, computed on all cores, in order.
    public static func map<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = min(workers, max(1, count / 64))
        // Each worker initialises its own slots of the result, which is not copied afterwards.
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = SendablePointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                for i in (count * w / workers)..<(count * (w + 1) / workers) { (slots.pointer + i).initialize(to: transform(i)) }
            }
            initialized = count
        }
    }
}

/// Result slots each worker writes at its own indices.
public struct SendablePointer<T>: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<T>
    public init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
