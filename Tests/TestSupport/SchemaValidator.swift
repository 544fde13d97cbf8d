import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation

/// A JSON Schema (2020-12) validator for the subset the project's schemas use: type, const,
/// enum, required, properties, additionalProperties, items, oneOf, $ref to #/$defs, minimum,
/// maximum, minLength, pattern. Returns every violation with its path.
public struct SchemaValidator {
    let root: JSONValue

    public init(schema: JSONValue) {
        root = schema
    }

    public func validate(_ value: JSONValue) -> [String] {
        var errors: [String] = []
        check(value, against: root, path: "$", errors: &errors)
        return errors
    }

    func resolve(_ schema: JSONObject) -> JSONObject {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/") else { return schema }
        var node: JSONValue? = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node?.objectValue?[String(part)] }
        return node?.objectValue ?? JSONObject()
    }

    static func typeName(_ value: JSONValue) -> [String] {
        switch value {
        case .null: return ["null"]
        case .bool: return ["boolean"]
        case .string: return ["string"]
        case .array: return ["array"]
        case .object: return ["object"]
        case .number(let n): return Double(n).map { $0 == $0.rounded() && !n.contains(".") && !n.lowercased().contains("e") } == true ? ["integer", "number"] : ["number"]
        }
    }

    static func numeric(_ value: JSONValue) -> Double? {
        if case .number(let n) = value { return Double(n) }
        return nil
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = numeric(a), let y = numeric(b) { return x == y }
        return a == b
    }

    func check(_ value: JSONValue, against schemaValue: JSONValue, path: String, errors: inout [String]) {
        guard let raw = schemaValue.objectValue else { return }
        let schema = resolve(raw)
        if let type = schema["type"] {
            let allowed = type.stringValue.map { [$0] } ?? (type.arrayValue ?? []).compactMap(\.stringValue)
            if Set(allowed).isDisjoint(with: Self.typeName(value)) { errors.append("\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeName)") }
        }
        if let constant = schema["const"], !Self.equal(constant, value) { errors.append("\(path): expected \(JSONWriter.string(constant))") }
        if let options = schema["enum"]?.arrayValue, !options.contains(where: { Self.equal($0, value) }) {
            errors.append("\(path): \(JSONWriter.string(value)) is not one of \(JSONWriter.string(.array(options)))")
        }
        if let oneOf = schema["oneOf"]?.arrayValue {
            let passing = oneOf.filter { option in
                var sub: [String] = []
                check(value, against: option, path: path, errors: &sub)
                return sub.isEmpty
            }.count
            if passing != 1 { errors.append("\(path): matches \(passing) of the oneOf schemas, not exactly one") }
        }
        if let n = Self.numeric(value) {
            if let min = schema["minimum"].flatMap(Self.numeric), n < min { errors.append("\(path): \(n) < minimum \(min)") }
            if let max = schema["maximum"].flatMap(Self.numeric), n > max { errors.append("\(path): \(n) > maximum \(max)") }
        }
        if let s = value.stringValue {
            if let min = schema["minLength"].flatMap(Self.numeric), Double(s.count) < min { errors.append("\(path): shorter than \(Int(min))") }
            if let pattern = schema["pattern"]?.stringValue, s.range(of: pattern, options: .regularExpression) == nil {
                errors.append("\(path): '\(s)' does not match \(pattern)")
            }
        }
        if let object = value.objectValue {
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                errors.append("\(path): missing required \(key)")
            }
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            for member in object.members {
                if let sub = properties[member.key] {
                    check(member.value, against: sub, path: "\(path).\(member.key)", errors: &errors)
                } else if let additional = schema["additionalProperties"] {
                    if additional == .bool(false) { errors.append("\(path): unexpected property \(member.key)") }
                    else { check(member.value, against: additional, path: "\(path).\(member.key)", errors: &errors) }
                }
            }
        }
        if let array = value.arrayValue, let items = schema["items"] {
            for (i, element) in array.enumerated() { check(element, against: items, path: "\(path)[\(i)]", errors: &errors) }
        }
    }
}
