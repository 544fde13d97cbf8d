import CatalogJSON
import CatalogModel

/// The project's own vocabularies (catalog/vocab/*.json of this repository), embedded in the
/// binary so that `catalog init` gives a working catalog wherever `catalog` is installed.
/// `Defaults/DefaultVocabulary+<name>.swift` hold the texts, one file each; `make vocab-defaults`
/// writes them again from catalog/vocab/, and a test holds them equal.
public enum DefaultVocabulary {
    /// The texts, in the order of `Vocabulary.files`.
    static let texts: [(name: String, text: String)] = [
        ("patterns.json", patternsText), ("equipment.json", equipmentText), ("muscles.json", musclesText),
        ("levels.json", levelsText), ("joints.json", jointsText),
    ]

    /// File name → bytes, for each of `Vocabulary.files`.
    public static let documents: [String: [UInt8]] = Dictionary(uniqueKeysWithValues: texts.map { ($0.name, Array($0.text.utf8)) })

    /// The vocabularies as `catalog init --bare` writes them: each file with empty lists.
    public static let bare: [String: [UInt8]] = [
        "patterns.json": Array("{\n  \"formatVersion\": 1,\n  \"patterns\": []\n}\n".utf8),
        "equipment.json": Array("{\n  \"formatVersion\": 1,\n  \"items\": []\n}\n".utf8),
        "muscles.json": Array("{\n  \"formatVersion\": 1,\n  \"groups\": [],\n  \"muscles\": []\n}\n".utf8),
        "levels.json": Array("{\n  \"formatVersion\": 1,\n  \"levels\": []\n}\n".utf8),
        "joints.json": Array("{\n  \"formatVersion\": 1,\n  \"joints\": []\n}\n".utf8),
    ]

    /// Merges newer defaults into a catalog's vocabulary document without touching what the
    /// catalog has: members it lacks are added, list entries it lacks (by `id`, or `keyword` for
    /// name implications) are appended, and entries it has gain only the keys they lack. Values
    /// the catalog set, and entries it added, stay as they are. Returns the merged document and
    /// the paths of what was added (`items[incline-bench].kindOf`).
    public static func merge(_ mine: JSONValue, defaults: JSONValue, path: String = "") -> (JSONValue, [String]) {
        switch (mine, defaults) {
        case (.object(var object), .object(let newer)):
            var added: [String] = []
            for member in newer.members {
                let at = path.isEmpty ? member.key : path + "." + member.key
                if let existing = object[member.key] {
                    let (merged, more) = merge(existing, defaults: member.value, path: at)
                    object[member.key] = merged
                    added += more
                } else {
                    object[member.key] = member.value
                    added.append(at)
                }
            }
            return (.object(object), added)
        case (.array(var list), .array(let newer)) where newer.allSatisfy({ entryKey($0) != nil }) && list.allSatisfy({ entryKey($0) != nil }):
            var added: [String] = []
            for entry in newer {
                let key = entryKey(entry)!
                if let i = list.firstIndex(where: { entryKey($0) == key }) {
                    let (merged, more) = merge(list[i], defaults: entry, path: "\(path)[\(key)]")
                    list[i] = merged
                    added += more
                } else {
                    list.append(entry)
                    added.append("\(path)[\(key)]")
                }
            }
            return (.array(list), added)
        default:
            return (mine, [])
        }
    }

    /// What names an entry of a vocabulary list.
    static func entryKey(_ value: JSONValue) -> String? {
        guard let object = value.objectValue else { return nil }
        return object["id"]?.stringValue ?? object["keyword"]?.stringValue
    }
}
