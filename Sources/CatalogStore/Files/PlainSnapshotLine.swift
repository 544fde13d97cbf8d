import CatalogCore
import CatalogImporters
import CatalogRecords
import Foundation

/// A snapshot line read without a JSON tree, when it is of the plain kind nearly every line is:
/// compact, each upstream field and each member of `extra` a string or a list of strings, every
/// key and string plain text (`FlatObject.plainStringEnd`: no escape), `id` a string, `removed`
/// `true` or `false`, no `media`, no key twice. Such a line's strings are the bytes between their
/// quotes: the record's names and canonical text come straight from them, byte for byte what
/// `Snapshot.record` and `CanonicalText.bytes(record:)` give (`PlainSnapshotLineTests`), without
/// the strings, lists and objects of an `UpstreamRecord`.
///
/// Anything else (whitespace, an escape, a number or null, a deeper value, a fingerprint field
/// declared HTML, a line above `UpstreamRecord.maxValueBytes`, which may hold a value above the
/// limit) gives nil, and the caller reads the line the strict way, which decides what it means
/// or says what is wrong. Keeping no opinion about such lines is what makes the two agree.
struct PlainSnapshotLine {
    /// The fingerprint fields, as the reader looks them up.
    struct Fields: Sendable {
        let names: [String]
        let bytes: [[UInt8]]
        /// Per field: declared HTML (its text is libxml2's, made from the string).
        let html: [Bool]

        init(_ names: [String], htmlFields: Set<String>) {
            self.names = names
            bytes = names.map { Array($0.utf8) }
            html = names.map(htmlFields.contains)
        }
    }

    private enum Kind {
        /// `value`: the string's bytes between its quotes.
        case string
        /// `value`: the `items` indices of its strings.
        case list
        /// `extra`; `value`: the `extras` indices of its members.
        case extra
        /// `removed`.
        case flag(Bool)

        /// A string or a list: a value a field can take.
        var isValue: Bool {
            switch self {
            case .string, .list: true
            case .extra, .flag: false
            }
        }

        var isList: Bool {
            if case .list = self { return true }
            return false
        }
    }

    private struct Member {
        var key: Range<Int>
        var value: Range<Int>
        var kind: Kind
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var members: [Member] = []
    private var extras: [Member] = []
    private var items: [Range<Int>] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        members.reserveCapacity(16)
        items.reserveCapacity(32)
    }

    /// The names of the record on `line` (newline excluded), its canonical text appended to
    /// `text`; nil, with `text` as it was, when the line is for the strict reader.
    static func read(_ line: UnsafeBufferPointer<UInt8>, fields: Fields, text: inout [UInt8]) -> DecodedNames? {
        guard line.count <= UpstreamRecord.maxValueBytes, line.baseAddress != nil else { return nil }
        var reader = PlainSnapshotLine(line)
        guard reader.object(nested: false), reader.i == line.count,
              !reader.hasDuplicateKeys(reader.members), !reader.hasDuplicateKeys(reader.extras) else { return nil }
        return reader.names(fields: fields, text: &text)
    }

    /// The names and canonical text of the line just read (`read`).
    private func names(fields: Fields, text: inout [UInt8]) -> DecodedNames? {
        var id: String?, name = "", removed = false
        for member in members {
            switch member.kind {
            case .string where same(member.key, "id"): id = string(member.value)
            case .string where same(member.key, "name"): name = string(member.value)
            case .flag(let flag): removed = flag
            case .string, .list, .extra: continue
            }
        }
        guard let id else { return nil }
        // `UpstreamRecord.value(of:)`: an upstream field of the line (not `id`), else a member of `extra`.
        var found: [(members: Bool, index: Int)?] = []
        found.reserveCapacity(fields.names.count)
        var bound = 0
        for (f, key) in fields.bytes.enumerated() {
            let at = members.indices.first { members[$0].kind.isValue && !same(members[$0].key, "id") && FlatObject.equal(bytes, members[$0].key, key) }
                .map { (members: true, index: $0) } ?? extras.indices.first { FlatObject.equal(bytes, extras[$0].key, key) }.map { (members: false, index: $0) }
            if let at {
                if fields.html[f] { return nil }
                let member = at.members ? members[at.index] : extras[at.index]
                bound += member.kind.isList ? member.value.reduce(0) { $0 + key.count + 3 + items[$1].count } : key.count + 3 + member.value.count
            }
            found.append(at)
        }
        // No value at all: no text (and no room to write it in).
        if bound > 0 { CanonicalText.write(Values(reader: self, found: found, bound: bound), fields: fields.names, into: &text) }
        return DecodedNames(id: id, name: name, removed: removed)
    }

