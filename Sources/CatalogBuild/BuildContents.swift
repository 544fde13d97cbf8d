import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogRecords
import CatalogStore

/// The records of a build, from the catalog: every member record (removed ones included,
/// flagged), its planner fields, set credit, eligibility, license and attribution. They come a
/// batch at a time in id order, each evaluated from its snapshot line, its review file and the
/// vocabularies (`Catalog.forEachEvaluatedEntry`), never taken from the index: the index is a
/// cache that can be deleted, or damaged, at any time, so it decides no published value and no
/// gate. It only says beforehand which records are copies (`BuildVariants`), a guess the walk
/// checks. A catalog of a million records is never held whole.
public enum BuildContents {
    /// What a walk found beside the records: the lint errors of the member source's review files
    /// (each record's, as `catalog lint` counts them, and those of files of no record), and each
    /// `variantOf` that names no record of the build or one that is itself a copy (export
    /// refuses those: the build's variants are one level deep, and verify holds them to it).
    public struct Walked: Sendable {
        public var lintErrors: LintTally
        public var brokenVariants: [String]
        /// The copies the records name, base build id → copies' build ids in id order, as the
        /// review files say; and whether the records were written with these (the index's guess
        /// held). When not, the walk must be made again with them (`BuildVariants(found:)`).
        var variants: [String: [String]]
        var variantsHeld: Bool
        /// Each record's replacedBy as its review writes it (checked by `Catalog.replacementProblems`).
        var replacements: [VariantLinks.Link] = []
    }

    /// Calls `body` with the member source's records in id order, a batch at a time.
    public static func walk(_ catalog: Catalog, body: ([Exercise]) throws(CatalogError) -> Void) throws(CatalogError) -> Walked {
        try walk(catalog, making: { exercises, _ in exercises }, body: body)
    }

    /// Calls `body` with what `make` made of the member source's records, in id order, a share
    /// of a batch at a time: `make` gets a share's records and the position in the build of the
    /// first (from 0), on a worker. While the workers make one batch, this thread evaluates the
    /// next and hands the one before to `body`: evaluating, making and writing overlap.
    /// `variants`: the copies, as a walk before found them (default: the index's guess).
    static func walk<Made>(_ catalog: Catalog, variants: BuildVariants? = nil, making make: @escaping @Sendable ([Exercise], Int) -> Made,
                           body: (Made) throws(CatalogError) -> Void) throws(CatalogError) -> Walked {
        let source = catalog.config.memberSource
        let vocabulary = try catalog.vocabulary()
        // License and attribution exist only where the source has such fields (wger's records).
        let meta = try catalog.meta(source)
        let licensed = meta.fieldCounts["license"] != nil || meta.fieldCounts["license_author"] != nil || meta.fieldCounts["translation"] != nil
        let links: BuildVariants
        if let variants { links = variants } else { links = try BuildVariants(index: try catalog.index(), source: source) }
        // Batches of a sixteenth of the records, from 128 to 1,024: small catalogs want small
        // batches (the last one is made and written with the pipeline empty), large ones fewer.
        let batch = min(1024, max(128, meta.total / 16))
        let reviewed = catalog.reviewedIDSet(source)
        var lint = ReviewFilesLint(catalog, source: source, files: UTF8Order.sorted(reviewed), vocabulary: vocabulary)
        var found = Set<String>()
        var copies: [String: [String]] = [:]
        var replacements: [VariantLinks.Link] = []
        var position = 0
        var pending: (entries: [CatalogIndex.Entry], made: Parallel.Pending<Share<Made>>)?
        func hand(_ batch: (entries: [CatalogIndex.Entry], made: Parallel.Pending<Share<Made>>)) throws(CatalogError) {
            var made: [Made] = []
            for share in batch.made.wait() {
                switch share {
                case .unreadable(let row):
                    throw CatalogError(.internalError, "the planner fields of a review do not read back",
                                       .init(file: catalog.layout.relativeReviewFile(source: source, id: batch.entries[row].id), record: "\(source):\(batch.entries[row].id)"))
                case .made(let share, let bases, let named, let replaced):
                    made.append(share)
                    found.formUnion(bases)
                    for (copy, base) in named { copies[base, default: []].append(copy) }
                    replacements += replaced
                }
            }
            for share in made { try body(share) }
        }
        try catalog.forEachEvaluatedEntry(source: source, reviewed: reviewed, batch: batch) { (entries) throws(CatalogError) in
            for entry in entries { try lint.add(entry) }
            let start = position
            position += entries.count
            let started = Parallel.startShares(entries.count) { share -> Share<Made> in
                var exercises: [Exercise] = []
                exercises.reserveCapacity(share.count)
                var bases: [String] = [], named: [(copy: String, base: String)] = [], replaced: [VariantLinks.Link] = []
                for i in share {
                    guard let e = exercise(entries[i], vocabulary: vocabulary, licensed: licensed, links: links) else { return .unreadable(row: i) }
                    if links.variants[e.id] != nil { bases.append(e.id) }
                    if let base = e.variantOf { named.append((e.id, base)) }
                    if let by = e.replacedBy { replaced.append(VariantLinks.Link(source: e.source, id: e.upstreamID, target: by)) }
                    exercises.append(e)
                }
                return .made(make(exercises, start + share.lowerBound), bases: bases, named: named, replaced: replaced)
            }
            if let previous = pending { try hand(previous) }
            pending = (entries, started)
        }
        if let previous = pending { try hand(previous) }
        return Walked(lintErrors: try lint.finish(), brokenVariants: links.broken(found: found), variants: copies, variantsHeld: copies == links.variants,
                      replacements: replacements)
    }

