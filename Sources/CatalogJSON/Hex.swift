/// Lowercase hexadecimal digits, the one spelling of bytes as hex (JSON's `\u` escapes, digests,
/// fingerprints).
public enum Hex {
    /// The ASCII digit of a value 0–15.
    @inlinable @inline(__always) public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x57 + nibble
    }

    /// The value of a lowercase hex digit, nil for any other byte.
    @inlinable @inline(__always) public static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: return digit - 0x30
        case 0x61...0x66: return digit - 0x57
        default: return nil
        }
    }
}
