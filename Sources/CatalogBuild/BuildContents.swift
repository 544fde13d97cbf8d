import CatalogCore
import CatalogReader
import CatalogStore

/// The records of a build, from the catalog: every member record (removed ones included,
/// flagged), its planner fields, set credit, eligibility, license and attribution.
public enum BuildContents {
    /// `reviews`: the member source's reviews as lint read them from their files.
    public static func exercises(from catalog: Catalog, reviews: [String: Review]) throws(CatalogError) -> [Exercise] {
        let source = catalog.config.memberSource
        let vocabulary = try catalog.vocabulary()
        let entries: [CatalogIndex.Entry]
        // A build reads every review: every review file is checked, not only its folder.
        do { entries = try catalog.index(thorough: true).entries(source: source, states: RecordState.allCases) } catch let error as CatalogError { throw error } catch {
            throw CatalogError(.internalError, "index: \(error)")
        }
        // License and attribution exist only where the source has such fields (wger's records).
        let fields = try catalog.meta(source).fieldCounts
        let licensed = fields["license"] != nil || fields["license_author"] != nil || fields["translation"] != nil
        var out: [Exercise] = []
        out.reserveCapacity(entries.count)
        for entry in entries {
            let review = reviews[entry.id]
            let record = licensed ? entry.upstream : nil
            let primary = review?.strings(.primaryMuscles) ?? []
            let secondary = review?.strings(.secondaryMuscles) ?? []
            var credit: [String: Double] = [:]
            for (muscles, value) in [(secondary, 0.5), (primary, 1.0)] {
                for id in muscles {
                    let expanded = vocabulary.groupIDs.contains(id) ? vocabulary.plannerMuscles(of: id) : [id]
                    for muscle in expanded { credit[muscle] = max(credit[muscle] ?? 0, value) }
                }
            }
            let setup: Int? = {
                guard case .number(let n)? = review?.value(.setupSeconds), let d = Double(n), d.isFinite, abs(d) < 9e15 else { return nil }
                return Int(exactly: d.rounded())
            }()
            out.append(Exercise(
                id: "\(source):\(entry.id)", source: source, upstreamID: entry.id, name: entry.name,
                movementPattern: review?.value(.movementPattern)?.stringValue,
                equipment: review?.value(.equipment) == nil ? nil : review!.strings(.equipment),
                primaryMuscles: primary, secondaryMuscles: secondary,
                level: review?.value(.level)?.stringValue, setupSeconds: setup, setCredit: credit,
                autoPlan: entry.autoPlan,
                reasons: (entry.reasons.arrayValue ?? []).compactMap { r in
                    guard let o = r.objectValue, let code = o["code"]?.stringValue else { return nil }
                    return (code, o["details"] ?? .object(JSONObject()))
                },
                license: record.flatMap(license), attribution: record.flatMap(attribution)))
        }
        return out.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
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
