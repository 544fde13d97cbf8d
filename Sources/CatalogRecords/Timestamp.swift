import CatalogModel

/// UTC timestamps as `2026-10-29T08:15:00Z` (what ISO8601DateFormatter writes by default), from
/// seconds since 1970 by calendar arithmetic: no ICU formatter to set up (a couple of
/// milliseconds of every import), and the same text everywhere.
public enum Timestamp {
    /// Seconds from 0001-01-01 to 9999-12-31 23:59:59, the years four digits can write.
    public static let range: ClosedRange<Int64> = -62_135_596_800 ... 253_402_300_799

    /// `seconds` (whole seconds since 1970-01-01T00:00:00Z, within `range`) as ISO 8601 UTC.
    public static func iso8601(_ seconds: Int64) -> String {
        precondition(range.contains(seconds), "timestamp out of range")
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Days since 1970-01-01 to a civil date (proleptic Gregorian; H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ n: Int64, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
}
