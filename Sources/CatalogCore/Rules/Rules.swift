import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// The review rules, by stable id. Hard: structure and vocabulary. Soft: plausibility.
public enum Rules {
    public static let all: [Rule] = hard + soft

    public static func rule(_ id: RuleID) -> Rule? { all.first { $0.id == id } }

    /// The review rule a review file's `exceptions` key names, nil for none.
    public static func rule(named id: String) -> Rule? { RuleID(rawValue: id).flatMap(rule) }

    public static let hard: [Rule] = [
        Rule(.patternUnknown, .hard, "movementPattern is one of catalog/vocab/patterns.json") { c in
            guard let p = c.review.value(.movementPattern)?.stringValue, !c.vocabulary.patternIDs.contains(p) else { return [] }
            return [("movementPattern", "unknown movement pattern '\(p)'" + NearMiss.hint(p, among: c.vocabulary.patterns.map(\.id)))]
        },
        Rule(.equipmentUnknown, .hard, "every equipment item is in catalog/vocab/equipment.json") { c in
            let known = c.vocabulary.equipmentIDs
            return c.strings(.equipment).enumerated().compactMap { i, item in
                known.contains(item) ? nil : ("equipment[\(i)]", "unknown equipment item '\(item)'"
                    + NearMiss.hint(item, among: c.vocabulary.equipment.map(\.id), synonyms: c.vocabulary.equipmentSynonyms.values.reduce(into: [:]) { $0.merge($1) { a, _ in a } }))
            }
        },
        Rule(.muscleUnknown, .hard, "every muscle is a muscle or group of catalog/vocab/muscles.json") { c in
            let known = c.vocabulary.muscleOrGroupIDs
            return [PlannerField.primaryMuscles, .secondaryMuscles].flatMap { field in
                c.strings(field).enumerated().compactMap { i, m in
                    known.contains(m) ? nil : ("\(field.rawValue)[\(i)]", "unknown muscle or group '\(m)'"
                        + NearMiss.hint(m, among: c.vocabulary.muscles.map(\.id) + c.vocabulary.groups.map(\.id),
                                        synonyms: c.vocabulary.muscleSynonyms.values.reduce(into: [:]) { $0.merge($1) { a, _ in a } }))
                }
            }
        },
        Rule(.levelUnknown, .hard, "level is one of catalog/vocab/levels.json") { c in
            guard let l = c.review.value(.level)?.stringValue, !c.vocabulary.levels.contains(l) else { return [] }
            return [("level", "unknown level '\(l)' (known: \(c.vocabulary.levels.joined(separator: ", ")))"
                + NearMiss.hint(l, among: c.vocabulary.levels, synonyms: c.vocabulary.levelSynonyms.values.reduce(into: [:]) { $0.merge($1.mapValues { [$0] }) { a, _ in a } }))]
        },
        Rule(.mechanicUnknown, .hard, "mechanic is compound or isolation") { c in
            guard let m = c.review.value(.mechanic)?.stringValue, !Vocabulary.mechanics.contains(m) else { return [] }
            return [("mechanic", "unknown mechanic '\(m)' (known: \(Vocabulary.mechanics.joined(separator: ", ")))")]
        },
        Rule(.lateralityUnknown, .hard, "laterality is bilateral, unilateral or alternating") { c in
            guard let l = c.review.value(.laterality)?.stringValue, !Vocabulary.lateralities.contains(l) else { return [] }
            return [("laterality", "unknown laterality '\(l)' (known: \(Vocabulary.lateralities.joined(separator: ", ")))")]
        },
        Rule(.jointUnknown, .hard, "every jointStress item is in catalog/vocab/joints.json") { c in
            c.strings(.jointStress).enumerated().compactMap { i, joint in
                c.vocabulary.jointIDs.contains(joint) ? nil : ("jointStress[\(i)]", "unknown joint '\(joint)'" + NearMiss.hint(joint, among: c.vocabulary.joints.map(\.id)))
            }
        },
        Rule(.variantSelf, .hard, "variantOf names another record") { c in
            guard let of = c.review.value(.variantOf)?.stringValue else { return [] }
            if of.isEmpty { return [("variantOf", "variantOf needs the id of the record this one copies")] }
            return of == c.review.id || of == c.review.source + ":" + c.review.id ? [("variantOf", "a record cannot be a variant of itself")] : []
        },
        Rule(.setupRange, .hard, "setupSeconds is a whole number from 0 to 600") { c in
            guard case .number(let n)? = c.review.value(.setupSeconds) else { return [] }
            guard let v = Double(n), v >= 0, v <= 600, v == v.rounded() else { return [("setupSeconds", "\(n) is not a whole number from 0 to 600")] }
            return []
        },
        Rule(.confidenceRange, .hard, "confidence is from 0 to 1") { c in
            guard let v = c.review.confidence, !(0...1).contains(v) else { return [] }
            return [("confidence", "\(v) is not from 0 to 1")]
        },
        Rule(.manualOnlyReason, .hard, "planning manual-only says why") { c in
            guard case .manualOnly(let reason) = c.review.planning, TextNormalizer.normalize(reason).isEmpty else { return [] }
            return [("planning.reason", "manual-only needs a reason")]
        },
        Rule(.listDuplicate, .hard, "no item twice in a list, no muscle both primary and secondary") { c in
            var hits: [(String?, String)] = []
            let primary = c.strings(.primaryMuscles), secondary = c.strings(.secondaryMuscles)
            for (field, items) in [(PlannerField.equipment, c.strings(.equipment)), (.primaryMuscles, primary), (.secondaryMuscles, secondary),
                                   (.jointStress, c.strings(.jointStress))] {
                for i in repeats(items) { hits.append(("\(field.rawValue)[\(i)]", "'\(items[i])' is listed twice")) }
            }
            let primarySet = primary.count > 32 ? Set(primary) : nil
            for (i, m) in secondary.enumerated() where primarySet?.contains(m) ?? primary.contains(m) {
                hits.append(("secondaryMuscles[\(i)]", "'\(m)' is also a primary muscle"))
            }
            return hits
        },
        Rule(.basisInvalid, .hard, "every correction's fingerprint has its basis text, which hashes to it") { c in
            var hits: [(String?, String)] = []
            // A fingerprint shared by the corrections before (the same string, as a dictionary
            // compares keys) is looked up once; the fields without a basis are named in order.
            var missing: [PlannerField] = [], present: String?
            for (field, correction) in c.review.corrections where correction.fingerprint != present {
                if c.review.basis[correction.fingerprint] == nil { missing.append(field) } else { present = correction.fingerprint }
            }
            for field in missing.sorted() { hits.append(("corrections.\(field.rawValue).fingerprint", "no basis text for \(c.review.corrections[field]!.fingerprint)")) }
            // Each basis text once, however many corrections share it (one, nearly always: no sort).
            func check(_ fp: String, _ text: String) {
                if c.fingerprint(ofBasis: text) != Fingerprint(fp) { hits.append(("basis", "the basis text of \(fp) does not hash to it")) }
            }
            if c.review.basis.count < 2 {
                for (fp, text) in c.review.basis { check(fp, text) }
            } else {
                for (fp, text) in c.review.basis.sorted(by: { $0.key < $1.key }) { check(fp, text) }
            }
            return hits
        },
        Rule(.exceptionInvalid, .hard, "exceptions name a soft rule and justify it") { c in
            c.review.exceptions.keys.sorted().compactMap { id in
                guard let rule = Rules.rule(named: id) else { return ("exceptions.\(id)", "no rule '\(id)'") }
                if rule.severity == .hard { return ("exceptions.\(id)", "'\(id)' is a hard rule: it cannot be excepted") }
                if TextNormalizer.normalize(c.review.exceptions[id]!).isEmpty { return ("exceptions.\(id)", "an exception needs a justification") }
                return nil
            }
        },
        Rule(.provenanceInvalid, .hard, "every correction names its editor (no control or format character) and a date from 2000-01-01 to tomorrow (YYYY-MM-DD)") { c in
            Provenance.problems(c.review, today: c.today)
        },
    ]

