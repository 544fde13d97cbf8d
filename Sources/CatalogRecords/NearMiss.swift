import CatalogModel

/// "Did you mean …?": the known names closest to one that is not known, for an unknown command,
/// option or vocabulary value. A name the same once case, `_` and spaces are folded is the
/// closest of all (`vertical_pull` → `vertical-pull`); then a synonym's names; then those at the
/// smallest edit distance, counting a letter dropped, added, replaced, or two swapped
/// (`barbel` → `barbell`, `reveiw` → `review`), at most one edit for a short name and two for a
/// longer one.
public enum NearMiss {
    /// Up to three known names, closest first (ties in order of their names).
    public static func closest(to word: String, among known: [String], synonyms: [String: [String]] = [:]) -> [String] {
        let folded = fold(word)
        guard !folded.isEmpty else { return [] }
        if let same = known.first(where: { fold($0) == folded }) { return [same] }
        if let names = synonyms.first(where: { fold($0.key) == folded })?.value, !names.isEmpty { return Array(names.prefix(3)) }
        let limit = folded.count <= 4 ? 1 : 2
        let scored = known.compactMap { name -> (Int, String)? in
            let d = distance(Array(folded), Array(fold(name)), limit: limit)
            return d <= limit ? (d, name) : nil
        }
        return scored.sorted { $0 < $1 }.prefix(3).map(\.1)
    }

    /// `; did you mean A?` (or `A or B?`), or nothing when no known name is near.
    public static func hint(_ word: String, among known: [String], synonyms: [String: [String]] = [:]) -> String {
        let names = closest(to: word, among: known, synonyms: synonyms)
        guard !names.isEmpty else { return "" }
        return "; did you mean " + (names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!) + "?"
    }

    static func fold(_ text: String) -> String {
        String(text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }

    /// The optimal-string-alignment distance of `a` and `b`, or `limit + 1` once it is over.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1), previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            var best = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
                best = min(best, current[j])
            }
            if best > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
