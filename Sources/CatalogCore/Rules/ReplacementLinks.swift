import CatalogJSON
import CatalogModel

/// replacedBy across records (lint rule `replaced-by-invalid`, and export's gate with the same
/// words): a record removed upstream names the record that replaces it, so a user's logged
/// history can follow it. The record named must exist, must not be removed upstream itself,
/// and must not be replaced itself (no chains: a phone follows one step); and only a record
/// removed upstream is replaced.
public enum ReplacementLinks {
    public static let rule = RuleID.replacedByInvalid

    /// What a record is, as far as replacements go.
    public enum Status: Sendable {
        case current, removed
    }

    /// The broken links, by their position in `links` (each a review's replacedBy, as
    /// `VariantLinks.Link`), with what is wrong; `status` says what a record (source, id) is,
    /// nil for no record of the catalog.
    public static func problems(_ links: [VariantLinks.Link], status: (String, String) -> Status?) -> [(index: Int, message: String)] {
        let replaced = Set(links.map { "\($0.source):\($0.id)" })
        return links.enumerated().compactMap { i, link in
            let (source, id) = link.resolved
            if link.target.isEmpty { return (i, "replacedBy needs the id of the record that replaces this one") }
            if status(link.source, link.id) != .removed {
                return (i, "replacedBy is for a record removed upstream; \(link.source):\(link.id) is in its source's release")
            }
            if source == link.source && id == link.id { return (i, "a record cannot replace itself") }
            switch status(source, id) {
            case nil: return (i, "replacedBy names \(link.target), which is not a record of the catalog")
            case .removed?: return (i, "replacedBy names \(link.target), which is itself removed upstream")
            case .current?:
                if replaced.contains("\(source):\(id)") {
                    return (i, "replacedBy names \(link.target), which is itself replaced; name the record that replaces it (no chains)")
                }
                return nil
            }
        }
    }
}
