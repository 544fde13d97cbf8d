/// A word-level diff: texts are split into words, punctuation and line breaks, and compared with
/// a longest-common-subsequence alignment. A word deleted in one place and inserted in another
/// is reported as moved rather than as an unrelated deletion and insertion.
public struct WordDiff: Sendable, Equatable {
    public enum Kind: String, Sendable { case equal, insert, delete, moveFrom = "move-from", moveTo = "move-to" }

    /// A run of tokens with one kind; `text` re-joins them as written.
    public struct Segment: Sendable, Equatable {
        public var kind: Kind
        public var text: String

        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    public var segments: [Segment]

    public var hasChanges: Bool { segments.contains { $0.kind != .equal } }

    public var json: JSONValue {
        .array(segments.map { .object(JSONObject([JSONMember("op", .string($0.kind.rawValue)), JSONMember("text", .string($0.text))])) })
    }

    /// Tokens: runs of letters and digits (with inner apostrophes), single punctuation
    /// characters, and line breaks; the whitespace before each token is kept with it.
    public static func tokens(_ text: String) -> [(space: String, word: String)] {
        var copy = text
        if let ascii = copy.withUTF8({ asciiTokens($0) }) { return ascii }
        var out: [(String, String)] = []
        var space = ""
        var word = ""
        func flush() {
            if !word.isEmpty { out.append((space, word)); space = ""; word = "" }
        }
        let characters = Array(text)
        for (i, c) in characters.enumerated() {
            if c == "\n" {
                flush()
                out.append((space, "\n"))
                space = ""
            } else if isSpace(c) {
                flush()
                space.append(c)
            } else if isWordCharacter(c) || ((c == "'" || c == "’") && !word.isEmpty && i + 1 < characters.count && isLetter(characters[i + 1])) {
                word.append(c)
            } else {
                flush()
                out.append((space, String(c)))
                space = ""
            }
        }
        flush()
        return out
    }

    /// `tokens` by bytes for ASCII text (the usual case); nil when the text is not all ASCII.
    static func asciiTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [(space: String, word: String)]? {
        func word(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var out: [(space: String, word: String)] = []
        var spaceStart = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0x80 { return nil }
            if b == 0x0A {
                out.append((text(spaceStart..<i), "\n"))
                i += 1
                spaceStart = i
            } else if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                i += 1
            } else if word(b) {
                let start = i
                while i < bytes.count {
                    let c = bytes[i]
                    if word(c) { i += 1; continue }
                    // An apostrophe inside a word ("don't") stays in it.
                    if c == 0x27, i + 1 < bytes.count, letter(bytes[i + 1]) { i += 1; continue }
                    break
                }
                out.append((text(spaceStart..<start), text(start..<i)))
                spaceStart = i
            } else {
                out.append((text(spaceStart..<i), text(i..<(i + 1))))
                i += 1
                spaceStart = i
            }
        }
        return out
    }

    // Character classes with an ASCII shortcut (Unicode property lookups cost most of a diff).
    static func isSpace(_ c: Character) -> Bool {
        if let a = c.asciiValue { return a == 0x20 || (a >= 0x09 && a <= 0x0D) }
        return c.isWhitespace
    }

    static func isLetter(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A) }
        return c.isLetter
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 0x30 && a <= 0x39) || (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A) }
        return c.isLetter || c.isNumber
    }

    public init(old: String, new: String) {
        let a = Self.tokens(old), b = Self.tokens(new)
        let aw = a.map(\.word), bw = b.map(\.word)
        // Trim the common prefix and suffix: most edits are small, so the table stays small.
        var prefix = 0
        while prefix < aw.count && prefix < bw.count && aw[prefix] == bw[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < aw.count - prefix && suffix < bw.count - prefix && aw[aw.count - 1 - suffix] == bw[bw.count - 1 - suffix] { suffix += 1 }
        let midA = Array(aw[prefix..<(aw.count - suffix)]), midB = Array(bw[prefix..<(bw.count - suffix)])
        var ops: [(Kind, Int)] = []  // kind with the token index in a (equal/delete) or b (insert)
        for i in 0..<prefix { ops.append((.equal, i)) }
        ops.append(contentsOf: Self.lcsOps(midA, midB).map { ($0.0, $0.0 == .insert ? $0.1 + prefix : $0.1 + prefix) })
        for i in (aw.count - suffix)..<aw.count { ops.append((.equal, i)) }

        // Moves: a deleted word that is inserted elsewhere.
        var inserted: [String: [Int]] = [:]
        for (n, op) in ops.enumerated() where op.0 == .insert && bw[op.1] != "\n" { inserted[bw[op.1], default: []].append(n) }
        var kinds = ops.map(\.0)
        for (n, op) in ops.enumerated() where op.0 == .delete {
            let word = aw[op.1]
            guard word.count > 1 || word.first?.isLetter == true, var slots = inserted[word], !slots.isEmpty else { continue }
            let target = slots.removeFirst()
            inserted[word] = slots
            kinds[n] = .moveFrom
            kinds[target] = .moveTo
        }
        var segments: [Segment] = []
        for (n, op) in ops.enumerated() {
            let token = op.0 == .insert ? b[op.1] : a[op.1]
            let text = token.space + token.word
            if let last = segments.last, last.kind == kinds[n] {
                segments[segments.count - 1].text += text
            } else {
                segments.append(Segment(kinds[n], text))
            }
        }
        self.segments = segments
    }

    /// Edit script of two token lists by longest common subsequence (indices into each list).
    static func lcsOps(_ a: [String], _ b: [String]) -> [(Kind, Int)] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { (.insert, $0) } }
        if m == 0 { return (0..<n).map { (.delete, $0) } }
        var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] = a[i] == b[j] ? table[(i + 1) * (m + 1) + j + 1] + 1 : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var ops: [(Kind, Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] { ops.append((.equal, i)); i += 1; j += 1 }
            else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { ops.append((.delete, i)); i += 1 }
            else { ops.append((.insert, j)); j += 1 }
        }
        while i < n { ops.append((.delete, i)); i += 1 }
        while j < m { ops.append((.insert, j)); j += 1 }
        return ops
    }
}
