/// Where a JSON document failed to parse: byte offset, line and column, and the path of the value.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int
    /// The value being read when parsing failed, e.g. `[12].instructions[3]`; empty at the top.
    public var path: [JSONPathComponent]

    public var description: String {
        "\(message) at line \(line), column \(column)" + (path.isEmpty ? "" : " (in \(JSONPathComponent.render(path)))")
    }

    /// The top-level array index the error is inside, when the document is an array of records.
    public var recordIndex: Int? {
        if case .index(let i)? = path.first { return i }
        return nil
    }
}

/// One step of a path into a JSON document.
public enum JSONPathComponent: Sendable, Equatable {
    case index(Int)
    case key(String)

    public static func render(_ path: [JSONPathComponent]) -> String {
        var out = ""
        for component in path {
            switch component {
            case .index(let i): out += "[\(i)]"
            case .key(let k): out += out.isEmpty ? k : ".\(k)"
            }
        }
        return out
    }
}

/// A strict RFC 8259 parser: UTF-8 only, no duplicate keys, bounded depth, numbers kept verbatim.
///
/// Written here rather than using Foundation so that errors carry a line, a column and the path
/// of the failing value, and so that member order and number lexemes survive a round trip.
public enum JSONParser {
    public static let maxDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try parse(buffer)
        }
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(buffer, element: false)
    }

    /// Parses an element of a top-level array on its own, with the limits it has inside the
    /// array (one level of nesting is the array's, no byte-order mark).
    public static func parseElement(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(buffer, element: true)
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, element: Bool) throws(JSONParseError) -> JSONValue {
        do {
            return try parse(buffer, trackingPath: false, element: element)
        } catch {
            // Errors are rare: parse again, this time keeping the path to report where it failed.
            return try parse(buffer, trackingPath: true, element: element)
        }
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, trackingPath: Bool, element: Bool = false) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: buffer, trackingPath: trackingPath)
        if !element { reader.skipBOM() }
        reader.skipWhitespace()
        guard reader.position < buffer.count else { throw reader.error("empty document") }
        let value = try reader.parseValue(depth: element ? 1 : 0)
        reader.skipWhitespace()
        if reader.position < buffer.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
        }
        return value
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    let trackingPath: Bool
    var path: [JSONPathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>, trackingPath: Bool) {
        self.bytes = bytes
        self.trackingPath = trackingPath
    }

    mutating func skipBOM() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONParseError(message: message, offset: offset, line: line, column: offset - lineStart + 1, path: path)
    }

    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let b = bytes[position]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input (truncated document?)") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent())")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard position + count <= bytes.count else { throw error("unexpected end of input (truncated document?)") }
        for i in 0..<count where bytes[position + i] != start[i] {
            throw error("invalid literal")
        }
        position += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        position += 1
        var members: [JSONMember] = []
        // Duplicate keys: a scan of the few members objects usually have, a set past that.
        var seen: Set<String>?
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input inside an object (truncated document?)") }
            guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name, found \(describeCurrent())") }
            let keyStart = position
            let key = try parseString()
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { $0.key == key }
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate { throw error("duplicate key \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after member name, found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            if trackingPath { path.append(.key(key)) }
            let value = try parseValue(depth: depth)
            if trackingPath { path.removeLast() }
            members.append(JSONMember(key, value))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input inside an object (truncated document?)") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(JSONObject(members))
            default: throw error("expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if trackingPath { path.append(.index(elements.count)) }
            let value = try parseValue(depth: depth)
            if trackingPath { path.removeLast() }
            elements.append(value)
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input inside an array (truncated document?)") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw error("expected ',' or ']' in an array, found \(describeCurrent())")
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = position
        func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, digit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, digit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, digit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, digit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, digit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, digit(bytes[position]) { position += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Reads a string starting at the opening quote; validates UTF-8 and escapes.
    mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        var ascii = true
        // Fast path: no escapes (plain ASCII text passed eight bytes at a time).
        while ByteWords.skipPlainText(bytes.baseAddress!, &position, count: bytes.count) {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                return try validated(slice, startingAt: start)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character 0x\(String(b, radix: 16, uppercase: true)) inside a string (must be escaped)") }
            if b >= 0x80 { ascii = false }
            position += 1
        }
        guard position < bytes.count else { throw error("unterminated string (truncated document?)", at: start - 1) }
        // Slow path: copy with escapes resolved, then validate.
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let b = bytes[position]
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                return try buffer.withUnsafeBufferPointer { b throws(JSONParseError) in try validated(b, startingAt: start) }
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
            default:
                if b < 0x20 { throw error("control character 0x\(String(b, radix: 16, uppercase: true)) inside a string (must be escaped)") }
                buffer.append(b)
                position += 1
            }
        }
        throw error("unterminated string (truncated document?)", at: start - 1)
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[position]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("lone surrogate \\u\(String(first, radix: 16)) in a string")
            }
            position += 2
            let second = try parseHex4()
            guard (0xDC00..<0xE000).contains(second) else { throw error("invalid surrogate pair in a string") }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value)!
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("lone surrogate \\u\(String(first, radix: 16)) in a string") }
        return scalar
    }

    func validated(_ slice: UnsafeBufferPointer<UInt8>, startingAt start: Int) throws(JSONParseError) -> String {
        if let s = String(validating: slice, as: UTF8.self) { return s }
        let bad = UTF8Validation.firstInvalidOffset(slice) ?? 0
        throw error("invalid UTF-8 in a string", at: start + bad)
    }
}
