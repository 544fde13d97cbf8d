import CatalogJSON
import CatalogModel
#if canImport(Glibc)
import Glibc
#endif

extension Exercise {
    /// The exercise a record in the build format's compact form holds, read straight from its
    /// bytes in the order `write` writes the keys, without building a JSON value first; nil at
    /// anything else (an escape in a string, a key out of place, a number of another form),
    /// which only the strict reading (`BuildRecords.exercise`) may judge. This checks nothing:
    /// its caller holds the bytes to what `write` makes of the exercise, so it is right for
    /// every record it reads and merely slower (nil) for the others. A build has a million.
    static func canonical(_ bytes: UnsafeBufferPointer<UInt8>, schema: Int) -> Exercise? {
        var s = CanonicalScanner(bytes: bytes)
        let planner = schema >= 2
        do throws(CanonicalScanner.Other) {
            try s.expect("{\"attribution\":"); let attribution = try s.optionalString()
            try s.expect(",\"autoPlan\":"); let autoPlan = try s.bool()
            let confidence = planner ? try s.after(",\"confidence\":") { s throws(CanonicalScanner.Other) in try s.optionalNumber() } : nil
            try s.expect(",\"equipment\":"); let equipment = try s.optionalStrings()
            try s.expect(",\"id\":"); let id = try s.string()
            let jointStress = planner ? try s.after(",\"jointStress\":") { s throws(CanonicalScanner.Other) in try s.optionalStrings() } : nil
            let laterality = planner ? try s.after(",\"laterality\":") { s throws(CanonicalScanner.Other) in try s.optionalString() } : nil
            try s.expect(",\"level\":"); let level = try s.optionalString()
            try s.expect(",\"license\":"); let license = try s.optionalString()
            let mechanic = planner ? try s.after(",\"mechanic\":") { s throws(CanonicalScanner.Other) in try s.optionalString() } : nil
            try s.expect(",\"movementPattern\":"); let movementPattern = try s.optionalString()
            try s.expect(",\"name\":"); let name = try s.string()
            try s.expect(",\"primaryMuscles\":"); let primaryMuscles = try s.strings()
            try s.expect(",\"reasons\":"); let reasons = try s.reasons()
            try s.expect(",\"secondaryMuscles\":"); let secondaryMuscles = try s.strings()
            try s.expect(",\"setCredit\":"); let setCredit = try s.credits()
            try s.expect(",\"setupSeconds\":"); let setupSeconds = try s.optionalInt()
            try s.expect(",\"source\":"); let source = try s.string()
            try s.expect(",\"upstreamId\":"); let upstreamID = try s.string()
            let variantOf = planner ? try s.after(",\"variantOf\":") { s throws(CanonicalScanner.Other) in try s.optionalString() } : nil
            let variants = planner ? try s.after(",\"variants\":") { s throws(CanonicalScanner.Other) in try s.strings() } : []
            try s.expect("}")
            guard s.i == bytes.count else { return nil }
            return Exercise(id: id, source: source, upstreamID: upstreamID, name: name, movementPattern: movementPattern, equipment: equipment,
                            primaryMuscles: primaryMuscles, secondaryMuscles: secondaryMuscles, level: level, setupSeconds: setupSeconds,
                            setCredit: setCredit, autoPlan: autoPlan, reasons: reasons, license: license, attribution: attribution,
                            confidence: confidence, mechanic: mechanic, jointStress: jointStress, laterality: laterality, variantOf: variantOf,
                            variants: variants)
        } catch {
            return nil
        }
    }
}

/// Reads the values of a record written in the compact style, each in the one form the writer
/// gives it; `Other` at any other form.
struct CanonicalScanner {
    struct Other: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    /// The bytes of `literal` (keys and punctuation), skipped.
    mutating func expect(_ literal: StaticString) throws(Other) {
        let n = literal.utf8CodeUnitCount
        guard bytes.count - i >= n, memcmp(bytes.baseAddress! + i, literal.utf8Start, n) == 0 else { throw Other() }
        i += n
    }

    /// `literal`, then the value `read` reads.
    mutating func after<T>(_ literal: StaticString, _ read: (inout CanonicalScanner) throws(Other) -> T) throws(Other) -> T {
        try expect(literal)
        return try read(&self)
    }

