import Foundation

/// How a source whose records are flat JSON objects maps each to an `UpstreamRecord`: one member
/// is the id (a string), some are shared fields (one string each, or a list of strings), every
/// other member is kept verbatim as an extra. ExerciseDB's records are read so.
///
/// `read` takes such a record straight from its bytes (a `FlatObject`) to what an import keeps
/// of it: its snapshot line and its canonical text, byte for byte what `UpstreamRecord.json` and
/// `CanonicalText` give for the record the adapter reads from the same element. No JSON tree and
/// no strings but the id and the name are made. A record it does not take (a shared field of the
/// wrong kind, a bad or missing id, a required field blank) goes to the adapter, which says why.
public struct FlatRecordShape: Sendable {
    public let idKey: String
    /// Shared fields given as one string.
    public let scalars: [String]
    /// Shared fields given as a list of strings.
    public let lists: [String]
    /// Scalars that must be present and not blank.
    public let required: [String]
    let idBytes: [UInt8]
    private let scalarBytes: [[UInt8]]
    private let listBytes: [[UInt8]]
    private let requiredBytes: [[UInt8]]
    /// Which scalar is the record's name (`UpstreamRecord.name`).
    private let nameScalar: Int?

    public init(idKey: String, scalars: [String], lists: [String], required: [String]) {
        self.idKey = idKey
        self.scalars = scalars
        self.lists = lists
        self.required = required
        idBytes = Array(idKey.utf8)
        scalarBytes = scalars.map { Array($0.utf8) }
        listBytes = lists.map { Array($0.utf8) }
        requiredBytes = required.map { Array($0.utf8) }
        nameScalar = scalars.firstIndex(of: "name")
    }

    /// What a record read by `read` is called by.
    public struct Names: Sendable {
        public var id: String
        public var name: String
    }

    /// Reads one record and the scratch space it needs; one per worker, reused record to record.
    public struct Reader {
        public let shape: FlatRecordShape
        /// The configured fingerprint fields, in order (none of them an HTML field).
        private let fields: [(name: String, bytes: [UInt8])]
        public private(set) var object = FlatObject()
        private var top: [Entry] = []
        private var extras: [Entry] = []
        /// The keys (each followed by a NUL) of the run of records being tallied, and its length.
        private var runKeys: [UInt8] = []
        private var run = 0
        private var counted: [String: Int] = [:]

        private struct Entry {
            var key: UnsafeBufferPointer<UInt8>
            /// A member's index; `Entry.id` or `Entry.extra` for the keys the line adds.
            var member: Int
            static let id = -1
            static let extra = -2
        }

        public init(shape: FlatRecordShape, fields: [String]) {
            self.shape = shape
            self.fields = fields.map { ($0, Array($0.utf8)) }
        }