    /// What a worker made of a share of a batch, with the bases of copies it met
    /// (`BuildVariants`) and each copy it met with the base it names (build ids); or the
    /// position in the batch of the first row whose planner fields do not read.
    enum Share<Made> {
        case made(Made, bases: [String], named: [(copy: String, base: String)], replaced: [VariantLinks.Link])
        case unreadable(row: Int)
    }

    /// The record a build has for `entry`; nil when the row's planner fields do not read.
    static func exercise(_ entry: CatalogIndex.Entry, vocabulary: Vocabulary, licensed: Bool, links: BuildVariants) -> Exercise? {
        guard let review = entry.plannerValues else { return nil }
        let record = licensed ? entry.upstream : nil
        let primary = review.strings(.primaryMuscles)
        let secondary = review.strings(.secondaryMuscles)
        var credit: [String: Double] = [:]
        for (muscles, value) in [(secondary, 0.5), (primary, 1.0)] {
            for id in muscles {
                let expanded = vocabulary.groupIDs.contains(id) ? vocabulary.plannerMuscles(of: id) : [id]
                for muscle in expanded { credit[muscle] = max(credit[muscle] ?? 0, value) }
            }
        }
        let setup: Int? = {
            guard case .number(let n)? = review.value(.setupSeconds), let d = Double(n), d.isFinite, abs(d) < 9e15 else { return nil }
            return Int(exactly: d.rounded())
        }()
        let id = "\(entry.source):\(entry.id)"
        let variantOf = review.value(.variantOf)?.stringValue.map { BuildVariants.buildID($0, source: entry.source) }
        return Exercise(
            id: id, source: entry.source, upstreamID: entry.id, name: entry.name,
            movementPattern: review.value(.movementPattern)?.stringValue,
            equipment: review.value(.equipment) == nil ? nil : review.strings(.equipment),
            primaryMuscles: primary, secondaryMuscles: secondary,
            level: review.value(.level)?.stringValue, setupSeconds: setup, setCredit: credit,
            autoPlan: entry.autoPlan,
            reasons: (entry.reasons.arrayValue ?? []).compactMap { r in
                guard let o = r.objectValue, let code = o["code"]?.stringValue.flatMap(ReasonCode.init(rawValue:)) else { return nil }
                // The VARIANT reason names the record as variantOf does: by its build id.
                if code == .variant, let variantOf { return (code, .object(JSONObject([JSONMember("of", .string(variantOf))]))) }
                return (code, o["details"] ?? .object(JSONObject()))
            },
            license: record.flatMap(license), attribution: record.flatMap(attribution),
            confidence: review.confidence, mechanic: review.value(.mechanic)?.stringValue,
            jointStress: review.value(.jointStress) == nil ? nil : review.strings(.jointStress),
            laterality: review.value(.laterality)?.stringValue, variantOf: variantOf, variants: links.variants[id] ?? [],
            replacedBy: review.value(.replacedBy)?.stringValue.map { BuildVariants.buildID($0, source: entry.source) })
    }

