import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// A build's records in id order, read from its `catalog.sqlite` a batch at a time (a build of a
/// million records is never held whole). Each row's record is parsed strictly and its columns
/// are checked against it, on all cores. Builds of schema 1 (no planner-scoring columns, no
/// vocabulary) are read too, as the schema their metadata states.
public final class BuildRecords {
    /// The rows read at a time, by default.
    public static let batchSize = 2048
    public let path: String
    /// The schema the build's metadata states (schema 1 and 2 are read).
    public let schema: Int
    let database: Database
    let statement: Statement
    let columns: [String]
    /// Rows read so far.
    public private(set) var count = 0
    private var lastID: String?
    /// SQLite starts a finished statement over when stepped again: stepping ends here.
    private var done = false

    /// Opens `path` as it is on disk (`Database(immutable:)`: nothing written beside it, none of
    /// its SQL run) and holds its schema to the format's (`BuildSchema`) before reading a table:
    /// the schema its metadata states must be the one its tables are.
    public convenience init(path: String) throws(CatalogError) {
        try self.init(path: path, formats: BuildSchema.expected)
    }

    /// `formats`: the schemas it may hold, by number (tests give schemas of their own).
    init(path: String, formats: [Int: [BuildSchema.Object]]) throws(CatalogError) {
        self.path = path
        let found: (schema: Int, problem: String?)
        do {
            database = try Database(immutable: path)
            found = BuildSchema.match(try BuildSchema.objects(database), formats: formats)
        } catch {
            throw .data("cannot be read as a catalog build's SQLite file: \(error.message)", file: path)
        }
        if let problem = found.problem { throw .data(problem, file: path) }
        schema = found.schema
        let stated: String?
        do {
            stated = try database.rows("SELECT value FROM metadata WHERE key = 'schemaVersion'").first?.first?.text
            columns = BuildTables.exerciseColumns(schema: schema)
            statement = try database.prepare("SELECT \(columns.joined(separator: ", ")) FROM exercises ORDER BY id")
        } catch {
            throw .data("cannot be read as a catalog build's SQLite file: \(error.message)", file: path)
        }
        guard stated == String(schema) else {
            throw .data("its metadata states schemaVersion \(stated ?? "(none)") where its tables are schema \(schema)'s", file: path)
        }
    }

    /// Up to `limit` more exercises; empty at the end.
    public func next(_ limit: Int = batchSize) throws(CatalogError) -> [Exercise] {
        let first = count
        let rows = try self.rows(limit)
        let parser = parser
        return try accept(Parallel.mapShares(rows.count) { share in
            var scratch = Scratch()
            return share.map { i in parser.parse(rows, i, index: first + i, scratch: &scratch) }
        }.flatMap { $0 })
    }

    /// Up to `limit` more rows of `exercises`, unparsed (empty at the end): a caller that
    /// overlaps reading with parsing (`parser` on other threads) hands the results to `accept`.
    func rows(_ limit: Int = batchSize) throws(CatalogError) -> RowBatch {
        var batch = RowBatch(columns: columns.count, capacity: limit)
        try rows(limit, into: &batch)
        return batch
    }

    /// The same into `batch`, whose room is used again.
    func rows(_ limit: Int = batchSize, into batch: inout RowBatch) throws(CatalogError) {
        batch.removeAll()
        guard !done else { return }
        do { done = try statement.rows(limit, into: &batch) } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        count += batch.count
    }

    /// What parses this build's rows, on any thread.
    struct Parser: Sendable {
        let schema: Int
        let columns: [String]
        let path: String

        /// The exercise of row `row` of `rows`, row number `index` (from 0) of the build, parsed
        /// and checked (`BuildRecords.exercise`); `scratch.canonical` is left holding its
        /// record's canonical compact bytes. A record in that form whose columns match byte for
        /// byte is read without a JSON value (`quick`); any other, the strict way.
        func parse(_ rows: RowBatch, _ row: Int, index: Int, scratch: inout Scratch) -> Result<Exercise, CatalogError> {
            scratch.canonical.removeAll(keepingCapacity: true)
            if let exercise = BuildRecords.quick(rows, row, schema: schema, scratch: &scratch) { return .success(exercise) }
            scratch.canonical.removeAll(keepingCapacity: true)
            return Result { () throws(CatalogError) -> Exercise in
                try BuildRecords.exercise(rows.row(row), index: index, schema: schema, columns: columns, path: path, canonical: &scratch.canonical)
            }
        }
    }

