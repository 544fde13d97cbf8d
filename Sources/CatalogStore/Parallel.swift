import Dispatch

/// Work spread over all cores.
enum Parallel {
    /// `transform(i)` for i in 0..<count, computed on all cores, in order.
    static func map<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let out = UnsafeMutablePointer<T>.allocate(capacity: count)
        let slots = SendablePointer(out)
        let workers = min(FeedReader.workers, max(1, count / 64))
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for i in (count * w / workers)..<(count * (w + 1) / workers) { (slots.pointer + i).initialize(to: transform(i)) }
        }
        let results = Array(UnsafeBufferPointer(start: out, count: count))
        out.deinitialize(count: count)
        out.deallocate()
        return results
    }
}

/// A buffer shared read-only with workers.
struct SendableBytes: @unchecked Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// Result slots each worker writes at its own indices.
struct SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
