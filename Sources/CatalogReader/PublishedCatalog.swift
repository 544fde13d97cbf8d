import CatalogFiles
import CatalogModel
import CatalogSQLite
import Foundation

/// A build as the planner loads it: verified, then queried.
public struct PublishedCatalog: Sendable {
    public let manifest: Manifest
    /// The SHA-256 of manifest.json's bytes: what the next build's changes.json names.
    public let manifestSha256: String
    public let exercises: [Exercise]
    /// The vocabularies the build carries (schema 2; nil for a schema 1 build, which has none).
    public let vocabulary: BuildVocabulary?
    /// The equipment profiles the build carries (`profiles.json`); nil for a build without them.
    public let profiles: [EquipmentProfile]?

    /// A build from its parts (an export plans the build it is writing before it is verified:
    /// then `manifestSha256` is empty, its manifest not yet written).
    public init(manifest: Manifest, manifestSha256: String = "", exercises: [Exercise], vocabulary: BuildVocabulary?, profiles: [EquipmentProfile]? = nil) {
        self.manifest = manifest
        self.manifestSha256 = manifestSha256
        self.exercises = exercises
        self.vocabulary = vocabulary
        self.profiles = profiles
    }

    /// One thing wrong with a build, naming the file.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }

        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    /// What verification found out about a build that verifies.
    public struct Summary: Sendable {
        public var manifest: Manifest
        /// The SHA-256 of manifest.json's bytes (what a next build names as its previous).
        public var manifestSha256: String
        public var records: Int
        public var autoPlan: Int
        public var vocabulary: BuildVocabulary?
    }

    /// Loads and verifies the build in `directory`; throws on the first problem (exit 65 for a
    /// damaged build, a clear message for a schema this reader does not support).
    /// `installed`: the manifest of the build the reader holds, whose key rotations this one's
    /// must continue (`KeyChain`).
    public static func load(directory: String, publicKeyPEM: String? = nil, keyFile: String = "key", installed: Manifest? = nil) throws(CatalogError) -> PublishedCatalog {
        let summary = try verified(directory: directory, publicKeyPEM: publicKeyPEM, keyFile: keyFile, installed: installed)
        let records = try BuildRecords(path: directory + "/catalog.sqlite")
        var exercises: [Exercise] = []
        while true {
            let batch = try records.next()
            if batch.isEmpty { break }
            exercises += batch
        }
        return PublishedCatalog(manifest: summary.manifest, manifestSha256: summary.manifestSha256, exercises: exercises, vocabulary: summary.vocabulary,
                                profiles: try BuildProfiles.load(directory: directory, manifest: summary.manifest))
    }

    /// `inspect`, throwing its first problem (exit 65, naming the file).
    public static func verified(directory: String, publicKeyPEM: String? = nil, keyFile: String = "key", installed: Manifest? = nil) throws(CatalogError) -> Summary {
        let (summary, problems) = inspect(directory: directory, publicKeyPEM: publicKeyPEM, keyFile: keyFile, installed: installed)
        if let first = problems.first { throw .data(first.message, file: directory + "/" + first.file) }
        return summary!
    }

