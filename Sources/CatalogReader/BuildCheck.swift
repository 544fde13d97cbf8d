import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// The content check of a build whose files match their digests: every exercise row of
/// `catalog.sqlite` agrees with the record it holds, `catalog.json` is byte for byte what those
/// records (and from schema 2 the vocabularies) make (`CatalogJSON`), and the manifest's counts
/// are the records' counts. Records are read a batch at a time and catalog.json a chunk at a
/// time, so memory does not grow with the build. Each record is held to `BuildRules`, against
/// the build's own vocabularies (or the one verify was given), and the variants to their shape:
/// each `variantOf` names a record of the build that is no copy itself, and each record's
/// `variants` are exactly the records whose `variantOf` names it.
struct BuildCheck {
    struct Outcome {
        var problems: [PublishedCatalog.Problem] = []
        var records = 0
        var autoPlan = 0
        /// The vocabularies the build carries (nil for schema 1, or when they do not read).
        var vocabulary: BuildVocabulary?
        /// The SHA-256 and size of catalog.json, hashed as it was compared (nil when it was not read whole).
        var jsonDigest: (sha256: String, bytes: Int)?
    }

    let manifest: Manifest
    var outcome = Outcome()
    var reasons: [String: Int] = [:]
    var rows = BuildTables.RowCounts()
    var brokenRule = false
    /// Copy → what it names, and base → its copies, from the variant_of column.
    var variantOf: [String: String] = [:]
    var copies: [String: [String]] = [:]
    /// The bases the walk met.
    var bases = Set<String>()
    var variantProblems: [String] = []
    static let formatHint = "or the file is not in the build format's canonical form"

    static func run(directory: String, manifest: Manifest, vocabulary: Vocabulary? = nil) -> Outcome {
        var check = BuildCheck(manifest: manifest)
        check.run(directory: directory, override: vocabulary.map(BuildVocabulary.init))
        return check.outcome
    }

    mutating func problem(_ file: String, _ message: String) { outcome.problems.append(.init(file: file, message: message)) }

    mutating func problem(_ file: String, _ error: CatalogError) {
        var where_: [String] = []
        if let record = error.location.record { where_.append("record \(record)") }
        if let field = error.location.field { where_.append("field \(field)") }
        problem(file, error.message + (where_.isEmpty ? "" : " (\(where_.joined(separator: ", ")))"))
    }

    mutating func run(directory: String, override: BuildVocabulary?) {
        let records: BuildRecords
        let json: ByteMatcher
        let vocabularyJSON: JSONValue?
        do throws(CatalogError) {
            records = try BuildRecords(path: directory + "/catalog.sqlite")
            let metadata = try records.metadata()
            if metadata["format"] != BuildFormat.catalogTag || metadata["schemaVersion"] != String(manifest.schemaVersion)
                || metadata["version"] != manifest.version.description || metadata["name"] != manifest.name {
                problem("catalog.sqlite", "metadata (format, schemaVersion, name, version) differs from manifest.json")
            }
            vocabularyJSON = try records.vocabularyJSON()
            if let vocabularyJSON { outcome.vocabulary = try BuildVocabulary(json: vocabularyJSON, file: "catalog.sqlite") }
            for link in try records.variantLinks() {
                variantOf[link.id] = link.of
                copies[link.of, default: []].append(link.id)
            }
        } catch {
            problem("catalog.sqlite", error)
            return
        }
        do throws(CatalogError) { json = try ByteMatcher(directory + "/catalog.json", hashing: true) } catch {
            problem("catalog.json", error)
            return
        }
        // However the comparison ends, the rest of the file is hashed too.
        defer { outcome.jsonDigest = try? json.digest() }
        do throws(CatalogError) {
            if try json.match(CatalogJSON.header(name: manifest.name)) != nil {
                problem("catalog.json", "format or name differ from manifest.json (\(BuildFormat.catalogTag), \(manifest.name)), \(Self.formatHint)")
                return
            }
            guard try matchRecords(records, json, vocabulary: override ?? outcome.vocabulary), try matchTrailer(json, vocabulary: vocabularyJSON) else { return }
            checkCounts()
            do throws(CatalogError) {
                let tables = try records.tableCounts()
                if tables != rows { problem("catalog.sqlite", "the muscles, equipment, joint_stress or reasons tables hold \(tables) rows where the records make \(rows)") }
            } catch {
                problem("catalog.sqlite", error)
            }
            checkVariantTargets()
        } catch {
            problem("catalog.json", error)
        }
    }

