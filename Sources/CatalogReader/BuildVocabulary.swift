import CatalogJSON
import CatalogModel

/// The vocabularies a build carries (schema 2), so a planner needs nothing beside the build:
/// movement patterns, equipment with `kindOf` and load steps, muscles in groups with the
/// planner's flagged, joints, levels in order, and the planner's fixed choices of mechanic and
/// laterality. In catalog.json they are the member `vocabulary`; in catalog.sqlite the table
/// `vocabulary` (name, document), one row per member, each its compact JSON.
///
/// Each of patterns, equipment, muscles, levels and joints is the planner's part of
/// `catalog/vocab/<member>.json` in that file's own shape (so one parser, `Vocabulary.load`,
/// reads both, with every reference checked): what suggestions and imports use (keywords,
/// synonyms, tables) is left out. `mechanics` and `lateralities` are lists of ids.
public struct BuildVocabulary: Sendable, Equatable {
    public var vocabulary: Vocabulary
    public var mechanics: [String]
    public var lateralities: [String]

    /// The members, in the order they are written.
    public static let members = ["equipment", "joints", "lateralities", "levels", "mechanics", "muscles", "patterns"]

    /// A catalog's vocabulary with the contract's mechanics and lateralities.
    public init(_ vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        mechanics = Vocabulary.mechanics
        lateralities = Vocabulary.lateralities
    }

    /// Member name → its JSON value.
    public var documents: [(name: String, value: JSONValue)] {
        let v = vocabulary
        func entries(_ key: String, _ list: [JSONValue]) -> JSONValue { .object(JSONObject([JSONMember(key, .array(list))])) }
        let items: [JSONValue] = v.equipment.map { item in
            var o = JSONObject([JSONMember("id", .string(item.id)), JSONMember("definition", .string(item.definition)),
                                JSONMember("setupSeconds", .int(item.setupSeconds))])
            if !item.kindOf.isEmpty { o["kindOf"] = .strings(item.kindOf) }
            if let steps = item.loadSteps { o["loadStepKg"] = steps.json }
            return .object(o)
        }
        let muscles: JSONValue = .object(JSONObject([
            JSONMember("groups", .array(v.groups.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("muscles", .strings($0.muscles))])) })),
            JSONMember("muscles", .array(v.muscles.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("name", .string($0.name)),
                                                                               JSONMember("planner", .bool($0.planner))])) })),
        ]))
        return [
            ("equipment", entries("items", items)),
            ("joints", entries("joints", v.joints.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("definition", .string($0.definition))])) })),
            ("lateralities", .strings(lateralities)),
            ("levels", entries("levels", v.levels.map { .object(JSONObject([JSONMember("id", .string($0))])) })),
            ("mechanics", .strings(mechanics)),
            ("muscles", muscles),
            ("patterns", entries("patterns", v.patterns.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("definition", .string($0.definition))])) })),
        ]
    }

    /// catalog.json's `vocabulary`.
    public var json: JSONValue { .object(JSONObject(documents.map { JSONMember($0.name, $0.value) })) }

    /// Reads a build's `vocabulary` (`file` names it in errors): every member present, every
    /// reference checked as the vocabulary files are, and nothing but what `json` writes (the
    /// value must be in its canonical form, so a key no reader knows is refused).
    public init(json: JSONValue, file: String) throws(CatalogError) {
        let r = try JSONReader(json, file: file, path: "vocabulary")
        try r.rejectUnknown(Set(Self.members))
        var readers: [String: JSONReader] = [:]
        for name in ["equipment", "joints", "levels", "muscles", "patterns"] {
            readers[name + ".json"] = try r.objectReader(name)
        }
        vocabulary = try Vocabulary.load(readers)
        func ids(_ key: String) throws(CatalogError) -> [String] {
            let list = try r.strings(key)
            guard Set(list).count == list.count else { throw r.fail("lists an id twice", key) }
            return list
        }
        mechanics = try ids("mechanics")
        lateralities = try ids("lateralities")
        guard self.json == json else {
            throw .data("the vocabulary is not in the build format's canonical form (keys or values a build does not write)", file: file, field: "vocabulary")
        }
    }
}