    /// Every problem of the build in `directory` (empty when it verifies), and what it holds when
    /// it verifies. With a public key the signature must be present and valid, by that key or
    /// the one the manifest's key rotations lead to from it (continuing `installed`'s), and it
    /// is checked before anything else is read; `requireSignature` fails a build whose signature no key
    /// checked. Manifest file names are checked before any file is read, and only regular files
    /// are read. Each record is held to the contract's invariants and its values to the build's
    /// own vocabularies (schema 2), or to `vocabulary` when one is given (it overrides them).
    /// Reads the build a chunk and a batch of records at a time: memory does not grow with the
    /// build.
    public static func inspect(directory: String, publicKeyPEM: String? = nil, keyFile: String = "key", vocabulary: Vocabulary? = nil,
                               requireSignature: Bool = false, installed: Manifest? = nil) -> (Summary?, [Problem]) {
        func fail(_ file: String, _ message: String) -> (Summary?, [Problem]) { (nil, [Problem(file: file, message: message)]) }
        if let kind = BuildRules.fileKindProblem(directory: directory, name: BuildFormat.manifestFile) {
            return fail(BuildFormat.manifestFile, kind == .missing ? "missing: not a catalog build" : kind.description)
        }
        let manifestBytes: [UInt8]
        do { manifestBytes = try FileSystem.read(directory + "/" + BuildFormat.manifestFile, limit: 64 << 20) } catch {
            return fail(BuildFormat.manifestFile, "cannot be read: \(error.message)")
        }
        // Signature first: a forged build costs no more than reading its manifest.
        if let publicKeyPEM {
            if let problem = signatureProblem(directory: directory, manifest: manifestBytes, key: (publicKeyPEM, keyFile), installed: installed) {
                return (nil, [problem])
            }
        } else if requireSignature {
            return fail(BuildFormat.signatureFile, "a signature is required and no key was given to check it (pass --key PUB)")
        }
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: manifestBytes, file: BuildFormat.manifestFile)
        } catch {
            return fail(BuildFormat.manifestFile, error.message + (error.location.field.map { " (field \($0))" } ?? ""))
        }
        var problems: [Problem] = []
        for name in manifest.files.keys.sorted() {
            if let problem = BuildRules.fileNameProblem(name) {
                problems.append(Problem(file: BuildFormat.manifestFile, message: "file name \"\(CatalogError.quote(name))\" \(problem)"))
            }
        }
        if !problems.isEmpty { return (nil, problems) }
        // Every file is held to its digest before SQLite opens catalog.sqlite (the forger's SQL
        // never runs: a file's content is trusted as far as its digest is), the record files each
        // on a core of its own; then the two say the same, as the manifest counts them.
        problems += fileProblems(directory: directory, manifest: manifest)
        guard !problems.contains(where: { ["catalog.json", "catalog.sqlite"].contains($0.file) }) else { return (nil, problems) }
        let checked = BuildCheck.run(directory: directory, manifest: manifest, vocabulary: vocabulary)
        problems += checked.problems
        if !problems.contains(where: { $0.file == BuildProfiles.file }) {
            do { _ = try BuildProfiles.load(directory: directory, manifest: manifest) } catch {
                problems.append(Problem(file: BuildProfiles.file, message: error.message + (error.location.field.map { " (field \($0))" } ?? "")))
            }
        }
        return (problems.isEmpty ? Summary(manifest: manifest, manifestSha256: SHA256.hex(manifestBytes), records: checked.records, autoPlan: checked.autoPlan,
                                           vocabulary: checked.vocabulary) : nil, problems)
    }

    /// Every listed file, byte for byte, read only when it is a regular file, and never past
    /// one byte more than the manifest says it holds; nothing unlisted. The files are hashed
    /// on both cores (catalog.sqlite, the largest, on a thread of its own).
    static func fileProblems(directory: String, manifest: Manifest) -> [Problem] {
        var problems: [Problem] = []
        for name in BuildFormat.contentFiles(schema: manifest.schemaVersion) where manifest.files[name] == nil {
            problems.append(Problem(file: name, message: "not listed in manifest.json"))
        }
        let regular = manifest.files.filter { BuildRules.fileKindProblem(directory: directory, name: $0.key) == nil }
        let sqlite = regular["catalog.sqlite"].map { entry in Background.digest(directory + "/catalog.sqlite", limit: entry.bytes) }
        var digests: [String: Result<(sha256: String, bytes: Int), CatalogError>] = [:]
        for (name, entry) in regular where name != "catalog.sqlite" {
            digests[name] = Result { () throws(CatalogError) in try ChunkReader.digest(directory + "/" + name, limit: entry.bytes) }
        }
        digests["catalog.sqlite"] = sqlite?.wait()
        for (name, entry) in manifest.files.sorted(by: { $0.key < $1.key }) {
            guard let digest = digests[name] else {
                problems.append(Problem(file: name, message: BuildRules.fileKindProblem(directory: directory, name: name)?.description ?? "cannot be read"))
                continue
            }
            switch digest {
            case .failure(let error): problems.append(Problem(file: name, message: "cannot be read: \(error.message)"))
            case .success(let digest) where digest.bytes > entry.bytes:
                problems.append(Problem(file: name, message: "holds more than the \(entry.bytes) bytes manifest.json lists: refused after reading \(digest.bytes)"))
            case .success(let digest) where digest.bytes != entry.bytes || digest.sha256 != entry.sha256:
                problems.append(Problem(file: name, message: "sha256 differs from manifest.json: the file was altered or damaged"))
            case .success: break
            }
        }
        let listed = Set(manifest.files.keys).union([BuildFormat.manifestFile, BuildFormat.signatureFile])
        for name in FileSystem.list(directory) {
            if !listed.contains(name) {
                problems.append(Problem(file: name, message: "not listed in manifest.json"))
            } else if name == BuildFormat.signatureFile, let kind = BuildRules.fileKindProblem(directory: directory, name: name) {
                problems.append(Problem(file: name, message: kind.description))
            }
        }
        return problems
    }
}

/// Work done on a thread of its own while the caller goes on: a file's digest, a count of rows.
final class Background<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    init(_ work: @escaping @Sendable () -> T) {
        Thread { [self] in
            result = work()
            done.signal()
        }.start()
    }

    /// Waits for the result; call once.
    func wait() -> T {
        done.wait()
        return result!
    }
}

extension Background where T == Result<(sha256: String, bytes: Int), CatalogError> {
    /// The SHA-256 and size of the file at `path`, read up to `limit` + 1 bytes (`ChunkReader.digest`).
    static func digest(_ path: String, limit: Int) -> Background {
        Background { Result { () throws(CatalogError) in try ChunkReader.digest(path, limit: limit) } }
    }
}
