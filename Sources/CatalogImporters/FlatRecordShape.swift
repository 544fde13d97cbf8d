import CatalogCore
import CatalogJSON
import CatalogModel

/// How an adapter whose records are flat JSON objects maps each to an `UpstreamRecord`: one
/// member is the id (a string), some are shared fields (one string each, or a list of strings),
/// every other member is kept verbatim as an extra. ExerciseDB's records are read so
/// (`ExerciseDBAdapter.shape`, beside the `record(from:)` it stands for).
struct FlatRecordShape: Sendable {
    let idKey: String
    /// Shared fields given as one string.
    let scalars: [String]
    /// Shared fields given as a list of strings.
    let lists: [String]
    /// Scalars that must be present and not blank.
    let required: [String]
    let idBytes: [UInt8]
    let scalarBytes: [[UInt8]]
    let listBytes: [[UInt8]]
    let requiredBytes: [[UInt8]]
    /// Which scalar is the record's name (`UpstreamRecord.name`).
    let nameScalar: Int?

    init(idKey: String, scalars: [String], lists: [String], required: [String]) {
        self.idKey = idKey
        self.scalars = scalars
        self.lists = lists
        self.required = required
        idBytes = Array(idKey.utf8)
        scalarBytes = scalars.map { Array($0.utf8) }
        listBytes = lists.map { Array($0.utf8) }
        requiredBytes = required.map { Array($0.utf8) }
        nameScalar = scalars.firstIndex(of: "name")
    }
}
