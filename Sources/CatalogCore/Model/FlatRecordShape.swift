import CatalogJSON
import CatalogModel
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
    ///
    /// Records in a release mostly have the same keys in the same order. What the keys decide —
    /// which member is the id, the name, a shared field or an extra; the line's key order; which
    /// member gives each line of the canonical text — is worked out once for a run of records
    /// with the same keys (a `Plan`), and each record of the run is then copied out by it.
    public struct Reader {
        public let shape: FlatRecordShape
        /// The configured fingerprint fields, in order (none of them an HTML field).
        private let fields: [(name: String, bytes: [UInt8])]
        private var object = FlatObject()
        private var plan = Plan()
        private let scratch = Scratch()
        /// The plan of the run of records being tallied, and how many of them.
        private var runPlan = -1
        private var runKeys: [UInt8] = []
        private var run = 0
        private var counted: [String: Int] = [:]

        /// What a record's keys decide, for every record with the same keys in the same order.
        private struct Plan {
            /// Counts the plans made, so that a tally knows a run from the next.
            var generation = -1
            /// The keys, each followed by a NUL, in member order.
            var keys: [UInt8] = []
            /// Per member: what it is (`Kind`).
            var kinds: [Kind] = []
            /// False when the keys alone refuse the record (no id, a required field missing).
            var takes = false
            var idMember = -1
            var nameMember = -1
            /// The snapshot line: each step's literal bytes (in `literals`), then its member's value
            /// (none for the last step).
            var line: [(literal: Range<Int>, member: Int)] = []
            /// The canonical text: the fields present, each with its `field: ` prefix.
            var text: [(prefix: Range<Int>, member: Int)] = []
            var literals: [UInt8] = []
            /// The longest `field: ` prefix: the most a text line adds to its value, newline aside.
            var longestPrefix = 0
        }

        private enum Kind: UInt8 {
            case id, scalar, requiredScalar, list, extra
        }

        public init(shape: FlatRecordShape, fields: [String]) {
            self.shape = shape
            self.fields = fields.map { ($0, Array($0.utf8)) }
        }

        /// Reads the record in `bytes`: appends its snapshot line (newline included) to `line` and
        /// its canonical text to `text`. Nil, with `line` and `text` as they were, when the
        /// record is not plain enough or not valid: the adapter must read it.
        public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, line: inout [UInt8], text: inout [UInt8]) -> Names? {
            guard object.scanMembers(bytes) else { return nil }
            if !sameKeys(bytes) {
                // New keys: checked for duplicates once, then planned.
                guard !object.hasDuplicateKeys(bytes) else { return nil }
                makePlan(bytes)
            }
            guard plan.takes else { return nil }
            let members = object.members
            for (m, member) in members.enumerated() {
                switch plan.kinds[m] {
                case .id, .scalar:
                    guard !member.isList else { return nil }
                case .requiredScalar:
                    // Blank: nothing but spaces (other whitespace would be an escape here).
                    guard !member.isList, bytes[member.value].contains(where: { $0 != 0x20 }) else { return nil }
                case .list:
                    guard member.isList else { return nil }
                case .extra:
                    break
                }
            }
            let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[members[plan.idMember].value]), as: UTF8.self)
            guard RecordID.problem(with: id) == nil else { return nil }
            let name = plan.nameMember >= 0 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[members[plan.nameMember].value]), as: UTF8.self) : ""
            let base = bytes.baseAddress!
            let items = object.items

            // The line: `UpstreamRecord.json` written compact, keys in byte order. It holds every
            // key and value of the element and its punctuation, plus the plan's literals.
            plan.literals.withUnsafeBufferPointer { literals in
                let out = scratch.reserve(bytes.count + Self.lineExtra)
                var p = out
                @inline(__always) func put(_ from: UnsafePointer<UInt8>, _ count: Int) {
                    p.update(from: from, count: count)
                    p += count
                }
                @inline(__always) func putString(_ range: Range<Int>) {
                    p[0] = 0x22
                    p += 1
                    put(base + range.lowerBound, range.count)
                    p[0] = 0x22
                    p += 1
                }
                for step in plan.line {
                    put(literals.baseAddress! + step.literal.lowerBound, step.literal.count)
                    guard step.member >= 0 else { break }
                    let member = members[step.member]
                    if member.isList {
                        p[0] = 0x5B
                        p += 1
                        for k in member.value {
                            if k > member.value.lowerBound {
                                p[0] = 0x2C
                                p += 1
                            }
                            putString(items[k])
                        }
                        p[0] = 0x5D
                        p += 1
                    } else {
                        putString(member.value)
                    }
                }
                line.append(contentsOf: UnsafeBufferPointer(start: out, count: p - out))
            }

            // The canonical text: `UpstreamRecord.value(of:)` finds shared fields and extras, not the id.
            let lines = plan.text.reduce(0) { $0 + (members[$1.member].isList ? members[$1.member].value.count : 1) }
            plan.literals.withUnsafeBufferPointer { literals in
                let out = scratch.reserve(bytes.count + lines * (plan.longestPrefix + 1))
                var p = out
                @inline(__always) func putLine(_ prefix: Range<Int>, _ value: Range<Int>) {
                    let start = p
                    p.update(from: literals.baseAddress! + prefix.lowerBound, count: prefix.count)
                    p += prefix.count
                    let written = TextNormalizer.copyCollapsedPlain(UnsafeBufferPointer(start: base + value.lowerBound, count: value.count), to: p)
                    if written == 0 {
                        p = start  // an empty value gives no line
                    } else {
                        p += written
                        p[0] = 0x0A
                        p += 1
                    }
                }
                for step in plan.text {
                    let member = members[step.member]
                    if member.isList {
                        for k in member.value { putLine(step.prefix, items[k]) }
                    } else {
                        putLine(step.prefix, member.value)
                    }
                }
                text.append(contentsOf: UnsafeBufferPointer(start: out, count: p - out))
            }
            return Names(id: id, name: name)
        }

        /// Whether the object just scanned has the plan's keys, in the same order.
        private func sameKeys(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            plan.keys.withUnsafeBufferPointer { known -> Bool in
                var offset = 0
                for member in object.members {
                    let n = member.key.count
                    guard offset + n < known.count, known[offset + n] == 0,
                          n == 0 || memcmp(known.baseAddress! + offset, bytes.baseAddress! + member.key.lowerBound, n) == 0 else { return false }
                    offset += n + 1
                }
                return offset == known.count
            }
        }

        /// Works out what the keys of the object just scanned decide (see `Plan`).
        private mutating func makePlan(_ bytes: UnsafeBufferPointer<UInt8>) {
            var plan = Plan()
            plan.generation = self.plan.generation + 1
            let members = object.members
            var requiredFound = 0
            var top: [(key: UnsafeBufferPointer<UInt8>, member: Int)] = []
            var extras: [(key: UnsafeBufferPointer<UInt8>, member: Int)] = []
            for (m, member) in members.enumerated() {
                let key = UnsafeBufferPointer(rebasing: bytes[member.key])
                plan.keys.append(contentsOf: key)
                plan.keys.append(0)
                var kind = Kind.extra
                if FlatObject.equal(bytes, member.key, shape.idBytes) {
                    kind = .id
                    plan.idMember = m
                } else if let s = shape.scalarBytes.firstIndex(where: { FlatObject.equal(bytes, member.key, $0) }) {
                    if s == shape.nameScalar { plan.nameMember = m }
                    kind = .scalar
                    if shape.requiredBytes.contains(where: { FlatObject.equal(bytes, member.key, $0) }) {
                        kind = .requiredScalar
                        requiredFound += 1
                    }
                } else if shape.listBytes.contains(where: { FlatObject.equal(bytes, member.key, $0) }) {
                    kind = .list
                }
                plan.kinds.append(kind)
                switch kind {
                case .id: break
                case .extra: extras.append((key, m))
                default: top.append((key, m))
                }
            }
            plan.takes = plan.idMember >= 0 && requiredFound == shape.required.count

            // The line's steps: literal text up to each value, keys in byte order; "id" and
            // "extra" (the extras, in byte order, inside it) are keys of the line too.
            let idKey = Self.literal(Self.idKey), extraKey = Self.literal(Self.extraKey)
            top.append((idKey, Entry.id))
            if !extras.isEmpty { top.append((extraKey, Entry.extra)) }
            top.sort { UTF8Order.precedes($0.key, $1.key) }
            extras.sort { UTF8Order.precedes($0.key, $1.key) }
            var pending: [UInt8] = [0x7B]
            func step(_ key: UnsafeBufferPointer<UInt8>, _ member: Int) {
                pending.append(0x22)
                pending.append(contentsOf: key)
                pending.append(contentsOf: [0x22, 0x3A])
                let start = plan.literals.count
                plan.literals.append(contentsOf: pending)
                plan.line.append((start..<plan.literals.count, member))
                pending = []
            }
            for (k, entry) in top.enumerated() {
                if k > 0 { pending.append(0x2C) }
                switch entry.member {
                case Entry.id:
                    step(entry.key, plan.idMember)
                case Entry.extra:
                    pending.append(0x22)
                    pending.append(contentsOf: entry.key)
                    pending.append(contentsOf: [0x22, 0x3A, 0x7B])
                    for (e, extra) in extras.enumerated() {
                        if e > 0 { pending.append(0x2C) }
                        step(extra.key, extra.member)
                    }
                    pending.append(0x7D)
                default:
                    step(entry.key, entry.member)
                }
            }
            pending.append(contentsOf: [0x7D, 0x0A])
            let start = plan.literals.count
            plan.literals.append(contentsOf: pending)
            plan.line.append((start..<plan.literals.count, -1))

            // The canonical text's fields: the first member of each name that is not the id.
            for field in fields {
                guard let m = members.indices.first(where: { $0 != plan.idMember && FlatObject.equal(bytes, members[$0].key, field.bytes) }) else { continue }
                let start = plan.literals.count
                plan.literals.append(contentsOf: field.bytes)
                plan.literals.append(contentsOf: [0x3A, 0x20])
                plan.text.append((start..<plan.literals.count, m))
                plan.longestPrefix = max(plan.longestPrefix, plan.literals.count - start)
            }
            self.plan = plan
        }

        private enum Entry {
            static let id = -1
            static let extra = -2
        }

        /// Counts the field names of the record just read (every member but the id), for
        /// schema-change reports: a run of records read by the same plan is counted once.
        public mutating func tally(_ bytes: UnsafeBufferPointer<UInt8>) {
            if runPlan == plan.generation && run > 0 {
                run += 1
                return
            }
            countRun()
            runKeys = plan.keys
            runPlan = plan.generation
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

        /// The most bytes a line has beyond its element's: the "extra" wrapper, the newline, and a
        /// longer "id" key than the element's (its punctuation is the element's own).
        private static let lineExtra = 16 + 2 * extraKey.utf8CodeUnitCount
        private static let idKey: StaticString = "id"
        private static let extraKey: StaticString = "extra"

        private static func literal(_ s: StaticString) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
        }
    }

    /// A reader's scratch bytes: a line or a canonical text is written here by pointer, into
    /// room reserved for the most it can take, then appended where it goes in one copy.
    private final class Scratch {
        private var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        private var capacity = 4096

        /// The start of at least `count` bytes (what was there before is not kept).
        func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
            if count > capacity {
                base.deallocate()
                capacity = max(count, capacity * 2)
                base = .allocate(capacity: capacity)
            }
            return base
        }

        deinit { base.deallocate() }
    }
}