    /// Every record of catalog.sqlite against catalog.json's next bytes and the rules; false
    /// when the two files part (the rest cannot be compared). The rows are read a batch at a
    /// time; while the workers parse and render one batch, this thread reads the next.
    mutating func matchRecords(_ records: BuildRecords, _ json: ByteMatcher, vocabulary: BuildVocabulary?) throws(CatalogError) -> Bool {
        let (schema, parser) = (records.schema, records.parser)
        var rows = Result { () throws(CatalogError) in try records.rows() }
        var first = 0
        while true {
            let batch: RowBatch
            switch rows {
            case .failure(let error):
                problem("catalog.sqlite", error)
                return false
            case .success(let read): batch = read
            }
            if batch.isEmpty { return true }
            let start = first
            let pending = Parallel.startShares(batch.count) { share in Made(batch, share, first: start, parser: parser, vocabulary: vocabulary) }
            rows = Result { () throws(CatalogError) in try records.rows() }
            let made = pending.wait()
            let exercises: [Exercise]
            do throws(CatalogError) { exercises = try records.accept(made.flatMap { $0.records.map { $0.map(\.exercise) } }) } catch {
                problem("catalog.sqlite", error)
                return false
            }
            var i = 0
            for share in made {
                // Every one is a success: `accept` threw the first failure.
                for case .success(let forms) in share.records {
                    guard try match(exercises[i], share.json[forms.json], rows: forms.rows, broken: forms.broken, index: first + i, json: json, schema: schema) else { return false }
                    i += 1
                }
            }
            first += batch.count
        }
    }

    /// What a worker makes of its share of a batch: each row's exercise, where its bytes of
    /// catalog.json are in `json` (the pretty form of its canonical record, with the separator
    /// before it), its rows in the other tables, and the first rule it breaks.
    struct Made: Sendable {
        var records: [Result<(exercise: Exercise, json: Range<Int>, rows: BuildTables.RowCounts, broken: (field: String, message: String)?), CatalogError>] = []
        var json: [UInt8] = []

        init(_ batch: RowBatch, _ share: Range<Int>, first: Int, parser: BuildRecords.Parser, vocabulary: BuildVocabulary?) {
            var scratch = BuildRecords.Scratch()
            records.reserveCapacity(share.count)
            json.reserveCapacity(share.count * 1024)
            for i in share {
                let index = first + i
                records.append(parser.parse(batch, i, index: index, scratch: &scratch).map { e in
                    let from = json.count
                    CatalogJSON.record(compact: scratch.canonical, index: index, into: &json)
                    return (e, from..<json.count, BuildTables.rowCounts(e, schema: parser.schema), BuildRules.recordProblem(e, vocabulary: vocabulary, schema: parser.schema))
                })
            }
        }
    }

    /// One record: its bytes in catalog.json, the rule it breaks (`BuildRules.recordProblem`,
    /// found on the workers), its variants and counts; false when the files part there.
    mutating func match(_ exercise: Exercise, _ bytes: ArraySlice<UInt8>, rows: BuildTables.RowCounts, broken: (field: String, message: String)?, index: Int,
                        json: ByteMatcher, schema: Int) throws(CatalogError) -> Bool {
        let start = json.offset
        if try json.match(bytes) != nil {
            problem("catalog.json", try Self.diagnose(json.path, offset: start, index: index, expected: exercise, schema: schema))
            return false
        }
        if !brokenRule, let broken {
            // The first is enough to fail the build; the rest of the check goes on.
            brokenRule = true
            problem("catalog.sqlite", "record \(CatalogError.quote(exercise.id)) breaks a rule of the build format: \(broken.field) \(broken.message)")
        }
        if schema >= 2 { checkVariants(exercise) }
        outcome.records += 1
        if exercise.autoPlan { outcome.autoPlan += 1 }
        for code in exercise.reasonCodes { reasons[code, default: 0] += 1 }
        self.rows += rows
        return true
    }

