import CatalogCore
import CatalogJSON
import CatalogModel

extension BulkConfirmation.Outcome {
    /// The records left out, by the rule their draft would break: rule → ids.
    public var leftOutByRule: [RuleID: [String]] {
        Dictionary(grouping: leftOut.flatMap { item in item.rules.map { ($0, item.id) } }, by: \.0).mapValues { $0.map(\.1) }
    }

    /// The records that need a look, by the field not confirmed: field → ids.
    public var needsLookByField: [String: [String]] {
        Dictionary(grouping: needsLook.flatMap { item in item.fields.map { ($0, item.id) } }, by: \.0).mapValues { $0.map(\.1) }
    }

    /// The document `catalog review --from-suggestions --json` prints and `POST /api/confirm`
    /// answers (DESIGN.md §8's keys).
    public var json: JSONValue {
        let byRule = leftOutByRule, byField = needsLookByField
        return .object(JSONObject([
            JSONMember("editor", .string(editor)), JSONMember("source", .string(source)),
            JSONMember("selected", .int(selected)), JSONMember("written", .strings(written)),
            JSONMember("alreadyComplete", .int(unchanged)), JSONMember("conflicts", .strings(conflicts)),
            JSONMember("leftOut", .array(leftOut.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("rules", .strings($0.rules.map(\.rawValue)))])) })),
            JSONMember("leftOutByRule", .object(JSONObject(byRule.keys.sorted().map { JSONMember($0.rawValue, .int(byRule[$0]!.count)) }))),
            JSONMember("skipped", .array(skipped.map { .object(JSONObject([JSONMember("file", .string($0.file)), JSONMember("reason", .string($0.reason))])) })),
            JSONMember("dryRun", .bool(dryRun)), JSONMember("minDraftConfidence", .number(JSONNumber.format(minimum))),
            JSONMember("needsLook", .array(needsLook.map { .object(JSONObject([JSONMember("id", .string($0.id)), JSONMember("fields", .strings($0.fields))])) })),
            JSONMember("needsLookByField", .object(JSONObject(byField.keys.sorted().map { JSONMember($0, .int(byField[$0]!.count)) }))),
            JSONMember("unconfirmed", .object(JSONObject(unsure.keys.sorted().map { JSONMember($0, .int(unsure[$0]!)) }))),
            JSONMember("cleared", .int(cleared)),
            JSONMember("blocked", .object(JSONObject(ReasonCode.allCases.compactMap { code in blocked[code].map { JSONMember(code.rawValue, .int($0)) } }))),
        ]))
    }
}