    var parser: Parser { Parser(schema: schema, columns: columns, path: path) }

    /// The exercises the rows read last parsed into, in order, each after the one before it by
    /// id; the first failure in row order is thrown.
    func accept(_ parsed: [Result<Exercise, CatalogError>]) throws(CatalogError) -> [Exercise] {
        var out: [Exercise] = []
        out.reserveCapacity(parsed.count)
        for result in parsed {
            let exercise = try result.get()
            try follows(exercise.id)
            out.append(exercise)
        }
        return out
    }

    /// The next row read is `id`'s: it must come after the one before (SQLite returns them by
    /// id; a damaged file could say otherwise).
    func follows(_ id: String) throws(CatalogError) {
        if let lastID, !lastID.precedesInUTF8(id) { throw Self.outOfOrder(id, path: path) }
        lastID = id
    }

    /// The rows up to `id`'s were read, and their order checked, elsewhere (a worker's share).
    func continued(at id: String) { lastID = id }

    static func outOfOrder(_ id: String, path: String) -> CatalogError { .data("exercises are not in id order at \(id)", file: path, record: id) }

    /// The exercise of a row whose record is in canonical form (`Exercise.canonical`) and whose
    /// every column is, byte for byte, what the record makes: what `exercise` accepts, found
    /// without a JSON value. Nil for any other row, which `exercise` judges (and may still
    /// accept: text Swift compares equal in other bytes, an escape).
    static func quick(_ rows: RowBatch, _ row: Int, schema: Int, scratch: inout Scratch) -> Exercise? {
        let last = rows.columns - 1
        guard let read = rows.withText(row, last, { record in
            Exercise.canonical(record, schema: schema, numbers: &scratch.numbers).map { e in
                scratch.canonical.append(contentsOf: record)
                return e
            }
        }), let exercise = read else { return nil }
        assert({ var again: [UInt8] = []; exercise.write(style: .compact, indent: 0, schema: schema, into: &again); return again == scratch.canonical }(),
               "Exercise.canonical read \(exercise.id) from bytes that are not what write makes of it")
        let expected = BuildTables.exerciseRow(exercise, record: "", schema: schema)
        for column in 0..<last where !rows.holds(row, column, expected[column]) { return nil }
        return exercise
    }

    /// What parsing keeps from one row to the next on a thread: the canonical bytes of the
    /// row parsed last, and the number texts met (`CanonicalNumbers`).
    struct Scratch {
        var canonical: [UInt8] = []
        var numbers = CanonicalNumbers()
    }

    /// The exercise a row holds, its record parsed strictly, in canonical form (written to
    /// `canonical`), and every column what the record makes.
    static func exercise(_ row: [SQLValue], index: Int, schema: Int, columns: [String], path: String, canonical: inout [UInt8]) throws(CatalogError) -> Exercise {
        let id = row[0].text ?? ""
        guard row.count == columns.count, case .text(let record) = row[columns.count - 1] else {
            throw .data("the record column is not text", file: path, record: id)
        }
        let bytes = Array(record.utf8)
        let json: JSONValue
        do throws(JSONParseError) { json = try JSONParser.parse(bytes) } catch {
            var failure = CatalogError.json(error, file: path)
            failure.location.record = id
            throw failure
        }
        let exercise = try Exercise(json: json, file: path, index: index, schema: schema)
        // The record column in its canonical form, as catalog.json's records are checked.
        exercise.write(style: .compact, indent: 0, schema: schema, into: &canonical)
        guard canonical == bytes else {
            throw .data("the record of exercise \(id) is not in the build format's canonical form", file: path, record: id)
        }
        let expected = BuildTables.exerciseRow(exercise, record: record, schema: schema)
        if let column = row.indices.first(where: { row[$0] != expected[$0] }) {
            throw .data("column \(columns[column]) of exercise \(id) differs from its record", file: path, record: id)
        }
        return exercise
    }

