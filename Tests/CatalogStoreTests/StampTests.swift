@testable import CatalogFiles
import Foundation
import Testing

struct StampTests {
    /// The stamp's digits are what string interpolation writes.
    @Test func stampDecimalsAreTheInterpolatedNumbers() {
        let values: [Int64] = [0, 1, 9, 10, 99, 100, 1_234_567, -1, -10, Int64.max, Int64.min, 1_793_232_000_123_456_789]
        let inodes: [UInt64] = [0, 7, 10, 123_456_789, UInt64.max, 1 << 63]
        for a in values {
            for b in values {
                for c in inodes {
                    #expect(FileSystem.decimals(a, b, c) == "\(a):\(b):\(c)")
                }
            }
        }
    }
}
