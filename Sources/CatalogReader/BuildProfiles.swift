import CatalogFiles
import CatalogJSON
import CatalogModel

/// The equipment profiles a build carries (`profiles.json`, listed in the manifest like every
/// file): the standard users the plan diff and the plan gate plan weeks for, so that `diff
/// --plans` works outside a catalog. An extra file, not a key: a reader that does not know it
/// checks its digest and reads on, and builds before it simply lack it (nil).
public enum BuildProfiles {
    public static let file = "profiles.json"

    /// `{"formatVersion": 1, "profiles": [{"name": NAME, "equipment": [ITEM, ...]}, ...]}`: a
    /// list, so the catalog's order survives the writer's sorted keys.
    public static func bytes(_ profiles: [EquipmentProfile]) -> [UInt8] {
        JSONWriter.bytes(.object(JSONObject([
            JSONMember("formatVersion", .int(1)),
            JSONMember("profiles", .array(profiles.map { .object(JSONObject([JSONMember("name", .string($0.name)), JSONMember("equipment", .strings($0.equipment))])) })),
        ])), style: .pretty)
    }

    /// The profiles of `bytes`, the file's text.
    public static func parse(_ bytes: [UInt8], file: String = BuildProfiles.file) throws(CatalogError) -> [EquipmentProfile] {
        let json: JSONValue
        do throws(JSONParseError) { json = try JSONParser.parse(bytes) } catch { throw CatalogError.json(error, file: file) }
        let r = try JSONReader(json, file: file)
        try r.rejectUnknown(["formatVersion", "profiles"])
        guard try r.optionalNumber("formatVersion") == 1 else { throw .data("formatVersion must be 1", file: file, field: "formatVersion") }
        let profiles = try r.objectReaders("profiles").map { (p: JSONReader) throws(CatalogError) -> EquipmentProfile in
            try p.rejectUnknown(["name", "equipment"])
            return EquipmentProfile(name: try p.string("name"), equipment: try p.strings("equipment"))
        }
        guard !profiles.isEmpty else { throw .data("must name at least one profile", file: file, field: "profiles") }
        return profiles
    }

    /// The profiles of the build in `directory` when its manifest lists the file, else nil.
    static func load(directory: String, manifest: Manifest) throws(CatalogError) -> [EquipmentProfile]? {
        guard manifest.files[file] != nil else { return nil }
        return try parse(try FileSystem.read(directory + "/" + file, limit: 1 << 20), file: directory + "/" + file)
    }
}
