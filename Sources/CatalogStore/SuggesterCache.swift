import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation

/// One catalog's suggester, kept from one command to the next for as long as nothing it is built
/// from changes: for a process that runs many commands on one catalog (`catalog serve`, whose
/// record, queue and group pages all draft suggestions). Building one parses every reference
/// source's snapshot and reads the reviews of the member source's siblings: on the real catalog
/// with its two reference sources, 20 ms of a record page's 33.
///
/// The key (`Catalog.suggesterKey`) is the stamps of those files and of the config, the
/// vocabularies and each source's snapshot and meta. While one of them is racy (changed within
/// the last second, when its stamp cannot be trusted) a suggester is built for each command and
/// none is kept.
public final class SuggesterCache: Sendable {
    private let kept = KeptValue<Suggester>()

    public init() {}

    /// How many suggesters were built through the cache.
    public var builds: Int { kept.builds }

    /// The kept suggester when its key is `key`, else `build()`'s, kept under `key` when `build`
    /// says to. One build at a time: a command that comes while one is built waits for it.
    func suggester(key: [String]?, build: () throws(CatalogError) -> (Suggester, keep: Bool)) throws(CatalogError) -> Suggester {
        try kept.value(key: key, build: build)
    }
}
