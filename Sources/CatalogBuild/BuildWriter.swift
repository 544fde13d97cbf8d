import CatalogCore
import CatalogFiles
import CatalogReader
import CatalogSQLite
import Foundation

/// Writes a build's `catalog.json` and `catalog.sqlite` a batch of records at a time, in id
/// order, so a build of a million records is never held whole. Deterministic: catalog.json is
/// `CatalogJSON`'s bytes; catalog.sqlite is a new file with a fixed page size, the same
/// statements in the same order (rows by id, metadata and indexes last) in one transaction,
/// so the same records give the same bytes (the rebuild tests compare them).
///
/// The SQLite rows of a batch are inserted on a thread of their own (`SerialWorker`) while the
/// caller makes the next batch. The connection and statements are used by that worker only, one
/// batch after another; hence `@unchecked Sendable`.
final class BuildWriter: @unchecked Sendable {
    let directory: String
    private let json: StagedFile
    private let database: Database
    private let insert: Statement
    private let muscle: Statement
    private let item: Statement
    private let joint: Statement
    private let reason: Statement
    private(set) var count = 0
    private let rows = SerialWorker<CatalogError>(label: "catalog.build.sqlite")

    init(directory: String, name: String) throws(CatalogError) {
        self.directory = directory
        json = try StagedFile(directory + "/catalog.json")
        try json.append(CatalogJSON.header(name: name))
        let path = directory + "/catalog.sqlite"
        unlink(path)
        do {
            database = try Database(path: path)
            // No journal and no syncs while building a file nobody reads yet; one fsync at the end.
            try database.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA encoding = 'UTF-8'; PRAGMA cache_size = -32000")
            try database.execute("BEGIN")
            try database.execute(BuildTables.schema)
            let columns = BuildTables.exerciseColumns(schema: BuildFormat.schemaVersion)
            insert = try database.prepare("INSERT INTO exercises (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            muscle = try database.prepare("INSERT OR IGNORE INTO muscles (exercise_id, muscle, role, credit) VALUES (?, ?, ?, ?)")
            item = try database.prepare("INSERT OR IGNORE INTO equipment (exercise_id, item) VALUES (?, ?)")
            joint = try database.prepare("INSERT OR IGNORE INTO joint_stress (exercise_id, joint) VALUES (?, ?)")
            reason = try database.prepare("INSERT INTO reasons (exercise_id, code, details) VALUES (?, ?, ?)")
        } catch {
            throw Self.failure(error, path)
        }
    }

    static func failure(_ error: SQLiteError, _ path: String) -> CatalogError {
        CatalogError(.cannotWrite, "cannot write: \(error.message)", .init(file: path))
    }

    /// Appends records that follow the ones appended before in id order.
    func append(_ exercises: [Exercise]) throws(CatalogError) {
        let first = count
        // The two forms of each record, made on all cores.
        let rendered = Parallel.map(exercises.count) { i -> (pretty: [UInt8], compact: String, details: [String]) in
            let e = exercises[i]
            var compact: [UInt8] = []
            compact.reserveCapacity(512)
            e.write(style: .compact, indent: 0, into: &compact)
            return (CatalogJSON.record(e, index: first + i), String(decoding: compact, as: UTF8.self), e.reasons.map { JSONWriter.string($0.details) })
        }
        for forms in rendered { try json.append(forms.pretty) }
        try rows.submit { [self] () throws(CatalogError) in
            do throws(SQLiteError) {
                for (e, forms) in zip(exercises, rendered) {
                    try insert.run(BuildTables.exerciseRow(e, record: forms.compact))
                    for m in BuildTables.muscleRows(e) { try muscle.run([.text(e.id), .text(m.muscle), .text(m.role), .double(m.credit)]) }
                    for i in e.equipment ?? [] { try item.run([.text(e.id), .text(i)]) }
                    for j in e.jointStress ?? [] { try joint.run([.text(e.id), .text(j)]) }
                    for (r, details) in zip(e.reasons, forms.details) { try reason.run([.text(e.id), .text(r.code), .text(details)]) }
                }
            } catch {
                throw Self.failure(error, directory + "/catalog.sqlite")
            }
        }
        count += exercises.count
    }

    /// Ends both files once the version is known, each with the build's vocabularies; returns
    /// their manifest entries.
    func finish(version: SemanticVersion, metadata: [(String, String)], vocabulary: BuildVocabulary) throws(CatalogError) -> [String: Manifest.FileEntry] {
        try rows.drain()
        try json.append(CatalogJSON.trailer(count: count, version: version, vocabulary: vocabulary.json))
        let size = json.count
        let sha256 = try json.finish()
        guard rename(json.keep(), directory + "/catalog.json") == 0 else {
            throw CatalogError(.cannotWrite, "cannot write: \(String(cString: strerror(errno)))", .init(file: directory + "/catalog.json"))
        }
        let path = directory + "/catalog.sqlite"
        do {
            let meta = try database.prepare("INSERT INTO metadata (key, value) VALUES (?, ?)")
            for (key, value) in metadata.sorted(by: { $0.0 < $1.0 }) { try meta.run([.text(key), .text(value)]) }
            let document = try database.prepare("INSERT INTO vocabulary (name, document) VALUES (?, ?)")
            for member in vocabulary.documents { try document.run([.text(member.name), .text(JSONWriter.string(member.value))]) }
            try database.execute(BuildTables.indexes)
            try database.execute("COMMIT")
        } catch {
            throw Self.failure(error, path)
        }
        let fd = open(path, O_RDONLY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
        let digest = try ChunkReader.digest(path)
        return ["catalog.json": .init(sha256: sha256, bytes: size), "catalog.sqlite": .init(sha256: digest.sha256, bytes: digest.bytes)]
    }
}
