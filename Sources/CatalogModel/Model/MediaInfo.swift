import CatalogJSON

/// A demonstration animation attached to a record: what an editor reviewed besides the text.
/// The digest is of the bytes, so a new link to the same file changes nothing.
public struct MediaInfo: Sendable, Equatable {
    /// The largest media file taken (64 MiB; an exercise's animation is a few MB at most): a
    /// larger one is refused before it is read, so a padded file costs neither time nor memory.
    public static let maxBytes = 64 << 20

    public var file: String
    public var sha256: String
    public var format: String
    public var width: Int
    public var height: Int
    public var frames: Int

    public init(file: String, sha256: String, format: String, width: Int, height: Int, frames: Int) {
        self.file = file
        self.sha256 = sha256
        self.format = format
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// The digest reviews record: `sha256:` + hex.
    public var digest: String { "sha256:" + sha256 }

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("file", .string(file)), JSONMember("sha256", .string(sha256)), JSONMember("format", .string(format)),
            JSONMember("width", .int(width)), JSONMember("height", .int(height)), JSONMember("frames", .int(frames)),
        ]))
    }

    public init(json: JSONValue) throws(RecordShapeError) {
        guard let o = json.objectValue, let file = o["file"]?.stringValue, let sha = o["sha256"]?.stringValue, let format = o["format"]?.stringValue,
              case .number(let w)? = o["width"], case .number(let h)? = o["height"], case .number(let f)? = o["frames"],
              let width = Int(w), let height = Int(h), let frames = Int(f) else {
            throw RecordShapeError(field: "media", message: "expected {file, sha256, format, width, height, frames}")
        }
        self.init(file: file, sha256: sha, format: format, width: width, height: height, frames: frames)
    }
}
