import Foundation

/// Finds the elements of a top-level JSON array in bytes that arrive in pieces, so that a
/// release of a million records is read a chunk at a time instead of as one document.
///
/// It only finds where each element starts and ends (strings, escapes and nesting tracked);
/// each element is then parsed strictly on its own. Anything that is not `[ value, value ... ]`
/// stops it with `malformed`: the caller then parses the whole document the strict way, which
/// names the line and column, so both paths report the same errors.
public struct JSONArraySplitter: Sendable {
    public enum State: Sendable, Equatable {
        /// Before the opening `[` (a byte-order mark and whitespace allowed).
        case start
        /// Elements are being found.
        case elements
        /// The closing `]` was seen; only whitespace may follow.
        case finished
        /// Not an array of values: parse the document strictly to say why.
        case malformed
    }

    public private(set) var state = State.start
    /// Elements found so far.
    public private(set) var count = 0
    private var expectValue = true
    private var afterComma = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var elementStart = -1
    private var atFileStart = true

    public init() {}

    /// Scans `buffer[from...]` (the caller keeps unconsumed bytes at the front of its buffer) and
    /// returns the ranges of the complete elements, how many bytes are consumed (bytes before
    /// that offset are no longer needed) and how far it scanned: the next call starts there,
    /// less what the caller dropped.
    public mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> (elements: [Range<Int>], consumed: Int, scanned: Int) {
        var elements: [Range<Int>] = []
        var i = from
        let n = buffer.count
        while i < n, state != .malformed {
            let b = buffer[i]
            switch state {
            case .start:
                if atFileStart && b == 0xEF {
                    // A byte-order mark, only as the very first bytes; wait until all three are here.
                    if n - i < 3 { return (elements, i, i) }
                    atFileStart = false
                    if buffer[i + 1] == 0xBB, buffer[i + 2] == 0xBF { i += 3; continue }
                    state = .malformed
                    continue
                }
                atFileStart = false
                if Self.isSpace(b) { break }
                if b == UInt8(ascii: "[") { state = .elements } else { state = .malformed }
            case .finished:
                if !Self.isSpace(b) { state = .malformed }
            case .malformed:
                break
            case .elements:
                if elementStart >= 0 && depth > 0 && !inString {
                    // Between the tokens of an object or array: a tight loop over whole strings
                    // and brackets, to the element's end.
                    if let end = Self.skipTokens(buffer, from: i, depth: &depth) {
                        i = end
                        if depth == 0 { finish(at: i, into: &elements) }
                        continue
                    }
                    // At a string that runs past the buffer: taken on byte by byte after its quote.
                    inString = true
                } else if elementStart >= 0 {
                    // In a string (skipping what cannot end it), or a bare value at the top.
                    if inString && !escaped {
                        i = Self.quoteOrBackslash(buffer, from: i)
                        if i == n { continue }
                    }
                    let b = buffer[i]
                    if inString {
                        if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                        if !inString && depth == 0 { finish(at: i + 1, into: &elements) }
                    } else if Self.isSpace(b) || b == UInt8(ascii: ",") || b == UInt8(ascii: "]") {
                        // A bare number or literal ends at a separator, left for the check below.
                        finish(at: i, into: &elements)
                        continue
                    }
                } else if Self.isSpace(b) {
                    break
                } else if expectValue {
                    if b == UInt8(ascii: "]") {
                        if afterComma { state = .malformed } else { state = .finished }
                    } else if b == UInt8(ascii: ",") {
                        state = .malformed
                    } else {
                        elementStart = i
                        if b == UInt8(ascii: "\"") { inString = true } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth = 1 }
                    }
                } else if b == UInt8(ascii: ",") {
                    expectValue = true
                    afterComma = true
                } else if b == UInt8(ascii: "]") {
                    state = .finished
                } else {
                    state = .malformed
                }
            }
            i += 1
        }
        let consumed = elementStart >= 0 ? elementStart : i
        if elementStart >= 0 {
            // Keep the partial element: the caller moves it to the front of its buffer.
            elementStart -= consumed
        }
        return (elements, consumed, i)
    }

    /// Called once the input is exhausted: anything but a closed array is malformed (an element
    /// still open at the end, a bare number included, has no closing `]` after it).
    public mutating func end() {
        if state != .finished { state = .malformed }
    }

    private mutating func finish(at end: Int, into elements: inout [Range<Int>]) {
        elements.append(elementStart..<end)
        elementStart = -1
        expectValue = false
        afterComma = false
        count += 1
    }

    /// Inside an object or array at `depth`, outside any string: skips whole strings (escapes
    /// included) and counts brackets from `from`, until the element closes (`depth` 0; the offset
    /// after its last bracket) or a string runs past the buffer (the offset of its opening quote,
    /// for the byte-by-byte states to take on); nil when that string is the first token.
    static func skipTokens(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, depth: inout Int) -> Int? {
        let n = buffer.count
        var j = from
        var d = depth
        scan: while j < n {
            switch buffer[j] {
            case 0x22:
                var k = j + 1
                while true {
                    k = quoteOrBackslash(buffer, from: k)
                    guard k < n else { break scan }
                    if buffer[k] == 0x22 { break }
                    // A backslash: it and the byte it escapes.
                    k += 2
                    guard k <= n else { break scan }
                }
                j = k + 1
            case 0x7B, 0x5B:
                d += 1
                j += 1
            case 0x7D, 0x5D:
                d -= 1
                j += 1
                if d == 0 { break scan }
            default:
                j += 1
            }
        }
        guard j > from else { return nil }
        depth = d
        return j
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The first `"` or `\` at or after `from` (the buffer's end when none): what can end a
    /// string. Eight bytes at a time (`ByteWords`), with no call per string: most strings of a
    /// release are keys and short values, where a `memchr` call cost more than the scan.
    static func quoteOrBackslash(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = buffer.baseAddress else { return buffer.count }
        let n = buffer.count
        var i = from
        while i + 8 <= n {
            let w = ByteWords.load(base + i)
            let hit = ByteWords.marks(w, equalTo: 0x22) | ByteWords.marks(w, equalTo: 0x5C)
            if hit != 0 { return i + ByteWords.first(hit) }
            i += 8
        }
        while i < n, base[i] != 0x22, base[i] != 0x5C { i += 1 }
        return i
    }
}
