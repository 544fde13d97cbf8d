/// The build format's tags and versions (DESIGN.md §7): a consumer never guesses the format.
public enum BuildFormat {
    public static let catalogTag = "exercise-catalog/catalog"
    public static let manifestTag = "exercise-catalog/manifest"
    /// The schema this code writes and reads.
    public static let schemaVersion = 1
    /// The oldest reader schema that can read what this code writes.
    public static let minReaderSchemaVersion = 1
    /// Files listed (with digests) in the manifest.
    public static let contentFiles = ["catalog.json", "catalog.sqlite", "CHANGELOG.md"]
    public static let manifestFile = "manifest.json"
    public static let signatureFile = "manifest.sig"
    public static let levels = ["beginner", "intermediate", "advanced"]
}
