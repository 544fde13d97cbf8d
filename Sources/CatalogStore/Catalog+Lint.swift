import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords

/// One finding of `lint` on one review file.
public struct LintItem: Sendable {
    public enum Level: String, Sendable { case error, warning, override }
    public var file: String
    public var rule: RuleID
    public var level: Level
    public var field: String?
    public var message: String
    public var justification: String?

    public var json: JSONValue {
        var o = JSONObject([JSONMember("file", .string(file)), JSONMember("rule", .string(rule.rawValue)), JSONMember("level", .string(level.rawValue)),
                            JSONMember("message", .string(message))])
        if let field { o["field"] = .string(field) }
        if let justification { o["justification"] = .string(justification) }
        return .object(o)
    }
}

/// Every review file checked.
public struct LintReport: Sendable {
    public var items: [LintItem] = []
    public var files = 0

    public var errors: Int { ReviewLint.errors(items) }
}

/// Lint errors added up over review files, as export's gate counts them: how many, in how many
/// files, and the first of those files by path (which the gate's error names, whatever order
/// the files were counted in).
public struct LintTally: Sendable, Equatable {
    public private(set) var errors = 0
    public private(set) var files = 0
    public private(set) var first: String?

    public init() {}

    /// `errors` errors in `file` (a path relative to the catalog's root; made only when errors > 0).
    public mutating func add(_ errors: Int, file: @autoclosure () -> String) {
        guard errors > 0 else { return }
        self.errors += errors
        files += 1
        let file = file()
        if first.map({ file.utf8.lexicographicallyPrecedes($0.utf8) }) ?? true { first = file }
    }

    /// The errors of another tally (of other files).
    public mutating func add(_ other: LintTally) {
        errors += other.errors
        files += other.files
        if let file = other.first, first.map({ file.utf8.lexicographicallyPrecedes($0.utf8) }) ?? true { first = file }
    }

    /// Every error of `report`, a file at a time (in any order: the tally does not depend on it).
    public mutating func add(_ report: LintReport) {
        var counts: [String: Int] = [:]
        for item in report.items where item.level == .error { counts[item.file, default: 0] += 1 }
        for (file, errors) in counts { add(errors, file: file) }
    }
}

extension Catalog {
    /// Sources with a folder under `reviews/`.
    public func reviewSources() -> [String] {
        FileSystem.list(layout.reviewsDirectory).filter { FileSystem.isDirectory(layout.reviewsDirectory + "/" + $0) }
    }

    /// Checks every review file (of `sources`, default all): format, identity, the record it
    /// names, every rule. With `checkFormat`, files not in canonical form get a warning (a
    /// re-serialisation per file).
    public func lint(checkFormat: Bool = true, sources only: [String]? = nil) throws(CatalogError) -> LintReport {
        let vocabulary = try vocabulary(), today = today
        var report = LintReport()
        let imported = Set(sources())
        var links: [(link: VariantLinks.Link, file: String)] = []
        var replacements: [(link: VariantLinks.Link, file: String)] = []
        var namesBySource: [String: [String: String]] = [:]
        for source in reviewSources() where only?.contains(source) ?? true {
            let names = imported.contains(source) ? try recordNames(source) : [:]
            namesBySource[source] = names
            // Each file is read, parsed and checked on all cores; the report keeps the files' order.
            let ids = reviewedIDs(source)
            let layout = layout
            let checked = try Parallel.map(ids.count) { i throws(CatalogError) in
                try Catalog.lintFile(layout: layout, source: source, id: ids[i], recordName: names[ids[i]], vocabulary: vocabulary, today: today,
                                     checkFormat: checkFormat).get()
            }
            for (review, items) in checked {
                report.files += 1
                report.items += items
                if let review, let of = review.value(.variantOf)?.stringValue, !of.isEmpty {
                    links.append((VariantLinks.Link(source: source, id: review.id, target: of), layout.relativeReviewFile(source: source, id: review.id)))
                }
                if let review, let by = review.value(.replacedBy)?.stringValue {
                    replacements.append((VariantLinks.Link(source: source, id: review.id, target: by), layout.relativeReviewFile(source: source, id: review.id)))
                }
            }
        }
        // Lint's one cross-record finding: a variantOf that names no record of the catalog
        // (removed ones count: they stay in the build), or one that is itself a variant.
        for source in Set(links.map(\.link.resolved.source)) where namesBySource[source] == nil {
            namesBySource[source] = imported.contains(source) ? try recordNames(source) : [:]
        }
        let problems = VariantLinks.problems(links.map(\.link)) { source, id in namesBySource[source]?[id] != nil }
        report.items += problems.map { LintItem(file: links[$0.index].file, rule: .variantTarget, level: .error, field: "variantOf", message: $0.message) }
        report.items += try replacementProblems(replacements, imported: imported)
        return report
    }

    /// `replaced-by-invalid` for each replacedBy (`ReplacementLinks`), from the snapshots of
    /// the sources they involve (read only when some review sets one); export's gate too.
    public func replacementProblems(_ replacements: [(link: VariantLinks.Link, file: String)], imported: Set<String>) throws(CatalogError) -> [LintItem] {
        guard !replacements.isEmpty else { return [] }
        var statuses: [String: [String: ReplacementLinks.Status]] = [:]
        for source in Set(replacements.flatMap { [$0.link.source, $0.link.resolved.source] }) where imported.contains(source) {
            let path = layout.snapshotFile(source)
            var status: [String: ReplacementLinks.Status] = [:]
            try Snapshot.walk(path: path, file: layout.relative(path), transform: { record, _, _ in (record.id, record.removed) }, body: { pair, _ in
                status[pair.0] = pair.1 ? .removed : .current
            })
            statuses[source] = status
        }
        let problems = ReplacementLinks.problems(replacements.map(\.link)) { source, id in statuses[source]?[id] }
        return problems.map { LintItem(file: replacements[$0.index].file, rule: ReplacementLinks.rule, level: .error, field: "replacedBy", message: $0.message) }
    }

