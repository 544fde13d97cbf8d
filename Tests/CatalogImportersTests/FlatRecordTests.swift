import CatalogCore
@testable import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation
import TestSupport
import Testing

/// ExerciseDB's decoder (`FlatRecordDecoder`) held to the strict decoder it stands in for: for
/// every element its fast half takes, the same snapshot line, canonical text, id, name and field
/// names as `ExerciseDBAdapter.record` + `UpstreamRecord.json` + `CanonicalText`; and it hands
/// every element that is not plain to the strict decoder, which decides those.
struct FlatRecordTests {
    struct Read: Equatable, CustomStringConvertible {
        var line: String
        var text: String
        var id: String
        var name: String
        var fieldNames: [String]
        var description: String { "\(line)\n---\n\(text)" }
    }

    static let fields = UpstreamRecord.sharedFields

    static func context(_ fields: [String] = fields) -> DecodeContext {
        DecodeContext(file: "in.json", fields: fields, htmlFields: [])
    }

    /// ExerciseDB's decoder, as an import makes it.
    static func decoder(_ fields: [String] = fields) -> FlatRecordDecoder {
        let decoder = ExerciseDBAdapter().decoder(context(fields))
        return decoder as! FlatRecordDecoder
    }

    /// The fast half's reading, or nil when it declines.
    static func fast(_ element: [UInt8], fields: [String] = fields) -> Read? {
        var reader = decoder(fields)
        var line: [UInt8] = [0x58]  // what was there before is kept
        var text: [UInt8] = [0x59]
        let names = element.withUnsafeBufferPointer { reader.decodePlain($0, line: &line, text: &text) }
        guard let names else {
            #expect(line == [0x58] && text == [0x59], "a declined element left bytes behind")
            return nil
        }
        let counts = reader.fieldCounts()
        #expect(counts.values.allSatisfy { $0 == 1 })
        return Read(line: String(decoding: line.dropFirst(), as: UTF8.self), text: String(decoding: text.dropFirst(), as: UTF8.self),
                    id: names.id, name: names.name, fieldNames: counts.keys.sorted())
    }

    /// The strict reading, or nil when the adapter refuses the element.
    static func strict(_ element: [UInt8], fields: [String] = fields) -> Read? {
        guard let value = try? element.withUnsafeBufferPointer({ try JSONParser.parseElement($0) }),
              let record = try? ExerciseDBAdapter().record(from: value, index: 0, file: "in.json") else { return nil }
        return Read(line: JSONWriter.string(record.json) + "\n", text: String(decoding: CanonicalText.bytes(record: record, fields: fields), as: UTF8.self),
                    id: record.id, name: record.name, fieldNames: record.fieldNames.sorted())
    }

    /// Whether the fast path took `json`; when it did, its reading must be the strict one.
    @discardableResult
    static func check(_ json: String, fields: [String] = fields, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        check(Array(json.utf8), fields: fields, sourceLocation: sourceLocation)
    }

    @discardableResult
    static func check(_ bytes: [UInt8], fields: [String] = fields, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = fast(bytes, fields: fields) else { return false }
        #expect(fast == strict(bytes, fields: fields), "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        return true
    }

    static let plain = #"{"bodyPart":"waist","equipment":"body weight","gifUrl":"https://example.invalid/1.gif","id":"0001","name":"3/4 sit-up","target":"abs","secondaryMuscles":["hip flexors","lower back"],"instructions":["Lie flat.","Sit up."]}"#

    @Test func takesPlainRecordsAndReadsThemAsTheAdapterDoes() {
        #expect(Self.check(Self.plain))
        // Any member order, whitespace between tokens, an empty list, an empty optional string.
        #expect(Self.check(" \n{ \"name\" :\t\"row\" ,\r\n \"id\":\"a1\", \"instructions\" : [ ] , \"target\":\"\", \"secondaryMuscles\":[ \"lats\" ] }\n "))
        // Extras on both sides of "extra" and "id" in byte order, lists among them, keys that
        // are reserved in the snapshot line (they go under "extra").
        #expect(Self.check(#"{"id":"b2","name":"curl","zzz":"last","AAA":"first","extra":"kept","removed":"yes","media":["x","y"],"exercise":"e","i":"","idx":[]}"#))
        // Values that need collapsing, or are only spaces, in the canonical text.
        #expect(Self.check(#"{"id":"c3","name":"  wide   grip  row ","bodyPart":"   ","instructions":["  a  b ","   ",""]}"#))
        // Printable ASCII of every kind, the DEL byte included.
        let printable = String(decoding: (0x20...0x7F).filter { $0 != 0x22 && $0 != 0x5C }, as: UTF8.self)
        #expect(Self.check(#"{"id":"d4","name":"\#(printable)","target":"\#(printable)"}"#))
        // Latin letters and signs up to U+02FF, in values, keys and the id; beside spaces.
        let latin = String(String.UnicodeScalarView((0xA1...0x2FF).compactMap(Unicode.Scalar.init)))
        #expect(Self.check(#"{"id":"d5","name":" 90\#u{B0}  caf\#u{E9} ","target":"\#(latin)","instructions":["Stra\#u{DF}e  \#u{142}\#u{F3}d\#u{17A}"]}"#))
        #expect(Self.check(#"{"id":"\#u{E9}t\#u{E9}","name":"row","n\#u{F8}te":"\#u{E6}","\#u{E5}":["\#u{2C8}"]}"#))
    }

