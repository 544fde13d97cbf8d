import CatalogJSON
import CatalogModel

/// A signing key replaced by the next (`catalog keygen --rotate`): the statement that key
/// `previousKey` hands over to `nextKey`, signed by both, numbered from 1 in the order the
/// rotations were made. A build's manifest carries every rotation of its catalog
/// (`Manifest.keyRotations`), so a reader that trusts the first key follows the chain to the
/// last, and refuses what the keys before it sign (`KeyChain`).
public struct KeyRotation: Sendable, Equatable {
    public var sequence: Int
    /// Public keys, PEM.
    public var previousKey: String
    public var nextKey: String
    /// `ed25519 <base64>` of `message`, by the private key of each.
    public var previousSignature: String
    public var nextSignature: String

    /// What both keys sign: the statement without its signatures, compact canonical JSON.
    public var message: [UInt8] {
        JSONWriter.bytes(.object(JSONObject([
            JSONMember("format", .string(BuildFormat.keyRotationTag)), JSONMember("sequence", .int(sequence)),
            JSONMember("previousKey", .string(previousKey)), JSONMember("nextKey", .string(nextKey)),
        ])), style: .compact)
    }

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("format", .string(BuildFormat.keyRotationTag)), JSONMember("sequence", .int(sequence)),
            JSONMember("previousKey", .string(previousKey)), JSONMember("nextKey", .string(nextKey)),
            JSONMember("previousSignature", .string(previousSignature)), JSONMember("nextSignature", .string(nextSignature)),
        ]))
    }

    /// The rotation from the key pair whose private key is `previousPrivate` to the one of
    /// `nextPrivate`, numbered `sequence`, signed by both.
    public init(sequence: Int, previousPrivate: (pem: String, file: String), nextPrivate: (pem: String, file: String)) throws(CatalogError) {
        self.sequence = sequence
        previousKey = try Ed25519.publicPEM(ofPrivate: previousPrivate.pem, keyFile: previousPrivate.file)
        nextKey = try Ed25519.publicPEM(ofPrivate: nextPrivate.pem, keyFile: nextPrivate.file)
        previousSignature = ""
        nextSignature = ""
        previousSignature = String(try Ed25519.sign(message, privatePEM: previousPrivate.pem, keyFile: previousPrivate.file).dropLast())
        nextSignature = String(try Ed25519.sign(message, privatePEM: nextPrivate.pem, keyFile: nextPrivate.file).dropLast())
    }

    public init(json: JSONValue, file: String, record: String? = nil) throws(CatalogError) {
        let r = try JSONReader(json, file: file, record: record)
        try r.rejectUnknown(["format", "sequence", "previousKey", "nextKey", "previousSignature", "nextSignature"])
        guard try r.string("format") == BuildFormat.keyRotationTag else { throw r.fail("expected \(BuildFormat.keyRotationTag)", "format") }
        guard let sequence = try r.optionalInt("sequence"), sequence >= 1 else { throw r.fail("expected a whole number from 1", "sequence") }
        self.sequence = sequence
        previousKey = try r.string("previousKey")
        nextKey = try r.string("nextKey")
        previousSignature = try r.string("previousSignature")
        nextSignature = try r.string("nextSignature")
    }

    /// Whether both keys signed this statement.
    public func isSigned(file: String) throws(CatalogError) -> Bool {
        guard try Ed25519.verify(message, signatureText: previousSignature + "\n", publicPEM: previousKey, keyFile: file) else { return false }
        return try Ed25519.verify(message, signatureText: nextSignature + "\n", publicPEM: nextKey, keyFile: file)
    }
}

/// The keys a reader takes a build's signature from: the keys it trusts, followed along the
/// build's key rotations. A rotation must start from the key the chain holds so far (or end at
/// a key trusted already), be signed by both keys and come in sequence; the keys it replaces
/// are retired: a build they sign is refused, and so is a build whose signer no rotation
/// reaches from the trusted keys. The installed build's rotations must be where the chain
/// starts (a candidate cannot leave out a rotation the phone has seen).
public struct KeyChain: Sendable {
    /// Key id (`Ed25519.keyID`) → PEM, of the keys that may sign.
    public private(set) var current: [String: String]
    /// Key id → the rotation that retired it.
    public private(set) var retired: [String: Int] = [:]

    /// Follows `rotations` from `trusted` (public keys, PEM). `installed`: the rotations of the
    /// build the reader holds, which `rotations` must begin with.
    public init(trusted: [String], rotations: [KeyRotation], installed: [KeyRotation] = [], file: String) throws(CatalogError) {
        current = [:]
        for pem in trusted { current[try Ed25519.keyID(pem, keyFile: file)] = pem }
        guard rotations.count >= installed.count, Array(rotations.prefix(installed.count)) == installed else {
            throw .data("its key rotations do not continue those of the installed build (\(installed.count) rotation\(installed.count == 1 ? "" : "s")): a rotation the reader has seen is left out or changed", file: BuildFormat.manifestFile)
        }
        for (i, rotation) in rotations.enumerated() {
            guard rotation.sequence == i + 1 else { throw .data("key rotation \(i + 1) is numbered \(rotation.sequence)", file: BuildFormat.manifestFile) }
            let previous = try Ed25519.keyID(rotation.previousKey, keyFile: BuildFormat.manifestFile), next = try Ed25519.keyID(rotation.nextKey, keyFile: BuildFormat.manifestFile)
            guard current[previous] != nil || current[next] != nil else {
                throw .data("key rotation \(rotation.sequence) starts from a key the reader does not trust, and no rotation before it leads there (no chain)", file: BuildFormat.manifestFile)
            }
            guard try rotation.isSigned(file: BuildFormat.manifestFile) else { throw .data("key rotation \(rotation.sequence) is not signed by both of its keys", file: BuildFormat.manifestFile) }
            current = [next: rotation.nextKey]
            retired[previous] = rotation.sequence
            retiredPEM[previous] = rotation.previousKey
        }
    }

    /// Checks the signature of `manifest` (the signature file's text) against the chain: nil
    /// when a current key made it, else why it is refused.
    public func problem(manifest: [UInt8], signature: String, file: String) throws(CatalogError) -> String? {
        for id in current.keys.sorted() {
            if try Ed25519.verify(manifest, signatureText: signature, publicPEM: current[id]!, keyFile: file) { return nil }
        }
        for (id, sequence) in retired.sorted(by: { $0.value < $1.value }) {
            guard let pem = retiredPEM[id] else { continue }
            if try Ed25519.verify(manifest, signatureText: signature, publicPEM: pem, keyFile: BuildFormat.manifestFile) {
                return "the signature is by a key retired by key rotation \(sequence): only the key the rotations lead to signs builds now"
            }
        }
        return retired.isEmpty ? "the signature does not match manifest.json under this key"
            : "the signature does not match manifest.json under the key the key rotations lead to (no chain from the trusted key to its signer)"
    }

    private var retiredPEM: [String: String] = [:]
}