    /// Every record of `source` (removed ones too), id → name, from its snapshot: lint, and
    /// export's gate with it, take nothing from the index, a cache anyone may have edited.
    func recordNames(_ source: String) throws(CatalogError) -> [String: String] {
        let path = layout.snapshotFile(source)
        var names: [String: String] = [:]
        try Snapshot.walk(path: path, file: layout.relative(path), transform: { record, _, _ in (record.id, record.name) }, body: { pair, _ in
            names[pair.0] = pair.1
        })
        return names
    }

    /// Checks one review file: the review when it parses, and the findings. `recordName`: the
    /// name of the record it is for, nil when the source has no such record.
    public static func lintFile(layout: CatalogLayout, source: String, id: String, recordName: String?, vocabulary: Vocabulary,
                                today: CalendarDay, checkFormat: Bool) -> Result<(review: Review?, items: [LintItem]), CatalogError> {
        let path = layout.reviewFile(source: source, id: id)
        let file = layout.relative(path)
        let read: ReviewLint.Read
        let reviews = ReviewFolder(layout: layout)
        if let problem = reviews.fileNameProblem(id: id, source: source) {
            read = .misnamed(problem)
        } else {
            do throws(CatalogError) {
                let bytes = try reviews.lintBytes(path)
                do throws(CatalogError) {
                    read = .review(try reviews.parse(bytes, source: source, id: id), bytes: checkFormat ? bytes : nil)
                } catch {
                    read = .malformed(error)
                }
            } catch {
                // A link, a special file or an oversized one: a finding on that file, not the end of lint.
                guard error.kind == .dataError else { return .failure(error) }
                read = .unreadable(error)
            }
        }
        let items = ReviewLint.items(read, file: file, source: source, id: id, recordName: recordName, rules: ReviewLint.rules(vocabulary, today: today))
        if case .review(let review, _) = read { return .success((review, items)) }
        return .success((nil, items))
    }
}

/// What lint makes of one review file, as read: the one lint computation. `lint` reports its
/// items, each index row keeps its error count (`ReviewColumns.lintErrors`), and export's gate
/// adds up the rows' counts and this for files with no row.
public enum ReviewLint {
    /// A review file as read.
    public enum Read: Sendable {
        /// Its name is no record id's (`ReviewFolder.fileNameProblem`).
        case misnamed(String)
        /// It did not read: a link, a special file, an oversized one.
        case unreadable(CatalogError)
        /// It read, and is not a review of its record.
        case malformed(CatalogError)
        /// Its review; with `bytes`, those are checked to be in canonical form (a warning).
        case review(Review, bytes: [UInt8]?)
    }

    /// The findings on the file `file` (for `source`'s record `id`, named `recordName`; nil when the
    /// source has no such record). `rules`: the rule findings on a review against its record's
    /// name: `rules(vocabulary)`, or those `Eligibility` found already on the same review.
    public static func items(_ read: Read, file: String, source: String, id: String, recordName: String?,
                             rules: (Review, String) -> [Finding]) -> [LintItem] {
        let review: Review
        var items: [LintItem] = []
        switch read {
        case .misnamed(let problem):
            return [LintItem(file: file, rule: .reviewFilename, level: .error, field: nil, message: problem)]
        case .unreadable(let error):
            return [LintItem(file: file, rule: .reviewFile, level: .error, field: nil, message: error.message)]
        case .malformed(let error):
            return [LintItem(file: file, rule: .reviewFormat, level: .error, field: error.location.field, message: problem(error))]
        case .review(let read, let bytes):
            review = read
            if let bytes, bytes != Array(review.fileText.utf8) {
                items.append(LintItem(file: file, rule: .reviewCanonical, level: .warning, field: nil,
                                      message: "not in canonical format (sorted keys, two-space indent, trailing newline); `catalog review` rewrites it"))
            }
        }
        guard let name = recordName else {
            items.append(LintItem(file: file, rule: .reviewOrphan, level: .error, field: nil, message: "no record \(id) in source \(source)"))
            return items
        }
        for f in rules(review, name) {
            items.append(LintItem(file: file, rule: f.rule, level: f.excepted ? .override : .error, field: f.field, message: f.message,
                                  justification: f.excepted ? review.exceptions[f.rule.rawValue] : nil))
        }
        return items
    }

    /// Why a review file does not read: the error's message, with where in the file (as `show`
    /// and `review` say it) when it names a line.
    public static func problem(_ error: CatalogError) -> String {
        error.message + (error.location.line.map { line in " (line \(line)" + (error.location.column.map { ", column \($0)" } ?? "") + ")" } ?? "")
    }

    /// Every rule on a review, against its record's name and `vocabulary`, on `today`.
    public static func rules(_ vocabulary: Vocabulary, today: CalendarDay) -> (Review, String) -> [Finding] {
        { review, name in RuleEngine.findings(RuleContext(review: review, recordName: name, vocabulary: vocabulary, today: today)) }
    }

    /// How many of `items` are errors (what fails `lint` and export's gate).
    public static func errors(_ items: [LintItem]) -> Int {
        items.filter { $0.level == .error }.count
    }
}
