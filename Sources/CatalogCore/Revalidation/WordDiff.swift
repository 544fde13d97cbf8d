import CatalogJSON
import CatalogModel

/// A word-level diff that is a lossless edit script: texts are cut into words, whitespace runs,
/// line breaks and single punctuation characters (their concatenation is the text, byte for
/// byte), and compared with a longest-common-subsequence alignment. A word deleted in one place
/// and inserted in another is reported as moved rather than as an unrelated deletion and insertion.
///
/// Joining `equal`, `insert` and `move-to` segments gives the new text exactly; joining `equal`,
/// `delete` and `move-from` gives the old text exactly, whitespace included.
public struct WordDiff: Sendable, Equatable {
    public enum Kind: String, Sendable { case equal, insert, delete, moveFrom = "move-from", moveTo = "move-to" }

    /// A run of tokens with one kind, exactly as written.
    public struct Segment: Sendable, Equatable {
        public var kind: Kind
        public var text: String

        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    public var segments: [Segment]

    public var hasChanges: Bool { segments.contains { $0.kind != .equal } }

    /// The old text rebuilt from the segments.
    public var oldText: String { segments.filter { [.equal, .delete, .moveFrom].contains($0.kind) }.map(\.text).joined() }
    /// The new text rebuilt from the segments.
    public var newText: String { segments.filter { [.equal, .insert, .moveTo].contains($0.kind) }.map(\.text).joined() }

    public var json: JSONValue {
        .array(segments.map { .object(JSONObject([JSONMember("op", .string($0.kind.rawValue)), JSONMember("text", .string($0.text))])) })
    }

    /// The diff as plain text, like `git diff --word-diff=plain`: `[-deleted-]`, `{+inserted+}`,
    /// `[~moved from~]`, `{~moved to~}`; each marker holds its segment's text exactly.
    public var plainText: String {
        segments.map { segment in
            switch segment.kind {
            case .equal: return segment.text
            case .delete: return "[-" + segment.text + "-]"
            case .insert: return "{+" + segment.text + "+}"
            case .moveFrom: return "[~" + segment.text + "~]"
            case .moveTo: return "{~" + segment.text + "~}"
            }
        }.joined()
    }

    public init(segments: [Segment]) {
        self.segments = segments
    }

    public init(old: String, new: String) {
        // Only the part between the texts' common start and end is cut into tokens.
        let ends = WordTokens.commonEnds(old, new)
        let a = WordTokens.split(ends.old), b = WordTokens.split(ends.new)
        // Tokens are compared by their bytes (String's == would match "é" with "e\u{301}" and
        // the rebuilt text would not be the text). The common prefix and suffix go first: most
        // edits are small, so the table stays small.
        func same(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }
        var prefix = 0
        while prefix < a.count && prefix < b.count && same(a[prefix], b[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && same(a[a.count - 1 - suffix], b[b.count - 1 - suffix]) { suffix += 1 }
        // The middle's tokens as small integers, for the table.
        var ids: [String: (id: Int32, token: String)] = [:]
        var exact: [[UInt8]: Int32] = [:]  // canonically equal tokens with other bytes
        var next: Int32 = 0
        func id(_ token: String) -> Int32 {
            if let known = ids[token] {
                if same(known.token, token) { return known.id }
                if let other = exact[Array(token.utf8)] { return other }
                exact[Array(token.utf8)] = next
            } else {
                ids[token] = (next, token)
            }
            next += 1
            return next - 1
        }
        let midA = a[prefix..<(a.count - suffix)], midB = b[prefix..<(b.count - suffix)]
        // The common parts as one op each, but for the token next to the middle, which the
        // clean-ups below may move.
        var ops: [(kind: Kind, text: String)] = ends.prefix.isEmpty ? [] : [(.equal, ends.prefix)]
        if prefix > 1 { ops.append((.equal, a[..<(prefix - 1)].joined())) }
        if prefix > 0 { ops.append((.equal, a[prefix - 1])) }
        let middle = Self.lcsOps(midA.map(id), midB.map(id))
        ops += middle.map { ($0.kind, $0.kind == .insert ? b[prefix + $0.index] : a[prefix + $0.index]) }
        if suffix > 0 { ops.append((.equal, a[a.count - suffix])) }
        if suffix > 1 { ops.append((.equal, a[(a.count - suffix + 1)...].joined())) }
        if !ends.suffix.isEmpty { ops.append((.equal, ends.suffix)) }
        Self.joinChanges(&ops)
        Self.shiftWhitespaceForward(&ops)
        Self.markMoves(&ops)
        var segments: [Segment] = []
        for op in ops {
            if let last = segments.last, last.kind == op.kind {
                segments[segments.count - 1].text += op.text
            } else {
                segments.append(Segment(op.kind, op.text))
            }
        }
        self.segments = segments
    }

    /// Edit script of two token lists by longest common subsequence: each step's kind with its
    /// index in `a` (equal, delete) or `b` (insert).
    static func lcsOps(_ a: [Int32], _ b: [Int32]) -> [(kind: Kind, index: Int)] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { (.insert, $0) } }
        if m == 0 { return (0..<n).map { (.delete, $0) } }
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] = a[i] == b[j] ? table[(i + 1) * (m + 1) + j + 1] + 1 : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var ops: [(kind: Kind, index: Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] { ops.append((.equal, i)); i += 1; j += 1 }
            else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { ops.append((.delete, i)); i += 1 }
            else { ops.append((.insert, j)); j += 1 }
        }
        while i < n { ops.append((.delete, i)); i += 1 }
        while j < m { ops.append((.insert, j)); j += 1 }
        return ops
    }

