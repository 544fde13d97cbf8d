import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogRecords
@testable import CatalogStore
import Testing

/// A snapshot line read the plain way (`PlainSnapshotLine`) gives what the strict reading gives
/// (`Snapshot.record`, `CanonicalText.bytes(record:)`); any line it is not sure of is left to the
/// strict reading.
@Suite struct PlainSnapshotLineTests {
    static let fields = ["name", "bodyPart", "target", "equipment", "secondaryMuscles", "instructions", "license", "description"]
    static let html: Set<String> = ["description"]

    /// Lines the plain reader takes: compact, strings and lists of strings, `extra`, `removed`.
    static let plain = [
        #"{"bodyPart":"waist","equipment":"roller","extra":{"gifUrl":"u","license":"CC-BY"},"id":"0001","instructions":["Sit.","Stand  up. "],"name":"  squat  90° ","secondaryMuscles":[],"target":""}"#,
        #"{"id":"0002","name":"row","removed":true}"#,
        #"{"id":"0003","name":"row","removed":false}"#,
        #"{"id":"0004"}"#,
        #"{"id":"0005","name":["a","b"],"license":"MIT","extra":{"license":"other"}}"#,
        #"{"equipment":["band","mat"],"extra":{"name":"not this"},"id":"0006","instructions":"Pull\u007f"}"#.replacingOccurrences(of: "\\u007f", with: "\u{7F}"),
        #"{"id":"0007","extra":{"id":"x","removed":"y","media":["z"]},"name":"ß"}"#,
    ]

    /// Lines left to the strict reading, good and bad.
    static let strict = [
        #"{"id":"0001","name":"a\"b"}"#,
        #"{"id":"0001","name":"a","setup":90}"#,
        #"{"id":"0001","name":null}"#,
        #"{"id":"0001","name":"a","extra":{"translation":{"license":"x"}}}"#,
        #"{"id":"0001", "name":"a"}"#,
        #"{"id":"0001","name":"a","name":"b"}"#,
        #"{"id":"0001","extra":{"a":"1","a":"2"}}"#,
        #"{"id":"0001","media":{"file":"a.gif"}}"#,
        #"{"id":"0001","removed":"yes"}"#,
        #"{"id":["0001"]}"#,
        #"{"name":"a"}"#,
        #"{}"#,
        #"{"id":"0001","extra":{}}"#,
        #"{"id":"0001","extra":"x"}"#,
        #"{"id":"0001","description":"<p>Hi</p>"}"#,
        #"{"description":"","id":"0001","name":"n"}"#,
        #"{"id":"0001","name":"a"} "#,
        #"{"id":"0001","name":"a"}x"#,
        #"{"id":"0001","name":"a","#,
        #"{"id":"0001","name":"\#u{2028}"}"#,
        #"["id"]"#,
    ]

    static func read(_ line: String) -> (names: DecodedNames, text: [UInt8])? {
        var text: [UInt8] = []
        let fields = PlainSnapshotLine.Fields(Self.fields, htmlFields: Self.html)
        return Array(line.utf8).withUnsafeBufferPointer { bytes in
            PlainSnapshotLine.read(bytes, fields: fields, text: &text).map { ($0, text) }
        }
    }

    @Test(arguments: plain) func readsAPlainLineAsTheStrictReadingDoes(_ line: String) throws {
        let read = try #require(Self.read(line))
        let record = try Array(line.utf8).withUnsafeBufferPointer { try Snapshot.record($0, file: "s.jsonl", line: 1) }
        #expect(read.names.id == record.id)
        #expect(read.names.name == record.name)
        #expect(read.names.removed == record.removed)
        #expect(read.names.media == nil)
        #expect(read.text == CanonicalText.bytes(record: record, fields: Self.fields, htmlFields: Self.html))
    }

    @Test(arguments: strict) func leavesAnyOtherLineToTheStrictReading(_ line: String) {
        #expect(Self.read(line) == nil)
    }

    /// A line longer than the value limit may hold a value above it: only the strict reading checks.
    @Test func leavesALongLineToTheStrictReading() {
        let long = #"{"id":"0001","name":""# + String(repeating: "a", count: UpstreamRecord.maxValueBytes) + #""}"#
        #expect(Self.read(long) == nil)
        #expect(Self.read(#"{"id":"0001","name":"a"}"#) != nil)
    }
}
