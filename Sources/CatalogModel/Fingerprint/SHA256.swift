import CCrypto

/// SHA-256 through OpenSSL's libcrypto.
public enum SHA256 {
    /// The algorithm, fetched from the provider once: `EVP_sha256()` makes every digest look it up
    /// again (0.6 µs of 1.2 µs for a 700-byte line, measured; an import digests two texts a record).
    nonisolated(unsafe) private static let algorithm: OpaquePointer = {
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { preconditionFailure("libcrypto has no SHA256") }
        return md
    }()

    /// Writes the 32-byte digest of `bytes` into `out`.
    public static func digest(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= 32)
        var length: UInt32 = 0
        let ok = EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, algorithm, nil)
        precondition(ok == 1 && length == 32, "EVP_Digest(sha256) failed")
    }

    public static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { md in
            EVP_Digest(bytes.baseAddress, bytes.count, md.baseAddress, &length, algorithm, nil)
        }
        precondition(ok == 1 && length == 32, "EVP_Digest(sha256) failed")
        return out
    }

    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digest: [UInt8]
        if let contiguous = bytes.withContiguousStorageIfAvailable({ digestOf($0) }) {
            digest = contiguous
        } else {
            digest = digestOf(Array(bytes))
        }
        return hexString(digest)
    }

    public static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hexString(digest(UnsafeRawBufferPointer($0))) }
    }

    private static func digestOf(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        digest(UnsafeRawBufferPointer(buffer))
    }

    private static func digestOf(_ array: [UInt8]) -> [UInt8] {
        array.withUnsafeBytes { digest($0) }
    }

    public static let hexDigits = Array("0123456789abcdef".utf8)

    public static func hexString(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hexString($0, prefix: "") }
    }

    /// `prefix` and the bytes in lowercase hex, made in place (one allocation).
    public static func hexString(_ bytes: UnsafeRawBufferPointer, prefix: String) -> String {
        String(unsafeUninitializedCapacity: prefix.utf8.count + bytes.count * 2) { out in
            var n = 0
            for b in prefix.utf8 {
                out[n] = b
                n += 1
            }
            for b in bytes {
                out[n] = hexDigits[Int(b >> 4)]
                out[n + 1] = hexDigits[Int(b & 0x0F)]
                n += 2
            }
            return n
        }
    }
}

extension SHA256 {
    /// A SHA-256 over bytes given in pieces (files read in chunks, snapshots written as they go).
    public final class Hasher {
        private let context: OpaquePointer

        public init() {
            context = EVP_MD_CTX_new()
            precondition(EVP_DigestInit_ex(context, SHA256.algorithm, nil) == 1, "EVP_DigestInit_ex(sha256) failed")
        }

        deinit { EVP_MD_CTX_free(context) }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "EVP_DigestUpdate failed")
        }

        public func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        /// The lowercase hex digest; the hasher is spent afterwards.
        public func finishHex() -> String {
            var out = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            out.withUnsafeMutableBufferPointer { md in
                precondition(EVP_DigestFinal_ex(context, md.baseAddress, &length) == 1 && length == 32, "EVP_DigestFinal_ex failed")
            }
            return SHA256.hexString(out)
        }
    }
}
