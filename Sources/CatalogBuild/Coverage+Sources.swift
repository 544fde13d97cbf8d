import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogStore

extension Coverage {
    /// The coverage of the catalog as its next build would have it: the same records, the same
    /// eligibility, from the same walk as `export`.
    public static func of(_ catalog: Catalog) throws(CatalogError) -> Coverage {
        var coverage = try Coverage(profiles: catalog.config.profiles, vocabulary: try catalog.vocabulary())
        _ = try BuildContents.walk(catalog) { exercises throws(CatalogError) in
            for exercise in exercises { coverage.add(exercise) }
        }
        return coverage
    }
}
