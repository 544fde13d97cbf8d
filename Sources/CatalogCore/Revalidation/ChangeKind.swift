/// What kind of change an upstream edit is, so editors can triage: a fixed typo, repaired
/// mojibake, or a change in substance.
public enum ChangeKind: String, Sendable, CaseIterable, Comparable {
    /// Mojibake fixed: the old text is the new one's UTF-8 read as Windows-1252 ("Â¾" → "¾").
    case encodingRepair = "encoding-repair"
    /// Small edits inside words or punctuation only; same words otherwise.
    case spelling
    /// Anything else: words added, removed or replaced.
    case substantive
    /// The demonstration media changed (see the media issue).
    case media

    public static func < (lhs: ChangeKind, rhs: ChangeKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Classifies the change from `old` to `new` (canonical texts or parts of them).
    public static func classify(old: String, new: String) -> ChangeKind {
        if old == new { return .spelling }
        if Mojibake.repair(old) == new { return .encodingRepair }
        let a = WordDiff.tokens(old).map(\.word), b = WordDiff.tokens(new).map(\.word)
        // Spelling: the same number of tokens, each changed token a small edit of its old form.
        guard a.count == b.count else { return .substantive }
        var changed = 0
        for (x, y) in zip(a, b) where x != y {
            changed += 1
            let isPunctuation = !(x.first?.isLetter ?? false) || !(y.first?.isLetter ?? false)
            if isPunctuation { continue }
            let distance = editDistance(Array(x.lowercased()), Array(y.lowercased()))
            if distance > max(1, min(x.count, y.count) / 3) { return .substantive }
        }
        return changed <= max(2, a.count / 10) ? .spelling : .substantive
    }

    /// Levenshtein distance of two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// Repairs text that was UTF-8, decoded as Windows-1252 and encoded again ("youâ€™ll").
public enum Mojibake {
    /// Windows-1252's 0x80–0x9F (the rest of 0x00–0xFF maps to the same code points).
    static let cp1252: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88,
        0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93,
        0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// The text with every mojibake run decoded; unchanged when there is none.
    public static func repair(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            // A run of scalars that map to single Windows-1252 bytes and decode as UTF-8.
            if let lead = byte(scalars[i]), lead >= 0xC2, lead <= 0xF4 {
                let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
                if i + length <= scalars.count {
                    let bytes = (0..<length).compactMap { byte(scalars[i + $0]) }
                    if bytes.count == length, let decoded = String(validating: bytes, as: UTF8.self), decoded.unicodeScalars.count == 1 {
                        out.append(contentsOf: decoded.unicodeScalars)
                        i += length
                        continue
                    }
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x100 { return UInt8(scalar.value) }
        return cp1252[scalar.value]
    }
}
