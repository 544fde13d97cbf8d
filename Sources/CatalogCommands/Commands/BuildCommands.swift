import CatalogBuild
import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogReader
import CatalogStore
import Foundation

enum ExportCommand {
    static let command = Command(
        name: "export",
        abstract: "Publish a versioned, deterministic build for the planner",
        usage: "export [--version V] [--out DIR] [--sign KEY] [--valid-until DATE] [--allow-drop] [--allow-coverage-drop] [--allow-plan-regression] [--json]",
        discussion: """
            Writes DIR/<name>-<version>/ (DIR defaults to dist/): catalog.json, catalog.sqlite,
            CHANGELOG.md and changes.json (against the previous build in DIR: each record added or
            changed, whole, for a phone to apply) and manifest.json (format tag, schemaVersion,
            version, counts, upstream snapshot digests, every file's sha256, validUntil, and every
            key rotation in catalog/keys), plus manifest.sig with --sign (the newest key).
            --valid-until DATE (YYYY-MM-DD, to its last second UTC, or YYYY-MM-DDTHH:MM:SSZ): after
            it readers refuse the build as new (an installed one stays in use); a new validity
            or key rotation with nothing else changed is a patch. The version is proposed from the changes (a removed record
            or a format change: major; added or promoted records: minor; other changes: patch);
            --version must be above the last build. Release gates: lint passes, no record id of
            the previous build is missing, and the records cleared for automatic planning drop by
            no more than maxAutoPlanDrop (catalog/catalog.json, default 5%) unless --allow-drop,
            and no profile/level/muscle cell the previous build covered (see `catalog coverage`)
            falls below coverage.min cleared primary candidates unless --allow-coverage-drop;
            the changelog lists the cells that gained or lost coverage. The plan gate plans the
            standard weeks (every profile × goal × level, see `catalog plan`) on both builds: a
            muscle that reached its minimum on the previous build and falls below it fails the
            export, naming profile, goal, level and muscle, unless --allow-plan-regression; the
            changelog's Plans section lists each week's exercises in and out and the muscles
            that fall below or come back to their minimum or target. The build carries the
            profiles it was planned for (profiles.json) so that `diff --plans` needs no catalog.
            Same inputs, same bytes: dates come from SOURCE_DATE_EPOCH or the upstream import.
            With nothing changed since the last build, nothing is written and the exit is 0
            (written is false; version, dir, manifestSha256 and counts are the last build's).
            JSON keys: written, version, dir, manifestSha256, counts, previous, changes.
            """,
        options: [
            .option("version", "V", "the version to publish (default: proposed)"),
            .option("out", "DIR", "where builds live (default: dist/)"),
            .option("sign", "KEY", "sign the manifest with this Ed25519 private key (see `catalog keygen`)"),
            .option("valid-until", "DATE", "the last day (or moment, UTC) readers take the build as new"),
            .flag("allow-drop", "publish even if fewer records are cleared than the gate allows"),
            .flag("allow-coverage-drop", "publish even if a profile/level/muscle cell loses its coverage"),
            .flag("allow-plan-regression", "publish even if a standard week's muscle falls below its minimum"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            _ = try args.positionals(0, "")
            let out = args.option("out").map(context.path)
            if let out { try FileSystem.requireParentFolder(out) }
            let catalog = try context.catalog()
            var version: SemanticVersion?
            if let text = args.option("version") {
                guard let v = SemanticVersion(text) else { throw CatalogError(.usage, "--version takes MAJOR.MINOR.PATCH, each a number from 0 to \(SemanticVersion.maxPart), not '\(text)'") }
                version = v
            }
            var key: (pem: String, file: String)?
            if let path = args.option("sign").map(context.path) {
                key = (String(decoding: try FileSystem.read(path), as: UTF8.self), path)
            }
            let date: String
            if context.console.environment["SOURCE_DATE_EPOCH"] != nil {
                date = try context.date()
            } else {
                date = try catalog.meta(catalog.config.memberSource).importedAt
            }
            let validUntil = try args.option("valid-until").map { text throws(CatalogError) in
                guard let moment = Manifest.moment(validUntil: text) else { throw CatalogError(.usage, "--valid-until takes YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, not '\(text)'") }
                return moment
            }
            context.console.progress("building")
            let result = try Exporter.export(catalog, options: Exporter.Options(
                version: version, outDirectory: out, date: date, signingKey: key, allowDrop: args.flag("allow-drop"),
                allowCoverageDrop: args.flag("allow-coverage-drop"), validUntil: validUntil, keyRotations: try KeyRotations.load(catalog.layout),
                allowPlanRegression: args.flag("allow-plan-regression")),
                progress: { context.console.progress($0) })
            context.console.endProgress()
            if args.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("written", .bool(result.written)),
                    JSONMember("version", .string(result.version.description)),
                    JSONMember("dir", .string(result.directory)),
                    JSONMember("manifestSha256", .string(result.manifestSha256)),
                    JSONMember("counts", result.counts),
                    JSONMember("previous", result.previous.map { .string($0.description) } ?? .null),
                    JSONMember("changes", result.diff.json),
                ])))
            } else if !result.written {
                context.console.print("nothing changed since build \(result.version) (\(catalog.layout.relative(result.directory))); no new build written")
            } else {
                let counts = result.counts.objectValue
                context.console.print("wrote \(result.directory): version \(result.version)" + (result.previous.map { " (previous \($0))" } ?? " (first build)"))
                let total = JSONWriter.string(counts?["total"] ?? 0)
                context.console.print("  \(total) record\(total == "1" ? "" : "s"), \(JSONWriter.string(counts?["autoPlan"] ?? 0)) cleared for automatic planning")
                let d = result.diff
                if result.previous != nil {
                    context.console.print("  added \(d.added.count), removed \(d.removed.count), promoted \(d.promoted.count), demoted \(d.demoted.count), changed \(d.changed.count)")
                }
                context.console.print("  manifest sha256 \(result.manifestSha256)" + (key != nil ? ", signed" : ""))
                // The public key beside the private one, as `catalog keygen` writes them.
                let pub = key.map { ($0.file.hasSuffix(".key") ? String($0.file.dropLast(4)) : $0.file) + ".pub" }
                context.console.print("next: catalog verify \(ShellQuote.word(result.directory))" + (pub.map { FileSystem.exists($0) ? " --key \(ShellQuote.word($0))" : "" } ?? ""))
            }
            return 0
        })
}