    @Test func canonicalTextFollowsTheConfiguredFieldsExtrasIncluded() {
        #expect(Self.check(Self.plain, fields: ["instructions", "gifUrl", "name"]))
        // The id is not a field: configuring it gives no line, on both paths.
        #expect(Self.check(Self.plain, fields: ["id", "name"]))
        #expect(Self.check(#"{"id":"e5","name":"press","level":["a","b"]}"#, fields: ["level", "nothing", "name"]))
        // A field configured twice gives its lines twice, however long the value: the text may
        // be longer than the element.
        let long = String(repeating: "row ", count: 8_000)
        #expect(Self.check(#"{"id":"e6","name":"\#(long)","instructions":["a","b"]}"#, fields: ["name", "name", "instructions", "name"]))
    }

    @Test(arguments: [
        // Not plain: for the strict parser and the adapter to read or refuse.
        #"{"id":"x1","name":"caf\#u{2019}"}"#,               // non-ASCII beyond U+02FF
        #"{"id":"x1","name":"cafe\#u{301}"}"#,               // a combining mark
        #"{"id":"x1","name":"a\#u{A0}b"}"#,                  // the no-break space (whitespace)
        #"{"id":"x1","name":"a\"b"}"#,                       // an escape
        #"{"id":"x1","name":"a\/b"}"#,
        #"{"id":"x1","name":"push","target":null}"#,        // null
        #"{"id":"x1","name":"push","rank":3}"#,              // a number
        #"{"id":"x1","name":"push","ok":true}"#,
        #"{"id":"x1","name":"push","meta":{"a":"b"}}"#,      // a nested object
        #"{"id":"x1","name":"push","steps":[["a"]]}"#,       // a nested list
        #"{"id":"x1","name":"push","steps":["a",1]}"#,
        // Not valid, or not a record: for the adapter to say why.
        #"{"id":"x1","name":"push","name":"pull"}"#,         // a duplicate key
        #"{"id":"x1"}"#,                                     // no name
        #"{"id":"x1","name":"   "}"#,                        // a blank name
        #"{"id":"x1","name":""}"#,
        #"{"name":"push"}"#,                                 // no id
        #"{"id":"","name":"push"}"#,                         // a bad id
        #"{"id":"a/b","name":"push"}"#,
        #"{"id":["x1"],"name":"push"}"#,
        #"{"id":"x1","name":["push"]}"#,                     // a scalar given as a list
        #"{"id":"x1","name":"push","instructions":"one"}"#,  // a list given as a string
        #"{}"#, #"[]"#, #""x1""#, "",
        #"{"id":"x1","name":"push",}"#,                      // bad JSON
        #"{"id":"x1" "name":"push"}"#,
        #"{"id":"x1","name":"push"} x"#,
        #"{"id":"x1","name":"push""#,
        #"{"id":"x1","name":"pu"#,
        "{\"id\":\"x1\",\"name\":\"a\tb\"}",                 // a raw control character
    ])
    func declinesWhatIsNotPlain(_ json: String) {
        #expect(!Self.check(json), "\(json)")
    }

