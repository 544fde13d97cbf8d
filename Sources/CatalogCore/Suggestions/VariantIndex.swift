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
    struct Keys {
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
    }

    /// Builds the index from every current record's id and name, in id order (the first of
    /// several candidates is the first in that order), asking
    /// `equipmentTerms` only for the few records that share a name with another.
    public init(records: [(id: String, name: String)], equipmentTerms: (String) -> [String]?) {
        let keys = records.map { Keys($0.name) }
        var plainByWords: [String: [Int]] = [:]
        var plainByStem: [String: [Int]] = [:]
        for (i, k) in keys.enumerated() where !k.marked {
            plainByWords[k.words, default: []].append(i)
            plainByStem[k.stem, default: []].append(i)
        }
        var terms: [Int: [String]?] = [:]
        func sameEquipment(_ a: Int, _ b: Int) -> Bool {
            let ta = terms[a] ?? { let t = equipmentTerms(records[a].id); terms[a] = t; return t }()
            let tb = terms[b] ?? { let t = equipmentTerms(records[b].id); terms[b] = t; return t }()
            return ta != nil && ta == tb
        }
        for (i, k) in keys.enumerated() {
            let candidates: [(Int, String)]
            if k.marked {
                let exact = plainByWords[k.words] ?? []
                candidates = exact.isEmpty ? (plainByStem[k.stem] ?? []).map { ($0, "variant.near-name") } : exact.map { ($0, "variant.marker") }
            } else {
                candidates = (plainByWords[k.words] ?? []).filter { $0 != i }.map { ($0, "variant.same-name") }
            }
            // Of two records of one name, the later in id order is the copy.
            guard let first = candidates.first(where: { c in (k.marked || c.0 < i) && sameEquipment(i, c.0) }) else { continue }
            bases[records[i].id] = Base(id: records[first.0].id, name: records[first.0].name, rule: first.1)
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
        result.fields[.variantOf] = Suggestion(value: .string(base.id), evidence: [evidence, "one planner identity: a copy is not planned beside its base"], rule: base.rule)
    }
}
