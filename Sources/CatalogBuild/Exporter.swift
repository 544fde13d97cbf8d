import CatalogCore
import CatalogReader
import CatalogStore
import Foundation

/// Publishes a build: `dist/<name>-<version>/` with catalog.json, catalog.sqlite, CHANGELOG.md,
/// manifest.json (and manifest.sig when signed). Deterministic: no clock, stable order and bytes.
public struct Exporter {
    public struct Options: Sendable {
        public var version: SemanticVersion?
        public var outDirectory: String?
        public var date: String
        public var signingKey: (pem: String, file: String)?
        public var allowDrop: Bool

        public init(version: SemanticVersion? = nil, outDirectory: String? = nil, date: String, signingKey: (pem: String, file: String)? = nil, allowDrop: Bool = false) {
            self.version = version
            self.outDirectory = outDirectory
            self.date = date
            self.signingKey = signingKey
            self.allowDrop = allowDrop
        }
    }

    public struct Result: Sendable {
        public var version: SemanticVersion
        public var directory: String
        public var manifestSha256: String
        public var counts: JSONValue
        public var diff: BuildDiff
        public var previous: SemanticVersion?
    }

    /// The latest build of `name` in `directory` (highest version), if any.
    public static func previousBuild(in directory: String, name: String) -> (version: SemanticVersion, path: String)? {
        let prefix = name + "-"
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap { entry -> (SemanticVersion, String)? in
            guard entry.hasPrefix(prefix), let v = SemanticVersion(String(entry.dropFirst(prefix.count))),
                  FileManager.default.fileExists(atPath: directory + "/" + entry + "/manifest.json") else { return nil }
            return (v, directory + "/" + entry)
        }
        return candidates.max { $0.0 < $1.0 }
    }

