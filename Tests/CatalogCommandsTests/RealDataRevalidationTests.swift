import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CommandTestSupport
import Foundation
import TestSupport
import Testing

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
        try Self.reviewEveryRecord(dir)

        let records = try #require(try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: original)))).arrayValue)
        let derived = Self.derivedRelease(from: records)
        #expect(derived.edited.count == 15)
        let next = dir.write("next.json", JSONWriter.string(derived.json, style: .pretty))
        let imported = try #require(try JSONParser.parse(runInProcess(["import", next, "--json"], in: dir.path).stdout).objectValue)
        #expect(imported["changed"] == .number("15"))
        #expect(imported["removed"] == .number("3"))
        #expect(imported["schemaChanges"] == [["field": "description", "kind": "appeared", "records": 1321]])

        let report = try #require(try JSONParser.parse(runInProcess(["revalidate", "--json"], in: dir.path).stdout).objectValue)
        let staleIDs = Set((report["stale"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue })
        #expect(staleIDs == derived.edited)
        #expect(report["counts"]?.objectValue?["byKind"] == ["encoding-repair": 0, "punctuation": 0, "spelling": 0, "media": 0, "substantive": 15])
        let removedIDs = Set((report["removed"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue })
        #expect(removedIDs == derived.removed)
        let status = try #require(try JSONParser.parse(runInProcess(["status", "--json"], in: dir.path).stdout).objectValue)
        #expect(status["states"] == ["unreviewed": 0, "current": 1306, "stale": 15, "removed": 3])
        #expect(status["reasons"]?.objectValue?["UPSTREAM_REMOVED"] == .number("3"))
        #expect(status["reasons"]?.objectValue?["REVIEW_STALE"] == .number("15"))

        _ = runInProcess(["import", original], in: dir.path)
        let back = try #require(try JSONParser.parse(runInProcess(["status", "--json"], in: dir.path).stdout).objectValue)
        #expect(back["states"] == ["unreviewed": 0, "current": 1324, "stale": 0, "removed": 0])
    }

    /// A release that fixes what an older one broke, derived from the real file: the older
    /// release carried typographic apostrophes as Windows-1252 mojibake ("â€™", repaired and
    /// folded to "'"), "45°" in names as lowercased Windows-1251 mojibake ("45в°", as the real file
    /// has in four names, which the fix release repairs too), a swapped pair of letters, a missing
    /// full stop and a missing instruction line.
    static func brokenAndFixed(from records: [JSONValue]) -> (old: JSONValue, new: JSONValue, kinds: [String: ChangeKind]) {
        var old: [JSONValue] = [], new: [JSONValue] = []
        var kinds: [String: ChangeKind] = [:]
        for (i, value) in records.enumerated() {
            guard var record = value.objectValue, let id = record["id"]?.stringValue, var name = record["name"]?.stringValue else { continue }
            var fixed = record
            var lines = (record["instructions"]?.arrayValue ?? []).compactMap(\.stringValue)
            func mark(_ kind: ChangeKind) { kinds[id] = max(kinds[id] ?? kind, kind) }
            if name.contains("в°") {
                fixed["name"] = .string(name.replacingOccurrences(of: "в°", with: "°"))
                mark(.encodingRepair)
            } else if name.contains("45°") {
                name = name.replacingOccurrences(of: "45°", with: Mojibake.misread("45°", as: .windows1251).lowercased())
                mark(.encodingRepair)
            }
            if lines.contains(where: { $0.contains("'") }) {
                lines = lines.map { $0.replacingOccurrences(of: "'", with: Mojibake.misread("’", as: .windows1252)) }
                mark(.encodingRepair)
            }
            if i % 97 == 13, let typo = swapLetters(lines.first ?? "") {
                lines[0] = typo
                mark(.spelling)
            }
            if i % 97 == 41, let last = lines.last, last.hasSuffix("."), last.dropLast().last?.isLetter == true {
                lines[lines.count - 1] = String(last.dropLast())
                mark(.punctuation)
            }
            if i % 97 == 70, lines.count >= 2 {
                lines.removeLast()
                mark(.substantive)
            }
            record["name"] = .string(name)
            record["instructions"] = .strings(lines)
            old.append(.object(record))
            new.append(.object(fixed))
        }
        return (.array(old), .array(new), kinds)
    }

    /// Two neighbouring letters of the line's first word of six letters or more swapped (not
    /// its first letter), or nil when there is no such word.
    static func swapLetters(_ line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let w = words.firstIndex(where: { $0.count >= 6 && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else { return nil }
        var letters = Array(words[w])
        guard let i = (1..<(letters.count - 1)).first(where: { letters[$0] != letters[$0 + 1] }) else { return nil }
        letters.swapAt(i, i + 1)
        words[w] = String(letters)
        return words.joined(separator: " ")
    }

    @Test func aFixReleaseIsTriagedByKindAndAcceptedByKindExactly() throws {
        let original = TestPaths.upstream! + "/exercisedb/exercises.json"
        let records = try #require(try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: original)))).arrayValue)
        let derived = Self.brokenAndFixed(from: records)
        let dir = TempDirectory()
        let broken = dir.write("broken.json", JSONWriter.string(derived.old, style: .pretty))
        let fixed = dir.write("fixed.json", JSONWriter.string(derived.new, style: .pretty))
        let catalog = try newCatalog(importing: broken)
        try Self.reviewEveryRecord(catalog)
        #expect(runInProcess(["import", fixed], in: catalog.path).status == 0)
        let html = catalog.path + "/report.html"
        let report = try #require(try JSONParser.parse(runInProcess(["revalidate", "--json", "--html", html], in: catalog.path).stdout).objectValue)
        let stale = (report["stale"]?.arrayValue ?? []).compactMap(\.objectValue)
        var found: [String: ChangeKind] = [:]
        for record in stale { found[record["id"]?.stringValue ?? ""] = record["kind"]?.stringValue.flatMap(ChangeKind.init(rawValue:)) }
        #expect(found == derived.kinds)
        #expect(report["counts"]?.objectValue?["byKind"] == ["encoding-repair": 20, "punctuation": 14, "spelling": 13, "media": 0, "substantive": 13])
        // The JSON's segments rebuild both releases' texts exactly.
        func texts(_ release: JSONValue) -> [String: [String: String]] {
            var out: [String: [String: String]] = [:]
            for value in release.arrayValue ?? [] {
                guard let o = value.objectValue, let id = o["id"]?.stringValue else { continue }
                let lines = (o["instructions"]?.arrayValue ?? []).compactMap(\.stringValue).map(TextNormalizer.normalize).filter { !$0.isEmpty }
                out[id] = ["name": TextNormalizer.normalize(o["name"]?.stringValue ?? ""), "instructions": lines.joined(separator: "\n")]
            }
            return out
        }
        let before = texts(derived.old), today = texts(derived.new)
        for record in stale {
            let id = record["id"]?.stringValue ?? ""
            for member in record["diff"]?.objectValue?.members ?? [] {
                let segments = (member.value.objectValue?["segments"]?.arrayValue ?? []).compactMap(\.objectValue)
                func join(_ ops: Set<String>) -> String { segments.filter { ops.contains($0["op"]?.stringValue ?? "") }.compactMap { $0["text"]?.stringValue }.joined() }
                #expect(join(["equal", "insert", "move-to"]) == today[id]?[member.key], "\(id) \(member.key)")
                #expect(join(["equal", "delete", "move-from"]) == before[id]?[member.key], "\(id) \(member.key)")
            }
        }
        // Each field's kind and what was seen are in the JSON and the page.
        let repaired = try #require(stale.first { $0["id"] == "0738" }?["diff"]?.objectValue?["name"]?.objectValue)
        #expect(repaired["kind"] == "encoding-repair" && repaired["details"] == ["repaired: windows-1251, case-changed"])
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("record kind: encoding-repair") && page.contains("name: encoding-repair (repaired: windows-1251, case-changed)"))

        let accepted = try #require(try JSONParser.parse(runInProcess(["accept", "--kind", "encoding-repair", "--json"], in: catalog.path, environment: ["CATALOG_EDITOR": "tester"]).stdout).objectValue)
        let ids = Set((accepted["accepted"]?.arrayValue ?? []).compactMap { $0.stringValue?.split(separator: ":").last.map(String.init) })
        #expect(ids == Set(derived.kinds.filter { $0.value == .encodingRepair }.keys))
        let after = try #require(try JSONParser.parse(runInProcess(["revalidate", "--json"], in: catalog.path).stdout).objectValue)
        #expect(after["counts"]?.objectValue?["byKind"] == ["encoding-repair": 0, "punctuation": 14, "spelling": 13, "media": 0, "substantive": 13])
    }

    /// Every record reviewed from its suggestions; the drafts bulk confirmation leaves out (they
    /// would break a rule) are kept for manual planning, as an editor would, then confirmed.
    static func reviewEveryRecord(_ dir: TempDirectory) throws {
        let env = ["CATALOG_EDITOR": "tester"]
        let first = runInProcess(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        let leftOut = (try JSONParser.parse(first.stdout).objectValue?["leftOut"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        guard !leftOut.isEmpty else { return }
        #expect(runInProcess(["review"] + leftOut + ["--manual-only", "not strength volume"], in: dir.path, environment: env).status == 0)
        let again = runInProcess(["review", "--from-suggestions", "--all", "--json"], in: dir.path, environment: env)
        #expect(try JSONParser.parse(again.stdout).objectValue?["leftOut"] == [], "\(again.stdout.prefix(500))")
    }
}
