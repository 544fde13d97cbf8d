import CatalogModel
import CatalogRecords
import Foundation
import Testing

@Suite struct TimestampTests {
    /// From 1583 on: before the Gregorian reform Foundation (ICU) counts Julian dates, while ISO
    /// 8601 and this code count the Gregorian calendar backwards (0001-01-01 is tested below).
    @Test func timestampsAreWhatFoundationsISO8601FormatterWrites() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let gregorian: Int64 = -12_212_553_600  // 1583-01-01
        var seconds: [Int64] = [0, -1, 1, 86_399, 86_400, 951_782_400, 951_868_799, 1_793_232_000, 4_107_542_400,
                                gregorian, Timestamp.range.upperBound, -2_208_988_800, 253_402_214_400]
        // Spread over the whole range, with times of day.
        var x: Int64 = 12_345
        for _ in 0..<2_000 {
            x = (x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407)
            seconds.append(gregorian + Int64(UInt64(bitPattern: x) % UInt64(Timestamp.range.upperBound - gregorian)))
        }
        for s in seconds {
            #expect(Timestamp.iso8601(s) == formatter.string(from: Date(timeIntervalSince1970: Double(s))), "\(s)")
        }
        #expect(Timestamp.iso8601(1_793_232_000) == "2026-10-29T00:00:00Z")
        #expect(Timestamp.iso8601(Timestamp.range.lowerBound) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.iso8601(Timestamp.range.upperBound) == "9999-12-31T23:59:59Z")
    }
}
