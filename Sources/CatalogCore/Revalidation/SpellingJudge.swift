import CatalogJSON
import CatalogModel

/// Spelling, punctuation or substance, for two texts already repaired and folded. Conservative:
/// a change is harmless only when every difference is of a kind that keeps the words' meaning;
/// when unsure it is substantive (a wrong "harmless" is worse than a wrong "substantive").
enum SpellingJudge {
    /// `lexicon`: the catalog's words, which judge a name's one-edit changes (`nameEdit`).
    static func judge(old: String, new: String, isName: Bool, lexicon: CatalogLexicon) -> FieldChange {
        // The words of the changed middle: the common start and end hold the same words.
        let ends = WordTokens.commonEnds(old, new)
        let a = WordTokens.words(ends.old), b = WordTokens.words(ends.new)
        let total = a.count + ends.prefix.utf8.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) } + ends.suffix.utf8.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) }
        let plainA = a.map(withoutApostrophes), plainB = b.map(withoutApostrophes)
        let sameLetters = plainA.joined() == plainB.joined()
        // The usual substantive edit, decided before the dearer checks.
        if a.count != b.count && !sameLetters { return FieldChange(.substantive, ["words added or removed"]) }
        if digitsTouched(old: ends.old, new: ends.new, before: ends.prefix.last, after: ends.suffix.first) { return FieldChange(.substantive, ["numbers or their punctuation changed"]) }
        if plainA == plainB { return FieldChange(.punctuation, ["punctuation"]) }
        if sameLetters { return FieldChange(.punctuation, ["separators"]) }
        let lowerA = plainA.map { $0.lowercased() }, lowerB = plainB.map { $0.lowercased() }
        if lowerA == lowerB { return FieldChange(.spelling, ["case"]) }
        var reasons: [String] = []
        var changed = 0
        for (x, y) in zip(lowerA, lowerB) where x != y {
            changed += 1
            if isName {
                switch nameEdit(x, y, lexicon: lexicon) {
                case .success(let reason): reasons.append(reason)
                case .failure(let why): return FieldChange(.substantive, ["name word replaced: " + why.reason])
                }
                continue
            }
            guard let reason = edit(x, y) else { return FieldChange(.substantive, ["words replaced"]) }
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        guard changed <= max(2, total / 10) else { return FieldChange(.substantive, ["too many words changed"]) }
        return FieldChange(.spelling, reasons.map { "spelling: " + $0 })
    }

    static func withoutApostrophes(_ word: String) -> String {
        // By scalars: String.contains(String) is Foundation's slow range(of:).
        word.unicodeScalars.contains { $0 == "'" || $0 == "’" } ? word.filter { $0 != "'" && $0 != "’" } : word
    }

    /// Whether the text has a digit or another number character ("½"), ASCII by bytes.
    static func hasNumber(_ text: String) -> Bool {
        text.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } || text.unicodeScalars.contains { $0.value >= 0x80 && $0.properties.numericType != nil }
    }

    /// Whether an edit touches a number: digits changed, or punctuation or space beside a digit
    /// ("1.5" → "15", "3-5" → "35") — numbers carry sets, reps, angles and loads.
    static func digitsTouched(old: String, new: String, before: Character? = nil, after: Character? = nil) -> Bool {
        guard hasNumber(old) || hasNumber(new) || before?.isNumber == true || after?.isNumber == true else { return false }
        let diff = WordDiff(old: old, new: new)
        var previous = before
        for (n, segment) in diff.segments.enumerated() {
            defer { if [.equal, .delete, .moveFrom].contains(segment.kind) { previous = segment.text.last } }
            guard segment.kind != .equal else { continue }
            if hasNumber(segment.text) { return true }
            let next = diff.segments[(n + 1)...].first { $0.kind == .equal }.map { $0.text.first } ?? after
            if previous?.isNumber == true || next?.isNumber == true { return true }
        }
        return false
    }

    /// Why `y` is a respelling of `x` (lowercased words of instructions), or nil when it may be
    /// another word.
    static func edit(_ x: String, _ y: String) -> String? {
        // A word the planner reads (a side, a muscle, equipment, a movement) was spelled right:
        // a "respelling" of it makes another word ("lats" → "last", "bar" → "bra").
        if plannerTerms.contains(x) { return nil }
        let a = Array(x), b = Array(y)
        if britishAmerican(x, y) { return "british/american" }
        if swapped(a, b) { return "swapped letters" }
        if doubled(a, b) || doubled(b, a) { return "doubled or dropped letter" }
        if droppedInside(a, b) || droppedInside(b, a) { return "dropped letter" }
        if vowelSlip(a, b) { return "vowel" }
        return nil
    }

    /// Why a name's word `x` became `y`: a respelling (the detail) or another word (why). A name
    /// word changed by one edit is a typo put right only when the catalog's own texts say so:
    /// the old word is rare there and the new one known ("barbel" → "barbell"). A planner word
    /// or a known word changed makes another exercise ("left" → "lift", "row" → "raw").
    static func nameEdit(_ x: String, _ y: String, lexicon: CatalogLexicon) -> Result<String, NameWordChanged> {
        let pair = "'\(x)' → '\(y)'"
        if plannerTerms.contains(x) { return .failure(NameWordChanged(pair + ": '\(x)' is a word the planner reads")) }
        if lexicon.isKnown(x) { return .failure(NameWordChanged(pair + ": '\(x)' is a known word (\(lexicon.standing(x)))")) }
        if britishAmerican(x, y) { return .success(pair + ": british/american") }
        guard let kind = oneEdit(Array(x), Array(y)), x.count >= 3 else { return .failure(NameWordChanged(pair + ": more than one letter changed")) }
        guard lexicon.isRare(x) else { return .failure(NameWordChanged(pair + ": '\(x)' is not rare (\(lexicon.standing(x)))")) }
        guard lexicon.isKnown(y) else { return .failure(NameWordChanged(pair + ": '\(y)' is not a known word (\(lexicon.standing(y)))")) }
        return .success("\(pair): \(kind) ('\(x)' \(lexicon.standing(x)), '\(y)' \(lexicon.standing(y)))")
    }

    /// Why a name's word is another word, for the details.
    struct NameWordChanged: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The one edit that makes `b` of `a` (letters only): a letter dropped, doubled or added, two
    /// swapped, or one replaced; nil for none or more.
    static func oneEdit(_ a: [Character], _ b: [Character]) -> String? {
        guard a.allSatisfy(\.isLetter), b.allSatisfy(\.isLetter) else { return nil }
        if a.count == b.count {
            let diffs = a.indices.filter { a[$0] != b[$0] }
            if diffs.count == 1 { return "a mistyped letter" }
            // Two letters swapped, at most one letter apart ("keens" → "knees").
            let close = diffs.count == 2 && diffs[1] - diffs[0] <= 2
            return close && a[diffs[0]] == b[diffs[1]] && a[diffs[1]] == b[diffs[0]] ? "swapped letters" : nil
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return nil }
        let i = short.indices.first(where: { short[$0] != long[$0] }) ?? short.count
        guard Array(long[(i + 1)...]) == Array(short[i...]) else { return nil }
        let twin = (i > 0 && long[i - 1] == long[i]) || (i + 1 < long.count && long[i + 1] == long[i])
        switch (a.count < b.count, twin) {
        case (true, true): return "a doubled letter put back"
        case (true, false): return "a dropped letter put back"
        case (false, true): return "a doubled letter taken out"
        case (false, false): return "a stray letter taken out"
        }
    }

    /// Two letters swapped, not the first, at most one letter apart: "keens" → "knees", "teh"
    /// → "the".
    static func swapped(_ a: [Character], _ b: [Character]) -> Bool {
        guard a.count == b.count, a.count >= 3 else { return false }
        let diffs = a.indices.filter { a[$0] != b[$0] }
        guard diffs.count == 2, diffs[0] >= 1, diffs[1] - diffs[0] <= 2 else { return false }
        return a[diffs[0]] == b[diffs[1]] && a[diffs[1]] == b[diffs[0]] && a.allSatisfy(\.isLetter)
    }

    /// `long` is `short` with one letter doubled ("shoulder" → "shoullder").
    static func doubled(_ short: [Character], _ long: [Character]) -> Bool {
        guard long.count == short.count + 1, short.count >= 4 else { return false }
        let i = short.indices.first(where: { short[$0] != long[$0] }) ?? short.count
        guard Array(long[(i + 1)...]) == Array(short[i...]) else { return false }
        let letter = long[i]
        let twin = (i > 0 && long[i - 1] == letter) || (i + 1 < long.count && long[i + 1] == letter)
        return twin && letter.isLetter
    }

    /// `long` is `short` with one letter added inside (not first or last), both 6+ letters:
    /// "exercse" → "exercise".
    static func droppedInside(_ short: [Character], _ long: [Character]) -> Bool {
        guard long.count == short.count + 1, short.count >= 6 else { return false }
        guard let i = short.indices.first(where: { short[$0] != long[$0] }), i >= 1, i < short.count else { return false }
        return Array(long[(i + 1)...]) == Array(short[i...]) && long[i].isLetter
    }

    /// One vowel for another inside a word of 6+ letters, not first or last: "repititions" →
    /// "repetitions". Consonant slips make other words ("abduction" → "adduction").
    static func vowelSlip(_ a: [Character], _ b: [Character]) -> Bool {
        guard a.count == b.count, a.count >= 6 else { return false }
        let diffs = a.indices.filter { a[$0] != b[$0] }
        guard diffs.count == 1, let i = diffs.first, i >= 1, i < a.count - 1 else { return false }
        return "aeiou".contains(a[i]) && "aeiou".contains(b[i])
    }

    /// Words that say which side, muscle, equipment or movement: never respelled harmlessly.
    static let plannerTerms: Set<String> = [
        "left", "right", "up", "down", "front", "back", "side", "sides", "inner", "outer", "upper", "lower", "high", "low",
        "wide", "close", "narrow", "incline", "decline", "flat", "forward", "backward", "internal", "external", "in", "out",
        "over", "under", "abs", "abductors", "adductors", "biceps", "triceps", "calf", "calves", "chest", "core", "delts",
        "glute", "glutes", "hamstrings", "hip", "hips", "knee", "knees", "lats", "neck", "obliques", "pecs", "quads", "shin",
        "shins", "shoulder", "shoulders", "spine", "thigh", "thighs", "traps", "waist", "wrist", "wrists", "ankle", "ankles",
        "elbow", "elbows", "arm", "arms", "leg", "legs", "foot", "feet", "hand", "hands", "heel", "heels", "toe", "toes",
        "band", "bar", "barbell", "bench", "cable", "dumbbell", "kettlebell", "rope", "ball", "box", "sled", "machine",
        "plate", "ring", "rings", "step", "lift", "press", "pull", "push", "row", "curl", "raise", "squat", "lunge", "hold",
        "inhale", "exhale", "flex", "extend", "rotate", "twist", "one", "two", "three", "both", "single", "each", "not", "no",
        "never", "always", "slow", "fast",
    ]

    /// Spellings that differ only as British and American English do.
    static let variantPairs: [(String, String)] = [("our", "or"), ("ise", "ize"), ("isa", "iza"), ("isi", "izi"), ("yse", "yze"), ("ogue", "og"), ("ence", "ense"), ("mme", "m")]
    static let variantWords: Set<[String]> = [["grey", "gray"], ["tyre", "tire"], ["plough", "plow"], ["aluminium", "aluminum"], ["kerb", "curb"]]

    static func britishAmerican(_ x: String, _ y: String) -> Bool {
        if variantWords.contains([x, y]) || variantWords.contains([y, x]) { return true }
        for (x, y) in [(x, y), (y, x)] {
            // "centre" → "center", "fibres" → "fibers": -re at the end, before an s or d at most.
            for suffix in ["", "s", "d"] where x.hasSuffix("re" + suffix) && x.count >= 5 + suffix.count {
                if String(x.dropLast(2 + suffix.count)) + "er" + suffix == y { return true }
            }
            for (british, american) in variantPairs {
                var start = x.startIndex
                while let range = x.range(of: british, range: start..<x.endIndex) {
                    if x.distance(from: x.startIndex, to: range.lowerBound) >= 3, x.replacingCharacters(in: range, with: american) == y { return true }
                    start = x.index(after: range.lowerBound)
                }
            }
        }
        return false
    }
}