    public static func export(_ catalog: Catalog, options: Options) throws(CatalogError) -> Result {
        let config = catalog.config
        let out = options.outDirectory ?? catalog.layout.distDirectory
        // The first release gate; the reviews it parsed are the ones the build is made of.
        let lint = try catalog.lint(checkFormat: false)
        if lint.errors > 0 {
            throw CatalogError(.findings, "release gate: lint reports \(lint.errors) error\(lint.errors == 1 ? "" : "s"); run `catalog lint` and fix them")
        }
        let exercises = try BuildContents.exercises(from: catalog, reviews: lint.reviews[config.memberSource] ?? [:])
        let autoPlan = exercises.filter(\.autoPlan).count

        // The previous build, read through the same verifying reader the planner uses.
        var previous: PublishedCatalog?
        var previousPath: String?
        if let found = previousBuild(in: out, name: config.buildName) {
            previous = try PublishedCatalog.load(directory: found.path)
            previousPath = found.path
        }
        let diff = BuildDiff(previous: previous?.exercises ?? [], current: exercises, previousSchema: previous?.manifest.schemaVersion ?? BuildFormat.schemaVersion)

        // The other release gates.
        if let previous {
            let ids = Set(exercises.map(\.id))
            let missing = previous.exercises.map(\.id).filter { !ids.contains($0) }
            if !missing.isEmpty {
                throw CatalogError(.findings, "release gate: \(missing.count) record ids of build \(previous.manifest.version) are missing (ids are a contract with the planner): \(missing.prefix(10).joined(separator: " "))")
            }
            let before = previous.exercises.filter(\.autoPlan).count
            if before > 0, !options.allowDrop {
                let drop = Double(before - autoPlan) / Double(before)
                if drop > config.maxAutoPlanDrop {
                    throw CatalogError(.findings, "release gate: records cleared for automatic planning drop from \(before) to \(autoPlan) (\(Int((drop * 100).rounded()))% > \(Int((config.maxAutoPlanDrop * 100).rounded()))% allowed by maxAutoPlanDrop); review them, or pass --allow-drop")
                }
            }
        }

        // The version: given and checked, or proposed from the changes.
        if let given = options.version, let previous, given <= previous.manifest.version {
            throw CatalogError(.usage, "version \(given) is not above the last build, \(previous.manifest.version)")
        }
        let proposed: SemanticVersion
        if let previous {
            guard let bump = diff.bump else {
                throw CatalogError(.findings, "nothing changed since build \(previous.manifest.version); no new build")
            }
            proposed = previous.manifest.version.bumped(bump)
        } else {
            proposed = SemanticVersion(1, 0, 0)
        }
        let version = options.version ?? proposed

        let name = "\(config.buildName)-\(version)"
        let final = out + "/" + name
        if FileManager.default.fileExists(atPath: final) {
            throw CatalogError(.cannotWrite, "a build \(version) exists already", .init(file: final))
        }
        try FileSystem.createDirectory(out)
        let temp = out + "/.\(name).tmp-\(getpid())"
        try? FileManager.default.removeItem(atPath: temp)
        try FileSystem.createDirectory(temp)
        do {
            var counts: [(String, Int)] = []
            var reasons: [String: Int] = [:]
            for e in exercises { for r in e.reasons { reasons[r.code, default: 0] += 1 } }
            counts = reasons.keys.sorted().map { ($0, reasons[$0]!) }
            let countsJSON: JSONValue = .object(JSONObject([
                JSONMember("total", .int(exercises.count)), JSONMember("autoPlan", .int(autoPlan)),
                JSONMember("reasons", .object(JSONObject(counts.map { JSONMember($0.0, .int($0.1)) }))),
            ]))
            let catalogJSON: JSONValue = .object(JSONObject([
                JSONMember("format", .string(BuildFormat.catalogTag)), JSONMember("schemaVersion", .int(BuildFormat.schemaVersion)),
                JSONMember("name", .string(config.buildName)), JSONMember("version", .string(version.description)),
                JSONMember("records", .array(exercises.map(\.json))),
            ]))
            // Written from the bytes as assembled (no string copies: a large build is gigabytes).
            try FileSystem.writeAtomically(temp + "/catalog.json", JSONWriter.bytes(catalogJSON, style: .pretty))
            try BuildSQLite.write(temp + "/catalog.sqlite", exercises: exercises, metadata: [
                ("format", BuildFormat.catalogTag), ("schemaVersion", String(BuildFormat.schemaVersion)),
                ("minReaderSchemaVersion", String(BuildFormat.minReaderSchemaVersion)), ("name", config.buildName),
                ("version", version.description), ("createdAt", options.date),
            ])
            let changelog = diff.markdown(name: config.buildName, version: version, previous: previous?.manifest.version, total: exercises.count, autoPlan: autoPlan)
            try FileSystem.writeAtomically(temp + "/CHANGELOG.md", changelog)
            var files: [String: Manifest.FileEntry] = [:]
            for file in BuildFormat.contentFiles {
                let bytes = try FileSystem.read(temp + "/" + file)
                files[file] = Manifest.FileEntry(sha256: SHA256.hex(bytes), bytes: bytes.count)
            }
            var upstream = JSONObject()
            for source in catalog.sources() {
                let meta = try catalog.meta(source)
                upstream[source] = .object(JSONObject([
                    JSONMember("snapshotSha256", .string(meta.snapshotSha256)),
                    JSONMember("files", .array(meta.files.map { .object(JSONObject([JSONMember("name", .string($0.name)), JSONMember("sha256", .string($0.sha256))])) })),
                ]))
            }
            var previousJSON: JSONValue = .null
            if let previous, let previousPath {
                previousJSON = .object(JSONObject([
                    JSONMember("version", .string(previous.manifest.version.description)),
                    JSONMember("manifestSha256", .string(SHA256.hex(try FileSystem.read(previousPath + "/manifest.json")))),
                ]))
            }
            let manifest = Manifest(name: config.buildName, version: version, createdAt: options.date, counts: countsJSON,
                                    upstream: .object(upstream), files: files, previous: previousJSON)
            let manifestText = manifest.fileText
            try FileSystem.writeAtomically(temp + "/manifest.json", manifestText)
            if let key = options.signingKey {
                try FileSystem.writeAtomically(temp + "/" + BuildFormat.signatureFile, try Ed25519.sign(Array(manifestText.utf8), privatePEM: key.pem, keyFile: key.file))
            }
            guard rename(temp, final) == 0 else { throw CatalogError(.cannotWrite, "cannot move the build into place", .init(file: final)) }
            return Result(version: version, directory: final, manifestSha256: SHA256.hex(manifestText), counts: countsJSON, diff: diff, previous: previous?.manifest.version)
        } catch let error as CatalogError {
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw CatalogError(.internalError, "export: \(error)")
        }
    }
}
