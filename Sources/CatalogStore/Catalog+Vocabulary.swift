import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel

extension Catalog {
    /// What `vocab --update` does to one vocabulary file.
    public struct VocabularyUpdate: Sendable {
        public var file: String
        /// Paths of what the defaults added (`items[incline-bench].kindOf`); every entry when the
        /// file was missing.
        public var added: [String]
        public var created: Bool
    }

    /// Merges the project's default vocabularies (built into this binary) into the catalog's:
    /// what the catalog lacks is added; nothing it has is changed or removed. The merged files
    /// are checked together before any is written; `dryRun` writes nothing.
    public func updateVocabulary(dryRun: Bool) throws(CatalogError) -> [VocabularyUpdate] {
        var updates: [VocabularyUpdate] = []
        var documents: [String: [UInt8]] = [:]
        var writes: [(path: String, bytes: [UInt8])] = []
        for name in Vocabulary.files {
            let path = layout.vocabDirectory + "/" + name
            let defaults = DefaultVocabulary.documents[name]!
            guard FileSystem.exists(path) else {
                documents[name] = defaults
                writes.append((path, defaults))
                updates.append(VocabularyUpdate(file: layout.relative(path), added: [], created: true))
                continue
            }
            let bytes = try FileSystem.read(path)
            documents[name] = bytes
            let mine: JSONValue, newer: JSONValue
            do { mine = try JSONParser.parse(bytes) } catch { throw .json(error, file: layout.relative(path)) }
            do { newer = try JSONParser.parse(defaults) } catch { throw CatalogError(.internalError, "the built-in \(name) does not parse: \(error)") }
            let (merged, added) = DefaultVocabulary.merge(mine, defaults: newer)
            guard !added.isEmpty else { continue }
            let text = Array(JSONWriter.string(merged, style: .pretty).utf8)
            documents[name] = text
            writes.append((path, text))
            updates.append(VocabularyUpdate(file: layout.relative(path), added: added, created: false))
        }
        _ = try Vocabulary.load(documents, directory: layout.relative(layout.vocabDirectory))
        if !dryRun && !writes.isEmpty {
            try FileSystem.createDirectory(layout.vocabDirectory)
            try FileSystem.writeAtomically(many: writes)
            cachedVocabulary = nil
        }
        return updates
    }
}
