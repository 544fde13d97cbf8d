import CatalogModel

/// A day of the (proleptic Gregorian) calendar in UTC, as days since 1970-01-01: what a
/// correction's date names, and the day a clock reads. Only years 0001 to 9999 (four digits).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var number: Int64

    public init(number: Int64) { self.number = number }

    /// The day `nanoseconds` since 1970-01-01T00:00:00Z falls on.
    public init(nanoseconds: Int64) {
        let perDay: Int64 = 86_400 * 1_000_000_000
        number = nanoseconds >= 0 ? nanoseconds / perDay : (nanoseconds - perDay + 1) / perDay
    }

    /// The day `year-month-day`, nil when there is no such day (month 13, 30 February, year 0).
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        // Civil date to days since 1970-01-01 (H. Hinnant's algorithm; `Timestamp` goes back).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// A date as ISO 8601 writes it: `YYYY-MM-DD`, or a UTC date-time as `Timestamp` writes it
    /// (`YYYY-MM-DDTHH:MM:SSZ`, a real time of that day); nil for anything else.
    public init?(iso8601 text: String) {
        // Read in place (every correction of every review is checked as the index evaluates it).
        var text = text
        guard let (year, month, day) = text.withUTF8({ Self.fields($0) }) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day of `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ` in `b`, the time checked.
    private static func fields(_ b: UnsafeBufferPointer<UInt8>) -> (Int64, Int64, Int64)? {
        guard b.count == 10 || b.count == 20 else { return nil }
        func digits(_ range: Range<Int>) -> Int64? {
            var n: Int64 = 0
            for i in range {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                n = n * 10 + Int64(b[i] - 0x30)
            }
            return n
        }
        guard b[4] == 0x2D, b[7] == 0x2D, let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10) else { return nil }
        if b.count == 20 {
            guard b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A, let h = digits(11..<13), let m = digits(14..<16), let s = digits(17..<19),
                  h < 24, m < 60, s < 60 else { return nil }
        }
        return (year, month, day)
    }

    static func days(inMonth month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String { String(Timestamp.iso8601(number * 86_400).prefix(10)) }

    public static func + (day: CalendarDay, days: Int64) -> CalendarDay { CalendarDay(number: day.number + days) }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.number < b.number }
}
