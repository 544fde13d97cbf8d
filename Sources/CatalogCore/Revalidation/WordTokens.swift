import CatalogJSON
import CatalogModel

/// Cuts a text into the tokens a word diff aligns: words (letters and digits, with inner
/// apostrophes as in "don't" or "you’ll"), whitespace runs, line breaks, and single other
/// characters. The tokens joined give the text back exactly.
public enum WordTokens {
    public static func split(_ text: String) -> [String] {
        var copy = text
        if let ascii = copy.withUTF8({ asciiSplit($0) }) { return ascii }
        var out: [String] = []
        var current = ""
        var currentIsWord = false
        var currentIsSpace = false
        func flush() {
            if !current.isEmpty { out.append(current) }
            current = ""
            currentIsWord = false
            currentIsSpace = false
        }
        let characters = Array(text)
        for (i, c) in characters.enumerated() {
            if c == "\n" || c == "\r\n" || c == "\r" {
                flush()
                out.append(String(c))
            } else if isSpace(c) {
                if !currentIsSpace { flush(); currentIsSpace = true }
                current.append(c)
            } else if isWordCharacter(c) {
                if !currentIsWord { flush(); currentIsWord = true }
                current.append(c)
            } else if (c == "'" || c == "’"), currentIsWord, i + 1 < characters.count, isLetter(characters[i + 1]) {
                current.append(c)
            } else {
                flush()
                out.append(String(c))
            }
        }
        flush()
        return out
    }

    /// The texts cut into a common start, the two middles and a common end, the cuts just
    /// before a run of ASCII whitespace, so that the middles' tokens are the texts' own: a diff
    /// or a judgement of two long texts only cuts the part that changed into tokens.
    public static func commonEnds(_ old: String, _ new: String) -> (prefix: String, old: String, new: String, suffix: String) {
        let a = Array(old.utf8), b = Array(new.utf8)
        guard a != b else { return (old, "", "", "") }
        func space(_ x: UInt8) -> Bool { x == 0x20 || (x >= 0x09 && x <= 0x0D) }
        // A cut needs plain ASCII before it: a no-break space may run on into the space, and a
        // prepended mark may take it into its character.
        func plain(_ x: UInt8) -> Bool { x < 0x80 && !space(x) }
        var common = 0
        while common < a.count && common < b.count && a[common] == b[common] { common += 1 }
        // Back to the start of a whitespace run inside the common part.
        var p = common
        while p > 0 && !(p < common && space(a[p]) && plain(a[p - 1])) { p -= 1 }
        var tail = 0
        while tail < a.count - p && tail < b.count - p && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        // On to the start of a whitespace run, in both texts.
        func cut(_ t: Int) -> Bool {
            let i = a.count - t, j = b.count - t
            return space(a[i]) && (i == 0 || plain(a[i - 1])) && (j == 0 || plain(b[j - 1]))
        }
        while tail > 0 && !cut(tail) { tail -= 1 }
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        return (text(a[..<p]), text(a[p..<(a.count - tail)]), text(b[p..<(b.count - tail)]), text(a[(a.count - tail)...]))
    }

    /// The words of a text (no whitespace or punctuation tokens).
    public static func words(_ text: String) -> [String] { split(text).filter(isWord) }

    public static func isWord(_ token: String) -> Bool { token.first.map(isWordCharacter) ?? false }

    public static func isWhitespace(_ token: String) -> Bool { token.first.map { isSpace($0) || $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? false }

    /// `split` by bytes for ASCII text (the usual case); nil when the text is not all ASCII.
    static func asciiSplit(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        func word(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func space(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C }
        var out: [String] = []
        var i = 0
        while i < bytes.count {
            let start = i
            let b = bytes[i]
            if b >= 0x80 { return nil }
            if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                i += 2  // one Character, as the general path sees it
            } else if space(b) {
                while i < bytes.count && space(bytes[i]) { i += 1 }
            } else if word(b) {
                while i < bytes.count {
                    let c = bytes[i]
                    if word(c) { i += 1; continue }
                    // An apostrophe inside a word ("don't") stays in it.
                    if c == 0x27, i + 1 < bytes.count, letter(bytes[i + 1]) { i += 1; continue }
                    break
                }
            } else {
                i += 1
            }
            out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
        }
        return out
    }

    // Character classes with an ASCII shortcut (Unicode property lookups cost most of a diff).
    static func isSpace(_ c: Character) -> Bool {
        if let a = c.asciiValue { return a == 0x20 || a == 0x09 || a == 0x0B || a == 0x0C }
        return c.isWhitespace && !c.isNewline
    }

    static func isLetter(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A) }
        return c.isLetter
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 0x30 && a <= 0x39) || (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A) }
        return c.isLetter || c.isNumber
    }
}
