extension JSONWriter {
    /// The pretty form of a value from its compact form: `compact` as `write(_:style: .compact,
    /// indent:into:)` wrote it gives what `write(_:style: .pretty, indent:into:)` writes of the
    /// same value at nesting level `indent`, appended to `out`. The two styles differ only in the
    /// layout the writer adds outside strings (a line break and indent before each member or
    /// element and before a non-empty object or list closes, a space after each colon), so this
    /// adds exactly that, without parsing: what verify compares catalog.json with, from the
    /// record column it has checked already. Any other bytes give some other bytes.
    public static func reindent(compact: UnsafeBufferPointer<UInt8>, indent: Int, into out: inout [UInt8]) {
        var state = Reindent(depth: indent)
        // Written in place into room made ahead (a byte appended at a time costs a capacity
        // check each): most values take less than twice their compact size.
        var end = out.count
        repeat {
            out.append(contentsOf: repeatElement(0, count: max(2 * (compact.count - state.read), 64) + 4 * max(state.depth, 0) + 16))
            end = out.withUnsafeMutableBufferPointer { room in state.run(compact, into: room, at: end) }
        } while state.read < compact.count
        out.removeLast(out.count - end)
    }

    /// Where `reindent` is: the next byte to read, and the nesting level.
    private struct Reindent {
        var depth: Int
        var read = 0

        /// Reads `compact` on from `read`, writing into `room` from `at`, until all is read or
        /// the room may not hold the next step; where the writing ended.
        mutating func run(_ compact: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
            let n = compact.count
            var w = at
            while read < n {
                let b = compact[read]
                // The most a step writes but a run (a string or number) copied whole.
                guard room.count - w >= 10 + 2 * max(depth + 1, 0) else { return w }
                switch b {
                case 0x22, 0x7B, 0x5B, 0x7D, 0x5D, 0x2C, 0x3A: break
                default:
                    var end = read + 1
                    while end < n, !Self.isLayoutByte(compact[end]) { end += 1 }
                    guard copy(compact, read..<end, into: room, at: &w) else { return w }
                    continue
                }
                switch b {
                case 0x22:  // a string, its escapes included, as it is
                    guard copy(compact, read..<Self.stringEnd(compact, read + 1), into: room, at: &w) else { return w }
                case 0x7B, 0x5B:  // an object or list opens: an empty one stays on its line
                    room[w] = b
                    w += 1
                    read += 1
                    if read < n, compact[read] == b + 2 {
                        room[w] = b + 2
                        w += 1
                        read += 1
                    } else {
                        depth += 1
                        newline(into: room, at: &w)
                    }
                case 0x7D, 0x5D:
                    depth -= 1
                    newline(into: room, at: &w)
                    room[w] = b
                    w += 1
                    read += 1
                case 0x2C:
                    room[w] = b
                    w += 1
                    read += 1
                    newline(into: room, at: &w)
                default:  // `:`
                    room[w] = 0x3A
                    room[w + 1] = 0x20
                    w += 2
                    read += 1
                }
            }
            return w
        }

        /// Copies `range` of `compact` when the room holds it; false when it does not.
        private mutating func copy(_ compact: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into room: UnsafeMutableBufferPointer<UInt8>, at w: inout Int) -> Bool {
            guard room.count - w >= range.count else { return false }
            UnsafeMutableRawPointer(room.baseAddress! + w).copyMemory(from: compact.baseAddress! + range.lowerBound, byteCount: range.count)
            w += range.count
            read = range.upperBound
            return true
        }

        /// A line break and the indent of `depth`, as `JSONWriter.newline` writes them (the
        /// room holds them, and up to seven bytes more: spaces are written eight at a time).
        private func newline(into room: UnsafeMutableBufferPointer<UInt8>, at w: inout Int) {
            room[w] = 0x0A
            let spaces = max(2 * depth, 0)
            let p = UnsafeMutableRawPointer(room.baseAddress! + w + 1)
            var k = 0
            while k < spaces {
                p.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: k, as: UInt64.self)
                k += 8
            }
            w += 1 + spaces
        }

        /// Where the string whose content starts at `from` ends, its closing quote included
        /// (the end of `compact` when it does not close): eight bytes at a time to the next
        /// quote or backslash, a backslash skipping the byte it escapes.
        static func stringEnd(_ compact: UnsafeBufferPointer<UInt8>, _ from: Int) -> Int {
            var i = from
            while true {
                i = JSONArraySplitter.quoteOrBackslash(compact, from: i)
                guard i < compact.count else { return compact.count }
                if compact[i] == 0x22 { return i + 1 }
                i += 2
            }
        }

        /// The bytes `reindent` acts on outside strings.
        @inline(__always) static func isLayoutByte(_ b: UInt8) -> Bool {
            b == 0x22 || b == 0x2C || b == 0x3A || b == 0x7B || b == 0x7D || b == 0x5B || b == 0x5D
        }
    }
}
