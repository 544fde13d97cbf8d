import CatalogBuild
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 16's findings about `verify`: what a build's manifest may name, what is read, in which
/// order, and what an unsigned build can still be caught at. Each failed on the binary before
/// the fix; docs/RELIABILITY.md lists them by name.
@Suite struct VerifyHardeningTests {
    /// A fresh export of the sample catalog (signed with `k.key` when `signed`), and its folder.
    func build(signed: Bool = false) throws -> (TempDirectory, String) {
        let dir = try publishableSample()
        if signed { #expect(runInProcess(["keygen", "--out", "k"], in: dir.path).status == 0) }
        let export = runInProcess(["export"] + (signed ? ["--sign", "k.key"] : []), in: dir.path)
        #expect(export.status == 0, "\(export.stderr)")
        return (dir, dir.path + "/dist/exercise-catalog-1.0.0")
    }

    /// Rewrites the manifest with `files` and `counts` changed, its digest recomputed: what
    /// anyone who can write the build can do.
    func rewriteManifest(_ build: String, files: (inout [String: Manifest.FileEntry]) throws -> Void = { _ in },
                         counts: (JSONValue) -> JSONValue = { $0 }) throws {
        let manifest = try Manifest(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/manifest.json"))), file: "manifest.json")
        var entries = manifest.files
        for name in entries.keys {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/" + name)))
            entries[name] = Manifest.FileEntry(sha256: SHA256.hex(bytes), bytes: bytes.count)
        }
        try files(&entries)
        let forged = Manifest(name: manifest.name, version: manifest.version, createdAt: manifest.createdAt, counts: counts(manifest.counts),
                              upstream: manifest.upstream, files: entries, previous: manifest.previous)
        try Data(forged.fileText.utf8).write(to: URL(fileURLWithPath: build + "/manifest.json"))
    }

    // MARK: - Finding 2: names that leave the build, links, signature first

    @Test func finding2ManifestNamesThatLeaveTheBuildAreRefusedBeforeAnythingIsRead() throws {
        let (dir, build) = try build()
        for name in ["../../../../../../../../etc/hostname", "/etc/hostname", "sub/file", "bad\nname"] {
            let copy = dir.path + "/forged"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: build, toPath: copy)
            try rewriteManifest(copy, files: { files in
                let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: "/etc/hostname"))) ?? Data())
                files[name] = Manifest.FileEntry(sha256: SHA256.hex(bytes), bytes: bytes.count)
            })
            let result = runInProcess(["verify", "forged"], in: dir.path)
            #expect(result.status == 1, "\(name) verified: \(result.stdout)")
            #expect(result.stderr.contains("file name") && result.stderr.contains("/manifest.json)"), "\(name): \(result.stderr)")
        }
    }

    @Test func finding2LinksAndSpecialFilesInABuildAreNotRead() throws {
        let (dir, build) = try build()
        // catalog.json as a link to an outside copy with the same bytes verified before.
        let outside = dir.path + "/outside-catalog.json"
        try FileManager.default.moveItem(atPath: build + "/catalog.json", toPath: outside)
        #expect(symlink(outside, build + "/catalog.json") == 0)
        let linked = runInProcess(["verify", build], in: dir.path)
        #expect(linked.status == 1, "a linked catalog.json verified: \(linked.stdout)")
        #expect(linked.stderr.contains("is a symbolic link") && linked.stderr.contains("/catalog.json)"), "\(linked.stderr)")
        // A FIFO under a listed name is refused without being opened (it would block).
        unlink(build + "/catalog.json")
        #expect(mkfifo(build + "/catalog.json", 0o644) == 0)
        let fifo = runInProcess(["verify", build], in: dir.path)
        #expect(fifo.status == 1 && fifo.stderr.contains("is not a regular file"), "\(fifo.stderr)")
    }

    @Test func finding2WithAKeyTheSignatureIsCheckedFirst() throws {
        let (dir, build) = try build(signed: true)
        #expect(runInProcess(["keygen", "--out", "other"], in: dir.path).status == 0)
        // A damaged file as well as a foreign key: only the signature is reported, nothing was
        // hashed (before, every file was read and each problem listed).
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: build + "/catalog.json")))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: build + "/catalog.json"))
        let result = runInProcess(["verify", build, "--key", "other.pub", "--json"], in: dir.path)
        #expect(result.status == 1)
        let problems = try #require(try JSONParser.parse(result.stdout).objectValue?["problems"]?.arrayValue)
        #expect(problems.count == 1, "\(result.stdout)")
        #expect(problems.first?.objectValue?["file"]?.stringValue == "manifest.sig", "\(result.stdout)")
    }

    // MARK: - Finding 3: a consistent unsigned forgery

    @Test func finding3AConsistentForgeryFailsTheRulesTheVocabularyOrTheSignatureRequirement() throws {
        let (dir, build) = try build()
        let json = build + "/catalog.json", sqlite = build + "/catalog.sqlite"
        // s001 (cleared) gets a movement pattern no vocabulary has, in both files.
        let text = try String(contentsOfFile: json, encoding: .utf8)
        let start = try #require(text.range(of: "\"id\": \"exercisedb:s001\""))
        let pattern = try #require(text.range(of: "\"movementPattern\": \"squat\"", range: start.upperBound..<text.endIndex))
        try Data(text.replacingCharacters(in: pattern, with: "\"movementPattern\": \"hip-hinge\"").utf8).write(to: URL(fileURLWithPath: json))
        let db = try Database(path: sqlite, create: false)
        try db.execute("""
            UPDATE exercises SET movement_pattern = 'hip-hinge', record = replace(record, '"movementPattern":"squat"', '"movementPattern":"hip-hinge"')
            WHERE id = 'exercisedb:s001'
            """)
        try rewriteManifest(build)
        // The build's own vocabularies (schema 2) have no such pattern: verify alone catches it.
        let own = runInProcess(["verify", build], in: dir.path)
        #expect(own.status == 1, "\(own.stdout)")
        #expect(own.stderr.contains("movementPattern hip-hinge is in no movement pattern"), "\(own.stderr)")
        // A forger who adds the pattern to the build's vocabularies too makes it consistent:
        // verify alone says so, and says what that proves.
        try forgeConsistently(build, vocabulary: { vocab in
            guard case .object(var o) = vocab, case .object(var patterns)? = o["patterns"], let list = patterns["patterns"]?.arrayValue else { return }
            patterns["patterns"] = .array(list + [["definition": "forged", "id": "hip-hinge"]])
            o["patterns"] = .object(patterns)
            vocab = .object(o)
        }) { _ in }
        let plain = runInProcess(["verify", build], in: dir.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("anyone able to write its files can arrange"), "\(plain.stdout)")
        // --vocab holds the build to the catalog's own vocabulary folder instead.
        let vocab = runInProcess(["verify", build, "--vocab", "catalog/vocab"], in: dir.path)
        #expect(vocab.status == 1, "\(vocab.stdout)")
        #expect(vocab.stderr.contains("movementPattern hip-hinge is in no movement pattern"), "\(vocab.stderr)")
        let required = runInProcess(["verify", build, "--require-signature"], in: dir.path)
        #expect(required.status == 1 && required.stderr.contains("a signature is required"), "\(required.stderr)")
        let byEnvironment = runInProcess(["verify", build], in: dir.path, environment: ["CATALOG_REQUIRE_SIGNATURE": "1"])
        #expect(byEnvironment.status == 1, "\(byEnvironment.stdout)")
    }

    @Test func finding3APromotionThatKeepsItsReasonsBreaksTheInvariant() throws {
        let (dir, build) = try build()
        let json = build + "/catalog.json", sqlite = build + "/catalog.sqlite"
        let db = try Database(path: sqlite, create: false)
        let held = try #require(try db.rows("SELECT id FROM exercises WHERE auto_plan = 0 ORDER BY id LIMIT 1").first?.first?.text)
        let text = try String(contentsOfFile: json, encoding: .utf8)
        // Keys are sorted: autoPlan comes before the id, so look from the record's opening brace.
        let id = try #require(text.range(of: "\"id\": \"\(held)\""))
        let start = try #require(text.range(of: "\n    {", options: .backwards, range: text.startIndex..<id.lowerBound))
        let flag = try #require(text.range(of: "\"autoPlan\": false", range: start.upperBound..<id.lowerBound))
        try Data(text.replacingCharacters(in: flag, with: "\"autoPlan\": true").utf8).write(to: URL(fileURLWithPath: json))
        try db.execute("UPDATE exercises SET auto_plan = 1, record = replace(record, '\"autoPlan\":false', '\"autoPlan\":true') WHERE id = '\(held)'")
        try rewriteManifest(build, counts: { counts in
            guard var object = counts.objectValue, case .number(let n)? = object["autoPlan"], let auto = Int(n) else { return counts }
            object["autoPlan"] = .int(auto + 1)
            return .object(object)
        })
        let result = runInProcess(["verify", build], in: dir.path)
        #expect(result.status == 1, "a record cleared with its reasons verified: \(result.stdout)")
        #expect(result.stderr.contains("autoPlan is true but the record carries reasons"), "\(result.stderr)")
    }

    // MARK: - Finding 12: a build under another version's folder name

    @Test func finding12ABuildUnderAnotherVersionsFolderNameIsNoted() throws {
        let (dir, build) = try build()
        try FileManager.default.moveItem(atPath: build, toPath: dir.path + "/dist/exercise-catalog-9.9.9")
        let result = runInProcess(["verify", "dist/exercise-catalog-9.9.9"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: the folder's name is not exercise-catalog-1.0.0"), "\(result.stdout)")
    }
}

/// Finding 10: SQLite's result codes become exit codes in one place (`CatalogError.index`).
@Suite struct SQLiteErrorMappingTests {
    @Test func finding10PrimaryResultCodesMapToTheDocumentedExitCodes() {
        // READONLY 8, CANTOPEN 14, FULL 13, PERM 3, IOERR 10; BUSY 5, LOCKED 6; CORRUPT 11, NOTADB 26;
        // an extended code (READONLY_DBMOVED, 8 | 4 << 8) maps by its primary code.
        let expected: [(Int32, Int32)] = [(8, 73), (14, 73), (13, 73), (3, 73), (10, 73), (8 | 4 << 8, 73), (5, 73), (6, 73), (11, 65), (26, 65), (1, 70), (19, 70)]
        for (code, exit) in expected {
            let error = CatalogError.index(SQLiteError(code: code, message: "m", sql: nil))
            #expect(error.kind.exitCode == exit, "SQLite code \(code)")
        }
        #expect(CatalogError.index(CatalogError(.noInput, "x")).kind == .noInput)
    }
}
