/// The build format's tags and versions (DESIGN.md §7): a consumer never guesses the format.
public enum BuildFormat {
    public static let catalogTag = "exercise-catalog/catalog"
    public static let manifestTag = "exercise-catalog/manifest"
    /// The schema this code writes. Schema 2 added each record's planner-scoring keys
    /// (confidence, mechanic, jointStress, laterality, variantOf, variants) and the vocabularies
    /// the build carries; this code reads schema 1 builds too (diff, changelog and the release
    /// gates compare a new build with the last one).
    public static let schemaVersion = 2
    /// The oldest reader schema that can read what this code writes: a schema 1 reader refuses
    /// records with keys it does not know, so it cannot read a schema 2 build.
    public static let minReaderSchemaVersion = 2
    /// Files listed (with digests) in the manifest.
    public static let contentFiles = ["catalog.json", "catalog.sqlite", "CHANGELOG.md"]
    public static let manifestFile = "manifest.json"
    public static let signatureFile = "manifest.sig"
    public static let levels = ["beginner", "intermediate", "advanced"]
}
