import CatalogJSON
import CatalogModel
import CatalogRecords

/// A reference source's record as evidence: its values already mapped to the vocabulary.
public struct ReferenceRecord: Sendable, Equatable {
    public var source: String
    public var id: String
    public var name: String
    public var level: String?
    public var category: String?
    public var force: String?
    public var mechanic: String?
    /// nil: the source does not say (or says "other").
    public var equipment: [String]?
    public var primary: [String]?

    /// Upstream field names read for each kind of evidence, first present wins: a later release
    /// that adds `difficulty` is read without a code change.
    public static let levelFields = ["level", "difficulty"]
    public static let categoryFields = ["category", "bodyPart"]

    public init(source: String, id: String, name: String, level: String? = nil, category: String? = nil, force: String? = nil,
                mechanic: String? = nil, equipment: [String]? = nil, primary: [String]? = nil) {
        self.source = source
        self.id = id
        self.name = name
        self.level = level
        self.category = category
        self.force = force
        self.mechanic = mechanic
        self.equipment = equipment
        self.primary = primary
    }

    /// The first of `names` whose value is a string with more than white space in it.
    static func text(_ names: [String], _ value: (String) -> JSONValue?) -> String? {
        for n in names {
            if let s = value(n)?.stringValue, !TextNormalizer.isBlank(s) { return s }
        }
        return nil
    }

    /// The level an upstream record states (`levelFields`, first present wins), as written.
    static func level(_ value: (String) -> JSONValue?) -> String? { text(levelFields, value) }

    /// An upstream level term as a level of the vocabulary: through `key`'s synonyms, else as it is
    /// when the vocabulary has it.
    static func mappedLevel(_ term: String, key: String, vocabulary: Vocabulary) -> String? {
        vocabulary.levelSynonyms[key]?[term] ?? (vocabulary.levels.contains(term) ? term : nil)
    }

    /// Reads `record` of `source` through the synonym maps under `key`.
    public init(_ record: UpstreamRecord, source: String, key: String, vocabulary: Vocabulary) {
        let value = { (name: String) in record.extra[name] ?? record.fields[name] }
        func text(_ names: [String]) -> String? { Self.text(names, value) }
        let level = Self.level(value).flatMap { Self.mappedLevel($0, key: key, vocabulary: vocabulary) }
        let unknown = vocabulary.unknownEquipmentTerms[key] ?? []
        var equipment: [String]? = nil
        let terms = Suggester.terms(record.fields["equipment"])
        if !terms.isEmpty, !terms.contains(where: unknown.contains) {
            let mapped = terms.map { vocabulary.equipmentSynonyms[key]?[$0] }
            if !mapped.contains(where: { $0 == nil }) { equipment = mapped.flatMap { $0! } }
        }
        let muscles = Suggester.terms(record.fields["target"]).map { vocabulary.muscleSynonyms[key]?[$0] }
        self.init(source: source, id: record.id, name: record.name, level: level, category: text(Self.categoryFields)?.lowercased(),
                  force: text(["force"]), mechanic: text(["mechanic"]), equipment: equipment,
                  primary: muscles.isEmpty || muscles.contains { $0 == nil } ? nil : muscles.flatMap { $0! })
    }
}

/// A reference record found for a member record's name, with how close the names are.
public struct ReferenceMatch: Sendable, Equatable {
    public var record: ReferenceRecord
    public var score: Double

    /// "free-exercise-db Barbell_Full_Squat, name match 0.95"
    public var label: String { "\(record.source) \(record.id), name match \(JSONNumber.format(score))" }
}

/// Reference records by name, looked up in constant time per record (a 100k catalog is matched
/// against every reference source in a few dictionary lookups each). Names match when their
/// words are the same (1.0), the same but for variant markers such as "(back pov)" or "v. 2"
/// (0.95), the same in another order (0.9), or the same once one side's equipment words are
/// dropped ("Full Squat" = "barbell full squat", 0.8).
public struct ReferenceIndex: Sendable {
    public private(set) var records: [ReferenceRecord] = []
    /// Whether each record's name has an equipment word (`Keys.hasEquipment`), worked out once.
    var named: [Bool] = []
    var exact: [String: [Int]] = [:]
    var base: [String: [Int]] = [:]
    var bag: [String: [Int]] = [:]
    var bare: [String: [Int]] = [:]

