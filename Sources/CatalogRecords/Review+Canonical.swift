import CatalogJSON
import CatalogModel
import Foundation

/// A review file read in the form the tool writes it (`Review.fileBytes`: keys in order, two
/// spaces of indent, a trailing newline), byte by byte and without a JSON tree: export reads
/// every review file of the catalog.
///
/// Anything else (another layout or key order, an unknown key, a `\u` escape, text that is not
/// valid UTF-8, an object inside a value, a value of the wrong kind) gives nil, and
/// `Review.parse` reads the file the strict way (`JSONParser`, then `Review.init(json:file:)`),
/// which decides what it means or says what is wrong. Keeping no opinion about such input is what
/// lets this give exactly the strict reading; the checks the strict reading makes of a value
/// (`checkShape`, a fingerprint's form, `via`) are the same functions, called here.
struct CanonicalReviewReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The review `bytes` hold when they are in the canonical layout; nil otherwise.
    static func review(_ bytes: UnsafeBufferPointer<UInt8>) -> Review? {
        var reader = CanonicalReviewReader(bytes)
        return reader.review()
    }

    private mutating func review() -> Review? {
        guard literal("{"), member("basis", indent: 1, first: true), let basis = stringObject(indent: 1) else { return nil }
        var confidence: Double?
        if member("confidence", indent: 1) {
            guard let n = number(), let d = Double(n) else { return nil }
            confidence = d
        }
        guard member("corrections", indent: 1), let corrections = corrections() else { return nil }
        var exceptions: [String: String] = [:]
        if member("exceptions", indent: 1) {
            guard let e = stringObject(indent: 1) else { return nil }
            exceptions = e
        }
        guard member("formatVersion", indent: 1), literal("1"), member("id", indent: 1), let id = string() else { return nil }
        var note: String?
        if member("note", indent: 1) {
            guard let n = string() else { return nil }
            note = n
        }
        guard member("planning", indent: 1), let planning = planning(), member("source", indent: 1), let source = string(),
              closing(indent: 0), literal("\n"), i == bytes.count else { return nil }
        var review = Review(source: source, id: id)
        review.basis = basis
        review.confidence = confidence
        review.corrections = corrections
        review.exceptions = exceptions
        review.note = note
        review.planning = planning
        return review
    }

    /// `corrections`: planner fields in order, each an object of the correction's keys in order.
    private mutating func corrections() -> [PlannerField: Correction]? {
        var out: [PlannerField: Correction] = [:]
        out.reserveCapacity(PlannerField.allCases.count)
        guard literal("{") else { return nil }
        if literal("}") { return out }
        var last: PlannerField?
        // A review's corrections mostly share their date, editor and fingerprint.
        var dateToken: Token?, editorToken: Token?, fingerprintToken: Token?, viaToken: Token?, via: Correction.Via?
        repeat {
            guard newline(indent: 2), let field = fieldKey(), last.map({ $0.rawValue.precedesInUTF8(field.rawValue) }) ?? true,
                  literal(": {"), member("date", indent: 3, first: true), string(&dateToken), member("editor", indent: 3), string(&editorToken),
                  member("fingerprint", indent: 3) else { return nil }
            // A fingerprint read again from the same bytes was checked then.
            let checked = fingerprintToken?.bytes
            guard string(&fingerprintToken), let date = dateToken?.value, let editor = editorToken?.value, let read = fingerprintToken,
                  read.bytes == checked || Fingerprint(read.value) != nil else { return nil }
            let fingerprint = read.value
            var media: String?
            if member("media", indent: 3) {
                guard let m = string() else { return nil }
                media = m
            }
            guard member("replaced", indent: 3), let replaced = value(indent: 3), member("value", indent: 3), let value = value(indent: 3),
                  (try? Review.checkShape(value, of: field, file: "", record: nil, path: "")) != nil,
                  member("via", indent: 3) else { return nil }
            // The same bytes as the last correction's `via` are the same way.
            let lastVia = viaToken?.bytes
            guard string(&viaToken), let read = viaToken else { return nil }
            if read.bytes != lastVia || via == nil { via = Correction.Via(rawValue: read.value) }
            guard let via, closing(indent: 2) else { return nil }
            out[field] = Correction(value: value, replaced: replaced, fingerprint: fingerprint, editor: editor, date: date, via: via, media: media)
            last = field
        } while literal(",")
        return closing(indent: 1) ? out : nil
    }

    /// A correction's key, a planner field's name in quotes, matched byte for byte: no string is
    /// made. Nil for any other key (a field name holds no byte a JSON escape could stand for, so
    /// an escaped key is no field name either way).
    private mutating func fieldKey() -> PlannerField? {
        guard i < bytes.count, bytes[i] == 0x22 else { return nil }
        for field in PlannerField.allCases {
            let name = field.rawValue.utf8, end = i + 1 + name.count
            guard end < bytes.count, bytes[end] == 0x22,
                  name.withContiguousStorageIfAvailable({ memcmp(bytes.baseAddress! + i + 1, $0.baseAddress!, $0.count) == 0 }) ?? false else { continue }
            i = end + 1
            return field
        }
        return nil
    }

    /// `planning`: `auto`, or `manual-only` with its reason.
    private mutating func planning() -> Planning? {
        guard literal("{"), member("mode", indent: 2, first: true), let mode = string() else { return nil }
        var planning: Planning
        switch Planning.Mode(rawValue: mode) {
        case .auto: planning = .auto
        case .manualOnly:
            guard member("reason", indent: 2), let reason = string() else { return nil }
            planning = .manualOnly(reason: reason)
        case nil: return nil
        }
        return closing(indent: 1) ? planning : nil
    }

    /// An object of strings at `indent` (`basis`, `exceptions`), keys in strictly increasing
    /// order (so none twice, which the strict parser refuses).
    private mutating func stringObject(indent: Int) -> [String: String]? {
        var out: [String: String] = [:]
        guard literal("{") else { return nil }
        if literal("}") { return out }
        var last: String?
        repeat {
            guard newline(indent: indent + 1), let key = string(), last.map({ $0.precedesInUTF8(key) }) ?? true, literal(": "),
                  let value = string() else { return nil }
            out[key] = value
            last = key
        } while literal(",")
        return closing(indent: indent) ? out : nil
    }

    /// A correction's value at `indent`: a string, a number, null, true, false, or a list of
    /// those (the pretty layout: one item a line).
    private mutating func value(indent: Int, inList: Bool = false) -> JSONValue? {
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case 0x22: return string().map(JSONValue.string)
        case 0x6E: return literal("null") ? .null : nil
        case 0x74: return literal("true") ? .bool(true) : nil
        case 0x66: return literal("false") ? .bool(false) : nil
        case 0x5B where !inList:
            i += 1
            var items: [JSONValue] = []
            if literal("]") { return .array(items) }
            repeat {
                guard newline(indent: indent + 1), let item = value(indent: indent + 1, inList: true) else { return nil }
                items.append(item)
            } while literal(",")
            return newline(indent: indent) && literal("]") ? .array(items) : nil
        default: return number().map(JSONValue.number)
        }
    }

    // MARK: - Bytes

    /// Passes `text` when the bytes at the cursor are it.
    private mutating func literal(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard n > 0, bytes.count - i >= n, memcmp(bytes.baseAddress! + i, text.utf8Start, n) == 0 else { return false }
        i += n
        return true
    }

    /// Passes a newline and `indent` levels of two spaces.
    private mutating func newline(indent: Int) -> Bool {
        let end = i + 1 + 2 * indent
        guard end <= bytes.count, bytes[i] == 0x0A, spaces(at: i + 1, count: 2 * indent) else { return false }
        i = end
        return true
    }

    /// Whether the `count` bytes at `start` (in bounds) are spaces: one word compared for an
    /// indent of up to four levels (the layout's deepest is three) with a word of bytes there.
    @inline(__always) private func spaces(at start: Int, count: Int) -> Bool {
        guard count < 8, start + 8 <= bytes.count else { return (start..<(start + count)).allSatisfy { bytes[$0] == 0x20 } }
        return (ByteWords.load(bytes.baseAddress! + start) ^ 0x2020_2020_2020_2020) & ((1 << UInt64(8 * count)) - 1) == 0
    }

    /// Passes the start of the member `key` at `indent` (its comma first unless it is the
    /// `first`), up to its value; moves nowhere when the next member is another.
    private mutating func member(_ key: StaticString, indent: Int, first: Bool = false) -> Bool {
        // `,` unless first, a newline and its indent, then `"KEY": `: one bounds check, one memcmp.
        let comma = first ? 0 : 1, quote = i + comma + 1 + 2 * indent, k = key.utf8CodeUnitCount, end = quote + k + 4
        guard end <= bytes.count, first || bytes[i] == 0x2C, bytes[i + comma] == 0x0A, bytes[quote] == 0x22,
              memcmp(bytes.baseAddress! + quote + 1, key.utf8Start, k) == 0, bytes[quote + k + 1] == 0x22, bytes[quote + k + 2] == 0x3A, bytes[quote + k + 3] == 0x20,
              spaces(at: i + comma + 1, count: 2 * indent) else { return false }
        i = end
        return true
    }

    /// Passes the end of an object at `indent` that has members.
    private mutating func closing(indent: Int) -> Bool {
        newline(indent: indent) && literal("}")
    }

    /// A number's lexeme, as `JSONParser` reads it: `-`, digits without a leading zero, a
    /// fraction, an exponent.
    private mutating func number() -> String? {
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == 0x2D { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
        if bytes[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return nil }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// A string and the bytes it was read from, quotes included.
    private struct Token {
        var bytes: Range<Int>
        var value: String
    }

    /// Reads a string into `token`, keeping its value when the bytes are the same as its last
    /// (the same bytes read the same way: no string is made again). False when `string()` is nil.
    private mutating func string(_ token: inout Token?) -> Bool {
        if let last = token?.bytes, bytes.count - i >= last.count, memcmp(bytes.baseAddress! + i, bytes.baseAddress! + last.lowerBound, last.count) == 0 {
            i += last.count
            return true
        }
        let start = i
        guard let value = string() else { return false }
        token = Token(bytes: start..<i, value: value)
        return true
    }

    /// A string at its opening quote, with the short escapes resolved; nil for a `\u` escape,
    /// a raw control character or text that is not UTF-8.
    private mutating func string() -> String? {
        guard i < bytes.count, bytes[i] == 0x22 else { return nil }
        i += 1
        var start = i
        var plain = true
        var copied: [UInt8] = []
        while i < bytes.count {
            // Plain ASCII text is passed eight bytes at a time; the first other byte is looked at here.
            guard ByteWords.skipPlainText(bytes.baseAddress!, &i, count: bytes.count) else { break }
            let b = bytes[i]
            if b == 0x22 {
                let tail = UnsafeBufferPointer(rebasing: bytes[start..<i])
                i += 1
                if copied.isEmpty && plain { return String(decoding: tail, as: UTF8.self) }
                if copied.isEmpty { return String(validating: tail, as: UTF8.self) }
                copied.append(contentsOf: tail)
                return copied.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
            }
            if b < 0x20 { return nil }
            if b >= 0x80 { plain = false }
            if b == 0x5C {
                guard i + 1 < bytes.count, let e = Self.unescaped(bytes[i + 1]) else { return nil }
                // Room for the rest at once (a basis text has an escape a line), not grown by doubling.
                if copied.isEmpty { copied.reserveCapacity(min(bytes.count - start, 1 << 12)) }
                copied.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                copied.append(e)
                i += 2
                start = i
                continue
            }
            i += 1
        }
        return nil
    }

    /// The byte a short escape stands for, by the byte after its backslash: those `JSONWriter`
    /// writes for `"`, `\` and the common controls, and `\/`.
    private static func unescaped(_ e: UInt8) -> UInt8? {
        switch e {
        case 0x22, 0x5C, 0x2F: return e
        case 0x62: return 0x08
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        default: return nil
        }
    }
}