enum VerifyCommand {
    static let command = Command(
        name: "verify",
        abstract: "Check a build: format, schema, every file's sha256, signature, JSON = SQLite",
        usage: "verify DIR [--key PUB] [--installed OLD] [--require-signature] [--vocab DIR] [--json]",
        discussion: """
            With --key the Ed25519 signature is checked first (a build without manifest.sig then
            fails) and nothing else is read when it does not match. Then: the manifest's format
            tag, schema version and own digest; that every file name it lists is a plain name
            inside the build; the sha256 and size of every file, each a regular file (no links,
            FIFOs or devices); that no file is unlisted; that catalog.json and catalog.sqlite hold
            the same records, as the manifest counts them; and that each record keeps the
            format's rules (autoPlan exactly when it has no reasons, known reason codes, a known
            level and setupSeconds 0-600 where cleared); that each cleared record's pattern,
            equipment, muscles, joints, mechanic and laterality are in the vocabularies the build
            carries (schema 2), or with --vocab DIR in that vocabulary folder's instead
            (catalog/vocab); and that each variantOf names a record of the build that is no copy
            itself, and each record's variants are exactly the records that name it.
            Without a signature, verify shows only that the build is consistent: anyone who can
            write its files can make a consistent build. --require-signature (or
            CATALOG_REQUIRE_SIGNATURE=1) fails a build whose signature no --key checked. A folder
            whose name is not <name>-<version> of its manifest is noted. Exit 0 when the build
            verifies, 1 with each problem named by file. With key rotations in the manifest, --key
            is the key trusted from the start: the signature must be by the key the rotations lead
            to (a retired key, or one no rotation reaches, fails). A build whose validUntil is
            past (SOURCE_DATE_EPOCH, else now) fails. --installed OLD checks DIR as the next build
            of a reader holding OLD (verified first): DIR's version must be above OLD's and its
            key rotations continue OLD's; an expired OLD is a note. JSON keys: dir, ok, version,
            records, signatureChecked, problems [{file, message}], notes.
            """,
        options: [
            .option("key", "PUB", "the Ed25519 public key the manifest must be signed with"),
            .option("installed", "OLD", "the build a reader holds: DIR must be above it and continue its key rotations"),
            .flag("require-signature", "fail unless the signature was checked with --key"),
            .option("vocab", "DIR", "hold cleared records' values to this vocabulary folder, not the build's own"),
            .flag("json", "print as JSON"),
        ],
        run: { context in
            let args = context.arguments
            let typed = try args.positionals(1, "DIR")[0], dir = context.path(typed)
            guard FileSystem.isDirectory(dir) else { throw CatalogError(.noInput, "no such build folder", .init(file: dir)) }
            var pem: String?
            if let path = args.option("key").map(context.path) { pem = String(decoding: try FileSystem.read(path, limit: 1 << 16), as: UTF8.self) }
            var vocabulary: Vocabulary?
            if let folder = args.option("vocab").map(context.path) {
                guard FileSystem.isDirectory(folder) else { throw CatalogError(.noInput, "no such vocabulary folder", .init(file: folder)) }
                var documents: [String: [UInt8]] = [:]
                for name in Vocabulary.files where FileSystem.exists(folder + "/" + name) { documents[name] = try FileSystem.read(folder + "/" + name, limit: 16 << 20) }
                vocabulary = try Vocabulary.load(documents, directory: folder)
            }
            let require = args.flag("require-signature") || context.console.environment["CATALOG_REQUIRE_SIGNATURE"] == "1"
            let installed = try args.option("installed").map { old throws(CatalogError) in
                try PublishedCatalog.verified(directory: context.path(old), publicKeyPEM: pem, keyFile: args.option("key") ?? "key").manifest
            }
            var (catalog, problems) = PublishedCatalog.inspect(directory: dir, publicKeyPEM: pem, keyFile: args.option("key") ?? "key",
                                                               vocabulary: vocabulary, requireSignature: require, installed: installed)
            var notes: [String] = []
            // Rollback and freeze from the manifest as it reads, whatever else fails: the versions first.
            if let manifest = try? Manifest(bytes: try FileSystem.read(dir + "/" + BuildFormat.manifestFile, limit: 64 << 20), file: BuildFormat.manifestFile) {
                let channel = PublishedCatalog.channelProblems(manifest, installed: installed, now: try context.date())
                problems = channel.problems.map { PublishedCatalog.Problem(file: BuildFormat.manifestFile, message: $0) } + problems
                notes += channel.warnings
                if !channel.problems.isEmpty { catalog = nil }
            }
            if let manifest = catalog?.manifest, (typed as NSString).standardizingPath.split(separator: "/").last.map(String.init) != "\(manifest.name)-\(manifest.version)" {
                notes.append("the folder's name is not \(manifest.name)-\(manifest.version), the build its manifest describes")
            }
            if args.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("dir", .string(dir)), JSONMember("ok", .bool(problems.isEmpty)),
                    JSONMember("version", catalog.map { .string($0.manifest.version.description) } ?? .null),
                    JSONMember("records", catalog.map { .int($0.records) } ?? .null),
                    JSONMember("signatureChecked", .bool(pem != nil)),
                    JSONMember("problems", .array(problems.map { .object(JSONObject([JSONMember("file", .string($0.file)), JSONMember("message", .string($0.message))])) })),
                    JSONMember("notes", .strings(notes)),
                ])))
            } else if let catalog, problems.isEmpty {
                let signed = FileSystem.exists(dir + "/" + BuildFormat.signatureFile)
                context.console.print("ok: \(catalog.manifest.name) \(catalog.manifest.version), \(catalog.records) records; every file matches the manifest; "
                    + (pem != nil ? "signature valid" : (signed ? "signature present but not checked (pass --key)" : "not signed"))
                    + (pem != nil ? "" : ": the build is consistent, which anyone able to write its files can arrange; only a checked signature shows who made it"))
                if let installed { context.console.print("ok: \(catalog.manifest.version) is above the installed \(installed.version) and continues its key rotations") }
                for note in notes { context.console.print(CatalogError.diagnostic("note", note)) }
            } else {
                // A problem with the key names the key file as given; the build's files sit in DIR.
                let keyPath = context.arguments.option("key")
                for problem in problems { context.console.error(CatalogError.diagnostic("error", problem.message, at: problem.file == keyPath ? problem.file : dir + "/" + problem.file)) }
                context.console.error("verification failed: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            }
            return problems.isEmpty ? 0 : 1
        })
}

