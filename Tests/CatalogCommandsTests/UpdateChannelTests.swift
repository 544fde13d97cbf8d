@testable import CatalogCommands
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The update channel (issue 34, item 3) through a test client: a phone that trusts k1, holds
/// a build and takes the next one, with "now" injected. The builds are made in-process by the
/// commands a publisher runs: 1.0.0 and 1.0.1 signed by k1, then a rotation to k2 and 1.1.0
/// signed by k2.
@Suite(.serialized) struct UpdateChannelTests {
    static let epoch = "1793232000"  // 2026-10-29, the build date
    static let early = "2027-01-15T00:00:00Z", late = "2027-02-15T00:00:00Z"

    struct Builds {
        let dir: TempDirectory
        var k1: String { dir.path + "/k1" }
        var k2: String { dir.path + "/k2" }
        func build(_ version: String) -> String { dir.path + "/dist/exercise-catalog-" + version }
        func key(_ name: String) -> String { String(decoding: FileManager.default.contents(atPath: dir.path + "/" + name)!, as: UTF8.self) }
    }

    static func run(_ arguments: [String], in dir: TempDirectory) -> (status: Int32, out: String, err: String) {
        let ran = runInProcess(["--root", dir.path] + arguments, in: dir.path, environment: ["CATALOG_EDITOR": "tester", "SOURCE_DATE_EPOCH": epoch])
        return (ran.status, ran.stdout, ran.stderr)
    }

    /// 1.0.0 (valid to 2027-01-31), 1.0.1 (a changed setup time), then k1 rotated to k2 and
    /// 1.1.0 (s011 promoted, valid to 2027-03-31) signed by k2.
    static func publish() throws -> Builds {
        let b = Builds(dir: try publishableSampleCatalog())
        func ok(_ arguments: [String]) {
            let r = run(arguments, in: b.dir)
            #expect(r.status == 0, "\(arguments): \(r.err)")
        }
        ok(["keygen", "--out", b.k1])
        ok(["export", "--sign", b.k1 + ".key", "--valid-until", "2027-01-31"])
        ok(["review", "s003", "--set", "setupSeconds=75"])
        ok(["export", "--sign", b.k1 + ".key", "--valid-until", "2027-01-31"])
        ok(["keygen", "--rotate", b.k1 + ".key", "--out", b.k2])
        ok(["review", "s011", "--confidence", "0.9"])
        ok(["export", "--sign", b.k2 + ".key", "--valid-until", "2027-03-31"])
        return b
    }

    static func channel(_ b: Builds, installed: PublishedCatalog?, now: String = early) -> PublishedCatalog.Channel {
        PublishedCatalog.Channel(key: b.key("k1.pub"), installed: installed, now: now)
    }

    @Test func aClientWalksOneBuildAfterAnotherThroughChangesAndEndsWhereLoadingWholeEnds() throws {
        let b = try Self.publish()
        let first = try PublishedCatalog.update(Self.channel(b, installed: nil), candidate: b.build("1.0.0"))
        #expect(first.taken == .whole)
        let second = try PublishedCatalog.update(Self.channel(b, installed: first.catalog), candidate: b.build("1.0.1"))
        #expect(second.taken == .changes && second.catalog.manifest.version.description == "1.0.1")
        let changed = second.catalog.exercises.first { $0.id == "exercisedb:s003" }
        #expect(changed?.setupSeconds == 75)
        // 1.1.0 is signed by k2: the client trusts k1 and follows the rotation 1.1.0 carries.
        let third = try PublishedCatalog.update(Self.channel(b, installed: second.catalog), candidate: b.build("1.1.0"))
        #expect(third.taken == .changes && third.catalog.manifest.version.description == "1.1.0")
        let whole = try PublishedCatalog.load(directory: b.build("1.1.0"), publicKeyPEM: b.key("k2.pub"))
        #expect(third.catalog.exercises == whole.exercises)
        #expect(third.catalog.exercises.map(\.id) == whole.exercises.map(\.id))
        #expect(third.catalog.vocabulary == whole.vocabulary && third.catalog.manifestSha256 == whole.manifestSha256)
        // The first build's changes list every record as added, previous null.
        let changes = try BuildChanges(bytes: Array(FileManager.default.contents(atPath: b.build("1.0.0") + "/changes.json")!))
        #expect(changes.previous == nil && changes.entries.count == 24 && changes.entries.allSatisfy { $0.kind == .added })
        let promoted = try BuildChanges(bytes: Array(FileManager.default.contents(atPath: b.build("1.1.0") + "/changes.json")!))
        let s011 = promoted.entries.first { $0.id == "exercisedb:s011" }
        #expect(s011?.planning == .joined && s011?.why == ["LOW_CONFIDENCE"] && s011?.fields.contains("confidence") == true)
    }

