/// Locates invalid UTF-8, so errors can say where the bad byte is.
public enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            let before = offset
            // Count the bytes the decoder consumes by wrapping the iterator.
            var counting = CountingIterator(base: iterator)
            switch decoder.decode(&counting) {
            case .scalarValue:
                offset += counting.consumed
                iterator = counting.base
            case .emptyInput:
                return nil
            case .error:
                return before
            }
        }
    }

    public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
    }

    private struct CountingIterator: IteratorProtocol {
        var base: UnsafeBufferPointer<UInt8>.Iterator
        var consumed = 0
        mutating func next() -> UInt8? {
            let b = base.next()
            if b != nil { consumed += 1 }
            return b
        }
    }
}
