/// The one way the project spells a number in JSON it writes (reviews, builds, reports, `--json`):
/// integral values without a fraction, others as Swift's shortest round-trip text, never with an
/// exponent (six decimals at most then).
public enum JSONNumber {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        if abs(value) >= 1e15 { return String(value) }
        let s = String(value)
        // Bytes, not `contains("e")`: that is Foundation's substring search (3.4k instructions a
        // call, measured, and a build formats every set credit twice).
        return s.utf8.contains(UInt8(ascii: "e")) ? sixDecimals(value) : s
    }

    /// A double with up to six decimals and no exponent, trailing zeros trimmed.
    static func sixDecimals(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        var s = String(Int64(scaled))
        let negative = s.hasPrefix("-")
        if negative { s.removeFirst() }
        while s.count < 7 { s = "0" + s }
        var fraction = String(s.suffix(6))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(s.dropLast(6))
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
