import CatalogFiles
import Foundation

/// The clock file times are compared with (ns since 1970, UTC: `FileStamp`'s racy window) and
/// how a wait on it passes. The real one reads the system clock and sleeps; a test's
/// (`SteppedClock` in the tests) runs ahead of it, so no test sleeps through a racy second.
public struct FileClock: Sendable {
    public let now: @Sendable () -> Int64
    /// Lets `nanoseconds` pass on this clock.
    public let wait: @Sendable (_ nanoseconds: Int64) -> Void

    public init(now: @escaping @Sendable () -> Int64, wait: @escaping @Sendable (_ nanoseconds: Int64) -> Void) {
        self.now = now
        self.wait = wait
    }

    /// The system's clock (`FileSystem.now`); a wait sleeps.
    public static let real = FileClock(now: { FileSystem.now() }, wait: { usleep(UInt32(clamping: $0 / 1000)) })
}