    @Test func rollbackFreezeAndMixAndMatchAreRefused() throws {
        let b = try Self.publish()
        let newest = try PublishedCatalog.load(directory: b.build("1.1.0"), publicKeyPEM: b.key("k1.pub"))
        let v100 = try PublishedCatalog.load(directory: b.build("1.0.0"), publicKeyPEM: b.key("k1.pub"))
        // Rollback: 1.0.1 after 1.1.0.
        #expect(throws: CatalogError.self) { try PublishedCatalog.update(Self.channel(b, installed: newest), candidate: b.build("1.0.1")) }
        do { _ = try PublishedCatalog.update(Self.channel(b, installed: newest), candidate: b.build("1.0.1")) } catch {
            #expect(error.message.contains("1.0.1 is not above the installed build 1.1.0"), "\(error.message)")
        }
        // Freeze: 1.0.1 expired at the end of 2027-01-31.
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v100, now: Self.late), candidate: b.build("1.0.1"))
            Issue.record("an expired build was taken")
        } catch { #expect(error.message.contains("expired at 2027-01-31T23:59:59Z"), "\(error.message)") }
        // An expired installed build is kept: the next build is taken, with a warning.
        let v101 = try PublishedCatalog.load(directory: b.build("1.0.1"), publicKeyPEM: b.key("k1.pub"))
        let renewed = try PublishedCatalog.update(Self.channel(b, installed: v101, now: Self.late), candidate: b.build("1.1.0"))
        #expect(renewed.catalog.manifest.version.description == "1.1.0")
        #expect(renewed.warnings.first?.contains("the installed build 1.0.1 expired") == true, "\(renewed.warnings)")
        // Mix-and-match: 1.1.0's changes were made against 1.0.1, not 1.0.0.
        let changes = try BuildChanges(bytes: Array(FileManager.default.contents(atPath: b.build("1.1.0") + "/changes.json")!))
        do {
            _ = try v100.applying(changes, manifest: newest.manifest, manifestSha256: newest.manifestSha256)
            Issue.record("changes made against 1.0.1 were applied to 1.0.0")
        } catch { #expect(error.message.contains("not from the build held"), "\(error.message)") }
        // ... so a client holding 1.0.0 (two builds behind) loads 1.1.0 whole.
        let behind = try PublishedCatalog.update(Self.channel(b, installed: v100), candidate: b.build("1.1.0"))
        #expect(behind.taken == .whole && behind.catalog.exercises == newest.exercises)
        // A changes.json swapped in from another build fails its digest.
        let swapped = b.dir.path + "/swapped"
        try FileManager.default.copyItem(atPath: b.build("1.1.0"), toPath: swapped)
        try FileManager.default.removeItem(atPath: swapped + "/changes.json")
        try FileManager.default.copyItem(atPath: b.build("1.0.1") + "/changes.json", toPath: swapped + "/changes.json")
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v101), candidate: swapped)
            Issue.record("a swapped changes.json was applied")
        } catch { #expect(error.message.contains("sha256 differs"), "\(error.message)") }
        // Endless data: a changes.json longer than manifest.json lists is refused by its size, unread.
        let padded = b.dir.path + "/padded"
        try FileManager.default.copyItem(atPath: b.build("1.1.0"), toPath: padded)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: padded + "/changes.json"))
        try handle.truncate(atOffset: 1 << 32)  // 4 GiB, sparse
        try handle.close()
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v101), candidate: padded)
            Issue.record("an endless changes.json was read")
        } catch { #expect(error.message.contains("above the limit"), "\(error.message)") }
    }

    /// A copy of build `version` whose manifest is signed again with `key` (a private key file).
    static func resigned(_ b: Builds, _ version: String, with key: String, as name: String) throws -> String {
        let copy = b.dir.path + "/" + name
        try FileManager.default.copyItem(atPath: b.build(version), toPath: copy)
        let manifest = Array(FileManager.default.contents(atPath: copy + "/manifest.json")!)
        let signature = try Ed25519.sign(manifest, privatePEM: b.key(key), keyFile: key)
        _ = FileManager.default.createFile(atPath: copy + "/manifest.sig", contents: Data(signature.utf8))
        return copy
    }

    @Test func retiredAndUnchainedKeysAreRefusedAndTheRotatedKeyIsTaken() throws {
        let b = try Self.publish()
        let v101 = try PublishedCatalog.load(directory: b.build("1.0.1"), publicKeyPEM: b.key("k1.pub"))
        // The rotated key signs 1.1.0: taken.
        #expect(try PublishedCatalog.update(Self.channel(b, installed: v101), candidate: b.build("1.1.0")).catalog.manifest.version.description == "1.1.0")
        // After the rotation, 1.1.0 signed by the retired k1: refused.
        let retired = try Self.resigned(b, "1.1.0", with: "k1.key", as: "retired")
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v101), candidate: retired)
            Issue.record("a build signed by the retired key was taken")
        } catch { #expect(error.message.contains("retired by key rotation 1"), "\(error.message)") }
        // A key no rotation reaches: refused.
        #expect(Self.run(["keygen", "--out", b.dir.path + "/k3"], in: b.dir).status == 0)
        let unchained = try Self.resigned(b, "1.1.0", with: "k3.key", as: "unchained")
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v101), candidate: unchained)
            Issue.record("a build signed by an unchained key was taken")
        } catch { #expect(error.message.contains("no chain"), "\(error.message)") }
        // The stolen k1 signs a higher build that leaves the rotation out: a client that has
        // seen the rotation refuses it.
        let v110 = try PublishedCatalog.load(directory: b.build("1.1.0"), publicKeyPEM: b.key("k1.pub"))
        try FileManager.default.removeItem(atPath: b.dir.path + "/catalog/keys")
        let forged = Self.run(["export", "--sign", b.k1 + ".key", "--version", "9.0.0", "--out", b.dir.path + "/forged"], in: b.dir)
        #expect(forged.status == 0, "\(forged.err)")
        do {
            _ = try PublishedCatalog.update(Self.channel(b, installed: v110), candidate: b.dir.path + "/forged/exercise-catalog-9.0.0")
            Issue.record("a build without the rotation was taken")
        } catch { #expect(error.message.contains("do not continue those of the installed build"), "\(error.message)") }
    }

    @Test func verifyInstalledRefusesARollbackNamingBothVersions() throws {
        let b = try Self.publish()
        let back = Self.run(["verify", b.build("1.0.1"), "--key", b.k1 + ".pub", "--installed", b.build("1.1.0")], in: b.dir)
        #expect(back.status == 1)
        #expect(back.err.contains("build 1.0.1 is not above the installed build 1.1.0"), "\(back.err)")
        let next = Self.run(["verify", b.build("1.1.0"), "--key", b.k1 + ".pub", "--installed", b.build("1.0.1")], in: b.dir)
        #expect(next.status == 0, "\(next.err)")
        #expect(Self.run(["verify", b.build("1.1.0"), "--key", b.k2 + ".pub"], in: b.dir).status == 0)
        // A build past its validUntil fails verify (SOURCE_DATE_EPOCH is the clock).
        let expired = runInProcess(["--root", b.dir.path, "verify", b.build("1.0.0")], in: b.dir.path, environment: ["SOURCE_DATE_EPOCH": "1802000000"])  // 2027-02-07
        #expect(expired.status == 1)
    }

    @Test func renewingValidityAloneWritesAPatchWithTheSameRecordsAndBytesFollowTheFlagOnly() throws {
        let b = Builds(dir: try publishableSampleCatalog())
        #expect(Self.run(["export", "--valid-until", "2027-01-31"], in: b.dir).status == 0)
        let same = Self.run(["export", "--valid-until", "2027-01-31"], in: b.dir)
        #expect(same.status == 0 && same.out.contains("nothing changed"), "\(same.out)")
        #expect(Self.run(["export", "--valid-until", "2027-04-30"], in: b.dir).status == 0)
        let a = try PublishedCatalog.load(directory: b.build("1.0.0")), c = try PublishedCatalog.load(directory: b.build("1.0.1"))
        #expect(c.manifest.validUntil == "2027-04-30T23:59:59Z" && a.exercises == c.exercises)
        let changes = try BuildChanges(bytes: Array(FileManager.default.contents(atPath: b.build("1.0.1") + "/changes.json")!))
        #expect(changes.entries.isEmpty && changes.previous?.manifestSha256 == a.manifestSha256)
        // Same inputs, same bytes (validUntil is the flag's, never the clock's).
        #expect(Self.run(["export", "--valid-until", "2027-01-31", "--out", b.dir.path + "/again"], in: b.dir).status == 0)
        for name in ["catalog.json", "catalog.sqlite", "changes.json", "manifest.json", "CHANGELOG.md"] {
            #expect(FileManager.default.contents(atPath: b.build("1.0.0") + "/" + name) == FileManager.default.contents(atPath: b.dir.path + "/again/exercise-catalog-1.0.0/" + name), "\(name)")
        }
    }

    @Test func aRecordRemovedUpstreamNamesItsReplacementAndLintHoldsItToOneStep() throws {
        let b = Builds(dir: try publishableSampleCatalog())
        #expect(Self.run(["export"], in: b.dir).status == 0)
        #expect(Self.run(["import", TestPaths.sampleNext], in: b.dir).status == 0)  // s020 removed upstream
        func lint() -> String { Self.run(["lint"], in: b.dir).out }
        #expect(Self.run(["review", "s020", "--set", "replacedBy=s999"], in: b.dir).status == 0)
        #expect(lint().contains("[replaced-by-invalid] replacedBy names s999, which is not a record of the catalog"), "\(lint())")
        let gate = Self.run(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], in: b.dir)
        #expect(gate.status == 1 && gate.err.contains("replaced-by-invalid"), "\(gate.err)")
        #expect(Self.run(["review", "s019", "--set", "replacedBy=s001"], in: b.dir).status == 0)
        #expect(lint().contains("replacedBy is for a record removed upstream; exercisedb:s019 is in its source's release"), "\(lint())")
        #expect(Self.run(["review", "s020", "--set", "replacedBy=s019"], in: b.dir).status == 0)
        #expect(lint().contains("replacedBy names s019, which is itself replaced"), "\(lint())")
        #expect(Self.run(["review", "s019", "--unset", "replacedBy"], in: b.dir).status == 0)
        #expect(!lint().contains("replaced-by-invalid"), "\(lint())")
        let export = Self.run(["export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"], in: b.dir)
        #expect(export.status == 0, "\(export.err)")
        let build = try PublishedCatalog.load(directory: b.build("1.0.1"))
        #expect(build.exercises.first { $0.id == "exercisedb:s020" }?.replacedBy == "exercisedb:s019")
        let changes = try BuildChanges(bytes: Array(FileManager.default.contents(atPath: b.build("1.0.1") + "/changes.json")!))
        let s020 = changes.entries.first { $0.id == "exercisedb:s020" }
        #expect(s020?.removedUpstream == true && s020?.replacedBy == "exercisedb:s019" && s020?.planning == .left && s020?.why == ["UPSTREAM_REMOVED"])
        let changelog = String(decoding: FileManager.default.contents(atPath: b.build("1.0.1") + "/CHANGELOG.md")!, as: UTF8.self)
        #expect(changelog.contains("- `exercisedb:s020` hanging knee raise is replaced by `exercisedb:s019`"), "\(changelog)")
    }

    @Test func schemaOneAndTwoBuildsStillLoadAndVerify() throws {
        for build in [TestPaths.schema1Build, TestPaths.packageRoot + "/fixtures/schema2/exercise-catalog-1.0.0"] {
            let (summary, problems) = PublishedCatalog.inspect(directory: build)
            #expect(problems.isEmpty, "\(build): \(problems)")
            #expect(try PublishedCatalog.load(directory: build).exercises.count == summary?.records)
        }
        #expect(try PublishedCatalog.load(directory: TestPaths.fixtureBuild).manifest.schemaVersion == 3)
    }
}
