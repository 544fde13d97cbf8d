import CatalogJSON
import CatalogModel
#if canImport(Glibc)
import Glibc
#endif

extension Exercise {
    /// The exercise whose compact form (`write` in the compact style) is exactly `bytes`, read
    /// straight from them, without a JSON value: the keys in `write`'s order, each value in the
    /// one form the writer gives it (a string without escapes, in valid UTF-8; a number as
    /// `JSONNumber.format` or `String(Int)` spells it; set-credit muscles in byte order). Nil for
    /// any other bytes, which only the strict reading (`BuildRecords.exercise`) may judge: it
    /// reads some of them as well (an escape, two spellings Swift compares equal), others not.
    /// A build has a million records; `numbers` remembers the few number texts they hold.
    static func canonical(_ bytes: UnsafeBufferPointer<UInt8>, schema: Int, numbers: inout CanonicalNumbers) -> Exercise? {
        var s = CanonicalScanner(bytes: bytes, numbers: numbers)
        defer { numbers = s.numbers }
        var exercise = Exercise.blank
        do throws(CanonicalScanner.Other) {
            for (prefix, field) in CanonicalScanner.keys(schema: schema) {
                try s.expect(prefix)
                try s.read(field.value, into: &exercise)
            }
            try s.expect("}")
            guard s.i == bytes.count else { return nil }
            return exercise
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
    var numbers: CanonicalNumbers
    var i = 0

    /// The bytes of `literal` (keys and punctuation), skipped.
    mutating func expect(_ literal: StaticString) throws(Other) {
        let n = literal.utf8CodeUnitCount
        guard bytes.count - i >= n, memcmp(bytes.baseAddress! + i, literal.utf8Start, n) == 0 else { throw Other() }
        i += n
    }

    /// The bytes of `literal`, skipped.
    mutating func expect(_ literal: [UInt8]) throws(Other) {
        let n = literal.count
        guard bytes.count - i >= n, memcmp(bytes.baseAddress! + i, literal, n) == 0 else { throw Other() }
        i += n
    }

    /// Each key of a record of `schema` in the order the compact form holds them, with the bytes
    /// before its value (`{"key":` for the first, `,"key":` for the others).
    static func keys(schema: Int) -> [(prefix: [UInt8], field: ExerciseField)] {
        keysBySchema[min(max(schema, 1), BuildFormat.schemaVersion) - 1]
    }

    private static let keysBySchema: [[(prefix: [UInt8], field: ExerciseField)]] = (1...BuildFormat.schemaVersion).map { schema in
        ExerciseField.sorted(schema: schema).enumerated().map { n, field in
            (Array((n == 0 ? "{" : ",").utf8) + Array("\"\(field.name)\":".utf8), field)
        }
    }

    /// A field's value, in the one form the writer gives it, into `e`.
    mutating func read(_ value: ExerciseField.Value, into e: inout Exercise) throws(Other) {
        switch value {
        case .string(_, let set): set(&e, try string())
        case .optionalString(_, let set): set(&e, try optionalString())
        case .strings(_, let set): set(&e, try strings())
        case .optionalStrings(_, let set): set(&e, try optionalStrings())
        case .optionalInt(_, let set): set(&e, try optionalInt())
        case .optionalNumber(_, let set): set(&e, try optionalNumber())
        case .bool(_, let set): set(&e, try bool())
        case .credits(_, let set): set(&e, try credits())
        case .reasons(_, let set): set(&e, try reasons())
        }
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

    /// A string with no escape (nor any control character, which would need one), in valid UTF-8.
    mutating func string() throws(Other) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[try stringBytes()]), as: UTF8.self)
    }

