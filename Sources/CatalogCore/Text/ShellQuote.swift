import CatalogJSON
import CatalogModel

/// Command lines printed for a person to paste into a shell (`catalog accept 0017 'x;y'`): every
/// word that is not plainly safe is POSIX single-quoted, so upstream text in an id can never run
/// as code. The one function every printed command line goes through.
public enum ShellQuote {
    /// `word` as one shell word: unchanged when it holds only characters no shell treats
    /// specially (letters, digits and `@%+=:,./_-`), else in single quotes with each `'` as `'\''`.
    public static func word(_ word: String) -> String {
        if !word.isEmpty && word.utf8.allSatisfy(isSafe) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The words joined into one command line, each quoted as `word` does.
    public static func command(_ words: [String]) -> String {
        words.map(word).joined(separator: " ")
    }

    static func isSafe(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ","),
             UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"): return true
        default: return false
        }
    }
}

/// How a record is named on a command line so that the name resolves to it and is never read as
/// an option: a bare id means the member source's record, so the member's records go by their id
/// and every other source's by `SOURCE:ID` (DESIGN.md §8); an id that starts with `-` (upstream's
/// `--kind=substantive`, `-h`) goes by `SOURCE:ID` too, so a name typed back after `catalog review`
/// names the record even without `--`.
public enum RecordName {
    public static func typed(source: String, id: String, memberSource: String) -> String {
        source == memberSource && !id.hasPrefix("-") ? id : source + ":" + id
    }

    /// `catalog VERB -- NAME...` for records of `source`, shell-quoted: `--` ends the options, so
    /// no name can be read as one.
    public static func command(_ verb: [String], source: String, ids: [String], memberSource: String) -> String {
        ShellQuote.command(["catalog"] + verb + ["--"] + ids.map { typed(source: source, id: $0, memberSource: memberSource) })
    }
}
