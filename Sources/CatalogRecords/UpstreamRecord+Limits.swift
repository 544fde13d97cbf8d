import CatalogJSON
import CatalogModel

/// How large upstream data may be (issue 16): a 100 MB name once imported, and every later
/// step (queue, export, the report) carried it. Refused at import with exit 65, naming the
/// record and field; the limits are far above any real release (the longest value of the four
/// sources is about 3 kB).
extension UpstreamRecord {
    /// The most UTF-8 bytes of one upstream value (a string, a number, a key), at any depth.
    public static let maxValueBytes = 64 << 10
    /// The most UTF-8 bytes of all the strings, numbers and keys of one record together.
    public static let maxRecordBytes = 1 << 20
    /// The most bytes of a record's snapshot line: its values within `maxRecordBytes`, each byte
    /// written as at most six (`\u001b`), with the quotes and punctuation around them. Import
    /// writes no longer line, and every reader of a snapshot stops at the first one.
    public static let maxLineBytes = 8 * maxRecordBytes

    /// The first limit the record breaks (the field and why), nil when it keeps them. Cheap for
    /// the usual record: one pass over its values, no copy.
    public func sizeProblem() -> (field: String, message: String)? {
        var total = id.utf8.count
        // The path is spelled only for a value that breaks a limit, not for every value.
        func walk(_ value: JSONValue, _ path: @autoclosure () -> String) -> (field: String, message: String)? {
            let count: Int
            switch value {
            case .string(let s): count = s.utf8.count
            case .number(let n): count = n.utf8.count
            case .null, .bool: count = 4
            case .array(let items):
                for (i, item) in items.enumerated() {
                    if let problem = walk(item, "\(path())[\(i)]") { return problem }
                }
                return nil
            case .object(let object):
                for member in object.members {
                    if let problem = walk(.string(member.key), path()) ?? walk(member.value, path() + "." + member.key) { return problem }
                }
                return nil
            }
            total += count
            if count > Self.maxValueBytes { return (path(), "a value of \(count) bytes, above the limit of \(Self.maxValueBytes) bytes for an upstream value") }
            if total > Self.maxRecordBytes { return (path(), "makes the record larger than the limit of \(Self.maxRecordBytes) bytes") }
            return nil
        }
        for object in [fields, extra] {
            for member in object.members {
                if let problem = walk(.string(member.key), member.key) ?? walk(member.value, member.key) { return problem }
            }
        }
        return nil
    }
}