    /// Where the content of such a string is; skipped.
    private mutating func stringBytes() throws(Other) -> Range<Int> {
        guard skip(0x22) else { throw Other() }
        let start = i
        var ascii = true
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 {
                i += 1
                guard ascii || UTF8Validation.firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[start..<i - 1])) == nil else { throw Other() }
                return start..<i - 1
            }
            if b == 0x5C || b < 0x20 { throw Other() }
            if b >= 0x80 { ascii = false }
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

    /// A number as `JSONNumber.format` spells it, read as `JSONReader` reads it (`Double` of the text).
    mutating func number() throws(Other) -> Double {
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        guard i > start, let value = numbers.value(UnsafeBufferPointer(rebasing: bytes[start..<i])) else { throw Other() }
        return value
    }

    /// Digits, `.`, `-`, `+`, `e` and `E`: nothing else is in a JSON number.
    static func isNumberByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x2E, 0x2D, 0x2B, 0x65, 0x45: return true
        default: return false
        }
    }

    mutating func optionalNumber() throws(Other) -> Double? { null() ? nil : try number() }

    /// A whole number as `String(Int)` spells it (no sign but a minus, no leading zero, not
    /// `-0`), of at most 15 digits: what `JSONReader.optionalInt` reads as the same number.
    mutating func optionalInt() throws(Other) -> Int? {
        if null() { return nil }
        let negative = skip(0x2D)
        let start = i
        var value = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]), i - start < 15 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        let digits = i - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30, !(negative && value == 0), i == bytes.count || !Self.isNumberByte(bytes[i]) else { throw Other() }
        return negative ? -value : value
    }

    /// `{"code":…,"details":…}` for each reason; the details parsed strictly.
    mutating func reasons() throws(Other) -> [(code: ReasonCode, details: JSONValue)] {
        guard skip(0x5B) else { throw Other() }
        var out: [(code: ReasonCode, details: JSONValue)] = []
        if skip(0x5D) { return out }
        repeat {
            try expect("{\"code\":")
            guard let code = ReasonCode(rawValue: try string()) else { throw Other() }
            try expect(",\"details\":")
            let start = i
            let details = try value()
            // As the writer writes it again: keys sorted, no space.
            guard JSONWriter.bytes(details, style: .compact).elementsEqual(bytes[start..<i]) else { throw Other() }
            out.append((code, details))
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

    /// `setCredit`: muscle → number, the muscles in byte order (as the writer sorts them) and
    /// no two equal as Swift compares them (a dictionary keeps one of those).
    mutating func credits() throws(Other) -> [String: Double] {
        guard skip(0x7B) else { throw Other() }
        if skip(0x7D) { return [:] }
        // Room for a record's few muscles at once, not grown one insertion after another.
        var out = [String: Double](minimumCapacity: 8)
        var members = 0
        var last = 0..<0
        repeat {
            let key = try stringBytes()
            guard members == 0 || UTF8Order.precedes(UnsafeBufferPointer(rebasing: bytes[last]), UnsafeBufferPointer(rebasing: bytes[key])), skip(0x3A) else { throw Other() }
            out[String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)] = try number()
            members += 1
            last = key
        } while skip(0x2C)
        guard skip(0x7D), out.count == members else { throw Other() }
        return out
    }
}

/// The number texts a build's records hold, each read and checked once: a million records
/// hold a handful of set credits and confidences (`1`, `0.5`, `0.8`), and `Double` of a text
/// and `JSONNumber.format` of the value cost more than reading the rest of the record.
struct CanonicalNumbers {
    /// Texts of up to seven bytes, packed with their length, and their values (nil when the
    /// text is not how `JSONNumber.format` spells its value).
    private var texts: [UInt64] = []
    private var values: [Double?] = []

    /// The value of `text` when it is how `JSONNumber.format` spells the value; nil otherwise.
    mutating func value(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count < 8 else { return Self.read(text) }
        var key = UInt64(text.count) << 56
        for (k, b) in text.enumerated() { key |= UInt64(b) << (8 * k) }
        if let known = texts.firstIndex(of: key) { return values[known] }
        let value = Self.read(text)
        if texts.count < 32 {
            texts.append(key)
            values.append(value)
        }
        return value
    }

    private static func read(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let string = String(decoding: text, as: UTF8.self)
        guard let value = Double(string), JSONNumber.format(value) == string else { return nil }
        return value
    }
}