    /// One reader over many elements (as an import uses it) reads each as a new reader does:
    /// elements with the same keys as the one before but values of another kind, blank required
    /// values, a bad id or a duplicate key must not be read by the plan of the one before.
    @Test func oneReaderReadsEachElementAsANewReaderDoes() {
        let base = #"{"id":"a1","name":"row","target":"lats","instructions":["Pull.","  Hold  it  "],"gifUrl":"g"}"#
        let elements = [
            base,
            #"{"id":"a2","name":"  row  two ","target":"lats","instructions":[],"gifUrl":"h"}"#,
            #"{"id":"a3","name":"row","target":["lats"],"instructions":["x"],"gifUrl":"g"}"#,   // a scalar as a list
            #"{"id":"a4","name":"row","target":"lats","instructions":"x","gifUrl":"g"}"#,       // a list as a string
            #"{"id":"a5","name":"   ","target":"lats","instructions":["x"],"gifUrl":"g"}"#,     // a blank name
            #"{"id":"a/6","name":"row","target":"lats","instructions":["x"],"gifUrl":"g"}"#,   // a bad id
            #"{"id":["a7"],"name":"row","target":"lats","instructions":["x"],"gifUrl":"g"}"#,  // an id as a list
            #"{"id":"a8","name":"row","target":"lats","instructions":["x"],"gifUrl":["g","h"]}"#,  // an extra as a list
            #"{"id":"a9","name":"row","target":"lats","instructions":["x"],"name":"g"}"#,      // a duplicate key
            base,
            #"{"id":"b1","name":"row","target":"lats","instructions":["x"],"gifUrl":"g","zz":"1","aa":"2"}"#,
            #"{"id":"b2","name":"row","target":"lats","instructions":["x"],"gifUrl":"g","zz":"1","aa":"2"}"#,
            #"{"name":"row","id":"b3"}"#, #"{"name":"row"}"#, #"{"name":"row","id":"b4"}"#,
        ]
        for fields in [Self.fields, ["instructions", "gifUrl", "name", "zz"]] {
            var reader = Self.decoder(fields)
            var counts: [String: Int] = [:]
            for element in elements {
                let bytes = Array(element.utf8)
                var line: [UInt8] = [], text: [UInt8] = []
                let names = bytes.withUnsafeBufferPointer { reader.decodePlain($0, line: &line, text: &text) }
                let fresh = Self.fast(bytes, fields: fields)
                #expect((names == nil) == (fresh == nil), "\(element)")
                guard let names, let fresh else { continue }
                #expect(String(decoding: line, as: UTF8.self) == fresh.line && String(decoding: text, as: UTF8.self) == fresh.text, "\(element)")
                #expect(names.id == fresh.id && names.name == fresh.name)
                #expect(fresh == Self.strict(bytes, fields: fields), "\(element)")
                for name in fresh.fieldNames { counts[name, default: 0] += 1 }
            }
            #expect(reader.fieldCounts() == counts)
        }
    }

    /// What `decode` gives, both ways: the line, text and names, or nil for the strict path.
    static func decoded(_ json: String, by decoder: inout some RecordDecoder) -> (line: [UInt8], text: [UInt8], names: DecodedNames)? {
        var line: [UInt8] = [], text: [UInt8] = []
        let bytes = Array(json.utf8)
        guard case .record(let names) = bytes.withUnsafeBufferPointer({ decoder.decode($0, index: 0, line: &line, text: &text) }) else {
            #expect(line.isEmpty && text.isEmpty, "\(json): the strict path left bytes behind")
            return nil
        }
        return (line, text, names)
    }

    /// "Fast, else strict": whatever the fast half declines, the decoder decodes as the strict
    /// decoder does (or hands on to the strict whole-file reader as it does).
    @Test func theDecoderDecodesWhatItsFastHalfDeclinesAsTheStrictDecoderDoes() {
        let elements = [
            #"{"id":"x1","name":"caf\#u{2019}"}"#, #"{"id":"x1","name":"a\"b"}"#, #"{"id":"x1","name":"push","rank":3}"#,
            #"{"id":"x1","name":"push","meta":{"a":"b"}}"#, #"{"id":"x1","name":"push","steps":[["a"]]}"#,
            #"{"id":"x1","name":"push","name":"pull"}"#, #"{"id":"x1","name":"   "}"#, #"{"id":"a/b","name":"push"}"#,
            #"{"id":"x1","name":"push","instructions":"one"}"#, #"{"id":"x1","name":"push",}"#, Self.plain,
        ]
        for element in elements {
            var decoder = Self.decoder()
            var strict = StrictDecoder(ExerciseDBAdapter(), context: Self.context())
            let fast = Self.decoded(element, by: &decoder), slow = Self.decoded(element, by: &strict)
            #expect((fast == nil) == (slow == nil), "\(element)")
            guard let fast, let slow else { continue }
            #expect(fast.line == slow.line && fast.text == slow.text && fast.names.id == slow.names.id && fast.names.name == slow.names.name, "\(element)")
            #expect(decoder.fieldCounts() == strict.fieldCounts())
        }
    }

