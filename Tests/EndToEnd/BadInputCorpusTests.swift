import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The bad-input corpus (issue 7: nothing lost, nothing let in). Every file under
/// `Tests/BadInputs/<group>/` is a case in `Tests/BadInputs/expectations.json`: the command to run,
/// the exit code, and the text the output must contain. Each case runs in a fresh catalog
/// (`init`, the repository's vocabularies, the sample imported) and:
///
/// - an import that fails changes no file, prints one `error: <what> (<where>)` line naming the
///   file (and the record, field or line where known), with no raw control character in it;
/// - an import that succeeds leaves a catalog `status` reads, and `show ID --json` prints a
///   canonical text that hashes to its fingerprint and carries none of the case's `absent`
///   strings (script text, comments, file contents) and all of its `present` ones;
/// - `lint` of a copied-in review file changes nothing and prints only well-formed finding lines.
///
/// A case with `knownIssue` shows a bug in Sources/: its checks run inside `withKnownIssue`, so
/// the suite stays green while the bug is there and fails once it is fixed (then drop the mark).
/// Cases marked `generated` are written here at run time (large inputs are not committed).
@Suite struct BadInputCorpusTests {
    struct Show: Decodable, Sendable {
        var id: String
        var absent: [String]
        var present: [String]
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var file: String
        var why: String
        /// `import` or `lint`.
        var command: String
        /// lint: the file is copied to reviews/exercisedb/<reviewAs>.json.
        var reviewAs: String?
        var format: String?
        var language: String?
        /// More corpus files for the same import (wger fixtures), after the case's file...
        var with: [String]?
        /// ...or before it.
        var withFirst: Bool?
        var generated: String?
        var exit: Int32
        var expect: [String]
        var show: Show?
        var knownIssue: String?
        var fileNameExempt: String?

        var testDescription: String { file }
    }

    struct SupportFile: Decodable, Sendable {
        var file: String
        var why: String
    }

    struct Manifest: Decodable, Sendable {
        var about: [String]
        var cases: [Case]
        var support: [SupportFile]
    }

    static let corpus = TestPaths.packageRoot + "/Tests/BadInputs"
    static let groups: Set<String> = ["exercisedb", "exercisedb-csv", "free-exercise-db", "wger", "reviews"]
    static let generators: Set<String> = ["huge-name-5mb", "huge-id-5mb", "deep-nesting-1m", "html-deep-nesting-100k"]