    public static let soft: [Rule] = [
        Rule(.primaryCount, .soft, "at most 3 primary muscles (a set counts in full for each)", plannerOnly: true) { c in
            let n = c.strings(.primaryMuscles).count
            return n > 3 ? [("primaryMuscles", "\(n) primary muscles; a set counts in full for each, so more than 3 inflates volume")] : []
        },
        Rule(.primaryNotPlanner, .soft, "some primary muscle counts toward the planner's weekly targets", plannerOnly: true) { c in
            let primary = c.strings(.primaryMuscles)
            guard !primary.isEmpty, primary.allSatisfy({ c.vocabulary.muscleOrGroupIDs.contains($0) }) else { return [] }
            return primary.contains { !c.vocabulary.plannerMuscles(of: $0).isEmpty } ? [] : [("primaryMuscles", "no primary muscle is one the planner sets targets for")]
        },
        Rule(.nameImpliesEquipment, .soft, "equipment the exercise's name implies is listed (or a more specific item of its kind)") { c in
            guard c.review.value(.equipment) != nil else { return [] }
            // An implication that only stands in for an upstream item names nothing the name needs.
            let implied = NameMatcher.implications(in: c.recordName.lowercased(), c.vocabulary).filter { $0.insteadOf.isEmpty }
            guard !implied.isEmpty else { return [] }
            let have = c.vocabulary.satisfied(by: c.strings(.equipment))
            var hits: [(String?, String)] = []
            for implication in implied {
                for item in implication.items where !have.contains(item) {
                    hits.append(("equipment", "the name says '\(implication.keyword)', which needs '\(item)'"))
                }
            }
            return hits
        },
        Rule(.setupWithoutEquipment, .soft, "no more than 120 s of setup without equipment") { c in
            guard case .number(let n)? = c.review.value(.setupSeconds), let v = Double(n), v > 120, c.review.value(.equipment) != nil,
                  c.strings(.equipment).isEmpty else { return [] }
            return [("setupSeconds", "\(n) s of setup with no equipment")]
        },
        Rule(.secondaryCount, .soft, "at most 6 secondary muscles", plannerOnly: true) { c in
            let n = c.strings(.secondaryMuscles).count
            return n > 6 ? [("secondaryMuscles", "\(n) secondary muscles")] : []
        },
    ]
}