    /// A record's `variants` are the copies that name it, and what it names is no copy.
    mutating func checkVariants(_ e: Exercise) {
        let expected = copies[e.id] ?? []
        if expected.isEmpty == false { bases.insert(e.id) }
        if e.variants != expected {
            variantProblems.append("record \(CatalogError.quote(e.id)): variants is [\(e.variants.joined(separator: ", "))] where the records whose variantOf names it are [\(expected.joined(separator: ", "))]")
        }
        if let base = e.variantOf, let further = variantOf[base] {
            variantProblems.append("record \(CatalogError.quote(e.id)): variantOf names \(base), which is itself a variant (of \(further)): variants are one level deep")
        }
    }

    /// The end of catalog.json: schema, version and (schema 2) the vocabularies; false when it differs.
    mutating func matchTrailer(_ json: ByteMatcher, vocabulary: JSONValue?) throws(CatalogError) -> Bool {
        let end = json.offset
        guard try json.match(CatalogJSON.trailer(count: outcome.records, schemaVersion: manifest.schemaVersion, version: manifest.version, vocabulary: vocabulary)) != nil else {
            if try !json.atEnd() { problem("catalog.json", "bytes follow the end of the document") }
            return true
        }
        // Another record where the list should end: after the last record a comma, with
        // none at all anything but the closing bracket.
        let next = try json.nextNonSpace(at: end)
        if outcome.records > 0 ? next == UInt8(ascii: ",") : (next != nil && next != UInt8(ascii: "]")) {
            problem("catalog.json", "holds more records than catalog.sqlite (\(outcome.records))")
        } else {
            problem("catalog.json", "schemaVersion or version differ from manifest.json (\(manifest.schemaVersion), \(manifest.version)), or the vocabulary from catalog.sqlite's, \(Self.formatHint)")
        }
        return false
    }

    mutating func checkCounts() {
        let counts = manifest.counts.objectValue
        let listed = counts?["reasons"]?.objectValue.map { object in
            Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        if counts?["total"] != .int(outcome.records) || counts?["autoPlan"] != .int(outcome.autoPlan)
            || listed != reasons.mapValues({ JSONValue.int($0) }) {
            problem("catalog.json", "record counts (total, autoPlan, reasons) differ from manifest.json")
        }
    }

    /// After the walk: every base a copy names was met; the problems, the first ten named.
    mutating func checkVariantTargets() {
        for (copy, base) in variantOf.sorted(by: { $0.key.precedesInUTF8($1.key) }) where !bases.contains(base) {
            variantProblems.append("record \(CatalogError.quote(copy)): variantOf names \(base), which is no record of the build")
        }
        for message in variantProblems.prefix(10) { problem("catalog.sqlite", message) }
        if variantProblems.count > 10 { problem("catalog.sqlite", "and \(variantProblems.count - 10) more problems of variantOf and variants") }
    }

    /// Why record number `index` of catalog.json, which starts at `offset`, is not what
    /// catalog.sqlite's record `expected` makes.
    static func diagnose(_ path: String, offset: Int, index: Int, expected: Exercise, schema: Int) throws(CatalogError) -> String {
        // The element starting there (after its comma), found as the import finds elements.
        var window = try LineFile(path).bytes(offset: offset, upTo: 16 << 20)
        var skip = 0
        if index > 0, window.first == UInt8(ascii: ",") { skip = 1 }
        while skip < window.count, [0x20, 0x0A, 0x0D, 0x09].contains(window[skip]) { skip += 1 }
        if skip < window.count, window[skip] == UInt8(ascii: "]") {
            return "holds fewer records than catalog.sqlite: record #\(index) (\(expected.id)) is missing"
        }
        window = [UInt8(ascii: "[")] + window[skip...]
        var splitter = JSONArraySplitter()
        guard let range = window.withUnsafeBufferPointer({ splitter.scan($0, from: 0).elements.first }) else {
            return "record #\(index) (where catalog.sqlite has \(expected.id)) is not a JSON value"
        }
        let parsed = window.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parseElement(UnsafeBufferPointer(rebasing: buffer[range])) }
        }
        let value: JSONValue
        switch parsed {
        case .success(let v): value = v
        case .failure(let error): return "record #\(index) (where catalog.sqlite has \(expected.id)) is not valid JSON: \(error.message)"
        }
        let found: Exercise
        do throws(CatalogError) { found = try Exercise(json: value, file: "catalog.json", index: index, schema: schema) } catch {
            return "record #\(index): \(error.message)" + (error.location.field.map { " (field \($0))" } ?? "")
        }
        guard found.id == expected.id else {
            return "record #\(index) is \(found.id) where catalog.sqlite has \(expected.id): records missing, added or out of id order"
        }
        guard found.json(schema: schema) == expected.json(schema: schema) else {
            let a = found.json(schema: schema).objectValue, b = expected.json(schema: schema).objectValue
            let fields = Exercise.keys(schema: schema).sorted().filter { a?[$0] != b?[$0] }
            return "record #\(index) (\(expected.id)) differs from catalog.sqlite in \(fields.joined(separator: ", "))"
        }
        return "record #\(index) (\(expected.id)) is not in the build format's canonical form"
    }
}

