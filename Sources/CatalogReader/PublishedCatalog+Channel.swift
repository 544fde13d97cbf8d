import CatalogFiles
import CatalogJSON
import CatalogModel

/// The update channel: how a phone takes the next build. It holds the key it trusts, the build
/// it has installed, and the time; a candidate is refused when its signer is not the key the
/// key rotations lead to (a retired key, or one no rotation reaches), when it is not above the
/// installed build (rollback), or when it has expired (freeze). An expired installed build is
/// kept, with a warning: an offline phone does not lose its catalog. The candidate's
/// changes.json is applied when it names the installed build; any other phone loads it whole.
extension PublishedCatalog {
    public struct Channel: Sendable {
        /// The Ed25519 public key (PEM) the reader trusts from the start.
        public var key: String
        /// The build in use (nil: none yet).
        public var installed: PublishedCatalog?
        /// Now, as `YYYY-MM-DDTHH:MM:SSZ`: injected, so tests and phones choose the clock.
        public var now: String

        public init(key: String, installed: PublishedCatalog?, now: String) {
            self.key = key
            self.installed = installed
            self.now = now
        }
    }

    /// How the new build was taken: its changes applied to the installed records, or whole.
    public enum Taken: String, Sendable {
        case changes, whole
    }

    public struct Update: Sendable {
        public var catalog: PublishedCatalog
        public var taken: Taken
        public var warnings: [String]
    }

    /// The candidate build in `directory` taken through the channel: its manifest's signature
    /// through the key chain, rollback and freeze first; then its changes applied when they
    /// name the installed build, else the build loaded whole. Throws the first refusal.
    public static func update(_ channel: Channel, candidate directory: String) throws(CatalogError) -> Update {
        let manifestPath = directory + "/" + BuildFormat.manifestFile
        let bytes = try FileSystem.read(manifestPath, limit: 64 << 20)
        // Rollback and freeze refuse on the versions and dates the manifest states (a refusal
        // trusts nothing); what is taken is taken only once the signature holds.
        let manifest = try Manifest(bytes: bytes, file: manifestPath)
        let checked = channelProblems(manifest, installed: channel.installed?.manifest, now: channel.now)
        if let first = checked.problems.first { throw .data(first, file: manifestPath) }
        if let problem = signatureProblem(directory: directory, manifest: bytes, key: (channel.key, "key"), installed: channel.installed?.manifest) {
            throw .data(problem.message, file: directory + "/" + problem.file)
        }
        if let installed = channel.installed, let entry = manifest.files[BuildFormat.changesFile] {
            let changesPath = directory + "/" + BuildFormat.changesFile
            let changesBytes = try FileSystem.read(changesPath, limit: entry.bytes + 1)
            guard changesBytes.count == entry.bytes, SHA256.hex(changesBytes) == entry.sha256 else {
                throw .data("sha256 differs from manifest.json: the file was altered or damaged", file: changesPath)
            }
            let changes = try BuildChanges(bytes: changesBytes, file: changesPath)
            if changes.previous?.manifestSha256 == installed.manifestSha256 {
                let catalog = try installed.applying(changes, manifest: manifest, manifestSha256: SHA256.hex(bytes))
                return Update(catalog: catalog, taken: .changes, warnings: checked.warnings)
            }
        }
        let catalog = try load(directory: directory, publicKeyPEM: channel.key, installed: channel.installed?.manifest)
        return Update(catalog: catalog, taken: .whole, warnings: checked.warnings)
    }

