import CatalogJSON
import CatalogModel

/// variantOf across records (the one check no single review can make): the record named must
/// exist, and must not itself be a copy, so every planner identity has exactly one base and a
/// planner collapsing variants needs one step, not a walk. `lint` reports each broken link on
/// the copy's review; the index's per-review rules cannot see other records.
public enum VariantLinks {
    public struct Link: Sendable, Equatable {
        public var source: String
        public var id: String
        /// As the review writes it: a bare id (a record of the same source) or SOURCE:ID.
        public var target: String

        public init(source: String, id: String, target: String) {
            self.source = source
            self.id = id
            self.target = target
        }

        /// The record named, as (source, id): ids never hold ':' (RecordID), so the first one
        /// separates a source.
        public var resolved: (source: String, id: String) {
            guard let colon = target.firstIndex(of: ":") else { return (source, target) }
            return (String(target[..<colon]), String(target[target.index(after: colon)...]))
        }
    }

    /// The broken links, by their position in `links`, with what is wrong; `exists` says
    /// whether a current record (source, id) is in the catalog.
    public static func problems(_ links: [Link], exists: (String, String) -> Bool) -> [(index: Int, message: String)] {
        let copies = Set(links.map { "\($0.source):\($0.id)" })
        return links.enumerated().compactMap { i, link in
            let (source, id) = link.resolved
            if source == link.source && id == link.id { return nil }  // the variant-self rule's finding
            if !exists(source, id) { return (i, "variantOf names \(link.target), which is not a record of the catalog") }
            if copies.contains("\(source):\(id)") {
                return (i, "variantOf names \(link.target), which is itself a variant; name the record it copies instead (no chains)")
            }
            return nil
        }
    }
}
