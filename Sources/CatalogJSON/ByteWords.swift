/// Eight bytes at a time: the word tricks the byte scanners share. A word is loaded
/// little-endian, so its lowest marked byte is the first in memory.
package enum ByteWords {
    // Computed, not stored: a literal folds where it is used, with or without whole-module
    // optimisation (a stored static is a lazily made global).
    @inlinable package static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable package static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `p`, the first lowest.
    @inlinable @inline(__always) package static func load(_ p: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    }

    /// The top bit of each byte of `w` below `limit` (at most 0x80; the "has less than" trick).
    /// The lowest mark is always a true one; a borrow may mark bytes above it too.
    @inlinable @inline(__always) package static func marks(_ w: UInt64, below limit: UInt8) -> UInt64 {
        (w &- ones &* UInt64(limit)) & ~w & high
    }

    /// The top bit of each byte of `w` equal to `byte` (the "has zero byte" trick on `w` xor the
    /// byte); as for `marks(_:below:)`, the lowest mark is always a true one.
    @inlinable @inline(__always) package static func marks(_ w: UInt64, equalTo byte: UInt8) -> UInt64 {
        marks(w ^ (ones &* UInt64(byte)), below: 1)
    }

    /// Moves `i` past plain ASCII text, eight bytes at a time, to a byte a JSON string scanner looks at (a quote, a backslash, a
    /// byte below 0x20 or above ASCII) or to the last bytes before `n`, fewer than eight; whether some byte is left there.
    @inlinable @inline(__always) package static func skipPlainText(_ p: UnsafePointer<UInt8>, _ i: inout Int, count n: Int) -> Bool {
        while i + 8 <= n {
            let w = load(p + i), flags = w & high | marks(w, below: 0x20) | marks(w, equalTo: 0x22) | marks(w, equalTo: 0x5C)
            if flags != 0 { i += first(flags); return true }
            i += 8
        }
        return i < n
    }

    /// Which byte of its word the lowest mark is on.
    @inlinable @inline(__always) package static func first(_ marks: UInt64) -> Int { marks.trailingZeroBitCount >> 3 }

    /// Whether each of the `count` bytes at `p` is ASCII and not below `limit` (at most 0x80).
    package static func isASCII(_ p: UnsafePointer<UInt8>, count n: Int, notBelow limit: UInt8) -> Bool {
        var k = 0
        while k + 8 <= n {
            let w = load(p + k)
            if w & high | marks(w, below: limit) != 0 { return false }
            k += 8
        }
        while k < n {
            if p[k] < limit || p[k] >= 0x80 { return false }
            k += 1
        }
        return true
    }

    /// Whether two spaces follow each other in `count` bytes. Per word: the exact "which bytes
    /// are zero" test on the word XOR spaces marks each space's top bit; a mark beside another
    /// (in the word, or across from the word before) is a double space.
    package static func hasDoubleSpace(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var lastWasSpace = false
        var k = 0
        while k + 8 <= count {
            let x = load(p + k) ^ 0x2020_2020_2020_2020
            let spaces = ~(((x & low) &+ low) | x | low)
            // Little-endian: byte i + 1's mark shifted down lands on byte i's.
            if spaces & (spaces >> 8) != 0 || (lastWasSpace && spaces & 0x80 != 0) { return true }
            lastWasSpace = spaces >> 63 != 0
            k += 8
        }
        while k < count {
            let space = p[k] == 0x20
            if space && lastWasSpace { return true }
            lastWasSpace = space
            k += 1
        }
        return false
    }
}
