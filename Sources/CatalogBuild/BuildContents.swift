import CatalogCore
import CatalogReader
import CatalogStore

/// The records of a build, from the catalog: every member record (removed ones included,
/// flagged), its planner fields, set credit, eligibility, license and attribution. They come a
/// batch at a time in id order from the index, whose rows keep each review's planner fields and
/// lint error count (`CatalogIndex.forEachEntry`): after the index's thorough check, which
/// re-reads every review file whose stamp moved, a build reads no review file, and a catalog of
/// a million records is never held whole.
public enum BuildContents {
    /// What the walk found besides the records.
    public struct Findings: Sendable {
        /// Lint errors in the member source's review files (orphans included).
        public var lintErrors = 0
        public var reviewFiles = 0
    }

    /// Calls `body` with the member source's records in id order, a batch at a time.
    public static func walk(_ catalog: Catalog, body: ([Exercise]) throws(CatalogError) -> Void) throws(CatalogError) -> Findings {
        let source = catalog.config.memberSource
        let vocabulary = try catalog.vocabulary()
        // A build reads every review: every review file's stamp is checked, not only its folder.
        let index = try catalog.index(thorough: true)
        // License and attribution exist only where the source has such fields (wger's records).
        let fields = try catalog.meta(source).fieldCounts
        let licensed = fields["license"] != nil || fields["license_author"] != nil || fields["translation"] != nil
        // Review files, in the index's id order (SQLite compares text as bytes): those of no
        // record are lint errors the rows cannot hold.
        let files = catalog.reviewedIDs(source).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var next = 0
        var findings = Findings()
        findings.reviewFiles = files.count
        func lintOrphans(before id: String?) throws(CatalogError) {
            while next < files.count, id.map({ files[next].utf8.lexicographicallyPrecedes($0.utf8) }) ?? true {
                let checked = try Catalog.lintFile(layout: catalog.layout, source: source, id: files[next], recordName: nil, vocabulary: vocabulary, checkFormat: false).get()
                findings.lintErrors += checked.items.filter { $0.level == .error }.count
                next += 1
            }
        }
        do {
            // Batches small enough that the writer's thread works beside the next one even for
            // the 1,324 records of the real catalog.
            try index.forEachEntry(source: source, batch: 512) { entries in
                for entry in entries {
                    try lintOrphans(before: entry.id)
                    if next < files.count && files[next] == entry.id { next += 1 }
                    findings.lintErrors += entry.lintErrors
                }
                try body(Parallel.map(entries.count) { i in exercise(entries[i], vocabulary: vocabulary, licensed: licensed) })
            }
            try lintOrphans(before: nil)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.internalError, "index: \(error)")
        }
        return findings
    }

    /// The record a build has for `entry`.
    static func exercise(_ entry: CatalogIndex.Entry, vocabulary: Vocabulary, licensed: Bool) -> Exercise {
        let record = licensed ? entry.upstream : nil
        let review = PlannerValues(text: entry.planner)
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
        return Exercise(
            id: "\(entry.source):\(entry.id)", source: entry.source, upstreamID: entry.id, name: entry.name,
            movementPattern: review.value(.movementPattern)?.stringValue,
            equipment: review.value(.equipment) == nil ? nil : review.strings(.equipment),
            primaryMuscles: primary, secondaryMuscles: secondary,
            level: review.value(.level)?.stringValue, setupSeconds: setup, setCredit: credit,
            autoPlan: entry.autoPlan,
            reasons: (entry.reasons.arrayValue ?? []).compactMap { r in
                guard let o = r.objectValue, let code = o["code"]?.stringValue else { return nil }
                return (code, o["details"] ?? .object(JSONObject()))
            },
            license: record.flatMap(license), attribution: record.flatMap(attribution))
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
