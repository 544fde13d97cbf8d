import CatalogCore
import CatalogSQLite
import Foundation

/// A build as the planner loads it: verified, then queried.
public struct PublishedCatalog: Sendable {
    public let manifest: Manifest
    public let exercises: [Exercise]

    /// One thing wrong with a build, naming the file.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    /// Loads and verifies the build in `directory`; throws on the first problem (exit 65 for a
    /// damaged build, a clear message for a schema this reader does not support).
    public static func load(directory: String, publicKeyPEM: String? = nil, keyFile: String = "key") throws(CatalogError) -> PublishedCatalog {
        let (catalog, problems) = inspect(directory: directory, publicKeyPEM: publicKeyPEM, keyFile: keyFile)
        if let first = problems.first { throw .data(first.message, file: directory + "/" + first.file) }
        return catalog!
    }

    /// Every problem of the build in `directory` (empty when it verifies), and the catalog when
    /// it could be read. With a public key the signature must be present and valid.
    public static func inspect(directory: String, publicKeyPEM: String? = nil, keyFile: String = "key") -> (PublishedCatalog?, [Problem]) {
        var problems: [Problem] = []
        func read(_ name: String) -> [UInt8]? {
            FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) }
        }
        guard let manifestBytes = read(BuildFormat.manifestFile) else {
            return (nil, [Problem(file: BuildFormat.manifestFile, message: "missing: not a catalog build")])
        }
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: manifestBytes, file: BuildFormat.manifestFile)
        } catch {
            return (nil, [Problem(file: BuildFormat.manifestFile, message: error.message + (error.location.field.map { " (field \($0))" } ?? ""))])
        }
        // Signature.
        let signature = read(BuildFormat.signatureFile)
        if let publicKeyPEM {
            if let signature {
                do {
                    if try !Ed25519.verify(manifestBytes, signatureText: String(decoding: signature, as: UTF8.self), publicPEM: publicKeyPEM, keyFile: keyFile) {
                        problems.append(Problem(file: BuildFormat.signatureFile, message: "the signature does not match manifest.json under this key"))
                    }
                } catch {
                    problems.append(Problem(file: keyFile, message: error.message))
                }
            } else {
                problems.append(Problem(file: BuildFormat.signatureFile, message: "missing: the build is not signed"))
            }
        }
        // Every listed file, byte for byte; nothing unlisted.
        for name in BuildFormat.contentFiles where manifest.files[name] == nil {
            problems.append(Problem(file: name, message: "not listed in manifest.json"))
        }
        var contents: [String: [UInt8]] = [:]
        for (name, entry) in manifest.files.sorted(by: { $0.key < $1.key }) {
            guard let bytes = read(name) else {
                problems.append(Problem(file: name, message: "missing"))
                continue
            }
            if bytes.count != entry.bytes || SHA256.hex(bytes) != entry.sha256 {
                problems.append(Problem(file: name, message: "sha256 differs from manifest.json: the file was altered or damaged"))
            } else {
                contents[name] = bytes
            }
        }
        let listed = Set(manifest.files.keys).union([BuildFormat.manifestFile, BuildFormat.signatureFile])
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() where !listed.contains(name) {
            problems.append(Problem(file: name, message: "not listed in manifest.json"))
        }
        guard let catalogBytes = contents["catalog.json"] else { return (nil, problems) }
        // catalog.json: format, schema, version, counts.
        var exercises: [Exercise] = []
        do {
            let r = try JSONReader.document(catalogBytes, file: "catalog.json")
            if try r.string("format") != BuildFormat.catalogTag { problems.append(Problem(file: "catalog.json", message: "unknown format tag")) }
            if try r.optionalInt("schemaVersion") != manifest.schemaVersion { problems.append(Problem(file: "catalog.json", message: "schemaVersion differs from manifest.json")) }
            if try r.string("version") != manifest.version.description { problems.append(Problem(file: "catalog.json", message: "version differs from manifest.json")) }
            guard let records = r.object["records"]?.arrayValue else { throw r.fail("missing or not a list", "records") }
            for (i, record) in records.enumerated() { exercises.append(try Exercise(json: record, file: "catalog.json", index: i)) }
            let counts = manifest.counts.objectValue
            if counts?["total"] != .int(exercises.count) || counts?["autoPlan"] != .int(exercises.filter(\.autoPlan).count) {
                problems.append(Problem(file: "catalog.json", message: "record counts differ from manifest.json"))
            }
        } catch let error as CatalogError {
            problems.append(Problem(file: "catalog.json", message: error.message + (error.location.field.map { " (field \($0))" } ?? "")))
        } catch {
            problems.append(Problem(file: "catalog.json", message: "\(error)"))
        }
        // catalog.sqlite says the same as catalog.json.
        if contents["catalog.sqlite"] != nil {
            problems.append(contentsOf: compareSQLite(directory + "/catalog.sqlite", exercises: exercises, manifest: manifest))
        }
        let catalog = PublishedCatalog(manifest: manifest, exercises: exercises)
        return (problems.isEmpty ? catalog : nil, problems)
    }

    static func compareSQLite(_ path: String, exercises: [Exercise], manifest: Manifest) -> [Problem] {
        do {
            let db = try Database(path: path, create: false, readOnly: true)
            var metadata: [String: String] = [:]
            for row in try db.rows("SELECT key, value FROM metadata") { metadata[row[0].text ?? ""] = row[1].text }
            var problems: [Problem] = []
            if metadata["format"] != BuildFormat.catalogTag || metadata["schemaVersion"] != String(manifest.schemaVersion)
                || metadata["version"] != manifest.version.description {
                problems.append(Problem(file: "catalog.sqlite", message: "metadata (format, schemaVersion, version) differs from manifest.json"))
            }
            let rows = try db.rows("SELECT id, record FROM exercises ORDER BY id")
            let fromJSON = exercises.map { ($0.id, JSONWriter.string($0.json)) }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            let fromSQL = rows.map { ($0[0].text ?? "", $0[1].text ?? "") }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            if fromJSON.count != fromSQL.count || zip(fromJSON, fromSQL).contains(where: { $0.0 != $1.0 || $0.1 != $1.1 }) {
                problems.append(Problem(file: "catalog.sqlite", message: "its exercises differ from catalog.json"))
            }
            let auto = try db.rows("SELECT COUNT(*) FROM exercises WHERE auto_plan = 1").first?.first?.int ?? -1
            if auto != exercises.filter(\.autoPlan).count {
                problems.append(Problem(file: "catalog.sqlite", message: "auto_plan column differs from catalog.json"))
            }
            return problems
        } catch {
            return [Problem(file: "catalog.sqlite", message: "cannot be read: \(error)")]
        }
    }

    /// The planner's first filter: exercises the user's equipment covers, at or below the user's
    /// level, cleared for automatic planning unless `includeManual`.
    public func candidates(equipment: Set<String>, level: String, includeManual: Bool = false) -> [Exercise] {
        guard let userRank = BuildFormat.levels.firstIndex(of: level) else { return [] }
        return exercises.filter { exercise in
            // With includeManual, records held back only by an editor's manual-only decision.
            guard exercise.autoPlan || (includeManual && !exercise.reasons.isEmpty && exercise.reasons.allSatisfy { $0.code == "MANUAL_ONLY" }) else { return false }
            guard let needed = exercise.equipment, needed.allSatisfy(equipment.contains) else { return false }
            guard let rank = exercise.level.flatMap(BuildFormat.levels.firstIndex(of:)) else { return false }
            return rank <= userRank
        }
    }
}
