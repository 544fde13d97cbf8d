import CatalogJSON
import CatalogModel

/// Phrases found as whole words in running text, ASCII letters in any case, in one pass over the
/// text's bytes: no lowercased copy, no list of words, no search per phrase. `suggest --all`
/// reads every record's instructions for a few dozen phrases ("switch sides").
struct PhraseScanner<Payload: Sendable>: Sendable {
    let entries: [(phrase: String, payload: Payload)]
    /// Each phrase's bytes, lowercased.
    let phrases: [[UInt8]]
    /// First byte → the phrases that start with it (256 slots: an index, not a hash).
    let byFirstByte: [[Int]]

    init(_ entries: [(phrase: String, payload: Payload)]) {
        self.entries = entries
        phrases = entries.map { Array($0.phrase.lowercased().utf8) }
        var byFirst = [[Int]](repeating: [], count: 256)
        for (i, p) in phrases.enumerated() where !p.isEmpty { byFirst[Int(p[0])].append(i) }
        byFirstByte = byFirst
    }

    /// A byte that continues a word: letters, digits, and every byte of a non-ASCII character.
    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39)
    }

    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// The phrases the texts hold, each once, in the order they were given.
    func matches(in texts: [String]) -> [(phrase: String, payload: Payload)] {
        guard !phrases.isEmpty else { return [] }
        var found = [Bool](repeating: false, count: phrases.count)
        for text in texts { scan(text, &found) }
        return found.indices.filter { found[$0] }.map { entries[$0] }
    }

    /// Marks the phrases found in `text`. Only where a word starts: a word's other bytes are
    /// stepped over without a look at the phrases.
    func scan(_ text: String, _ found: inout [Bool]) {
        var text = text
        text.withUTF8 { t in
            byFirstByte.withUnsafeBufferPointer { table in
                let n = t.count
                var i = 0
                while i < n {
                    // Here i == 0 or the byte before is not a word byte.
                    for p in table[Int(Self.lower(t[i]))] where !found[p] {
                        let phrase = phrases[p]
                        guard i + phrase.count <= n else { continue }
                        var k = 1
                        while k < phrase.count && Self.lower(t[i + k]) == phrase[k] { k += 1 }
                        if k == phrase.count && (i + k == n || !Self.isWordByte(t[i + k])) { found[p] = true }
                    }
                    guard Self.isWordByte(t[i]) else { i += 1; continue }
                    // Past the word, and past the byte after it (it follows a word byte).
                    i += 1
                    while i < n && Self.isWordByte(t[i]) { i += 1 }
                    i += 1
                }
            }
        }
    }
}
