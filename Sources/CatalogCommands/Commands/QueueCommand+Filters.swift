import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import CatalogViews

/// The queue's filters: `--state` (stale, unreviewed, blocked; `--stale` and `--unreviewed` are
/// its aliases), `--reason CODE` and `--group G`, each repeatable (any of the values given);
/// and `--limit N`.
struct QueueFilter {
    /// What the queue calls a record's state, in the order it lists them.
    static let states = ["stale", "unreviewed", "blocked"]

    var states: Set<String> = []
    var reasons: Set<ReasonCode> = []
    var groups: Set<String> = []
    /// `--limit N`: how many of them are shown.
    var limit = Int.max

    init(_ args: ParsedArguments) throws(CatalogError) {
        if args.flag("stale") && args.flag("unreviewed") { throw CatalogError(.usage, "--stale and --unreviewed exclude each other") }
        for value in args.values("state").flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard Self.states.contains(value) else {
                throw CatalogError(.usage, "--state takes \(Self.states.joined(separator: ", ")), not '\(value)'" + NearMiss.hint(value, among: Self.states))
            }
            states.insert(value)
        }
        if args.flag("stale") { states.insert("stale") }
        if args.flag("unreviewed") { states.insert("unreviewed") }
        for value in args.values("reason").flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let code = ReasonCode(rawValue: value.uppercased()) else {
                throw CatalogError(.usage, "unknown reason code '\(value)'" + NearMiss.hint(value.uppercased(), among: ReasonCode.allCases.map(\.rawValue)) + " (see `catalog status`)")
            }
            reasons.insert(code)
        }
        groups = Set(args.values("group"))
        if let text = args.option("limit") {
            guard let n = Int(text), n > 0 else { throw CatalogError(.usage, "--limit takes a positive number, not '\(text)'") }
            limit = n
        }
    }

    /// The index states the query reads (a blocked record is a current one).
    var indexStates: [RecordState] {
        states.isEmpty ? [.stale, .unreviewed, .current] : [.stale, .unreviewed, .current].filter { states.contains(Self.name($0)) }
    }

    static func name(_ state: RecordState) -> String { state == .current ? "blocked" : state.rawValue }

    /// An item the queue would list passes the filters.
    func admits(priority: Int, reasons codes: [ReasonCode], group: String) -> Bool {
        (states.isEmpty || states.contains(Self.states[priority]))
            && (reasons.isEmpty || codes.contains(where: reasons.contains))
            && (groups.isEmpty || groups.contains(group))
    }

    /// Said when no record passes the filters but some group was asked for: the closest groups.
    func groupHint(among known: [String]) -> String {
        groups.sorted().map { NearMiss.hint($0, among: known) }.first { !$0.isEmpty } ?? ""
    }
}

extension QueueCommand {
    /// A record's id as it is typed back (`catalog review ID`): SOURCE:ID off the member source, quoted.
    static func typedID(_ source: String, _ id: String, memberSource: String) -> String {
        ShellQuote.word(RecordName.typed(source: source, id: id, memberSource: memberSource))
    }

    /// The counts per group on top of the list, most records first: `by pattern: squat 30, hinge 12`.
    static func countsLine(_ groups: [String], kind: String) -> String {
        var counts: [String: Int] = [:]
        for group in groups { counts[group, default: 0] += 1 }
        let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        return "by \(kind): " + sorted.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// The command a person most likely runs next: the first group of unreviewed records
    /// confirmed together, else the first record reviewed (a stale one after reading its diff).
    static func next(priority: Int, group: String, kind: RecordGroup.Kind, typedID: String) -> String {
        switch priority {
        case 0: return "next: catalog revalidate"
        case 1 where kind == .pattern && !group.hasPrefix("("): return "next: catalog review --from-suggestions --group \(ShellQuote.word(group))"
        default: return "next: catalog review \(typedID)"
        }
    }
}
