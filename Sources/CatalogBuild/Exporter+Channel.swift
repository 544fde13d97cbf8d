import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogStore

/// What export does for the update channel: the signing key held to the key rotations, a
/// renewal of validity published as a patch, and replacedBy held to the records it names.
extension Exporter {
    /// With key rotations, only the key the last one leads to signs: a retired key would make a
    /// build every reader refuses.
    static func checkSigningKey(_ options: Options) throws(CatalogError) {
        guard let key = options.signingKey, let last = options.keyRotations.last else { return }
        let signer = try Ed25519.keyID(try Ed25519.publicPEM(ofPrivate: key.pem, keyFile: key.file), keyFile: key.file)
        guard signer == (try Ed25519.keyID(last.nextKey, keyFile: "catalog/keys")) else {
            throw CatalogError(.usage, "this key is not the one key rotation \(last.sequence) leads to; readers would refuse the build: sign with the newest key",
                               .init(file: key.file))
        }
    }

    /// Whether the build's validity or key rotations differ from the previous build's (a schema
    /// 3 one: against an older build the format change decides the version).
    static func channelChanged(_ previous: Manifest?, _ options: Options) -> Bool {
        guard let previous, previous.schemaVersion >= 3 else { return false }
        return previous.validUntil != options.validUntil || previous.keyRotations != options.keyRotations
    }

    /// Each replacedBy names a current record that is not replaced itself, on a record removed
    /// upstream (`replaced-by-invalid`, lint's rule, from the snapshots).
    static func replacementGate(_ links: [VariantLinks.Link], catalog: Catalog) throws(CatalogError) {
        let items = try catalog.replacementProblems(links.map { ($0, catalog.layout.relativeReviewFile(source: $0.source, id: $0.id)) }, imported: Set(catalog.sources()))
        guard let first = items.first else { return }
        throw CatalogError(.findings, "release gate: lint reports \(items.count) error\(items.count == 1 ? "" : "s") (\(ReplacementLinks.rule)): \(first.message); run `catalog lint` and fix them",
                           .init(file: first.file))
    }
}

/// The key rotations a catalog keeps in `catalog/keys/` (`rotation-NNNN.json`, one per
/// rotation, written by `catalog keygen --rotate`): every one goes into each build's manifest.
public enum KeyRotations {
    public static func folder(_ layout: CatalogLayout) -> String { layout.catalogDirectory + "/keys" }

    public static func fileName(_ sequence: Int) -> String {
        let digits = String(sequence)
        return "rotation-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".json"
    }

    /// The rotations in `layout`'s keys folder, in sequence, each signed by both its keys and
    /// starting from the key the one before led to; none when the folder does not exist.
    public static func load(_ layout: CatalogLayout) throws(CatalogError) -> [KeyRotation] {
        let folder = folder(layout)
        let names = FileSystem.list(folder).filter { $0.hasPrefix("rotation-") && $0.hasSuffix(".json") }.sorted()
        var rotations: [KeyRotation] = []
        for name in names {
            let file = layout.relative(folder + "/" + name)
            let rotation = try KeyRotation(json: .object(try JSONReader.document(try FileSystem.read(folder + "/" + name, limit: 1 << 20), file: file).object), file: file)
            guard name == fileName(rotation.sequence), rotation.sequence == rotations.count + 1 else {
                throw CatalogError(.dataError, "key rotation \(rotations.count + 1) expected here, found \(rotation.sequence) (files rotation-0001.json, rotation-0002.json, … one per rotation)", .init(file: file))
            }
            guard try rotation.isSigned(file: file) else { throw CatalogError(.dataError, "not signed by both of its keys", .init(file: file)) }
            if let last = rotations.last, try Ed25519.keyID(last.nextKey, keyFile: file) != (try Ed25519.keyID(rotation.previousKey, keyFile: file)) {
                throw CatalogError(.dataError, "rotation \(rotation.sequence) does not start from the key rotation \(last.sequence) led to", .init(file: file))
            }
            rotations.append(rotation)
        }
        return rotations
    }
}
