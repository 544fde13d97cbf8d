import CatalogJSON
import Testing

/// `JSONWriter.reindent` turns the writer's compact output into its pretty output, at any
/// nesting level: verify compares catalog.json with the record column reindented.
@Suite struct ReindentTests {
    static let values: [JSONValue] = [
        .null, true, .number("-0.5e+3"), .string(""), .array([]), .object(JSONObject()),
        .string(#"brackets [{,:}] "quoted" \ back\slash \"#),
        .array([.array([]), .object(JSONObject()), .array([.int(1), .array([.string("]"), .null])])]),
        .object(JSONObject([
            JSONMember("a", .object(JSONObject([JSONMember("b", .array([.string("x,y"), .string("{\"k\":1}")])), JSONMember("e", .object(JSONObject()))]))),
            JSONMember("tab\tnew\nline\u{1}", .string("é°\u{1F600}\u{2028}")),
            JSONMember("z", .array([.object(JSONObject([JSONMember("q", .bool(false))]))])),
        ])),
        // Deeper than the room a step is given up front.
        (0..<40).reduce(JSONValue.string("deep")) { inner, i in i.isMultiple(of: 2) ? .array([inner, .int(i)]) : .object(JSONObject([JSONMember("k", inner)])) },
        // Longer than twice the first room, in one string.
        .array([.string(String(repeating: "long ", count: 100))]),
    ]

    @Test(arguments: values) func givesThePrettyFormFromTheCompactForm(_ value: JSONValue) {
        let compact = JSONWriter.bytes(value, style: .compact)
        for indent in [0, 1, 2, 5] {
            var pretty: [UInt8] = Array("before".utf8)
            JSONWriter.write(value, style: .pretty, indent: indent, into: &pretty)
            var reindented: [UInt8] = Array("before".utf8)
            compact.withUnsafeBufferPointer { JSONWriter.reindent(compact: $0, indent: indent, into: &reindented) }
            #expect(String(decoding: reindented, as: UTF8.self) == String(decoding: pretty, as: UTF8.self), "indent \(indent)")
        }
    }

    /// Bytes no writer wrote (cut short, unbalanced, an escape at the end) give some bytes, and no crash.
    @Test func anyBytesGiveSomeBytes() {
        for text in ["", "[", "}", "]]]]", "\"abc", "\"ab\\", "{\"a\":", ",,,::", "[{]}"] {
            var out: [UInt8] = []
            Array(text.utf8).withUnsafeBufferPointer { JSONWriter.reindent(compact: $0, indent: 1, into: &out) }
            #expect(out.count >= text.utf8.count)
        }
    }
}