    /// This build with `changes` applied, as the build `manifest` describes (its version and
    /// counts, and catalog.json's digest, which the records applied must make byte for byte).
    /// Refuses changes made against another build (mix-and-match).
    public func applying(_ changes: BuildChanges, manifest: Manifest, manifestSha256: String) throws(CatalogError) -> PublishedCatalog {
        guard changes.version == manifest.version else {
            throw .data("the changes lead to build \(changes.version), not to \(manifest.version) of manifest.json", file: BuildFormat.changesFile)
        }
        let records = try changes.apply(to: exercises, installedManifestSha256: self.manifestSha256)
        var json = CatalogJSON.header(name: manifest.name)
        for (i, e) in records.enumerated() { json += CatalogJSON.record(e, index: i, schema: manifest.schemaVersion) }
        json += CatalogJSON.trailer(count: records.count, schemaVersion: manifest.schemaVersion, version: manifest.version, vocabulary: changes.vocabulary.json)
        guard let entry = manifest.files["catalog.json"], entry.bytes == json.count, entry.sha256 == SHA256.hex(json) else {
            throw .data("the records the changes give are not the build's: catalog.json's digest differs; load the build whole", file: BuildFormat.changesFile)
        }
        // changes.json carries no profiles: the installed build's stay (a phone plans with its own).
        return PublishedCatalog(manifest: manifest, manifestSha256: manifestSha256, exercises: records, vocabulary: changes.vocabulary, profiles: profiles)
    }

    /// Rollback and freeze: a candidate must be above the installed build and not expired at
    /// `now`; an installed build that has expired is a warning, never a refusal.
    public static func channelProblems(_ candidate: Manifest, installed: Manifest?, now: String) -> (problems: [String], warnings: [String]) {
        var problems: [String] = [], warnings: [String] = []
        if let installed, candidate.version <= installed.version {
            problems.append("build \(candidate.version) is not above the installed build \(installed.version): refused (rollback)")
        }
        if let until = candidate.validUntil, now > until {
            problems.append("build \(candidate.version) expired at \(until) (now \(now)): refused (freeze); its publisher must renew it")
        }
        if let installed, let until = installed.validUntil, now > until {
            warnings.append("the installed build \(installed.version) expired at \(until); it stays in use until a newer build arrives")
        }
        return (problems, warnings)
    }

    /// The signature of `manifest` (manifest.json's bytes) checked against the key chain from
    /// `key`, followed along the manifest's key rotations (continuing `installed`'s); nil when
    /// it holds. The rotations are read from the bytes before anything else trusts them: each
    /// is itself signed by both its keys.
    static func signatureProblem(directory: String, manifest: [UInt8], key: (pem: String, file: String), installed: Manifest?) -> Problem? {
        if let kind = BuildRules.fileKindProblem(directory: directory, name: BuildFormat.signatureFile) {
            return Problem(file: BuildFormat.signatureFile, message: kind == .missing ? "missing: the build is not signed" : kind.description)
        }
        let signature: [UInt8]
        do { signature = try FileSystem.read(directory + "/" + BuildFormat.signatureFile, limit: 4096) } catch {
            return Problem(file: BuildFormat.signatureFile, message: "cannot be read: \(error.message)")
        }
        do {
            let chain = try KeyChain(trusted: [key.pem], rotations: rotations(in: manifest), installed: installed?.keyRotations ?? [], file: key.file)
            if let problem = try chain.problem(manifest: manifest, signature: String(decoding: signature, as: UTF8.self), file: key.file) {
                return Problem(file: BuildFormat.signatureFile, message: problem)
            }
            return nil
        } catch {
            return Problem(file: error.location.file == key.file ? key.file : BuildFormat.manifestFile, message: error.message)
        }
    }

    /// The key rotations a manifest's bytes list (none when they do not read: the signature is
    /// then checked against the trusted key alone, and the manifest's own check says what is wrong).
    static func rotations(in manifest: [UInt8]) -> [KeyRotation] {
        guard let value = try? JSONParser.parse(manifest), case .array(let list)? = value.objectValue?["keyRotations"] else { return [] }
        var out: [KeyRotation] = []
        for item in list {
            guard let rotation = try? KeyRotation(json: item, file: BuildFormat.manifestFile) else { return [] }
            out.append(rotation)
        }
        return out
    }
}
