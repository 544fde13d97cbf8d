import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation

/// The content check of a build whose files match their digests: every exercise row of
/// `catalog.sqlite` agrees with the record it holds, `catalog.json` is byte for byte what those
/// records make (`CatalogJSON`), and the manifest's counts are the records' counts. Records are
/// read a batch at a time and catalog.json a chunk at a time, so memory does not grow with
/// the build. Each record is held to `BuildRules`.
enum BuildCheck {
    struct Outcome {
        var problems: [PublishedCatalog.Problem] = []
        var records = 0
        var autoPlan = 0
    }

    static func run(directory: String, manifest: Manifest, vocabulary: Vocabulary? = nil) -> Outcome {
        var outcome = Outcome()
        func problem(_ file: String, _ message: String) { outcome.problems.append(.init(file: file, message: message)) }
        func problem(_ file: String, _ error: CatalogError) {
            var where_: [String] = []
            if let record = error.location.record { where_.append("record \(record)") }
            if let field = error.location.field { where_.append("field \(field)") }
            problem(file, error.message + (where_.isEmpty ? "" : " (\(where_.joined(separator: ", ")))"))
        }
        let records: BuildRecords
        let json: ByteMatcher
        do throws(CatalogError) {
            records = try BuildRecords(path: directory + "/catalog.sqlite")
            let metadata = try records.metadata()
            if metadata["format"] != BuildFormat.catalogTag || metadata["schemaVersion"] != String(manifest.schemaVersion)
                || metadata["version"] != manifest.version.description || metadata["name"] != manifest.name {
                problem("catalog.sqlite", "metadata (format, schemaVersion, name, version) differs from manifest.json")
            }
        } catch {
            problem("catalog.sqlite", error)
            return outcome
        }
        do throws(CatalogError) { json = try ByteMatcher(directory + "/catalog.json") } catch {
            problem("catalog.json", error)
            return outcome
        }
        let formatHint = "or the file is not in the build format's canonical form"
        do throws(CatalogError) {
            if try json.match(CatalogJSON.header(name: manifest.name)) != nil {
                problem("catalog.json", "format or name differ from manifest.json (\(BuildFormat.catalogTag), \(manifest.name)), \(formatHint)")
                return outcome
            }
            var reasons: [String: Int] = [:]
            var rows = (muscles: 0, equipment: 0, reasons: 0)
            var brokenRule = false
            while true {
                let first = records.count
                let batch: [Exercise]
                do throws(CatalogError) { batch = try records.next() } catch {
                    problem("catalog.sqlite", error)
                    return outcome
                }
                if batch.isEmpty { break }
                let rendered = Parallel.map(batch.count) { i in (json: CatalogJSON.record(batch[i], index: first + i), rows: BuildTables.rowCounts(batch[i])) }
                for (i, exercise) in batch.enumerated() {
                    let start = json.offset
                    if try json.match(rendered[i].json) != nil {
                        problem("catalog.json", try diagnose(json.path, offset: start, index: first + i, expected: exercise))
                        return outcome
                    }
                    if !brokenRule, let broken = BuildRules.recordProblem(exercise, vocabulary: vocabulary) {
                        // The first is enough to fail the build; the rest of the check goes on.
                        brokenRule = true
                        problem("catalog.sqlite", "record \(CatalogError.quote(exercise.id)) breaks a rule of the build format: \(broken.field) \(broken.message)")
                    }
                    outcome.records += 1
                    if exercise.autoPlan { outcome.autoPlan += 1 }
                    for code in exercise.reasonCodes { reasons[code, default: 0] += 1 }
                    let counts = rendered[i].rows
                    rows.muscles += counts.muscles
                    rows.equipment += counts.equipment
                    rows.reasons += counts.reasons
                }
            }
            let end = json.offset
            if try json.match(CatalogJSON.trailer(count: outcome.records, schemaVersion: manifest.schemaVersion, version: manifest.version)) != nil {
                // Another record where the list should end: after the last record a comma, with
                // none at all anything but the closing bracket.
                let next = try json.nextNonSpace(at: end)
                if outcome.records > 0 ? next == UInt8(ascii: ",") : (next != nil && next != UInt8(ascii: "]")) {
                    problem("catalog.json", "holds more records than catalog.sqlite (\(outcome.records))")
                } else {
                    problem("catalog.json", "schemaVersion or version differ from manifest.json (\(manifest.schemaVersion), \(manifest.version)), \(formatHint)")
                }
                return outcome
            }
            if try !json.atEnd() { problem("catalog.json", "bytes follow the end of the document") }
            let counts = manifest.counts.objectValue
            let listed = counts?["reasons"]?.objectValue.map { object in
                Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            }
            if counts?["total"] != .int(outcome.records) || counts?["autoPlan"] != .int(outcome.autoPlan)
                || listed != reasons.mapValues({ JSONValue.int($0) }) {
                problem("catalog.json", "record counts (total, autoPlan, reasons) differ from manifest.json")
            }
            do throws(CatalogError) {
                let tables = try records.tableCounts()
                if tables != rows {
                    problem("catalog.sqlite", "the muscles, equipment or reasons tables hold \(tables) rows where the records make \(rows)")
                }
            } catch {
                problem("catalog.sqlite", error)
            }
        } catch {
            problem("catalog.json", error)
        }
        return outcome
    }

    /// Why record number `index` of catalog.json, which starts at `offset`, is not what
    /// catalog.sqlite's record `expected` makes.
    static func diagnose(_ path: String, offset: Int, index: Int, expected: Exercise) throws(CatalogError) -> String {
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
        do throws(CatalogError) { found = try Exercise(json: value, file: "catalog.json", index: index) } catch {
            return "record #\(index): \(error.message)" + (error.location.field.map { " (field \($0))" } ?? "")
        }
        guard found.id == expected.id else {
            return "record #\(index) is \(found.id) where catalog.sqlite has \(expected.id): records missing, added or out of id order"
        }
        guard found.json == expected.json else {
            let a = found.json.objectValue, b = expected.json.objectValue
            let fields = Exercise.keys.sorted().filter { a?[$0] != b?[$0] }
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

    init(_ path: String) throws(CatalogError) {
        self.path = path
        reader = try ChunkReader(path, hashing: false)
    }

    /// Compares the file's next bytes with `expected` and moves past them: nil when they are
    /// equal, else the index of the first byte that differs (or is missing).
    func match(_ expected: [UInt8]) throws(CatalogError) -> Int? {
        var i = 0
        while i < expected.count {
            guard try fill() else { return i }
            let n = min(expected.count - i, buffer.count - position)
            let differs = buffer.withUnsafeBufferPointer { have in
                expected.withUnsafeBufferPointer { want in memcmp(have.baseAddress! + position, want.baseAddress! + i, n) != 0 }
            }
            if differs {
                var k = 0
                while buffer[position + k] == expected[i + k] { k += 1 }
                return i + k
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
        position = 0
        let more: Bool
        (buffer, more) = try reader.read(after: [])
        return more
    }
}