    /// The license a source states for the record (wger: per translation), as written.
    static func license(_ record: UpstreamRecord) -> String? {
        text(record.extra["license"]) ?? text(record.extra["translation"]?.objectValue?["license"])
    }

    static func attribution(_ record: UpstreamRecord) -> String? {
        text(record.extra["license_author"]) ?? text(record.extra["translation"]?.objectValue?["license_author"])
    }

    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)? where !s.isEmpty: return s
        case .number(let n)?: return n
        default: return nil
        }
    }
}

/// The member source's copies and what they copy, read from the index before the records are
/// written: a base record lists its variants, and a base may come before its copies in id order.
/// Only the copies are held (a few per thousand records). Removed records are in the build, so
/// their links are too.
struct BuildVariants: Sendable {
    /// Base build id → the build ids of its copies, in id order.
    let variants: [String: [String]]
    /// Every copy's link, as the review writes it.
    let links: [VariantLinks.Link]

    /// The copies a walk found (`BuildContents.Walked.variants`): each link as the build
    /// spells it, SOURCE:ID.
    init(found: [String: [String]]) {
        var links: [VariantLinks.Link] = []
        for (base, copies) in found {
            for copy in copies {
                guard let colon = copy.firstIndex(of: ":") else { continue }
                links.append(VariantLinks.Link(source: String(copy[..<colon]), id: String(copy[copy.index(after: colon)...]), target: base))
            }
        }
        links.sort { "\($0.source):\($0.id)".precedesInUTF8("\($1.source):\($1.id)") }
        self.variants = found
        self.links = links
    }

    init(index: CatalogIndex, source: String) throws(CatalogError) {
        var links: [VariantLinks.Link] = []
        // Only the rows whose review sets variantOf (one query), removed ones included.
        for row in try index.variantRows(source: source) {
            guard let target = PlannerValues(text: row.planner)?.value(.variantOf)?.stringValue else { continue }
            links.append(VariantLinks.Link(source: source, id: row.id, target: target))
        }
        var variants: [String: [String]] = [:]
        for link in links { variants[Self.buildID(link.target, source: link.source), default: []].append("\(link.source):\(link.id)") }
        self.variants = variants.mapValues { $0.sorted { $0.precedesInUTF8($1) } }
        self.links = links
    }

    /// A review's `variantOf` as the build spells ids, `SOURCE:ID` (the review's own source for a
    /// bare id), as `VariantLinks.Link.resolved` reads it.
    static func buildID(_ value: String, source: String) -> String {
        let resolved = VariantLinks.Link(source: source, id: "", target: value).resolved
        return "\(resolved.source):\(resolved.id)"
    }

    /// The links lint's cross-record rule refuses, held to the build (`found`: the bases the walk
    /// met, removed records included), each as "COPY: why".
    func broken(found: Set<String>) -> [String] {
        VariantLinks.problems(links) { source, id in found.contains("\(source):\(id)") }.map { "\(links[$0.index].source):\(links[$0.index].id): \($0.message)" }
    }
}
