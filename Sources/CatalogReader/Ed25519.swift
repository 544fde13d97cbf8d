import CCrypto
import CatalogModel
import Foundation

/// Ed25519 keys and signatures through OpenSSL's libcrypto. Keys are PEM files (PKCS#8 private,
/// SubjectPublicKeyInfo public); a signature file is `ed25519 <base64>` and a newline.
public enum Ed25519 {
    public struct KeyPair: Sendable {
        public var privatePEM: String
        public var publicPEM: String
    }

    public static func generate() throws(CatalogError) -> KeyPair {
        guard let ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else { throw failure("cannot create a key context") }
        defer { EVP_PKEY_CTX_free(ctx) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(ctx) == 1, EVP_PKEY_keygen(ctx, &key) == 1, let key else { throw failure("key generation failed") }
        defer { EVP_PKEY_free(key) }
        let privatePEM = try pem { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
        let publicPEM = try pem { PEM_write_bio_PUBKEY($0, key) }
        return KeyPair(privatePEM: privatePEM, publicPEM: publicPEM)
    }

    /// The signature file's text for `message`.
    public static func sign(_ message: [UInt8], privatePEM: String, keyFile: String) throws(CatalogError) -> String {
        let key = try readKey(privatePEM, isPrivate: true, file: keyFile)
        defer { EVP_PKEY_free(key) }
        guard let md = EVP_MD_CTX_new() else { throw failure("cannot create a signing context") }
        defer { EVP_MD_CTX_free(md) }
        var length = 64
        var signature = [UInt8](repeating: 0, count: 64)
        let ok = EVP_DigestSignInit(md, nil, nil, nil, key) == 1 && message.withUnsafeBufferPointer { m in
            EVP_DigestSign(md, &signature, &length, m.baseAddress, m.count) == 1
        }
        guard ok, length == 64 else { throw failure("signing failed") }
        return "ed25519 " + Data(signature).base64EncodedString() + "\n"
    }

    /// Whether `signatureText` (a signature file) is a valid signature of `message` by the key.
    public static func verify(_ message: [UInt8], signatureText: String, publicPEM: String, keyFile: String) throws(CatalogError) -> Bool {
        // The exact form `sign` writes, so that no byte of the file can change unnoticed.
        guard signatureText.hasPrefix("ed25519 "), signatureText.hasSuffix("\n") else { return false }
        let encoded = String(signatureText.dropFirst("ed25519 ".count).dropLast())
        guard let signature = Data(base64Encoded: encoded), signature.count == 64, signature.base64EncodedString() == encoded else { return false }
        let key = try readKey(publicPEM, isPrivate: false, file: keyFile)
        defer { EVP_PKEY_free(key) }
        guard let md = EVP_MD_CTX_new() else { throw failure("cannot create a verification context") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestVerifyInit(md, nil, nil, nil, key) == 1 else { return false }
        let bytes = [UInt8](signature)
        return message.withUnsafeBufferPointer { m in
            EVP_DigestVerify(md, bytes, bytes.count, m.baseAddress, m.count) == 1
        }
    }

    /// The public key of a private key, in PEM form.
    public static func publicPEM(ofPrivate privatePEM: String, keyFile: String) throws(CatalogError) -> String {
        let key = try readKey(privatePEM, isPrivate: true, file: keyFile)
        defer { EVP_PKEY_free(key) }
        return try pem { PEM_write_bio_PUBKEY($0, key) }
    }

    /// A public key's 32 bytes in hex: two PEM texts of one key compare equal by it.
    public static func keyID(_ publicPEM: String, keyFile: String) throws(CatalogError) -> String {
        let key = try readKey(publicPEM, isPrivate: false, file: keyFile)
        defer { EVP_PKEY_free(key) }
        var raw = [UInt8](repeating: 0, count: 32)
        var length = 32
        guard EVP_PKEY_get_raw_public_key(key, &raw, &length) == 1, length == 32 else { throw failure("cannot read the public key") }
        return raw.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func readKey(_ pem: String, isPrivate: Bool, file: String) throws(CatalogError) -> OpaquePointer {
        let bio: OpaquePointer? = pem.withCString { BIO_new_mem_buf($0, Int32(pem.utf8.count)) }
        guard let bio else { throw failure("cannot read the key") }
        defer { BIO_free(bio) }
        let key = isPrivate ? PEM_read_bio_PrivateKey(bio, nil, nil, nil) : PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        guard let key, EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519 else {
            ERR_clear_error()
            throw .data("not an Ed25519 \(isPrivate ? "private" : "public") key in PEM form", file: file)
        }
        return key
    }

    static func pem(_ write: (OpaquePointer) -> Int32) throws(CatalogError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw failure("cannot allocate") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw failure("cannot write the key") }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = BIO_read(bio, &chunk, Int32(chunk.count))
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<Int(n)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func failure(_ message: String) -> CatalogError {
        ERR_clear_error()
        return CatalogError(.internalError, "libcrypto: \(message)")
    }
}
