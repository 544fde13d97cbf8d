import CatalogJSON
import CatalogModel

/// The words of a set of phrases, numbered: phrase indexes made on one lexicon match a name's
/// words as numbers, so the suggester looks each word of a name up once (`ids`), not once per
/// index and again per comparison.
public struct Lexicon: Sendable {
    var numbers: [String: Int32] = [:]

    public init() {}

    mutating func number(_ word: String) -> Int32 {
        if let n = numbers[word] { return n }
        let n = Int32(numbers.count)
        numbers[word] = n
        return n
    }

    /// Each word's number; -1 for a word no phrase has.
    public func ids(_ words: [String]) -> [Int32] { words.map { numbers[$0] ?? -1 } }
}

/// Phrases (vocabulary keywords) found in a name's words by their first word: each word of the
/// name is one array lookup, not one scan per keyword. `suggest --all` looks up several
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

    struct Entry: Sendable {
        var words: [Int32]
        var phrase: String
        var payload: Payload
        var length: Int
    }

    /// Entries by their first word's number.
    var byFirstWord: [[Entry]] = []
    /// Numbers every word of these phrases (and of the indexes made on it before this one).
    public let lexicon: Lexicon

    /// An index on `lexicon`, which takes in the phrases' words: a name's `lexicon.ids` serve
    /// every index made on it.
    public init(_ phrases: [(phrase: String, payload: Payload)], words split: (String) -> [String] = ExerciseName.words, lexicon: inout Lexicon) {
        for (phrase, payload) in phrases {
            let words = split(phrase)
            guard !words.isEmpty else { continue }
            let ids = words.map { lexicon.number($0) }
            let first = Int(ids[0])
            if byFirstWord.count <= first { byFirstWord += Array(repeating: [], count: first + 1 - byFirstWord.count) }
            byFirstWord[first].append(Entry(words: ids, phrase: phrase, payload: payload, length: words.reduce(words.count - 1) { $0 + $1.count }))
        }
        self.lexicon = lexicon
    }

    public init(_ phrases: [(phrase: String, payload: Payload)], words split: (String) -> [String] = ExerciseName.words) {
        var lexicon = Lexicon()
        self.init(phrases, words: split, lexicon: &lexicon)
    }

    /// The entries whose first word is number `id` (none for a word no phrase of this index starts with).
    private func entries(_ id: Int32) -> [Entry] {
        id >= 0 && Int(id) < byFirstWord.count ? byFirstWord[Int(id)] : []
    }

    public func hits(in words: [String]) -> [Hit] { hits(ids: lexicon.ids(words)) }

    /// `hits(in:)` of a name's words as numbered by this index's lexicon (or one made after it).
    public func hits(ids words: [Int32]) -> [Hit] {
        var out: [Hit] = []
        for (i, word) in words.enumerated() {
            for entry in entries(word) where i + entry.words.count <= words.count {
                var j = 1
                while j < entry.words.count && words[i + j] == entry.words[j] { j += 1 }
                if j == entry.words.count {
                    out.append(Hit(payload: entry.payload, phrase: entry.phrase, range: i..<(i + j), length: entry.length))
                }
            }
        }
        return out
    }

    public func first(in words: [String]) -> Hit? { first(ids: lexicon.ids(words)) }

    /// `first(in:)` of a name's words as numbered by this index's lexicon (or one made after it).
    public func first(ids words: [Int32]) -> Hit? {
        for (i, word) in words.enumerated() {
            for entry in entries(word) where i + entry.words.count <= words.count && words[i..<(i + entry.words.count)].elementsEqual(entry.words) {
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