    /// Records read whole (CSV, several files) are decoded by the same strict encoding as the
    /// elements the flat decoder reads from their bytes.
    @Test func recordsReadWholeAreEncodedAsElementsAre() throws {
        var decoder = Self.decoder()
        let fast = try #require(Self.decoded(Self.plain, by: &decoder))
        #expect(!fast.names.removed && fast.names.media == nil)
        let record = try ExerciseDBAdapter().record(from: try JSONParser.parse(Array(Self.plain.utf8)), index: 0, file: "in.json")
        var records = StrictDecoder(context: Self.context())
        var line: [UInt8] = [], text: [UInt8] = []
        let names = records.decode(record, line: &line, text: &text)
        #expect(line == fast.line && text == fast.text && names.id == fast.names.id && names.name == fast.names.name)
        #expect(names.removed == record.removed && names.media == record.media)
        #expect(records.fieldCounts() == Dictionary(uniqueKeysWithValues: record.fieldNames.map { ($0, 1) }))
    }

    /// With HTML fields the canonical text needs libxml2: every element is decoded strictly.
    @Test func htmlFieldsMakeTheDecoderStrict() {
        let decoder = ExerciseDBAdapter().decoder(DecodeContext(file: "in.json", fields: Self.fields, htmlFields: ["instructions"]))
        #expect(decoder is StrictDecoder)
        #expect(FreeExerciseDBAdapter().decoder(Self.context()) is StrictDecoder)
    }

    @Test func objectsWithMoreMembersThanARecordGoToTheParser() {
        let members = (0..<FlatObject.maxMembers).map { #""k\#($0)":"v""# }
        #expect(Self.check(#"{"id":"m1","name":"many","#+members.dropLast(2).joined(separator: ",")+"}"))
        #expect(!Self.check(#"{"id":"m1","name":"many","#+members.joined(separator: ",")+"}"))
    }

    @Test func tallyCountsEveryFieldNameButTheIdAcrossRuns() {
        var reader = Self.decoder()
        let elements = [
            #"{"id":"1","name":"a","target":"t"}"#, #"{"id":"2","name":"b","target":"t"}"#,
            #"{"id":"3","name":"c","gifUrl":"g"}"#, #"{"name":"d","id":"4","target":"t"}"#,
            #"{"id":"5","name":"e","target":"t"}"#,
        ]
        var line: [UInt8] = [], text: [UInt8] = []
        for element in elements {
            let bytes = Array(element.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(reader.decodePlain(buffer, line: &line, text: &text) != nil)
            }
        }
        #expect(reader.fieldCounts() == ["name": 5, "target": 4, "gifUrl": 1])
        #expect(reader.fieldCounts() == [:])
    }

    /// The project's sample, reshaped at random (member order, whitespace, extras, empty values):
    /// every variant the fast path takes reads as the adapter reads it.
    @Test func randomVariantsOfTheSampleReadTheSameOnBothPaths() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample))
        guard case .array(let records) = try JSONParser.parse(Array(data)) else { Issue.record("sample is not an array"); return }
        var rng = SeededGenerator(seed: 6)
        var taken = 0
        let spaces = ["", " ", "\n", "\t", "\r\n  "]
        for round in 0..<20 {
            for case .object(let object) in records {
                var members = object.members
                if round % 3 == 1 { members.append(JSONMember("note\(round)", .string(" extra  text "))) }
                if round % 4 == 2 { members.append(JSONMember("tags", .strings(["a", "", "  b  "]))) }
                if round % 5 == 3 { members = members.map { $0.key == "secondaryMuscles" ? JSONMember($0.key, .array([])) : $0 } }
                members.shuffle(using: &rng)
                var json = "{"
                for (i, member) in members.enumerated() {
                    let gap = spaces.randomElement(using: &rng)!
                    json += (i > 0 ? "," : "") + gap + JSONWriter.string(.string(member.key)) + gap + ":" + gap
                    json += JSONWriter.string(member.value).replacingOccurrences(of: "\",\"", with: "\"," + gap + "\"") + gap
                }
                json += "}"
                if Self.check(json, fields: round % 2 == 0 ? Self.fields : ["instructions", "gifUrl", "tags", "name"]) { taken += 1 }
            }
        }
        // Every variant of every record is taken: the sample's text is ASCII but one "°".
        #expect(taken == 20 * records.count)
    }

    @Test(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
    func theRealExerciseDBReadsTheSameOnBothPaths() throws {
        let path = try #require(TestPaths.upstream) + "/exercisedb/exercises.json"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var splitter = JSONArraySplitter()
        let ranges = bytes.withUnsafeBufferPointer { splitter.scan($0, from: 0).elements }
        #expect(ranges.count == 1_324)
        let taken = ranges.filter { Self.check(Array(bytes[$0])) }.count
        // The records the fast path leaves to the adapter are the few with non-ASCII text.
        #expect(taken >= 1_300, "fast path took \(taken) of \(ranges.count)")
    }
}
