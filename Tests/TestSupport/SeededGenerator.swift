/// A small deterministic generator (SplitMix64): random tests that can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// `count` random bytes, eight from each number (a byte at a time took seconds for the
    /// megabytes file tests write, in a debug build).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { raw in
            var at = 0
            while at < count {
                let word = next().littleEndian, n = min(8, count - at)
                withUnsafeBytes(of: word) { raw.baseAddress!.advanced(by: at).copyMemory(from: $0.baseAddress!, byteCount: n) }
                at += n
            }
        }
        return out
    }
}
