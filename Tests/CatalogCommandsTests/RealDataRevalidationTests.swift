import CatalogCore
import Foundation
import Testing
import TestSupport

/// The re-validation acceptance run on the real ExerciseDB catalog (skipped when it is absent).
@Suite(.enabled(if: TestPaths.upstream != nil, Comment(rawValue: TestPaths.upstreamMissingReason)))
struct RealDataRevalidationTests {
    /// A next release derived from the real file: 10 edited instructions, 5 renamed, 3 removed,
    /// every gifUrl rotated, whitespace-only edits, a new field on every record.
    static func derivedRelease(from records: [JSONValue]) -> (json: JSONValue, edited: Set<String>, removed: Set<String>) {
        var out: [JSONValue] = []
        var edited = Set<String>(), removed = Set<String>()
        for (i, value) in records.enumerated() {
            guard var record = value.objectValue, let id = record["id"]?.stringValue else { continue }
            if [300, 610, 920].contains(i) { removed.insert(id); continue }
            var instructions = record["instructions"]?.arrayValue ?? []
            if i % 100 == 5 && i < 1000 {  // 10 edited instructions
                instructions[0] = .string((instructions[0].stringValue ?? "") + " Keep your core braced.")
                edited.insert(id)
            }
            if [41, 142, 243, 544, 1045].contains(i) {  // 5 renamed
                record["name"] = .string((record["name"]?.stringValue ?? "") + " (variation)")
                edited.insert(id)
            }
            if i % 50 == 7, let first = instructions.first?.stringValue {  // whitespace only
                instructions[0] = .string("  " + first.replacingOccurrences(of: " ", with: "  ") + " \n")
            }
            record["instructions"] = .array(instructions)
            record["gifUrl"] = .string("https://media.example.invalid/next/\(id).gif")
            record["description"] = .string("A description upstream added in this release.")
            out.append(.object(record))
        }
        return (.array(out), edited, removed)
    }

    @Test func exactlyTheEditedAreStaleTheRemovedFlaggedAndARevertRestoresAll() throws {
        let original = TestPaths.upstream! + "/exercisedb/exercises.json"
        let dir = try newCatalog(importing: original)
        let env = ["CATALOG_EDITOR": "tester"]
        let reviewed = try runCatalog(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env)
        #expect(reviewed.status == 0, "\(reviewed.stderr)")
        // Drafts that would break a rule are left out: an editor keeps those records for manual
        // planning (which the planner-plausibility rules do not apply to), then confirms again.
        let leftOut = (try JSONParser.parse(reviewed.stdout).objectValue?["leftOut"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        #expect(!leftOut.isEmpty)
        #expect(try runCatalog(["review"] + leftOut + ["--manual-only", "not strength volume"], in: dir.path, environment: env).status == 0)
        let again = try runCatalog(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env)
        #expect(try JSONParser.parse(again.stdout).objectValue?["leftOut"] == [], "\(again.stdout.prefix(500))")

        let records = try #require(try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: original)))).arrayValue)
        let derived = Self.derivedRelease(from: records)
        #expect(derived.edited.count == 15)
        let next = dir.write("next.json", JSONWriter.string(derived.json, style: .pretty))
        let imported = try #require(try JSONParser.parse(try runCatalog(["import", next, "--json"], in: dir.path).stdout).objectValue)
        #expect(imported["changed"] == .number("15"))
        #expect(imported["removed"] == .number("3"))
        #expect(imported["schemaChanges"] == [["field": "description", "kind": "appeared", "records": 1321]])

        let report = try #require(try JSONParser.parse(try runCatalog(["revalidate", "--json"], in: dir.path).stdout).objectValue)
        let staleIDs = Set((report["stale"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue })
        #expect(staleIDs == derived.edited)
        let removedIDs = Set((report["removed"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue })
        #expect(removedIDs == derived.removed)
        let status = try #require(try JSONParser.parse(try runCatalog(["status", "--json"], in: dir.path).stdout).objectValue)
        #expect(status["states"] == ["unreviewed": 0, "current": 1306, "stale": 15, "removed": 3])
        #expect(status["reasons"]?.objectValue?["UPSTREAM_REMOVED"] == .number("3"))
        #expect(status["reasons"]?.objectValue?["REVIEW_STALE"] == .number("15"))

        _ = try runCatalog(["import", original], in: dir.path)
        let back = try #require(try JSONParser.parse(try runCatalog(["status", "--json"], in: dir.path).stdout).objectValue)
        #expect(back["states"] == ["unreviewed": 0, "current": 1324, "stale": 0, "removed": 0])
    }
}