enum DiffCommand {
    static let command = Command(
        name: "diff",
        abstract: "Compare two builds: added, removed, promoted, demoted, changed",
        usage: "diff OLD NEW [--plans] [--json]",
        discussion: """
            Both builds are verified first. Demoted records come with the reasons they now carry.
            --plans plans the standard weeks (the profiles NEW carries, else OLD's, else the
            default five; × goals × levels) on both builds and adds, per week that changed, the
            exercises in and out and the muscles that fall below or come back to their minimum
            or target (as export's changelog and plan gate do).
            JSON keys: from, to, added, removed, promoted, demoted (with reasons), changed (with
            fields), formatChanged, bump; with --plans, plans {weeks, changes [{profile, goal,
            level, in, out, below, back}]}.
            """,
        options: [.flag("plans", "also compare the standard weeks planned on both builds"), .flag("json", "print as JSON")],
        run: { context in
            let dirs = try context.arguments.positionals(["OLD", "NEW"], "build folder").map(context.path)
            for dir in dirs where !FileSystem.isDirectory(dir) { throw CatalogError(.noInput, "no such build folder", .init(file: dir)) }
            // Both verified, then walked side by side in id order (neither is held whole, unless
            // --plans plans on them: then each is loaded, which verifies it, once).
            let loaded = context.arguments.flag("plans") ? try dirs.map { (dir: String) throws(CatalogError) in try PublishedCatalog.load(directory: dir) } : nil
            var summaries: [(manifest: Manifest, records: Int, autoPlan: Int)] = []
            for (i, dir) in dirs.enumerated() {
                if let build = loaded?[i] {
                    summaries.append((build.manifest, build.exercises.count, build.exercises.filter(\.autoPlan).count))
                } else {
                    let summary = try PublishedCatalog.verified(directory: dir)
                    summaries.append((summary.manifest, summary.records, summary.autoPlan))
                }
            }
            let (old, new) = (summaries[0], summaries[1])
            var diff = BuildDiff(previousSchema: old.manifest.schemaVersion)
            let walk = RecordWalk(try BuildRecords(path: dirs[0] + "/catalog.sqlite"))
            let records = try BuildRecords(path: dirs[1] + "/catalog.sqlite")
            while case let batch = try records.next(), !batch.isEmpty {
                for exercise in batch { try walk.compare(exercise, into: &diff) }
            }
            try walk.finish(into: &diff)
            let plans = try loaded.map { (builds: [PublishedCatalog]) throws(CatalogError) in try planDiff(builds[0], builds[1]) }
            if context.arguments.flag("json") {
                guard case .object(var o) = diff.json else { return 70 }
                o["from"] = .string(old.manifest.version.description)
                o["to"] = .string(new.manifest.version.description)
                if let plans { o["plans"] = plans.json }
                context.console.json(.object(o))
            } else {
                context.console.print(diff.markdown(name: new.manifest.name, version: new.manifest.version, previous: old.manifest.version,
                                                    total: new.records, autoPlan: new.autoPlan) + (plans?.markdown ?? ""), terminator: "")
            }
            return 0
        })
}

