/// The build format's tags and versions (DESIGN.md §7): a consumer never guesses the format.
public enum BuildFormat {
    public static let catalogTag = "exercise-catalog/catalog"
    public static let manifestTag = "exercise-catalog/manifest"
    /// The schema this code writes. Schema 2 added each record's planner-scoring keys
    /// (confidence, mechanic, jointStress, laterality, variantOf, variants) and the vocabularies
    /// the build carries; this code reads schema 1 builds too (diff, changelog and the release
    /// gates compare a new build with the last one).
    /// Schema 3 added each record's `replacedBy`, the manifest's `validUntil` and
    /// `keyRotations`, and `changes.json`.
    public static let schemaVersion = 3
    /// The oldest reader schema that can read what this code writes: a reader refuses records
    /// with keys it does not know, so a schema 2 reader cannot read a schema 3 build.
    public static let minReaderSchemaVersion = 3
    /// Files listed (with digests) in the manifest of a build of `schema`.
    public static func contentFiles(schema: Int) -> [String] {
        ["catalog.json", "catalog.sqlite", "CHANGELOG.md"] + (schema >= 3 ? [changesFile] : [])
    }
    /// A build's changes against its previous build (schema 3): what a phone applies to the
    /// records it holds (`BuildChanges`).
    public static let changesFile = "changes.json"
    public static let changesTag = "exercise-catalog/changes"
    /// A signing key's rotation, signed by the key retired and the key that follows it (`KeyRotation`).
    public static let keyRotationTag = "exercise-catalog/key-rotation"
    public static let manifestFile = "manifest.json"
    public static let signatureFile = "manifest.sig"
    public static let levels = ["beginner", "intermediate", "advanced"]
}
