import CatalogJSON
import CatalogModel
import CatalogRecords

/// Which records of one source copy another, so one planner identity has one auto-plannable
/// member. A copy is:
/// - a camera angle, performer or take of a record with the same name: "barbell full squat
///   (back pov)", "sit-up v. 2", "kneeling push-up (male)" (rule `variant.marker`);
/// - a second record of the very same name: two "lever chest press" records (`variant.same-name`);
/// - a marked copy whose base differs from it by a slip in spelling only, each word alike in its
///   first five letters: "barbell revers wrist curl v. 2" (`variant.near-name`).
/// The base is never itself a copy, and always has the same upstream equipment. Among several
/// bases the first in id order is taken, so the answer does not depend on file order.
public struct VariantIndex: Sendable {
    public struct Base: Sendable, Equatable {
        public var id: String
        public var name: String
        public var rule: String

        public init(id: String, name: String, rule: String) {
            self.id = id
            self.name = name
            self.rule = rule
        }
    }

    /// Record id → the record it copies.
    var bases: [String: Base] = [:]

    public init() {}

    public var isEmpty: Bool { bases.isEmpty }

    public func base(of id: String) -> Base? { bases[id] }

    /// A record's name under the three readings above.
    struct Keys: Equatable {
        var marked: Bool
        var words: String
        var stem: String

        init(_ name: String) {
            let words = ExerciseName.words(name)
            let base = ExerciseName.baseWords(words: words)
            marked = base.count != words.count
            self.words = base.joined(separator: " ")
            stem = base.map { $0.prefix(5) }.joined(separator: " ")
        }

        /// The two readings as hashes, without joining the words into strings: what every
        /// record's name costs (the strings are made only for names whose hashes meet).
        static func hashes(_ name: String) -> (marked: Bool, words: Int, stem: Int) {
            let words = ExerciseName.words(name)
            let base = ExerciseName.baseWords(words: words)
            var w = Hasher()
            var s = Hasher()
            for word in base {
                w.combine(word)
                s.combine(word.prefix(5))
            }
            return (base.count != words.count, w.finalize(), s.finalize())
        }
    }

    /// Every current record's keys as hashes, in id order: a million records hold 33 bytes each
    /// here, not their names (the few that share a hash are read again and compared in full).
    public struct Names: Sendable {
        var ids: [String] = []
        var marked: [Bool] = []
        var words: [Int] = []
        var stems: [Int] = []

        public init() {}

        public mutating func add(id: String, name: String) { add([(id, name)]) }

        /// Records in id order, their names read on all cores.
        public mutating func add(_ records: [(id: String, name: String)]) {
            let keys = Parallel.map(records.count) { i in Keys.hashes(records[i].name) }
            for (record, k) in zip(records, keys) {
                ids.append(record.id)
                marked.append(k.0)
                words.append(k.1)
                stems.append(k.2)
            }
        }

        /// Each record that may copy another, with the records that may be its base (each list
        /// in id order) and the rule that would make it so.
        func candidates() -> [(copy: Int, bases: [Int], rule: String)] {
            // (hash, position) of the unmarked records, sorted: a binary search finds a key's
            // records in id order, with 16 bytes a record where a dictionary of lists takes many more.
            let plain = ids.indices.filter { !marked[$0] }
            let byWords = plain.map { (words[$0], $0) }.sorted { $0 < $1 }
            let byStem = plain.map { (stems[$0], $0) }.sorted { $0 < $1 }
            func records(_ sorted: [(Int, Int)], _ key: Int) -> [Int] {
                var low = 0, high = sorted.count
                while low < high {
                    let mid = (low + high) / 2
                    if sorted[mid].0 < key { low = mid + 1 } else { high = mid }
                }
                var out: [Int] = []
                while low < sorted.count && sorted[low].0 == key { out.append(sorted[low].1); low += 1 }
                return out
            }
            var out: [(copy: Int, bases: [Int], rule: String)] = []
            for i in ids.indices {
                if marked[i] {
                    let exact = records(byWords, words[i])
                    if !exact.isEmpty { out.append((i, exact, "variant.marker")) }
                    let near = records(byStem, stems[i])
                    if !near.isEmpty { out.append((i, near, "variant.near-name")) }
                } else {
                    // Of two records of one name, the later in id order is the copy.
                    let earlier = records(byWords, words[i]).filter { $0 < i }
                    if !earlier.isEmpty { out.append((i, earlier, "variant.same-name")) }
                }
            }
            return out
        }
    }

    /// Builds the index from every current record's keys (`names`), reading the name and the
    /// upstream equipment terms (`records(ids)`, all at once) only of the few records whose keys
    /// meet another's.
    public init(names: Names, records: ([String]) throws(CatalogError) -> [String: (name: String, equipmentTerms: [String]?)]) throws(CatalogError) {
        let candidates = names.candidates()
        var wanted = Set<Int>()
        for c in candidates {
            wanted.insert(c.copy)
            wanted.formUnion(c.bases)
        }
        let found = try records(wanted.sorted().map { names.ids[$0] })
        var read: [Int: (keys: Keys, name: String, terms: [String]?)] = [:]
        for i in wanted {
            if let r = found[names.ids[i]] { read[i] = (Keys(r.name), r.name, r.equipmentTerms) }
        }
        for candidate in candidates where bases[names.ids[candidate.copy]] == nil {
            guard let copy = read[candidate.copy], let terms = copy.terms else { continue }
            // Exact candidates come before near ones, so a marked copy with a base of its very
            // name never takes one alike only in its first letters.
            let base = candidate.bases.first { b in
                guard let other = read[b], other.terms == terms else { return false }
                return candidate.rule == "variant.near-name" ? other.keys.stem == copy.keys.stem : other.keys.words == copy.keys.words
            }
            if let base { bases[names.ids[candidate.copy]] = Base(id: names.ids[base], name: read[base]!.name, rule: candidate.rule) }
        }
    }
}

extension Suggester {
    /// variantOf: the record this one copies, from the source's other names.
    func variant(_ record: UpstreamRecord, into result: inout RecordSuggestions) {
        guard let base = variants.base(of: record.id) else { return }
        let evidence: String
        switch base.rule {
        case "variant.marker": evidence = "name is '\(base.name)' with a camera-angle, performer or take marker"
        case "variant.same-name": evidence = "\(base.id) has the same name, '\(base.name)', and the same upstream equipment"
        default: evidence = "name differs from '\(base.name)' only in spelling, with a variant marker"
        }
        result.fields[.variantOf] = Suggestion(value: .string(base.id), evidence: because([evidence, "one planner identity: a copy is not planned beside its base"]), rule: base.rule)
    }
}