/// Whole-word matching of keywords in exercise names ("dip" matches "bench dip", not "dipper").
public enum NameMatcher {
    public static func contains(_ name: String, _ keyword: String) -> Bool {
        !ranges(of: keyword, in: name, first: true).isEmpty
    }

    /// Where `keyword` occurs in `name` as whole words, as UTF-8 offsets. A byte-level search
    /// (memchr to each candidate first byte): suggestions run it on every record's instructions.
    public static func ranges(of keyword: String, in name: String, first: Bool = false) -> [Range<Int>] {
        var name = name
        var keyword = keyword
        return keyword.withUTF8 { k in name.withUTF8 { n in ranges(of: k, in: n, first: first) } }
    }

    /// `ranges(of:in:first:)` on the UTF-8 bytes of both.
    static func ranges(of k: UnsafeBufferPointer<UInt8>, in n: UnsafeBufferPointer<UInt8>, first: Bool = false) -> [Range<Int>] {
        var out: [Range<Int>] = []
        guard !k.isEmpty, n.count >= k.count, let base = n.baseAddress, let key = k.baseAddress else { return out }
        let last = n.count - k.count
        var i = 0
        while i <= last {
            guard let hit = memchr(base + i, Int32(key[0]), last - i + 1) else { return out }
            i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            // The last byte before the rest: most first-byte hits are other words.
            if base[i + k.count - 1] == key[k.count - 1] && memcmp(base + i + 1, key + 1, k.count - 1) == 0 && !endsWithWordCharacter(n, before: i) && !startsWithWordCharacter(n, at: i + k.count) {
                out.append(i..<(i + k.count))
                if first { return out }
            }
            i += 1
        }
        return out
    }