    struct LoadError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    static let manifest: Result<Manifest, LoadError> = {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: corpus + "/expectations.json"))
            return .success(try JSONDecoder().decode(Manifest.self, from: data))
        } catch {
            return .failure(LoadError(description: "\(error)"))
        }
    }()

    static let cases: [Case] = (try? manifest.get())?.cases ?? []

    // MARK: - The manifest and the corpus agree

    @Test func theManifestListsEveryCorpusFile() throws {
        let manifest: Manifest
        switch Self.manifest {
        case .success(let m): manifest = m
        case .failure(let error): Issue.record("Tests/BadInputs/expectations.json does not load: \(error)"); return
        }
        #expect(manifest.cases.count >= 100)
        // The README and RELIABILITY.md state the corpus's size; it is this one.
        for doc in ["README.md", "docs/RELIABILITY.md"] {
            let text = try String(contentsOfFile: TestPaths.packageRoot + "/" + doc, encoding: .utf8)
            #expect(text.contains(" \(manifest.cases.count) bad inputs") || text.contains("corpus: \(manifest.cases.count) cases"),
                    "\(doc) states another size of the bad-input corpus than its \(manifest.cases.count) cases")
        }
        let caseFiles = manifest.cases.map(\.file)
        #expect(Set(caseFiles).count == caseFiles.count, "a file is listed twice")
        let supportFiles = Set(manifest.support.map(\.file))
        let listed = Set(caseFiles).union(supportFiles)

        var committed: [String: Int] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.corpus))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: Self.corpus + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            committed[relative] = FileManager.default.contents(atPath: Self.corpus + "/" + relative)?.count ?? 0
        }
        for file in committed.keys where file != "expectations.json" {
            #expect(listed.contains(file), "\(file) is in Tests/BadInputs but not in expectations.json")
        }
        // Large inputs are generated, not committed.
        let total = committed.values.reduce(0, +)
        #expect(total < 200_000, "the committed corpus is \(total) bytes")

        for c in manifest.cases {
            let parts = c.file.split(separator: "/")
            #expect(parts.count == 2 && Self.groups.contains(String(parts[0])), "\(c.file): not <group>/<name>")
            #expect(["import", "lint"].contains(c.command), "\(c.file): command \(c.command)")
            #expect((c.command == "lint") == (parts.first == "reviews"), "\(c.file): reviews are linted, everything else imported")
            #expect((1...3).contains(c.expect.count), "\(c.file): 1–3 expected substrings")
            if let generator = c.generated {
                #expect(Self.generators.contains(generator), "\(c.file): unknown generator \(generator)")
                #expect(committed[c.file] == nil, "\(c.file) is generated and must not be committed")
            } else {
                #expect(committed[c.file] != nil, "\(c.file) is listed but missing")
            }
            for other in c.with ?? [] { #expect(listed.contains(other) && committed[other] != nil, "\(c.file): with \(other), which is not in the corpus") }
            if c.command == "import" && c.exit == 0 { #expect(c.show != nil, "\(c.file): an accepted import names a record to show") }
            if c.fileNameExempt == nil {
                #expect(c.expect.contains(Self.namedFile(c)), "\(c.file): the expected output must name the file")
            }
            if let issue = c.knownIssue { #expect(!issue.isEmpty && !issue.contains("\n")) }
        }
    }

    // MARK: - Every case

    @Test(arguments: cases)
    func badInput(_ c: Case) throws {
        let catalog = try newCatalog(importing: TestPaths.sample)
        let scratch = TempDirectory()
        let root = catalog.path

        let input: String
        if let generator = c.generated {
            input = scratch.write("inputs/" + c.file, Self.generate(generator))
        } else {
            input = Self.corpus + "/" + c.file
        }
        var arguments: [String]
        if c.command == "lint" {
            let bytes = try #require(FileManager.default.contents(atPath: input))
            catalog.write("reviews/exercisedb/\(c.reviewAs ?? "s001").json", Array(bytes))
            arguments = ["lint"]
        } else {
            let with = (c.with ?? []).map { Self.corpus + "/" + $0 }
            // The catalog holds the sample: a case's few records would remove it, which the
            // import guard refuses; the corpus is about reading the input, so removals are allowed.
            arguments = ["import", "--allow-removals"] + (c.withFirst == true ? with + [input] : [input] + with)
            if let format = c.format { arguments += ["--format", format] }
            if let language = c.language { arguments += ["--language", language] }
        }

        let before = treeHashes(root)
        let result = try runCatalog(arguments, in: root)
        let after = treeHashes(root)

        if let issue = c.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) {
                try Self.check(c, result, changed: Self.changes(before, after), root: root)
            }
        } else {
            try Self.check(c, result, changed: Self.changes(before, after), root: root)
        }
    }

    static func check(_ c: Case, _ result: RunResult, changed: [String], root: String) throws {
        let summary = "\(c.file) (\(c.why))\nexit \(result.status)\nstdout: \(clip(result.stdout))\nstderr: \(clip(result.stderr))"
        #expect(result.status == c.exit, "\(summary)")
        let stream = c.command == "lint" || c.exit == 0 ? result.stdout : result.stderr
        for text in c.expect {
            #expect(stream.contains(text), "missing \(text.debugDescription) in \(summary)")
        }

        if c.command == "lint" {
            #expect(changed.isEmpty, "lint changed \(changed)")
            #expect(result.stderr.isEmpty, "\(summary)")
            #expect(!hasControlCharacters(result.stdout), "raw control characters in \(summary)")
            // Findings are `FILE: LEVEL: [RULE] MESSAGE`, then the summary lines: nothing else.
            for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let finding = line.hasPrefix("reviews/") && line.contains(".json: ")
                    && [": error: [", ": warning: [", ": note: ["].contains { line.contains($0) }
                let total = line.range(of: #"^\d+ review files"#, options: .regularExpression) != nil
                #expect(finding || total || line.hasPrefix("soft rules overridden: "), "a lint line that is no finding: \(String(line).debugDescription)")
            }
            return
        }

        if c.exit != 0 {
            // Bad input changes no file.
            #expect(changed.isEmpty, "files changed: \(changed); \(summary)")
        }
        if result.status != 0 {
            #expect(result.stderr.hasPrefix("error: "), "\(summary)")
            #expect(result.stdout.isEmpty, "\(summary)")
        }
        if result.status == 65 {
            // One line, `error: <what> (<where>)`, readable on a terminal.
            #expect(result.stderr.utf8.count <= 16_384, "stderr is \(result.stderr.utf8.count) bytes")
            #expect(result.stderr.hasSuffix(")\n") && result.stderr.filter { $0 == "\n" }.count == 1, "not one line: \(summary)")
            #expect(!hasControlCharacters(result.stderr), "raw control characters in \(summary)")
        }
        if c.exit == 0 && result.status == 0 {
            let status = try runCatalog(["status"], in: root)
            #expect(status.status == 0, "status after the import: \(clip(status.stderr))")
            if let show = c.show {
                let shown = try runCatalog(["show", show.id, "--json"], in: root)
                #expect(shown.status == 0, "show \(show.id): \(clip(shown.stderr))")
                guard shown.status == 0 else { return }
                // Foundation's reader: a record nested to the import limit is deeper than that
                // inside show's output ("record" adds a level).
                let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
                let text = try #require(object?["canonicalText"] as? String)
                let fingerprint = object?["fingerprint"] as? String
                // README: the fingerprint is fp1: + sha256 of the canonical text `show` prints.
                #expect(fingerprint == "fp1:" + SHA256.hex(Array(text.utf8)), "canonical text \(clip(text)) does not hash to \(fingerprint ?? "nil")")
                for text2 in show.absent { #expect(!text.contains(text2), "\(text2.debugDescription) in the canonical text \(clip(text))") }
                for text2 in show.present { #expect(text.contains(text2), "\(text2.debugDescription) missing from the canonical text \(clip(text))") }
            }
        }
    }

    // MARK: - Helpers

    /// What the output must name: the input's file name, or for lint the review file it became.
    static func namedFile(_ c: Case) -> String {
        c.command == "lint" ? "reviews/exercisedb/\(c.reviewAs ?? "s001").json" : String(c.file.split(separator: "/").last ?? "")
    }

    static func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// C0 controls other than the newline, DEL and C1 controls.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value)
        }
    }

    static func clip(_ text: String, _ limit: Int = 600) -> String {
        text.utf8.count <= limit ? text : String(decoding: Array(text.utf8.prefix(limit)), as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }

    /// The inputs too large to commit.
    static func generate(_ name: String) -> [UInt8] {
        let fiveMB = 5 << 20
        switch name {
        case "huge-name-5mb":
            return Array(#"[{"id": "huge1", "name": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: fiveMB) + Array(#"", "bodyPart": "waist"}]"#.utf8)
        case "huge-id-5mb":
            return Array(#"[{"id": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: fiveMB) + Array(#"", "name": "squat"}]"#.utf8)
        case "deep-nesting-1m":
            return [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        case "html-deep-nesting-100k":
            let html = "<p>Stand tall.</p>" + String(repeating: "<b>", count: 100_000) + "deep-text-100k" + String(repeating: "</b>", count: 100_000)
            return Array(#"[{"model": "exercises.translation", "pk": 9920, "fields": {"name": "Curl 9020", "exercise": 9020, "language": 2, "description": "\#(html)"}}]"#.utf8)
        default:
            Issue.record("unknown generator \(name)")
            return []
        }
    }
}
