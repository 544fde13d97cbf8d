import Foundation

/// One value kept from one use to the next while its key stays the same: what a long-running
/// process (`catalog serve`) keeps of a catalog between requests (the suggester, the planned
/// catalog as edited). One build at a time: a caller that comes while one is built waits for it.
public final class KeptValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (key: [String], value: Value)?
    private var built = 0

    public init() {}

    /// How many values were built through it.
    public var builds: Int { lock.withLock { built } }

    /// The kept value when its key is `key`, else `build()`'s, kept under `key` when `build` says
    /// to (nil `key`: never kept).
    public func value<Failure: Error>(key: [String]?, build: () throws(Failure) -> (Value, keep: Bool)) throws(Failure) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let key, let kept, kept.key == key { return kept.value }
        let (value, keep) = try build()
        built += 1
        kept = keep ? key.map { ($0, value) } : nil
        return value
    }

    /// The kept value when its key is `key`, else nil: nothing is built.
    public func kept(key: [String]) -> Value? {
        lock.withLock { kept.flatMap { $0.key == key ? $0.value : nil } }
    }
}