    /// A lone space between two changes becomes part of them, and each run of changes lists its
    /// deletions before its insertions: "[-lower ribs-]{+belly button+}" rather than
    /// "[-lower-]{+belly+} [-ribs-]{+button+}". Neither text's order changes.
    static func joinChanges(_ ops: inout [(kind: Kind, text: String)]) {
        func sides(_ range: some Sequence<Int>) -> Set<Bool> {
            var out = Set<Bool>()
            for i in range {
                guard ops[i].kind != .equal else { break }
                out.insert(ops[i].kind == .delete || ops[i].kind == .moveFrom)
            }
            return out
        }
        var spread: [(kind: Kind, text: String)] = []
        for (n, op) in ops.enumerated() {
            let lone = op.kind == .equal && op.text != "\n" && WordTokens.isWhitespace(op.text) && n > 0 && n + 1 < ops.count
                && ops[n - 1].kind != .equal && ops[n + 1].kind != .equal
            if lone, sides(stride(from: n - 1, through: 0, by: -1)).union(sides(n + 1..<ops.count)).count == 2 {
                spread += [(.delete, op.text), (.insert, op.text)]
            } else {
                spread.append(op)
            }
        }
        ops = spread
        var out: [(kind: Kind, text: String)] = []
        var deletes: [(kind: Kind, text: String)] = [], inserts: [(kind: Kind, text: String)] = []
        for op in ops {
            switch op.kind {
            case .delete, .moveFrom: deletes.append(op)
            case .insert, .moveTo: inserts.append(op)
            case .equal:
                out += deletes + inserts + [op]
                deletes = []
                inserts = []
            }
        }
        ops = out + deletes + inserts
    }

    /// Slides a one-sided edit run left past an equal whitespace token that also ends the run,
    /// so "stand [-tall -]and" reads "stand[- tall-] and": the same edit, whitespace leading.
    static func shiftWhitespaceForward(_ ops: inout [(kind: Kind, text: String)]) {
        var start = 0
        while start < ops.count {
            guard ops[start].kind != .equal else { start += 1; continue }
            var end = start
            while end < ops.count && ops[end].kind == ops[start].kind { end += 1 }
            var s = start, e = end
            while s > 0, ops[s - 1].kind == .equal, ops[s - 1].text.utf8.elementsEqual(ops[e - 1].text.utf8), WordTokens.isWhitespace(ops[e - 1].text) {
                let kind = ops[s].kind
                ops[e - 1] = (.equal, ops[e - 1].text)
                ops[s - 1] = (kind, ops[s - 1].text)
                s -= 1
                e -= 1
            }
            start = end
        }
    }

    /// A deleted word inserted elsewhere becomes a move; whitespace deleted or inserted right
    /// beside a moved word moves with it.
    static func markMoves(_ ops: inout [(kind: Kind, text: String)]) {
        var inserted: [String: [Int]] = [:]
        for (n, op) in ops.enumerated() where op.kind == .insert && WordTokens.isWord(op.text) { inserted[op.text, default: []].append(n) }
        for n in ops.indices where ops[n].kind == .delete && WordTokens.isWord(ops[n].text) {
            guard var slots = inserted[ops[n].text], !slots.isEmpty else { continue }
            let target = slots.removeFirst()
            inserted[ops[n].text] = slots
            ops[n].kind = .moveFrom
            ops[target].kind = .moveTo
        }
        for (from, to) in [(Kind.delete, Kind.moveFrom), (.insert, .moveTo)] {
            for n in ops.indices where ops[n].kind == from && WordTokens.isWhitespace(ops[n].text) {
                let beside = [n - 1, n + 1].contains { $0 >= 0 && $0 < ops.count && ops[$0].kind == to && WordTokens.isWord(ops[$0].text) }
                if beside { ops[n].kind = to }
            }
        }
    }
}
