import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import Foundation

/// Writes a build's `changes.json` (`BuildChanges`) as the records come, in id order, beside
/// catalog.json: an entry for each record added or changed, with the record's compact bytes the
/// writer rendered already (never written a second time). Compact JSON, keys sorted, an entry
/// to a line; the version, which comes after the records in key order, once it is decided.
final class ChangesWriter {
    private let file: StagedFile
    private let path: String
    private var entries = 0

    init(directory: String, previous: PublishedCatalog.Summary?) throws(CatalogError) {
        path = directory + "/" + BuildFormat.changesFile
        file = try StagedFile(path)
        var head = Array("{\"format\":".utf8)
        JSONWriter.write(.string(BuildFormat.changesTag), style: .compact, indent: 0, into: &head)
        head += Array(",\"previous\":".utf8)
        let named: JSONValue = previous.map { p in .object(JSONObject([
            JSONMember("manifestSha256", .string(p.manifestSha256)), JSONMember("version", .string(p.manifest.version.description)),
        ])) } ?? .null
        JSONWriter.write(named, style: .compact, indent: 0, into: &head)
        head += Array(",\"records\":[".utf8)
        try file.append(head)
    }

    /// The entry of `after` (its compact bytes `record`), compared with the previous build's
    /// record `before` as `compared` says; nothing when the two are the same. Written as
    /// JSONWriter writes the object (keys sorted, compact), the record's bytes in their place.
    func add(_ after: Exercise, before: Exercise?, compared: BuildDiff.Compared?, record: ArraySlice<UInt8>) throws(CatalogError) {
        guard let compared else { return }
        line.removeAll(keepingCapacity: true)
        func key(_ name: String, _ value: JSONValue) {
            line += Array(",\"\(name)\":".utf8)
            JSONWriter.write(value, style: .compact, indent: 0, into: &line)
        }
        line += Array((entries == 0 ? "\n{\"change\":" : ",\n{\"change\":").utf8)
        line += Array((compared.added ? "\"added\"" : "\"changed\"").utf8)
        if !compared.fields.isEmpty { key("fields", .strings(compared.fields)) }
        key("id", .string(after.id))
        if let planning = compared.planning { key("planning", .string(planning.rawValue)) }
        line += Array(",\"record\":".utf8)
        line += record
        if after.reasonCodes.contains(.upstreamRemoved), !(before?.reasonCodes.contains(.upstreamRemoved) ?? false) { key("removedUpstream", .bool(true)) }
        if let by = after.replacedBy, compared.added || compared.fields.contains("replacedBy") { key("replacedBy", .string(by)) }
        if let planning = compared.planning { key("why", .strings((planning == .joined ? before?.reasonCodes ?? [] : after.reasonCodes).map(\.rawValue))) }
        line.append(UInt8(ascii: "}"))
        try file.append(line)
        entries += 1
    }

    /// One entry's bytes, the buffer kept from entry to entry.
    private var line: [UInt8] = []

    /// Ends the file with the version and the build's vocabularies; its manifest entry.
    func finish(version: SemanticVersion, vocabulary: BuildVocabulary) throws(CatalogError) -> Manifest.FileEntry {
        var tail = Array((entries == 0 ? "]" : "\n]").utf8)
        tail += Array(",\"schemaVersion\":\(BuildFormat.schemaVersion),\"version\":".utf8)
        JSONWriter.write(.string(version.description), style: .compact, indent: 0, into: &tail)
        tail += Array(",\"vocabulary\":".utf8)
        JSONWriter.write(vocabulary.json, style: .compact, indent: 0, into: &tail)
        tail += Array("}\n".utf8)
        try file.append(tail)
        let size = file.count
        let sha256 = try file.finish()
        guard rename(file.keep(), path) == 0 else {
            throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(errno)))", .init(file: path))
        }
        return Manifest.FileEntry(sha256: sha256, bytes: size)
    }
}
