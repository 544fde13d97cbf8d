import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// The decoder of an adapter with a `FlatRecordShape`: an element that is a plain flat object
/// (`FlatObject`) goes from its bytes straight to its snapshot line and canonical text, byte for
/// byte what the strict decoder gives for it; no JSON tree and no strings but the id and the
/// name are made. Every other element (not plain, a shared field of the wrong kind, a bad or
/// missing id, a required field blank, above the size limit, or needed whole) goes to the
/// strict decoder, which decides what it means.
///
/// Records in a release mostly have the same keys in the same order. What the keys decide —
/// which member is the id, the name, a shared field or an extra; the line's key order; which
/// member gives each field of the canonical text — is worked out once for a run of records
/// with the same keys (a `Plan`), and each record of the run is then copied out by it. One
/// decoder per worker, reused record to record.
struct FlatRecordDecoder: RecordDecoder {
    let shape: FlatRecordShape
    private var strict: StrictDecoder
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
        var literals: [UInt8] = []
        /// Per configured fingerprint field: the member giving its value, or -1.
        var fieldMembers: [Int] = []
        /// Per configured fingerprint field: its name's length in UTF-8, plus 3 (`: ` and a newline).
        var linePrefixes: [Int] = []

        /// The most bytes the canonical text of a record with these keys takes: every line's name,
        /// punctuation and value (a value is only ever shortened by collapsing).
        func textBound(_ members: [FlatObject.Member], items: [Range<Int>]) -> Int {
            var bound = 0
            for (f, m) in fieldMembers.enumerated() where m >= 0 {
                let member = members[m]
                guard member.isList else {
                    bound += linePrefixes[f] + member.value.count
                    continue
                }
                for k in member.value { bound += linePrefixes[f] + items[k].count }
            }
            return bound
        }
    }

    private enum Kind: UInt8 {
        case id, scalar, requiredScalar, list, extra
    }

    init(shape: FlatRecordShape, strict: StrictDecoder) {
        self.shape = shape
        self.strict = strict
    }

    mutating func decode(_ element: UnsafeBufferPointer<UInt8>, index: Int, line: inout [UInt8], text: inout [UInt8]) -> DecodedRecord {
        if let names = decodePlain(element, line: &line, text: &text) { return .record(names) }
        return strict.decode(element, index: index, line: &line, text: &text)
    }

    /// The fast half of `decode`: nil, with `line` and `text` as they were, when the element is
    /// for the strict decoder.
    mutating func decodePlain(_ element: UnsafeBufferPointer<UInt8>, line: inout [UInt8], text: inout [UInt8]) -> DecodedNames? {
        // A larger element may hold a value above the limit: the strict decoder checks it.
        guard element.count <= UpstreamRecord.maxValueBytes, let names = read(element, line: &line, text: &text) else { return nil }
        tally()
        return names
    }

    /// The field-name counts of the records decoded since the last call, both ways.
    mutating func fieldCounts() -> [String: Int] {
        countRun()
        defer { counted = [:] }
        return counted.merging(strict.fieldCounts(), uniquingKeysWith: +)
    }

    /// Reads a plain record: appends its line to `line` and its canonical text to `text`. Nil,
    /// with both as they were, when the strict decoder must read it (nothing is written before
    /// every check has passed).
    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, line: inout [UInt8], text: inout [UInt8]) -> DecodedNames? {
        guard object.scanMembers(bytes) else { return nil }
        if !sameKeys(bytes) {
            // New keys: checked for duplicates once, then planned.
            guard !object.hasDuplicateKeys(bytes) else { return nil }
            makePlan(bytes)
        }
        guard plan.takes, membersFitPlan(bytes) else { return nil }
        let members = object.members
        let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[members[plan.idMember].value]), as: UTF8.self)
        guard RecordID.problem(with: id) == nil else { return nil }
        let name = plan.nameMember >= 0 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[members[plan.nameMember].value]), as: UTF8.self) : ""
        writeLine(bytes, to: &line)
        // `UpstreamRecord.value(of:)` finds shared fields and extras, not the id.
        let items = object.items, bound = plan.textBound(members, items: items)
        members.withUnsafeBufferPointer { members in
            items.withUnsafeBufferPointer { items in
                plan.fieldMembers.withUnsafeBufferPointer { fieldMembers in
                    let values = PlainValues(bytes: bytes, members: members, items: items, fieldMembers: fieldMembers, bound: bound)
                    CanonicalText.write(values, fields: strict.context.fields, into: &text)
                }
            }
        }
        return DecodedNames(id: id, name: name)
    }

    /// Whether each member has the kind of value the plan says (a string, or a list), and each
    /// required one is not blank.
    private func membersFitPlan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (m, member) in object.members.enumerated() {
            switch plan.kinds[m] {
            case .id, .scalar:
                guard !member.isList else { return false }
            case .requiredScalar:
                // Blank: nothing but spaces (other whitespace would be an escape here).
                guard !member.isList, bytes[member.value].contains(where: { $0 != 0x20 }) else { return false }
            case .list:
                guard member.isList else { return false }
            case .extra:
                break
            }
        }
        return true
    }

    /// Appends the line: `UpstreamRecord.json` written compact, keys in byte order. It holds
    /// every key and value of the element and its punctuation, plus the plan's literals.
    private func writeLine(_ bytes: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]) {
        let base = bytes.baseAddress!
        let members = object.members
        let items = object.items
        plan.literals.withUnsafeBufferPointer { literals in
            let out = scratch.reserve(bytes.count + Self.lineExtra)
            var p = out
            @inline(__always) func put(_ from: UnsafePointer<UInt8>, _ count: Int) {
                p.update(from: from, count: count)
                p += count
            }
            @inline(__always) func putByte(_ byte: UInt8) {
                p[0] = byte
                p += 1
            }
            @inline(__always) func putString(_ range: Range<Int>) {
                putByte(0x22)
                put(base + range.lowerBound, range.count)
                putByte(0x22)
            }
            for step in plan.line {
                put(literals.baseAddress! + step.literal.lowerBound, step.literal.count)
                guard step.member >= 0 else { break }
                let member = members[step.member]
                guard member.isList else {
                    putString(member.value)
                    continue
                }
                putByte(0x5B)
                for k in member.value {
                    if k > member.value.lowerBound { putByte(0x2C) }
                    putString(items[k])
                }
                putByte(0x5D)
            }
            line.append(contentsOf: UnsafeBufferPointer(start: out, count: p - out))
        }
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
            let kind = self.kind(of: member.key, in: bytes)
            switch kind {
            case .id: plan.idMember = m
            case .requiredScalar: requiredFound += 1
            default: break
            }
            if kind == .scalar || kind == .requiredScalar,
               shape.nameScalar.map({ FlatObject.equal(bytes, member.key, shape.scalarBytes[$0]) }) ?? false {
                plan.nameMember = m
            }
            plan.kinds.append(kind)
            switch kind {
            case .id: break
            case .extra: extras.append((key, m))
            default: top.append((key, m))
            }
        }
        plan.takes = plan.idMember >= 0 && requiredFound == shape.required.count
        Self.planLine(&plan, top: top, extras: extras)
        // The canonical text's fields: the first member of each name that is not the id.
        plan.fieldMembers = strict.context.fields.map { field in
            let key = Array(field.utf8)
            return members.indices.first { $0 != plan.idMember && FlatObject.equal(bytes, members[$0].key, key) } ?? -1
        }
        plan.linePrefixes = strict.context.fields.map { $0.utf8.count + 3 }
        self.plan = plan
    }

    /// What the shape makes of a member with this key.
    private func kind(of key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        if FlatObject.equal(bytes, key, shape.idBytes) { return .id }
        if shape.scalarBytes.contains(where: { FlatObject.equal(bytes, key, $0) }) {
            return shape.requiredBytes.contains(where: { FlatObject.equal(bytes, key, $0) }) ? .requiredScalar : .scalar
        }
        if shape.listBytes.contains(where: { FlatObject.equal(bytes, key, $0) }) { return .list }
        return .extra
    }

    /// The line's steps: literal text up to each value, keys in byte order; "id" and "extra"
    /// (the extras, in byte order, inside it) are keys of the line too.
    private static func planLine(_ plan: inout Plan, top: [(key: UnsafeBufferPointer<UInt8>, member: Int)],
                                 extras: [(key: UnsafeBufferPointer<UInt8>, member: Int)]) {
        var top = top
        top.append((literal(idKey), Entry.id))
        if !extras.isEmpty { top.append((literal(extraKey), Entry.extra)) }
        top.sort { UTF8Order.precedes($0.key, $1.key) }
        let extras = extras.sorted { UTF8Order.precedes($0.key, $1.key) }
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
    }

    private enum Entry {
        static let id = -1
        static let extra = -2
    }

    /// Counts the field names of the record just read (every member but the id), for
    /// schema-change reports: a run of records read by the same plan is counted once.
    private mutating func tally() {
        if runPlan == plan.generation && run > 0 {
            run += 1
            return
        }
        countRun()
        runKeys = plan.keys
        runPlan = plan.generation
        run = 1
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

    /// The values of the element just read, for the canonical text: each a plain string between
    /// its quotes.
    private struct PlainValues: CanonicalValues {
        let bytes: UnsafeBufferPointer<UInt8>
        let members: UnsafeBufferPointer<FlatObject.Member>
        let items: UnsafeBufferPointer<Range<Int>>
        let fieldMembers: UnsafeBufferPointer<Int>
        let bound: Int

        func plainBound(fields: [String]) -> Int? { bound }

        @inline(__always)
        func forEachItem(ofField index: Int, named field: String, _ body: (CanonicalText.Item) -> Void) {
            let m = fieldMembers[index]
            guard m >= 0 else { return }
            let member = members[m]
            if member.isList {
                for k in member.value { body(.plain(UnsafeBufferPointer(rebasing: bytes[items[k]]))) }
            } else {
                body(.plain(UnsafeBufferPointer(rebasing: bytes[member.value])))
            }
        }
    }

    /// The line's scratch bytes: written here by pointer, into room reserved for the most it can
    /// take, then appended where it goes in one copy.
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