    private mutating func skip(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func null() -> Bool {
        guard bytes.count - i >= 4, bytes[i] == 0x6E, bytes[i + 1] == 0x75, bytes[i + 2] == 0x6C, bytes[i + 3] == 0x6C else { return false }
        i += 4
        return true
    }

    /// A string with no escape (nor any control character, which would need one).
    mutating func string() throws(Other) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[try stringBytes()]), as: UTF8.self)
    }

    /// Where the content of a string with no escape is; skipped.
    private mutating func stringBytes() throws(Other) -> Range<Int> {
        guard skip(0x22) else { throw Other() }
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 {
                i += 1
                return start..<i - 1
            }
            if b == 0x5C || b < 0x20 { throw Other() }
            i += 1
        }
        throw Other()
    }

    mutating func optionalString() throws(Other) -> String? { null() ? nil : try string() }

    mutating func strings() throws(Other) -> [String] {
        guard skip(0x5B) else { throw Other() }
        var out: [String] = []
        if skip(0x5D) { return out }
        repeat { out.append(try string()) } while skip(0x2C)
        guard skip(0x5D) else { throw Other() }
        return out
    }

    mutating func optionalStrings() throws(Other) -> [String]? { null() ? nil : try strings() }

    mutating func bool() throws(Other) -> Bool {
        guard i < bytes.count else { throw Other() }
        if bytes[i] == 0x74 { try expect("true"); return true }
        try expect("false")
        return false
    }

    /// A number's text, read as `JSONReader` reads it (`Double` of the text).
    mutating func number() throws(Other) -> Double {
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        guard i > start, let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) else { throw Other() }
        return value
    }

    /// Digits, `.`, `-`, `+`, `e` and `E`: nothing else is in a JSON number.
    private static func isNumberByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x2E, 0x2D, 0x2B, 0x65, 0x45: return true
        default: return false
        }
    }

    mutating func optionalNumber() throws(Other) -> Double? { null() ? nil : try number() }

    /// A whole number as `JSONReader.optionalInt` takes it (a larger one is the strict reading's to refuse).
    mutating func optionalInt() throws(Other) -> Int? {
        guard let value = try optionalNumber() else { return nil }
        guard value == value.rounded(), abs(value) < 9e15, let int = Int(exactly: value) else { throw Other() }
        return int
    }

    /// `{"code":…,"details":…}` for each reason; the details parsed strictly.
    mutating func reasons() throws(Other) -> [(code: String, details: JSONValue)] {
        guard skip(0x5B) else { throw Other() }
        var out: [(code: String, details: JSONValue)] = []
        if skip(0x5D) { return out }
        repeat {
            try expect("{\"code\":")
            let code = try string()
            try expect(",\"details\":")
            out.append((code, try value()))
            try expect("}")
        } while skip(0x2C)
        guard skip(0x5D) else { throw Other() }
        return out
    }

    /// Any value, found by its brackets (strings skipped) and parsed by `JSONParser`, nested far
    /// less deep than the parser allows (it would be as deep again inside the record).
    private mutating func value() throws(Other) -> JSONValue {
        let start = i
        guard i < bytes.count else { throw Other() }
        switch bytes[i] {
        case 0x7B, 0x5B:
            var depth = 0
            repeat {
                guard i < bytes.count else { throw Other() }
                switch bytes[i] {
                case 0x22: _ = try stringBytes()
                case 0x7B, 0x5B: depth += 1; i += 1
                case 0x7D, 0x5D: depth -= 1; i += 1
                default: i += 1
                }
                guard depth < 64 else { throw Other() }
            } while depth > 0
        case 0x22: _ = try stringBytes()
        default: while i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x7D, bytes[i] != 0x5D { i += 1 }
        }
        do throws(JSONParseError) { return try JSONParser.parseElement(UnsafeBufferPointer(rebasing: bytes[start..<i])) } catch { throw Other() }
    }

    /// `setCredit`: muscle → number.
    mutating func credits() throws(Other) -> [String: Double] {
        guard skip(0x7B) else { throw Other() }
        var out: [String: Double] = [:]
        if skip(0x7D) { return out }
        repeat {
            let key = try string()
            guard skip(0x3A) else { throw Other() }
            out[key] = try number()
        } while skip(0x2C)
        guard skip(0x7D) else { throw Other() }
        return out
    }
}
