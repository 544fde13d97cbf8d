import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite
import Foundation

/// The content check of a build whose files match their digests: `catalog.sqlite` holds the
/// format's schema and nothing else (`BuildSchema`), its metadata is the manifest's, every
/// exercise row agrees with the record it holds and every row of the child tables with the
/// record it belongs to (`ChildCursor`), `catalog.json` is byte for byte what those records (and
/// from schema 2 the vocabularies) make (`CatalogJSON`), and the manifest's counts are the
/// records' counts. Records are read a batch at a time and catalog.json a chunk at a
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
    }

    let manifest: Manifest
    /// The rows read and checked at a time (tests use small batches to cross their edges).
    var batchSize = BuildRecords.batchSize
    var outcome = Outcome()
    var reasons: [String: Int] = [:]
    /// The child tables' check, on a thread of its own.
    var children: ChildCheck?
    var brokenRule = false
    var links = VariantLinks()
    /// The bases the walk met.
    var bases = Set<String>()
    var variantProblems: [String] = []
    static let formatHint = "or the file is not in the build format's canonical form"

    /// `formats`: the schemas catalog.sqlite may hold (`BuildRecords`).
    static func run(directory: String, manifest: Manifest, vocabulary: Vocabulary? = nil, formats: [Int: [BuildSchema.Object]] = BuildSchema.expected,
                    batchSize: Int = BuildRecords.batchSize) -> Outcome {
        var check = BuildCheck(manifest: manifest)
        check.batchSize = batchSize
        check.run(directory: directory, override: vocabulary.map(BuildVocabulary.init), formats: formats)
        return check.outcome
    }

    mutating func problem(_ file: String, _ message: String) { outcome.problems.append(.init(file: file, message: message)) }

    mutating func problem(_ file: String, _ error: CatalogError) {
        var where_: [String] = []
        if let record = error.location.record { where_.append("record \(record)") }
        if let field = error.location.field { where_.append("field \(field)") }
        problem(file, error.message + (where_.isEmpty ? "" : " (\(where_.joined(separator: ", ")))"))
    }

    mutating func run(directory: String, override: BuildVocabulary?, formats: [Int: [BuildSchema.Object]]) {
        let records: BuildRecords
        let json: ByteMatcher
        let vocabularyJSON: JSONValue?
        do throws(CatalogError) {
            records = try BuildRecords(path: directory + "/catalog.sqlite", formats: formats)
            if try records.metadata() != expectedMetadata {
                problem("catalog.sqlite", "metadata (format, schemaVersion, minReaderSchemaVersion, name, version, createdAt) differs from manifest.json")
            }
            children = try records.childCheck()
            vocabularyJSON = try records.vocabularyJSON()
            if let vocabularyJSON { outcome.vocabulary = try BuildVocabulary(json: vocabularyJSON, file: "catalog.sqlite") }
            for link in try records.variantLinks() {
                links.variantOf[link.id] = link.of
                links.copies[link.of, default: []].append(link.id)
            }
        } catch {
            problem("catalog.sqlite", error)
            return
        }
        // However the walk ends, nothing is left running on the child tables' thread.
        defer { children?.worker.drain() }
        do throws(CatalogError) { json = try ByteMatcher(directory + "/catalog.json") } catch {
            problem("catalog.json", error)
            return
        }
        do throws(CatalogError) {
            if try json.match(CatalogJSON.header(name: manifest.name)) != nil {
                problem("catalog.json", "format or name differ from manifest.json (\(BuildFormat.catalogTag), \(manifest.name)), \(Self.formatHint)")
                return
            }
            guard try matchRecords(records, json, vocabulary: override ?? outcome.vocabulary), try matchTrailer(json, vocabulary: vocabularyJSON) else { return }
            checkCounts()
            if let children {
                children.finish()
                outcome.problems += children.problems
            }
            checkVariantTargets()
            for message in try records.replacementProblems() { problem("catalog.sqlite", message) }
        } catch {
            problem("catalog.json", error)
        }
    }

    /// The metadata table's rows, exactly: what the manifest says the build is.
    var expectedMetadata: [String: String] {
        ["format": BuildFormat.catalogTag, "schemaVersion": String(manifest.schemaVersion), "minReaderSchemaVersion": String(manifest.minReaderSchemaVersion),
         "name": manifest.name, "version": manifest.version.description, "createdAt": manifest.createdAt]
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
        for (copy, base) in links.variantOf.sorted(by: { $0.key.precedesInUTF8($1.key) }) where !bases.contains(base) {
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
            let fields = ExerciseField.keys(schema: schema).sorted().filter { a?[$0] != b?[$0] }
            return "record #\(index) (\(expected.id)) differs from catalog.sqlite in \(fields.joined(separator: ", "))"
        }
        return "record #\(index) (\(expected.id)) is not in the build format's canonical form"
    }
}
