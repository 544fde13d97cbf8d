import CatalogCore
import CatalogHTML
import CatalogJSON
import CatalogModel
import CatalogRecords

/// wger's Django fixtures (`[{model, pk, fields}]`), any number of files at once: translations
/// (the records, one per exercise in the chosen language, description as HTML), and when given,
/// exercise base data (category, equipment, muscles) resolved through the category, equipment,
/// muscle and language fixtures. Record id = the exercise pk. Without a vocabulary fixture a
/// reference is kept as its pk.
public struct WgerAdapter: SourceAdapter {
    public init() {}
    public var format: String { "wger" }
    public var defaultSource: String { "wger" }
    /// The description (HTML) becomes the shared `instructions` field.
    public var htmlFields: Set<String> { ["instructions"] }

    /// wger's pk of English, used when no language fixture is given.
    static let builtinLanguages = ["en": "2"]

    public func matches(_ inputs: [ImportInput]) -> Bool {
        !inputs.isEmpty && inputs.allSatisfy { input in
            guard let first = input.firstJSONObject else { return false }
            return first["model"]?.stringValue != nil && first["fields"]?.objectValue != nil
        }
    }

    /// A fixture object: its model, pk lexeme and fields, with where it came from.
    struct Fixture {
        var model: String
        var pk: String
        /// The pk as written (a number or a string), kept verbatim in extras.
        var pkValue: JSONValue
        var fields: JSONObject
        var file: String
        var index: Int
    }

    public func records(from inputs: [ImportInput], options: ImportOptions) throws(CatalogError) -> [UpstreamRecord] {
        var byModel: [String: [Fixture]] = [:]
        var seen = Set<String>()
        for input in inputs {
            for (index, value) in try input.jsonArray(format: format).enumerated() {
                guard let object = value.objectValue else { throw .data("expected a fixture object, found \(value.typeName)", file: input.path, record: "#\(index)") }
                guard let model = object["model"]?.stringValue else { throw .data("missing or not a string", file: input.path, record: "#\(index)", field: "model") }
                guard let pkValue = object["pk"], let pk = Self.lexeme(pkValue) else {
                    throw .data("missing, or not a number or string", file: input.path, record: "#\(index)", field: "pk")
                }
                guard let fields = object["fields"]?.objectValue else { throw .data("missing or not an object", file: input.path, record: "#\(index)", field: "fields") }
                if !seen.insert(model + "\u{0}" + pk).inserted {
                    throw .data("duplicate pk \(pk) for model \(model)", file: input.path, record: "#\(index)", field: "pk")
                }
                byModel[model, default: []].append(Fixture(model: model, pk: pk, pkValue: pkValue, fields: fields, file: input.path, index: index))
            }
        }
        guard let translations = byModel["exercises.translation"], !translations.isEmpty else {
            throw .data("no exercises.translation fixtures among the inputs", file: inputs.map(\.path).joined(separator: ", "))
        }
        let language = try languagePK(options.language, fixtures: byModel["core.language"])
        let categories = try names(byModel["exercises.exercisecategory"])
        let equipment = try names(byModel["exercises.equipment"])
        let muscles = try names(byModel["exercises.muscle"], preferring: "name_en")
        var bases: [String: Fixture] = [:]
        for base in byModel["exercises.exercise"] ?? [] { bases[base.pk] = base }
        var aliases: [String: [String]] = [:]
        for alias in byModel["exercises.alias"] ?? [] {
            if let t = alias.fields["translation"].flatMap(Self.lexeme), let a = alias.fields["alias"]?.stringValue { aliases[t, default: []].append(a) }
        }

        var records: [UpstreamRecord] = []
        var positions: [Int] = []
        for t in translations {
            guard t.fields["language"].flatMap(Self.lexeme) == language else { continue }
            let record = "#\(t.index)"
            guard let exercise = t.fields["exercise"].flatMap(Self.lexeme) else { throw .data("missing or not a number", file: t.file, record: record, field: "fields.exercise") }
            if let problem = RecordID.problem(with: exercise) { throw .data("invalid id \"\(CatalogError.quote(exercise))\": \(problem)", file: t.file, record: record, field: "fields.exercise") }
            let located = "\(exercise) (\(record))"
            guard let name = t.fields["name"]?.stringValue, !TextNormalizer.isBlank(name) else { throw .data("missing or empty", file: t.file, record: located, field: "fields.name") }
            var fields = JSONObject()
            fields["name"] = .string(name)
            switch t.fields["description"] {
            case .string(let html)?:
                let depth = HTMLText.nestingDepth(html)
                if depth > HTMLText.maxDepth {
                    throw .data("HTML nested \(depth) levels deep (at most \(HTMLText.maxDepth) are read)", file: t.file, record: located, field: "fields.description")
                }
                fields["instructions"] = .strings([html])
            case nil, .null?: break
            case let other?: throw .data("expected a string, found \(other.typeName)", file: t.file, record: located, field: "fields.description")
            }
            var translationExtra = t.fields
            for used in ["name", "description", "exercise", "language"] { translationExtra[used] = nil }
            translationExtra["pk"] = t.pkValue
            var extra = JSONObject([JSONMember("translation", .object(translationExtra))])
            if let list = aliases[t.pk] { extra["aliases"] = .strings(list) }
            if let base = bases[exercise] {
                let at = (file: base.file, record: "\(exercise) (#\(base.index))")
                fields["bodyPart"] = try resolve(base.fields["category"], in: categories, at: at, field: "fields.category").map { .string($0) }
                fields["target"] = .strings(try resolveList(base.fields["muscles"], in: muscles, at: at, field: "fields.muscles"))
                fields["equipment"] = .strings(try resolveList(base.fields["equipment"], in: equipment, at: at, field: "fields.equipment"))
                fields["secondaryMuscles"] = .strings(try resolveList(base.fields["muscles_secondary"], in: muscles, at: at, field: "fields.muscles_secondary"))
                extra["exercise"] = .object(base.fields)
            }
            records.append(UpstreamRecord(id: exercise, fields: fields, extra: extra))
            positions.append(t.index)
        }
        guard !records.isEmpty else { throw .data("no translations in language '\(options.language)'", file: inputs.map(\.path).joined(separator: ", ")) }
        return try uniqueSorted(records, positions: positions, file: inputs.map(\.path).joined(separator: ", "))
    }