    /// The value of a metadata key, nil when absent.
    public func metadata() throws(CatalogError) -> [String: String] {
        var out: [String: String] = [:]
        do {
            for row in try database.rows("SELECT key, value FROM metadata") { out[row[0].text ?? ""] = row[1].text }
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        return out
    }

    /// The vocabularies the build carries (`BuildVocabulary`), as one JSON object of the
    /// `vocabulary` table's rows; nil for a schema 1 build, which carries none.
    public func vocabularyJSON() throws(CatalogError) -> JSONValue? {
        guard schema >= 2 else { return nil }
        let rows: [[SQLValue]]
        do { rows = try database.rows("SELECT name, document FROM vocabulary ORDER BY name") } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        var object = JSONObject()
        for row in rows {
            guard let name = row[0].text, case .text(let document) = row[1] else { throw .data("a row of the vocabulary table is not text", file: path) }
            do throws(JSONParseError) { object[name] = try JSONParser.parse(Array(document.utf8)) } catch {
                throw .data("the vocabulary row \(CatalogError.quote(name)) is not JSON: \(error.message)", file: path)
            }
        }
        return .object(object)
    }

    /// Every (id, variantOf) of the build's records that are copies of another (schema 2; the
    /// column is checked against each record as the records are read).
    func variantLinks() throws(CatalogError) -> [(id: String, of: String)] {
        guard schema >= 2 else { return [] }
        do {
            return try database.rows("SELECT id, variant_of FROM exercises WHERE variant_of IS NOT NULL ORDER BY id").map { ($0[0].text ?? "", $0[1].text ?? "") }
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
    }

    /// What is wrong with the build's replacements (schema 3; read once every row was checked
    /// against its record, so the columns say what the records say): each replacedBy is on a
    /// record removed upstream and names a record of the build that is neither removed upstream
    /// nor replaced itself. The first ten, and how many more.
    func replacementProblems() throws(CatalogError) -> [String] {
        guard schema >= 3 else { return [] }
        func removed(_ id: String) -> String {
            "EXISTS (SELECT 1 FROM reasons r WHERE r.exercise_id = \(id) AND r.code = '\(ReasonCode.upstreamRemoved.rawValue)')"
        }
        let rows: [[SQLValue]]
        do {
            rows = try database.rows("SELECT e.id, e.replaced_by, t.id IS NOT NULL, t.replaced_by IS NOT NULL, \(removed("e.id")), \(removed("t.id")) "
                + "FROM exercises e LEFT JOIN exercises t ON t.id = e.replaced_by WHERE e.replaced_by IS NOT NULL ORDER BY e.id")
        } catch {
            throw .data("cannot be read: \(error.message)", file: path)
        }
        var problems: [String] = []
        for row in rows {
            let id = CatalogError.quote(row[0].text ?? ""), by = row[1].text ?? ""
            let why = row[4] != .int(1) ? "is set on a record not removed upstream"
                : row[2] != .int(1) ? "names \(by), which is no record of the build"
                : row[5] == .int(1) ? "names \(by), which is removed upstream itself"
                : row[3] == .int(1) ? "names \(by), which is itself replaced (no chains)" : nil
            if let why { problems.append("record \(id): replacedBy \(why)") }
        }
        return Array(problems.prefix(10)) + (problems.count > 10 ? ["and \(problems.count - 10) more problems of replacedBy"] : [])
    }

    /// A cursor over each child table (`ChildTable`), read in key order on a connection of
    /// their own (this one's schema checked), for a thread of their own.
    func childCheck() throws(CatalogError) -> ChildCheck {
        let database: Database
        do { database = try Database(immutable: path) } catch { throw .data("cannot be read: \(error.message)", file: path) }
        var cursors: [ChildCursor] = []
        for table in ChildTable.all(schema: schema) { cursors.append(try ChildCursor(table, database: database, path: path)) }
        return ChildCheck(cursors)
    }
}