    static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil
    }

    /// Whether the character just before byte `end` is a letter or digit.
    static func endsWithWordCharacter(_ n: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        guard end > 0 else { return false }
        if n[end - 1] < 0x80 { return isASCIIWordByte(n[end - 1]) }
        var start = end - 1
        while start > 0 && n[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(n, start..<end).map(isWordScalar) ?? false
    }

    /// Whether the character starting at byte `start` is a letter or digit.
    static func startsWithWordCharacter(_ n: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start < n.count else { return false }
        if n[start] < 0x80 { return isASCIIWordByte(n[start]) }
        var end = start + 1
        while end < n.count && n[end] & 0xC0 == 0x80 { end += 1 }
        return decode(n, start..<end).map(isWordScalar) ?? false
    }

    static func decode(_ n: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Unicode.Scalar? {
        String(decoding: UnsafeBufferPointer(rebasing: n[range]), as: UTF8.self).unicodeScalars.first
    }

    /// The implications of `vocabulary` whose keyword occurs in `name`, except where the
    /// occurrence overlaps a longer matching keyword ("incline bench press" implies an incline
    /// bench, not also a flat one through "bench press").
    public static func implications(in name: String, _ vocabulary: Vocabulary) -> [Vocabulary.NameImplication] {
        // Every record's name meets every keyword, and few keywords occur: a keyword whose first
        // or last two bytes are not side by side in the name (or, of one byte, whose byte is not
        // in it) is passed over without a search or an allocation.
        let all = vocabulary.nameImplications, keywords = vocabulary.nameImplicationKeywords
        var hits: [(Vocabulary.NameImplication, [Range<Int>])] = []
        var name = name
        name.withUTF8 { n in
            let pairs = PairSet(n)
            keywords.withUnsafeBufferPointer { keywords in
                for k in keywords.indices where pairs.mayHold(keywords[k]) {
                    let found = keywords[k].withUnsafeBufferPointer { ranges(of: $0, in: n) }
                    if !found.isEmpty { hits.append((all[k], found)) }
                }
            }
        }
        return hits.filter { implication, ranges in
            ranges.contains { range in
                !hits.contains { other, otherRanges in
                    other.keyword.count > implication.keyword.count && otherRanges.contains { $0.overlaps(range) }
                }
            }
        }.map { $0.0 }
    }
}

/// The pairs of adjacent bytes of a text (and its bytes), hashed into bits: a word whose first
/// or last pair is missing does not occur in it (a pair present may be another's hash).
struct PairSet {
    private var bits = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))

    init(_ text: UnsafeBufferPointer<UInt8>) {
        withUnsafeMutableBytes(of: &bits) { raw in
            let words = raw.bindMemory(to: UInt64.self)
            var previous: UInt8 = 0
            for (i, b) in text.enumerated() {
                Self.set(Self.slot(single: b), in: words)
                if i > 0 { Self.set(Self.slot(previous, b), in: words) }
                previous = b
            }
        }
    }

    static func slot(_ a: UInt8, _ b: UInt8) -> Int { (Int(a) &* 31 &+ Int(b)) & 511 }
    static func slot(single b: UInt8) -> Int { (Int(b) &* 17 &+ 7) & 511 }

    private static func set(_ slot: Int, in words: UnsafeMutableBufferPointer<UInt64>) { words[slot >> 6] |= 1 << UInt64(slot & 63) }

    private func has(_ slot: Int) -> Bool {
        withUnsafeBytes(of: bits) { $0.load(fromByteOffset: (slot >> 6) * 8, as: UInt64.self) & (1 << UInt64(slot & 63)) != 0 }
    }

    /// False when `word` cannot occur in the text.
    func mayHold(_ word: [UInt8]) -> Bool {
        let n = word.count
        guard n > 1 else { return n == 1 && has(Self.slot(single: word[0])) }
        return has(Self.slot(word[0], word[1])) && has(Self.slot(word[n - 2], word[n - 1]))
    }
}

extension Rules {
    /// The positions in `items` of those listed before (as a set would find them; a short list,
    /// as review lists are, without building one).
    public static func repeats(_ items: [String]) -> [Int] {
        guard items.count > 1 else { return [] }
        if items.count > 32 {
            var seen = Set<String>()
            return items.indices.filter { !seen.insert(items[$0]).inserted }
        }
        return items.indices.filter { i in items[..<i].contains(items[i]) }
    }
}