        /// Reads the record in `bytes`: appends its snapshot line (newline included) to `line` and
        /// its canonical text to `text`. Nil, with `line` and `text` as they were, when the
        /// record is not plain enough or not valid: the adapter must read it.
        public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, line: inout [UInt8], text: inout [UInt8]) -> Names? {
            guard object.scan(bytes) else { return nil }
            var idMember = -1
            var nameMember = -1
            var requiredFound = 0
            top.removeAll(keepingCapacity: true)
            extras.removeAll(keepingCapacity: true)
            for (m, member) in object.members.enumerated() {
                let key = UnsafeBufferPointer(rebasing: bytes[member.key])
                if FlatObject.equal(bytes, member.key, shape.idBytes) {
                    guard !member.isList else { return nil }
                    idMember = m
                    continue
                }
                if let s = shape.scalarBytes.firstIndex(where: { FlatObject.equal(bytes, member.key, $0) }) {
                    guard !member.isList else { return nil }
                    if s == shape.nameScalar { nameMember = m }
                    if shape.requiredBytes.contains(where: { FlatObject.equal(bytes, member.key, $0) }) {
                        // Blank: nothing but spaces (other whitespace would be an escape here).
                        guard bytes[member.value].contains(where: { $0 != 0x20 }) else { return nil }
                        requiredFound += 1
                    }
                    top.append(Entry(key: key, member: m))
                } else if shape.listBytes.contains(where: { FlatObject.equal(bytes, member.key, $0) }) {
                    guard member.isList else { return nil }
                    top.append(Entry(key: key, member: m))
                } else {
                    extras.append(Entry(key: key, member: m))
                }
            }
            guard idMember >= 0, requiredFound == shape.required.count else { return nil }
            let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[object.members[idMember].value]), as: UTF8.self)
            guard RecordID.problem(with: id) == nil else { return nil }

            // The line: `UpstreamRecord.json` written compact, keys in byte order.
            top.append(Entry(key: Self.literal(Self.idKey), member: Entry.id))
            if !extras.isEmpty { top.append(Entry(key: Self.literal(Self.extraKey), member: Entry.extra)) }
            top.sort { UTF8Order.precedes($0.key, $1.key) }
            extras.sort { UTF8Order.precedes($0.key, $1.key) }
            line.append(0x7B)
            for (k, entry) in top.enumerated() {
                if k > 0 { line.append(0x2C) }
                Self.appendString(entry.key, to: &line)
                line.append(0x3A)
                switch entry.member {
                case Entry.id:
                    Self.appendString(UnsafeBufferPointer(rebasing: bytes[object.members[idMember].value]), to: &line)
                case Entry.extra:
                    line.append(0x7B)
                    for (e, extra) in extras.enumerated() {
                        if e > 0 { line.append(0x2C) }
                        Self.appendString(extra.key, to: &line)
                        line.append(0x3A)
                        appendValue(object.members[extra.member], bytes, to: &line)
                    }
                    line.append(0x7D)
                default:
                    appendValue(object.members[entry.member], bytes, to: &line)
                }
            }
            line.append(0x7D)
            line.append(0x0A)

            // The canonical text: `UpstreamRecord.value(of:)` finds shared fields and extras, not the id.
            for field in fields {
                guard let m = object.members.indices.first(where: { $0 != idMember && FlatObject.equal(bytes, object.members[$0].key, field.bytes) }) else { continue }
                let member = object.members[m]
                if member.isList {
                    for item in object.items[member.value] {
                        CanonicalText.appendLine(field: field.name, ascii: UnsafeBufferPointer(rebasing: bytes[item]), to: &text)
                    }
                } else {
                    CanonicalText.appendLine(field: field.name, ascii: UnsafeBufferPointer(rebasing: bytes[member.value]), to: &text)
                }
            }
            let name = nameMember >= 0 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[object.members[nameMember].value]), as: UTF8.self) : ""
            return Names(id: id, name: name)
        }

        /// A string or list member as `JSONWriter` writes it compact: plain strings are copied.
        private func appendValue(_ member: FlatObject.Member, _ bytes: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]) {
            guard member.isList else {
                Self.appendString(UnsafeBufferPointer(rebasing: bytes[member.value]), to: &line)
                return
            }
            line.append(0x5B)
            for (k, item) in object.items[member.value].enumerated() {
                if k > 0 { line.append(0x2C) }
                Self.appendString(UnsafeBufferPointer(rebasing: bytes[item]), to: &line)
            }
            line.append(0x5D)
        }

        /// Counts the field names of the record just read (every member but the id), for
        /// schema-change reports. Records in a release mostly share their keys: a run of records
        /// with the same keys, in the same order, is counted once.
        public mutating func tally(_ bytes: UnsafeBufferPointer<UInt8>) {
            var offset = 0
            let same = runKeys.withUnsafeBufferPointer { known -> Bool in
                for member in object.members {
                    let n = member.key.count
                    guard offset + n < known.count, known[offset + n] == 0,
                          n == 0 || memcmp(known.baseAddress! + offset, bytes.baseAddress! + member.key.lowerBound, n) == 0 else { return false }
                    offset += n + 1
                }
                return offset == known.count
            }
            if same && run > 0 {
                run += 1
                return
            }
            countRun()
            runKeys.removeAll(keepingCapacity: true)
            for member in object.members {
                runKeys.append(contentsOf: bytes[member.key])
                runKeys.append(0)
            }
            run = 1
        }

        /// The field-name counts of the records tallied since the last call.
        public mutating func fieldCounts() -> [String: Int] {
            countRun()
            defer { counted = [:] }
            return counted
        }

        private mutating func countRun() {
            guard run > 0 else { return }
            for key in runKeys.split(separator: 0, omittingEmptySubsequences: false).dropLast() where !key.elementsEqual(shape.idBytes) {
                counted[String(decoding: key, as: UTF8.self), default: 0] += run
            }
            run = 0
        }

        private static let idKey: StaticString = "id"
        private static let extraKey: StaticString = "extra"

        private static func literal(_ s: StaticString) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
        }

        private static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]) {
            line.append(0x22)
            line.append(contentsOf: bytes)
            line.append(0x22)
        }
    }
}