    /// Words that say nothing about the exercise once word order is gone ("curls with dumbbell").
    static let fillerWords: Set<String> = ["with", "the", "a", "an", "and", "of", "on", "in", "using", "to"]
    /// Words that name a tool rather than the movement.
    static let equipmentWords: Set<String> = ["barbell", "dumbbell", "kettlebell", "cable", "band", "lever", "leverage", "machine", "smith",
                                              "ezbar", "bodyweight", "weighted", "plate", "resistance", "body", "weight", "olympic"]

    public init(_ records: [ReferenceRecord] = []) {
        for record in records { add(record) }
    }

    public var isEmpty: Bool { records.isEmpty }

    /// A record with its name's keys, made anywhere (reading a source makes them on all cores)
    /// and added in order.
    public struct Entry: Sendable {
        public var record: ReferenceRecord
        var keys: Keys

        public init(_ record: ReferenceRecord) {
            self.record = record
            keys = Keys(ExerciseName.words(record.name))
        }
    }

    /// The name's words as each kind of match compares them.
    struct Keys: Sendable {
        var exact, base, bag, bare: String
        /// Whether dropping equipment words changed the bag.
        var hasEquipment: Bool

        init(_ words: [String]) {
            let base = ExerciseName.baseWords(words: words)
            // The distinct words but filler, sorted (no Set made: this runs for every name matched).
            var sorted = base.filter { !fillerWords.contains($0) }.sorted()
            sorted = sorted.indices.compactMap { i in i > 0 && sorted[i - 1] == sorted[i] ? nil : sorted[i] }
            let bare = sorted.filter { !equipmentWords.contains($0) }
            // A reading that drops nothing is the one before it, joined once.
            exact = words.joined(separator: " ")
            self.base = base.count == words.count ? exact : base.joined(separator: " ")
            bag = sorted.joined(separator: " ")
            hasEquipment = bare.count != sorted.count
            self.bare = hasEquipment ? bare.joined(separator: " ") : bag
        }
    }

    public mutating func add(_ record: ReferenceRecord) { add(Entry(record)) }

    public mutating func add(_ entry: Entry) {
        let i = records.count
        records.append(entry.record)
        named.append(entry.keys.hasEquipment)
        exact[entry.keys.exact, default: []].append(i)
        base[entry.keys.base, default: []].append(i)
        bag[entry.keys.bag, default: []].append(i)
        bare[entry.keys.bare, default: []].append(i)
    }

    /// The best match in each reference source, best first (ties: the source's first record by id
    /// order of import). `excluding` leaves out the member record itself when it is a reference too.
    public func matches(_ name: String, excluding: (source: String, id: String)? = nil) -> [ReferenceMatch] {
        matches(words: ExerciseName.words(name), excluding: excluding)
    }

    public func matches(words: [String], excluding: (source: String, id: String)? = nil) -> [ReferenceMatch] {
        guard !records.isEmpty else { return [] }
        let keys = Keys(words)
        var best: [String: ReferenceMatch] = [:]
        func offer(_ ids: [Int]?, _ score: Double, _ accept: (Int) -> Bool = { _ in true }) {
            for i in ids ?? [] {
                let r = records[i]
                if let excluding, r.source == excluding.source && r.id == excluding.id { continue }
                if (best[r.source]?.score ?? 0) < score && accept(i) { best[r.source] = ReferenceMatch(record: r, score: score) }
            }
        }
        offer(exact[keys.exact], 1.0)
        offer(base[keys.base], 0.95)
        offer(bag[keys.bag], 0.9)
        // Equipment words dropped on one side only: "barbell curl" is not "dumbbell curl".
        offer(bare[keys.bare], 0.8) { i in !keys.hasEquipment || !named[i] }
        return best.values.sorted { ($0.score, $1.record.source) > ($1.score, $0.record.source) }
    }
}