    static func lexeme(_ value: JSONValue) -> String? {
        switch value {
        case .number(let n): return n
        case .string(let s): return s
        default: return nil
        }
    }

    func languagePK(_ language: String, fixtures: [Fixture]?) throws(CatalogError) -> String {
        guard !language.isEmpty else { throw CatalogError(.usage, "--language needs a language short name or pk") }
        if language.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return language }
        if let fixtures {
            if let match = fixtures.first(where: { $0.fields["short_name"]?.stringValue == language }) { return match.pk }
            throw CatalogError(.usage, "unknown wger language '\(language)' (not in the language fixtures)")
        }
        if let pk = Self.builtinLanguages[language] { return pk }
        throw CatalogError(.usage, "unknown wger language '\(language)': pass wger's languages.json too, or a language pk")
    }

    /// pk → name of a vocabulary fixture, nil when the fixture was not given.
    func names(_ fixtures: [Fixture]?, preferring preferred: String? = nil) throws(CatalogError) -> [String: String]? {
        guard let fixtures else { return nil }
        var out: [String: String] = [:]
        for f in fixtures {
            let name = preferred.flatMap { f.fields[$0]?.stringValue }.flatMap { $0.isEmpty ? nil : $0 } ?? f.fields["name"]?.stringValue
            guard let name else { throw .data("missing or not a string", file: f.file, record: "#\(f.index)", field: "fields.name") }
            out[f.pk] = name
        }
        return out
    }

    func resolve(_ value: JSONValue?, in names: [String: String]?, at: (file: String, record: String), field: String) throws(CatalogError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let pk = Self.lexeme(value) else { throw .data("expected a pk, found \(value.typeName)", file: at.file, record: at.record, field: field) }
        guard let names else { return pk }
        guard let name = names[pk] else { throw .data("refers to \(pk), which the vocabulary fixture does not have", file: at.file, record: at.record, field: field) }
        return name
    }

    func resolveList(_ value: JSONValue?, in names: [String: String]?, at: (file: String, record: String), field: String) throws(CatalogError) -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let array = value.arrayValue else { throw .data("expected a list of pks, found \(value.typeName)", file: at.file, record: at.record, field: field) }
        var out: [String] = []
        for (i, element) in array.enumerated() {
            if let name = try resolve(element, in: names, at: at, field: "\(field)[\(i)]") { out.append(name) }
        }
        return out
    }
}
