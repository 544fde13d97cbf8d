import CatalogJSON
import CatalogModel
import CatalogRecords

/// The catalog's own lexicon: how often each word occurs in the names and instructions of every
/// imported source, and the words of the vocabularies (terms and synonyms). Triage reads a
/// one-edit change of a word in a name with it: a rare word put right into a known one is a typo
/// fixed ("barbel" → "barbell"); a known word changed makes another name ("left" → "lift").
public struct CatalogLexicon: Sendable, Equatable {
    /// Word (lowercased, letters only) → how many times the texts use it.
    public private(set) var counts: [String: Int]
    /// The words of the vocabularies' ids, names, keywords and synonyms.
    public private(set) var terms: Set<String>

    /// A word seen at most this often is rare.
    public static let rareAtMost = 2
    /// A word seen at least this often is known.
    public static let knownFrom = 5

    public static let empty = CatalogLexicon()

    /// Bumped when what is counted changes, so that stored counts are counted again.
    public static let version = "lexicon-v1"

    public init(counts: [String: Int] = [:], terms: Set<String> = []) {
        self.counts = counts
        self.terms = terms
    }

    /// The words a lexicon counts in `text`: lowercased, words with digits left out (numbers are
    /// judged on their own, and generated names carry serial numbers).
    public static func words(_ text: String) -> [String] {
        WordTokens.words(text).compactMap { word in
            word.unicodeScalars.contains(where: Self.isNumeric) ? nil : SpellingJudge.withoutApostrophes(word.lowercased())
        }
    }

    /// Whether a scalar has a numeric type: among ASCII only the digits do, so Unicode's table
    /// (a lookup that was a quarter of `revalidate` at 100k records) is asked only beyond it.
    static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
    }

    /// Counts the words of `text`.
    public mutating func add(_ text: String) {
        for word in Self.words(text) { counts[word, default: 0] += 1 }
    }

    /// Adds another lexicon's counts and terms.
    public mutating func merge(_ other: CatalogLexicon) {
        counts.merge(other.counts, uniquingKeysWith: +)
        terms.formUnion(other.terms)
    }

    /// The counts of the texts a record adds: its name and instructions.
    public static func counting(_ record: UpstreamRecord) -> [String: Int] {
        var lexicon = CatalogLexicon()
        for text in texts(record.fields["name"]) + texts(record.fields["instructions"]) { lexicon.add(text) }
        return lexicon.counts
    }

    /// The strings of a field value (a string or a list of them).
    static func texts(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return [s]
        case .array(let items)?: return items.compactMap(\.stringValue)
        default: return []
        }
    }

    /// The words of a vocabulary's terms and synonyms.
    public static func terms(of vocabulary: Vocabulary) -> Set<String> {
        var phrases = vocabulary.patterns.flatMap { [$0.id] + $0.nameKeywords } + vocabulary.equipment.map(\.id)
        phrases += vocabulary.muscles.flatMap { [$0.id, $0.name] } + vocabulary.groups.map(\.id) + vocabulary.levels + vocabulary.joints.map(\.id)
        phrases += vocabulary.nameImplications.map(\.keyword)
        for synonyms in vocabulary.equipmentSynonyms.values { phrases += synonyms.keys }
        for synonyms in vocabulary.muscleSynonyms.values { phrases += synonyms.keys }
        for synonyms in vocabulary.levelSynonyms.values { phrases += synonyms.keys }
        return Set(phrases.flatMap(words))
    }

    public func count(_ word: String) -> Int { counts[word] ?? 0 }

    /// A vocabulary word, or one the texts use often.
    public func isKnown(_ word: String) -> Bool { terms.contains(word) || count(word) >= Self.knownFrom }

    /// Not a vocabulary word, and one the texts hardly use.
    public func isRare(_ word: String) -> Bool { !terms.contains(word) && count(word) <= Self.rareAtMost }

    /// What the lexicon knows of `word`, for the details: "a vocabulary term", "seen 726 times".
    public func standing(_ word: String) -> String {
        let seen = "seen \(count(word)) " + (count(word) == 1 ? "time" : "times")
        return terms.contains(word) ? "a vocabulary term, " + seen : seen
    }
}