/// Compares a file with expected bytes a chunk at a time.
final class ByteMatcher {
    let path: String
    private let reader: ChunkReader
    private var buffer: [UInt8] = []
    private var position = 0
    /// The file offset of the next byte to compare.
    private(set) var offset = 0
    /// With `hashing`: the chunks read are hashed in order on a thread of their own (a chunk
    /// handed over is never written again), beside the comparison.
    private let hash: (hasher: ChunkHasher, worker: SerialWorker<Never>)?

    init(_ path: String, hashing: Bool = false) throws(CatalogError) {
        self.path = path
        reader = try ChunkReader(path, hashing: false)
        hash = hashing ? (ChunkHasher(), SerialWorker(label: "catalog.verify.hash", depth: 4)) : nil
    }

    /// Reads the rest of the file; the SHA-256 and size of all of it (made with `hashing`).
    func digest() throws(CatalogError) -> (sha256: String, bytes: Int) {
        while try next() {}
        guard let hash else { preconditionFailure("a digest needs hashing") }
        hash.worker.drain()
        return (hash.hasher.hasher.finishHex(), reader.bytesRead)
    }

    /// Reads the next chunk into the buffer (handing it to the hasher); false at the end.
    private func next() throws(CatalogError) -> Bool {
        let more: Bool
        (buffer, more) = try reader.read(after: [])
        position = 0
        if let hash, more {
            let chunk = buffer, hasher = hash.hasher
            hash.worker.submit { hasher.hasher.update(chunk) }
        }
        return more
    }

    /// Compares the file's next bytes with `expected` and moves past them: nil when they are
    /// equal, else the index of the first byte that differs (or is missing).
    func match(_ expected: [UInt8]) throws(CatalogError) -> Int? { try match(expected[...]) }

    func match(_ expected: ArraySlice<UInt8>) throws(CatalogError) -> Int? {
        var i = expected.startIndex
        while i < expected.endIndex {
            guard try fill() else { return i - expected.startIndex }
            let n = min(expected.endIndex - i, buffer.count - position)
            let differs = buffer.withUnsafeBufferPointer { have in
                expected.withUnsafeBufferPointer { want in memcmp(have.baseAddress! + position, want.baseAddress! + (i - expected.startIndex), n) != 0 }
            }
            if differs {
                var k = 0
                while buffer[position + k] == expected[i + k] { k += 1 }
                return i + k - expected.startIndex
            }
            i += n
            position += n
            offset += n
        }
        return nil
    }

    /// The first byte at or after file offset `at` that is not JSON whitespace; nil at the end.
    func nextNonSpace(at: Int) throws(CatalogError) -> UInt8? {
        try LineFile(path).bytes(offset: at, upTo: 4096).first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    }

    func atEnd() throws(CatalogError) -> Bool { try !fill() }

    /// Makes sure a byte is buffered; false at the end of the file.
    private func fill() throws(CatalogError) -> Bool {
        if position < buffer.count { return true }
        return try next()
    }
}

/// A hasher used by one thread at a time (a `SerialWorker`'s), handed there.
final class ChunkHasher: @unchecked Sendable {
    let hasher = SHA256.Hasher()
}