    /// The plain values of the line's fingerprint fields, as `CanonicalText.write` takes them.
    private struct Values: CanonicalValues {
        let reader: PlainSnapshotLine
        let found: [(members: Bool, index: Int)?]
        let bound: Int

        func plainBound(fields: [String]) -> Int? { bound }

        func forEachItem(ofField index: Int, named field: String, _ body: (CanonicalText.Item) -> Void) {
            guard let at = found[index] else { return }
            let member = at.members ? reader.members[at.index] : reader.extras[at.index]
            if member.kind.isList {
                for k in member.value { body(.plain(UnsafeBufferPointer(rebasing: reader.bytes[reader.items[k]]))) }
            } else {
                body(.plain(UnsafeBufferPointer(rebasing: reader.bytes[member.value])))
            }
        }
    }

    // MARK: - Bytes

    /// An object of members at the cursor, appended to `members` (`extras` when `nested`): at the top with
    /// `extra` an object of its own and `removed` a flag, and no `media`; every other value a
    /// string or a list of strings. False when the object is not of the plain kind.
    private mutating func object(nested: Bool) -> Bool {
        guard literal(0x7B), !literal(0x7D) else { return false }  // `{}`: for the strict reader
        repeat {
            guard let key = string(), literal(0x3A), i < bytes.count else { return false }
            if !nested && same(key, "extra") {
                let first = extras.count
                guard object(nested: true) else { return false }
                add(Member(key: key, value: first..<extras.count, kind: .extra), nested: nested)
            } else if !nested && same(key, "removed") {
                guard let flag = flag() else { return false }
                add(Member(key: key, value: 0..<0, kind: .flag(flag)), nested: nested)
            } else if !nested && same(key, "media") {
                return false
            } else if literal(0x5B) {
                let first = items.count
                if !literal(0x5D) {
                    repeat {
                        guard let item = string() else { return false }
                        items.append(item)
                    } while literal(0x2C)
                    guard literal(0x5D) else { return false }
                }
                add(Member(key: key, value: first..<items.count, kind: .list), nested: nested)
            } else {
                guard let value = string() else { return false }
                add(Member(key: key, value: value, kind: .string), nested: nested)
            }
        } while literal(0x2C)
        return literal(0x7D)
    }

    private mutating func add(_ member: Member, nested: Bool) {
        if nested { extras.append(member) } else { members.append(member) }
    }

    /// A plain string at the cursor: its bytes between the quotes.
    private mutating func string() -> Range<Int>? {
        guard i < bytes.count, bytes[i] == 0x22, let end = FlatObject.plainStringEnd(bytes.baseAddress!, from: i + 1, count: bytes.count) else { return nil }
        defer { i = end + 1 }
        return (i + 1)..<end
    }

    /// `true` or `false` at the cursor.
    private mutating func flag() -> Bool? {
        if word("true") { return true }
        if word("false") { return false }
        return nil
    }

    /// Passes `text` when it is at the cursor.
    private mutating func word(_ text: StaticString) -> Bool {
        let end = i + text.utf8CodeUnitCount
        guard end <= bytes.count, same(i..<end, text) else { return false }
        i = end
        return true
    }

    /// Passes `byte` when it is at the cursor.
    private mutating func literal(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private func same(_ range: Range<Int>, _ key: StaticString) -> Bool {
        range.count == key.utf8CodeUnitCount && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether two of `members` have the same key (an error the strict reader reports).
    private func hasDuplicateKeys(_ members: [Member]) -> Bool {
        for a in members.indices.dropFirst() {
            for b in 0..<a where FlatObject.equal(bytes, members[a].key, members[b].key) { return true }
        }
        return false
    }
}
