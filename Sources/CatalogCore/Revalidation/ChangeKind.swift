import CatalogJSON
import CatalogModel

/// What kind of change an upstream edit is, so editors can triage: repaired mojibake, changed
/// punctuation, a fixed typo, other media, or a change in substance. In order of seriousness:
/// a record's kind is its most serious field's.
public enum ChangeKind: String, Sendable, CaseIterable, Comparable {
    /// Mojibake fixed ("youâ€™ll" → "you'll"), possibly with typographic folding as well.
    case encodingRepair = "encoding-repair"
    /// Punctuation, separators or typography only; the same words in the same order.
    case punctuation
    /// Small edits inside words: swapped, doubled or dropped letters, British/American, case.
    case spelling
    /// The demonstration media changed (see the media issue).
    case media
    /// Anything else: words added, removed or replaced, a planner list changed, or unsure.
    case substantive

    public static func < (lhs: ChangeKind, rhs: ChangeKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Classifies the change from `old` to `new` (canonical texts or parts of them).
    public static func classify(old: String, new: String) -> ChangeKind {
        FieldChange.classify(field: "instructions", old: old, new: new, lexicon: .empty).kind
    }
}

/// A changed field's kind and what was seen: `repaired: windows-1252`, `folded: quotes`,
/// `spelling: swapped letters`, `words added or removed`…
public struct FieldChange: Sendable, Equatable {
    public var kind: ChangeKind
    public var details: [String]

    public init(_ kind: ChangeKind, _ details: [String] = []) {
        self.kind = kind
        self.details = details
    }

    /// Fields whose values are planner lists (equipment, muscles; every adapter maps its source
    /// to these): any change to them moves the planner fields directly, so it is substantive
    /// whatever it looks like.
    public static let plannerListFields: Set<String> = ["bodyPart", "target", "equipment", "secondaryMuscles"]

    /// Fields that name the exercise: a letter changed in a word can make it another exercise.
    public static let nameFields: Set<String> = ["name"]

    /// The kind of the change from `old` to `new` in `field` (canonical field texts). Equal
    /// texts get the least serious kind; revalidation only asks about fields that changed.
    /// `lexicon`: the catalog's words, which judge a word of a name changed by one letter.
    public static func classify(field: String, old: String, new: String, lexicon: CatalogLexicon) -> FieldChange {
        if old == new { return FieldChange(.encodingRepair, ["unchanged"]) }
        if plannerListFields.contains(field) { return FieldChange(.substantive, ["planner list changed"]) }
        if let introduced = Mojibake.introducedRun(old: old, new: new) {
            return FieldChange(.substantive, ["new text carries mojibake: \(introduced)"])
        }
        let target = Typography.fold(new)
        // The old text as it is, then each way it repairs: the first that folds to the new text.
        let candidates: [(text: String, repair: Mojibake.Repair?)] = [(old, nil)] + Mojibake.repairs(old).map { ($0.text, $0) }
        for candidate in candidates where Typography.fold(candidate.text) == target {
            let folded = Typography.classesNeeded(candidate.text, new)
            let details = (candidate.repair.map { ["repaired: \($0.detail)"] } ?? []) + (folded.isEmpty ? [] : ["folded: " + folded.joined(separator: ", ")])
            return FieldChange(candidate.repair == nil ? .punctuation : .encodingRepair, details)
        }
        // No exact match: judge the words of the repair that shares the most words with today's.
        var best = candidates[0]
        if candidates.count > 1 {
            let newWords = WordTokens.words(target)
            best = candidates.max { sharedWords(Typography.fold($0.text), newWords) < sharedWords(Typography.fold($1.text), newWords) }!
        }
        var change = SpellingJudge.judge(old: Typography.fold(best.text), new: target, isName: nameFields.contains(field), lexicon: lexicon)
        if let repair = best.repair { change.details.insert("repaired: \(repair.detail)", at: 0) }
        return change
    }

    static func sharedWords(_ text: String, _ words: [String]) -> Int {
        var counts: [String: Int] = [:]
        for w in words { counts[w, default: 0] += 1 }
        var shared = 0
        for w in WordTokens.words(text) where counts[w, default: 0] > 0 {
            counts[w]! -= 1
            shared += 1
        }
        return shared
    }

    public var json: [JSONMember] {
        [JSONMember("kind", .string(kind.rawValue)), JSONMember("details", .strings(details))]
    }
}

/// Typographic folding: curly quotes to straight ones, dashes to a hyphen, an ellipsis to three
/// dots, no-break and thin spaces to a space (whitespace runs then collapse to one space).
public enum Typography {
    public enum FoldClass: String, Sendable, CaseIterable {
        case quotes, dashes, ellipsis, spaces
    }

    static func replacement(_ scalar: Unicode.Scalar) -> (FoldClass, String)? {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x02BC: return (.quotes, "'")
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB: return (.quotes, "\"")
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212: return (.dashes, "-")
        case 0x2026: return (.ellipsis, "...")
        case 0x00A0, 0x2007, 0x2009, 0x200A, 0x202F, 0x2002, 0x2003: return (.spaces, " ")
        default: return nil
        }
    }

    /// The text folded in the given classes (all by default).
    public static func fold(_ text: String, _ classes: Set<FoldClass> = Set(FoldClass.allCases)) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return text }
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            var piece = String(scalar)
            if let (c, r) = replacement(scalar), classes.contains(c) { piece = r }
            if piece == " " {
                space = true
                continue
            }
            if space && !out.isEmpty { out.append(" ") }
            space = false
            out.append(piece)
        }
        return out
    }

    /// The fold classes without which `a` and `b` would not fold to the same text.
    public static func classesNeeded(_ a: String, _ b: String) -> [String] {
        FoldClass.allCases.filter { c in
            let others = Set(FoldClass.allCases).subtracting([c])
            return fold(a, others) != fold(b, others)
        }.map(\.rawValue)
    }
}
