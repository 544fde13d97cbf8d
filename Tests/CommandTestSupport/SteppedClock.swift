import CatalogFiles
import CatalogStore
import Foundation

/// A file clock for tests: the system's time, or the moment it was last moved on to while the
/// system's is behind it. `settle()` moves it just past the racy window of every file written so
/// far, so their stamps are trusted while a file written after it is racy as it would be; a wait
/// the code asks for (`FileClock.wait`) moves it on at once. No test sleeps through a racy second.
public final class SteppedClock: @unchecked Sendable {
    private let lock = NSLock()
    /// The clock reads no earlier than this (ns).
    private var mark: Int64 = 0

    public init() {}

    public func now() -> Int64 { max(FileSystem.now(), lock.withLock { mark }) }

    /// Lets `nanoseconds` pass on this clock, from what it reads now.
    public func pass(_ nanoseconds: Int64) {
        let moved = now() + nanoseconds
        lock.withLock { mark = max(mark, moved) }
    }

    /// Ends the racy window of every file written so far, and no more: one written after this
    /// call is still racy.
    public func settle() {
        let moved = FileSystem.now() + FileStamp.racyWindow + 1
        lock.withLock { mark = max(mark, moved) }
    }

    /// The clock to give the code under test.
    public var fileClock: FileClock {
        FileClock(now: { [self] in now() }, wait: { [self] in pass($0) })
    }
}
