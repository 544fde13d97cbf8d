/// Phrases (vocabulary keywords) found in a name's words by their first word: each word of the
/// name is one dictionary lookup, not one scan per keyword. `suggest --all` looks up several
/// hundred keywords in every record.
public struct PhraseIndex<Payload: Sendable>: Sendable {
    public struct Hit: Sendable {
        public var payload: Payload
        public var phrase: String
        /// Word positions in the name.
        public var range: Range<Int>
        /// Characters in the phrase: a longer phrase wins over one inside it.
        public var length: Int
    }

    var byFirstWord: [String: [(words: [String], phrase: String, payload: Payload)]] = [:]

    public init(_ phrases: [(phrase: String, payload: Payload)], words split: (String) -> [String] = ExerciseName.words) {
        for (phrase, payload) in phrases {
            let words = split(phrase)
            guard let first = words.first else { continue }
            byFirstWord[first, default: []].append((words, phrase, payload))
        }
    }

    public func hits(in words: [String]) -> [Hit] {
        var out: [Hit] = []
        for (i, word) in words.enumerated() {
            for entry in byFirstWord[word] ?? [] where i + entry.words.count <= words.count {
                var j = 1
                while j < entry.words.count && words[i + j] == entry.words[j] { j += 1 }
                if j == entry.words.count {
                    out.append(Hit(payload: entry.payload, phrase: entry.phrase, range: i..<(i + j), length: entry.words.reduce(entry.words.count - 1) { $0 + $1.count }))
                }
            }
        }
        return out
    }

    public func first(in words: [String]) -> Hit? {
        for (i, word) in words.enumerated() {
            for entry in byFirstWord[word] ?? [] where i + entry.words.count <= words.count && Array(words[i..<(i + entry.words.count)]) == entry.words {
                return Hit(payload: entry.payload, phrase: entry.phrase, range: i..<(i + entry.words.count), length: 0)
            }
        }
        return nil
    }

    /// Hits not inside a longer hit ("incline bench" hides "bench").
    public static func longest(_ hits: [Hit]) -> [Hit] {
        hits.filter { hit in !hits.contains { $0.length > hit.length && $0.range.overlaps(hit.range) } }
    }
}
