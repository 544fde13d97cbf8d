import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogSQLite

/// Records' rows in catalog.sqlite's tables, encoded into one buffer on the worker that renders
/// them, and inserted from it on the writer's thread (`BuildWriter`): that thread, the build's
/// slowest, only binds bytes; it makes no string or array and retains no record's.
///
/// For each record: its `exercises` row (`BuildTables.exerciseValues`, then the record's compact
/// JSON), then its rows in muscles, equipment, joint_stress and reasons, each table's as a count
/// and the rows' values without the record's id (bound from the exercises row's). A value is a
/// tag byte and, for a number, its 8 bytes, for text its length (4 bytes) and UTF-8 bytes.
struct EncodedRows: RowValues, Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    enum Tag: UInt8 {
        case null, int, double, text
    }

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `e`'s rows; where its compact JSON is in `bytes`.
    @discardableResult
    mutating func add(_ e: Exercise) -> Range<Int> {
        BuildTables.exerciseValues(e, into: &self)
        let start = bytes.count + 5
        text { e.write(style: .compact, indent: 0, into: &$0) }
        let record = start..<bytes.count
        table { rows in
            var n = 0
            BuildTables.muscleRows(e) { muscle, role, credit in
                rows.text(muscle); rows.text(role); rows.double(credit)
                n += 1
            }
            return n
        }
        strings(e.equipment ?? [])
        strings(e.jointStress ?? [])
        table { rows in
            for reason in e.reasons {
                rows.text(reason.code.rawValue)
                rows.text { JSONWriter.write(reason.details, style: .compact, indent: 0, into: &$0) }
            }
            return e.reasons.count
        }
        count += 1
        return record
    }

    mutating func null() { bytes.append(Tag.null.rawValue) }

    mutating func int(_ value: Int64) {
        bytes.append(Tag.int.rawValue)
        append(UInt64(bitPattern: value))
    }

    mutating func double(_ value: Double) {
        bytes.append(Tag.double.rawValue)
        append(value.bitPattern)
    }

    mutating func text(_ value: String) {
        text { out in
            var value = value
            value.withUTF8 { out.append(contentsOf: $0) }
        }
    }

    /// Text that `write` appends to the buffer in place.
    private mutating func text(_ write: (inout [UInt8]) -> Void) {
        bytes.append(Tag.text.rawValue)
        let at = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        write(&bytes)
        store(UInt32(bytes.count - at - 4), at: at)
    }

    /// A table whose rows are one text each.
    private mutating func strings(_ items: [String]) {
        table { rows in
            for item in items { rows.text(item) }
            return items.count
        }
    }

    /// A table's rows: their count, then what `rows` appends (it returns how many rows).
    private mutating func table(_ rows: (inout EncodedRows) -> Int) {
        let at = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        store(UInt32(rows(&self)), at: at)
    }

    private mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func store(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for i in 0..<4 { bytes[offset + i] = raw[i] }
        }
    }

    /// Reads the buffer back, value by value, binding each to a statement.
    struct Reader {
        let raw: UnsafeRawBufferPointer
        private var at = 0

        init(_ raw: UnsafeRawBufferPointer) {
            self.raw = raw
        }

        /// A table's count of rows.
        mutating func count() -> Int {
            defer { at += 4 }
            return Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }

        /// The next value, which is text (a record's id), without binding it.
        mutating func text() -> UnsafeRawBufferPointer {
            precondition(raw[at] == Tag.text.rawValue, "a text value")
            at += 1
            let length = count()
            defer { at += length }
            return UnsafeRawBufferPointer(rebasing: raw[at..<(at + length)])
        }

        /// Binds the next value.
        mutating func bind(_ binder: inout Statement.Binder) throws(SQLiteError) {
            switch Tag(rawValue: raw[at]) {
            case .null:
                at += 1
                try binder.null()
            case .int:
                try binder.int(Int64(bitPattern: number()))
            case .double:
                try binder.double(Double(bitPattern: number()))
            case .text:
                try binder.text(utf8: text())
            case nil:
                preconditionFailure("a value's tag")
            }
        }

        private mutating func number() -> UInt64 {
            defer { at += 9 }
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 1, as: UInt64.self))
        }
    }
}
