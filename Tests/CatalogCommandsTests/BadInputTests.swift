import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Every bad input exits 65, names the file and the record or line and the field, and changes
/// no file of the catalog (compared by hashes before and after).
@Suite struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var bytes: [UInt8]
        /// Text the error must contain besides the file name.
        var mentions: [String]
        var format: String? = nil
        var testDescription: String { name }
    }

    static let good = #"{"id": "0001", "name": "squat", "bodyPart": "upper legs", "target": "quads", "equipment": "barbell", "secondaryMuscles": ["glutes"], "instructions": ["Sit down.", "Stand up."]}"#

    static let cases: [Case] = [
        Case(name: "truncated JSON", file: "t.json", bytes: Array("[\(good), {\"id\": \"0002\", \"na".utf8), mentions: ["t.json:1:", "record #1", "truncated"]),
        Case(name: "instructions is a string", file: "s.json",
             bytes: Array(#"[{"id": "0007", "name": "row", "instructions": "Pull."}]"#.utf8), mentions: ["record 0007", "field instructions"]),
        Case(name: "duplicate id", file: "d.json", bytes: Array("[\(good),\n\(good)]".utf8), mentions: ["duplicate id \"0001\"", "record 0001 (#1)"]),
        Case(name: "invalid UTF-8", file: "u.json", bytes: Array(#"[{"id": "0001", "name": "squ"#.utf8) + [0xFF] + Array(#"at"}]"#.utf8), mentions: ["invalid UTF-8", "record #0", "field name"]),
        Case(name: "empty file", file: "e.json", bytes: [], mentions: ["empty file"]),
        Case(name: "CSV row with too many cells", file: "r.csv",
             bytes: Array("id,name,bodyPart\n0001,squat,legs\n0002,row,back,extra\n".utf8), mentions: ["r.csv:3", "too many cells"]),
        Case(name: "id with a slash", file: "p.json", bytes: Array(#"[{"id": "a/b", "name": "x"}]"#.utf8), mentions: ["path separator", "field id"]),
        Case(name: "id with ..", file: "q.json", bytes: Array(#"[{"id": "..", "name": "x"}]"#.utf8), mentions: ["'..'", "field id"]),
        Case(name: "id ../x", file: "q2.json", bytes: Array(#"[{"id": "../x", "name": "x"}]"#.utf8), mentions: ["field id"]),
        Case(name: "element of a list is not a string", file: "l.json",
             bytes: Array(#"[{"id": "0003", "name": "x", "secondaryMuscles": ["a", 2]}]"#.utf8), mentions: ["record 0003", "field secondaryMuscles[1]"]),
        Case(name: "record is not an object", file: "o.json", bytes: Array("[\(good), 5]".utf8), mentions: ["record #1"]),
        Case(name: "empty array", file: "a.json", bytes: Array("[]".utf8), mentions: ["no records"], format: "exercisedb"),
        Case(name: "wger description is a number", file: "w.json",
             bytes: Array(#"[{"model": "exercises.translation", "pk": 1, "fields": {"name": "Curl", "description": 5, "exercise": 9, "language": 2}}]"#.utf8),
             mentions: ["record 9 (#0)", "field fields.description"]),
    ]

    @Test(arguments: cases)
    func exits65NamingWhereAndChangesNothing(testCase: Case) throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        #expect(runInProcess(["import", TestPaths.sample], in: dir.path).status == 0)
        let input = dir.write(testCase.file, testCase.bytes)
        let before = treeHashes(dir.path)
        var arguments = ["import", input]
        if let format = testCase.format { arguments += ["--format", format] }
        let result = runInProcess(arguments, in: dir.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(testCase.file), "\(result.stderr)")
        for mention in testCase.mentions { #expect(result.stderr.contains(mention), "\(result.stderr)") }
        #expect(result.stdout.isEmpty)
        #expect(treeHashes(dir.path) == before)
    }

    @Test func aBrokenConfigIsNamedByFileAndField() throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        dir.write("catalog/catalog.json", #"{"memberSource": "exercisedb", "buildName": "x", "confidenceThreshold": 2}"#)
        let result = runInProcess(["status"], in: dir.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("catalog/catalog.json"))
        #expect(result.stderr.contains("field confidenceThreshold"))
    }

    @Test func aMediaLinkIsNeverAFingerprintField() throws {
        for field in ["gifUrl", "images"] {
            let dir = TempDirectory()
            _ = runInProcess(["init"], in: dir.path)
            dir.write("catalog/catalog.json", #"{"memberSource": "exercisedb", "buildName": "x", "fingerprintFields": ["name", "\#(field)"]}"#)
            let before = treeHashes(dir.path)
            let result = runInProcess(["import", TestPaths.sample], in: dir.path)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("\(field) is a media link, and a fingerprint never covers media links"), "\(result.stderr)")
            #expect(result.stderr.contains("catalog/catalog.json, field fingerprintFields[1]"), "\(result.stderr)")
            #expect(treeHashes(dir.path) == before)
        }
    }

    @Test func aFieldListedTwiceInTheConfigIsRefused() throws {
        for (key, list) in [("fingerprintFields", #"["name", "target", "name"]"#), ("referenceSources", #"["wger", "wger"]"#)] {
            let dir = TempDirectory()
            _ = runInProcess(["init"], in: dir.path)
            dir.write("catalog/catalog.json", #"{"memberSource": "exercisedb", "buildName": "x", "\#(key)": \#(list)}"#)
            let before = treeHashes(dir.path)
            let result = runInProcess(["status"], in: dir.path)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("catalog/catalog.json"), "\(result.stderr)")
            #expect(result.stderr.contains("field \(key)[\(key == "fingerprintFields" ? 2 : 1)]"), "\(result.stderr)")
            #expect(result.stderr.contains("is listed already, at \(key)[0]"), "\(result.stderr)")
            #expect(treeHashes(dir.path) == before)
        }
    }
}
