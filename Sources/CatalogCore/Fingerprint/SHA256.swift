import CCrypto

/// SHA-256 through OpenSSL's libcrypto.
public enum SHA256 {
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { md in
            EVP_Digest(bytes.baseAddress, bytes.count, md.baseAddress, &length, EVP_sha256(), nil)
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

    static let hexDigits = Array("0123456789abcdef".utf8)

    public static func hexString(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(hexDigits[Int(b >> 4)])
            out.append(hexDigits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
