import CatalogCore
import CatalogJSON
import CatalogModel

/// Reason codes explained for people, with their details.
public enum ReasonText {
    public static func explain(_ code: String) -> String {
        switch ReasonCode(rawValue: code) {
        case .reviewMissing?: return "no editor has reviewed this record"
        case .reviewStale?: return "upstream text changed since the review"
        case .upstreamRemoved?: return "gone from the latest upstream release"
        case .fieldMissing?: return "planner fields are not set"
        case .fieldInvalid?: return "planner fields break rules"
        case .lowConfidence?: return "the review's confidence is below the threshold"
        case .manualOnly?: return "the editor keeps it for manual planning"
        case .variant?: return "a copy of another record, which is the one planned"
        case nil: return ""
        }
    }

    public static func describe(_ reason: Reason) -> String {
        describe(reason.json)
    }

    /// `CODE: explanation (details)` from a reason's JSON form.
    public static func describe(_ reason: JSONValue) -> String {
        guard let object = reason.objectValue, let code = object["code"]?.stringValue else { return "" }
        let d = object["details"]?.objectValue ?? JSONObject()
        var extra: [String] = []
        func list(_ key: String) -> String? { d[key]?.arrayValue.map { $0.compactMap(\.stringValue).joined(separator: ", ") } }
        switch ReasonCode(rawValue: code) {
        case .reviewStale?:
            if let f = list("fields"), !f.isEmpty { extra.append("text changed in: \(f)") }
            if let c = list("corrections") { extra.append("corrections made on older text: \(c)") }
        case .fieldMissing?:
            if let f = list("fields") { extra.append(f) }
        case .fieldInvalid?:
            for finding in d["findings"]?.arrayValue ?? [] {
                guard let f = finding.objectValue else { continue }
                extra.append("[\(f["rule"]?.stringValue ?? "")] \(f["message"]?.stringValue ?? "")")
            }
            if let message = d["message"]?.stringValue { extra.append(message) }
        case .lowConfidence?:
            if case .number(let c)? = d["confidence"], case .number(let t)? = d["threshold"] { extra.append("\(c) < \(t)") }
        case .manualOnly?:
            if let r = d["reason"]?.stringValue { extra.append(r) }
        case .variant?:
            if let of = d["of"]?.stringValue { extra.append("of \(of)") }
        default: break
        }
        return "\(code): \(explain(code))" + (extra.isEmpty ? "" : " (\(extra.joined(separator: "; ")))")
    }
}
