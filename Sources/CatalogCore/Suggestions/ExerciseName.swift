import CatalogJSON
import CatalogModel

/// Exercise names as the suggester reads them: "Weighted_Pull_Ups", "weighted pull-ups" and
/// "Weighted Pullup" are one name. Keywords go through the same normalisation, so a vocabulary
/// keyword written once matches every spelling.
public enum ExerciseName {
    /// Two-word spellings of one word: "push up" and "push-up" are "pushup".
    static let compounds: [(String, String, String)] = [
        ("push", "up", "pushup"), ("pull", "up", "pullup"), ("chin", "up", "chinup"), ("sit", "up", "situp"),
        ("step", "up", "stepup"), ("get", "up", "getup"), ("curl", "up", "curlup"), ("pull", "down", "pulldown"),
        ("push", "down", "pushdown"), ("muscle", "up", "muscleup"), ("v", "up", "vup"), ("pull", "in", "pullin"),
        ("skull", "crusher", "skullcrusher"), ("wood", "chop", "woodchop"), ("hyper", "extension", "hyperextension"),
        ("roll", "out", "rollout"), ("t", "bar", "tbar"), ("ez", "bar", "ezbar"), ("step", "mill", "stepmill"),
    ]
    /// Words that stay as written though they end in s.
    static let keepS: Set<String> = ["press", "abs", "plus", "bus", "across", "cross", "toss", "bis", "tris"]
    /// Variant markers that name a camera angle, a performer or a take, not another exercise
    /// (compared, not hashed: every word of every name is asked).
    static func isVariantWord(_ word: String) -> Bool {
        switch word {
        case "pov", "male", "female", "version", "variation": true
        default: false
        }
    }

    /// Lowercased words of letters and digits, singular, compounds joined.
    public static func words(_ name: String) -> [String] { words(raw: rawWords(name)) }

    /// `words` of a name whose `rawWords` are at hand (the suggester needs both).
    public static func words(raw: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(raw.count)
        for word in raw.lazy.map(singular) {
            if let last = out.last, compoundEnds.contains(word), let joined = compounds.first(where: { $0.0 == last && $0.1 == word })?.2 {
                out[out.count - 1] = joined
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// The compounds' second words: a word that is none of them is not compared with every compound.
    static let compoundEnds = Array(Set(compounds.map(\.1)))

    /// Lowercased runs of letters and digits, as written: what whole-word matching on the name
    /// as written sees, word by word.
    public static func rawWords(_ name: String) -> [String] {
        var raw: [String] = []
        raw.reserveCapacity(8)
        // A word's UTF-8 bytes, made a String once it ends (a short word is stored inline: no
        // allocation); scalars, not Characters: this runs on every name of every suggestion.
        var current: [UInt8] = []
        current.reserveCapacity(32)
        for s in name.unicodeScalars {
            if s.isASCII {
                let v = UInt8(s.value)
                if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) {
                    current.append(v)
                    continue
                }
                if v >= 0x41 && v <= 0x5A {
                    current.append(v + 0x20)
                    continue
                }
                if v == 0x27 { continue }  // farmer's = farmers
            } else if s.properties.isAlphabetic || s.properties.numericType != nil {
                current.append(contentsOf: s.properties.lowercaseMapping.utf8)
                continue
            } else if s == "\u{2019}" {
                continue
            }
            if !current.isEmpty {
                raw.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { raw.append(String(decoding: current, as: UTF8.self)) }
        return raw
    }

    /// A name as one string of normalised words, for keyword matching.
    public static func normalized(_ name: String) -> String { words(name).joined(separator: " ") }

    static func singular(_ word: String) -> String {
        // The last byte first: most words end otherwise, and it costs no Character comparison.
        guard word.utf8.last == 0x73, word.hasSuffix("s"), word.count > 3, !keepS.contains(word), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else {
            return word == "flye" ? "fly" : word
        }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("ves") { return String(word.dropLast(3)) + "f" }
        for end in ["ches", "shes", "xes", "sses"] where word.hasSuffix(end) { return String(word.dropLast(2)) }
        let one = String(word.dropLast())
        return one == "flye" ? "fly" : one
    }

    /// The name without its variant markers: "(back pov)", "v. 2", "(male)", "version 3".
    public static func baseWords(_ name: String) -> [String] { baseWords(words: words(name)) }

    public static func baseWords(words: [String]) -> [String] {
        var i = 0
        var out: [String] = []
        out.reserveCapacity(words.count)
        while i < words.count {
            let w = words[i]
            if isVariantWord(w) || (w == "side" || w == "back" || w == "front") && i + 1 < words.count && words[i + 1] == "pov" {
                i += 1
                continue
            }
            if (w == "v" || w == "version") && i + 1 < words.count && words[i + 1].allSatisfy(\.isNumber) {
                i += 2
                continue
            }
            out.append(w)
            i += 1
        }
        return out
    }
}