extension DiffCommand {
    /// The standard weeks of both builds compared, with the profiles NEW carries (else OLD's,
    /// else the default five).
    static func planDiff(_ old: PublishedCatalog, _ new: PublishedCatalog) throws(CatalogError) -> PlanDiff {
        return try PlanDiff.compare(old, new, profiles: new.profiles ?? old.profiles ?? EquipmentProfile.defaults)
    }
}

enum KeygenCommand {
    static let command = Command(
        name: "keygen",
        abstract: "Create an Ed25519 key pair for signing builds, or rotate to a new one",
        usage: "keygen [--out PREFIX] [--rotate OLD.key]",
        discussion: """
            Writes PREFIX.key (private, mode 0600) and PREFIX.pub (public); PREFIX defaults to
            catalog-signing. Existing files are never overwritten. With --rotate OLD.key (the key
            that signs builds now) the new pair replaces it: a statement signed by both keys,
            numbered in sequence, is written to catalog/keys/rotation-NNNN.json. Every build
            carries every rotation, so a reader that trusts the first key follows them to the
            newest, and refuses builds signed by the keys before it.
            """,
        options: [
            .option("out", "PREFIX", "file name prefix (default: catalog-signing)"),
            .option("rotate", "OLD.key", "the private key the new one replaces (writes catalog/keys/rotation-NNNN.json)"),
        ],
        run: { context in
            _ = try context.arguments.positionals(0, "")
            let prefix = context.path(context.arguments.option("out") ?? "catalog-signing")
            let privatePath = prefix + ".key", publicPath = prefix + ".pub"
            try FileSystem.requireParentFolder(privatePath)
            for path in [privatePath, publicPath] where FileSystem.exists(path) {
                throw CatalogError(.cannotWrite, "exists already; not overwritten", .init(file: path))
            }
            let old = try context.arguments.option("rotate").map(context.path).map { path throws(CatalogError) in (pem: String(decoding: try FileSystem.read(path, limit: 1 << 16), as: UTF8.self), file: path) }
            let pair = try Ed25519.generate()
            let rotation = try old.map { old throws(CatalogError) in try KeygenCommand.rotation(from: old, to: pair, context) }
            try FileSystem.writeAtomically(privatePath, pair.privatePEM, mode: 0o600)
            try FileSystem.writeAtomically(publicPath, pair.publicPEM)
            if let rotation {
                try FileSystem.createDirectory(rotation.folder)
                try FileSystem.writeAtomically(rotation.folder + "/" + KeyRotations.fileName(rotation.value.sequence), JSONWriter.string(rotation.value.json, style: .pretty))
                context.console.print("wrote \(privatePath) (keep it secret), \(publicPath), and key rotation \(rotation.value.sequence) in \(rotation.folder): sign builds with \(privatePath) from now on; \(old!.file) is retired")
            } else {
                context.console.print("wrote \(privatePath) (keep it secret) and \(publicPath) (give it to whoever verifies builds)")
            }
            return 0
        })

    /// The next rotation of the catalog's keys, from `old` (the key the last rotation led to,
    /// when there is one) to `new`, signed by both; and the folder it goes in.
    static func rotation(from old: (pem: String, file: String), to new: Ed25519.KeyPair, _ context: CommandContext) throws(CatalogError) -> (value: KeyRotation, folder: String) {
        let catalog = try context.catalog()
        let rotations = try KeyRotations.load(catalog.layout)
        if let last = rotations.last {
            let oldID = try Ed25519.keyID(try Ed25519.publicPEM(ofPrivate: old.pem, keyFile: old.file), keyFile: old.file)
            guard oldID == (try Ed25519.keyID(last.nextKey, keyFile: old.file)) else {
                throw CatalogError(.usage, "this is not the key rotation \(last.sequence) led to (the key that signs builds now); rotate from that one", .init(file: old.file))
            }
        }
        let rotation = try KeyRotation(sequence: rotations.count + 1, previousPrivate: old, nextPrivate: (new.privatePEM, "new key"))
        return (rotation, KeyRotations.folder(catalog.layout))
    }
}
