import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// `catalog/upstream/<source>.jsonl`: one canonical JSON record per line, sorted by id.
public enum Snapshot {
    /// The file's bytes for `records` (which the caller has sorted by id).
    public static func encode(_ records: [UpstreamRecord]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 700)
        for record in records {
            JSONWriter.write(record.json, style: .compact, into: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Reads a snapshot, naming the line of any bad record.
    public static func decode(_ bytes: [UInt8], file: String) throws(CatalogError) -> [UpstreamRecord] {
        var records: [UpstreamRecord] = []
        var lineNumber = 0
        var previous: String?
        var error: CatalogError?
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count, error == nil {
                lineNumber += 1
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if end == start { continue }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                do throws(CatalogError) {
                    let record = try Snapshot.record(line, file: file, line: lineNumber)
                    if let previous, !previous.precedesInUTF8(record.id) {
                        error = .data("records out of order or duplicated (\(record.id) after \(previous))", file: file, line: lineNumber, record: record.id)
                        return
                    }
                    previous = record.id
                    records.append(record)
                } catch let e {
                    error = e
                }
            }
        }
        if let error { throw error }
        return records
    }
}

/// `catalog/upstream/<source>.meta.json`: what was imported, from which files, when.
public struct SnapshotMeta: Sendable, Equatable {
    public struct InputFile: Sendable, Equatable {
        public var name: String
        public var sha256: String
        public var bytes: Int

        public init(name: String, sha256: String, bytes: Int) {
            self.name = name
            self.sha256 = sha256
            self.bytes = bytes
        }
    }

    public var source: String
    public var adapter: String
    public var htmlFields: [String]
    public var files: [InputFile]
    public var importedAt: String
    public var total: Int
    public var removed: Int
    /// Upstream field name → how many current records carry it.
    public var fieldCounts: [String: Int]
    public var snapshotSha256: String
    /// What the last import changed, for `revalidate`.
    public var release: Release

    /// The changes of the last imported release against the snapshot before it. Ids are kept
    /// for what editors act on (changed, removed); additions only as counts (a first import of a
    /// million records would otherwise write a million ids here).
    public struct Release: Sendable, Equatable {
        public var added = 0
        public var changed: [String] = []
        public var removed: [String] = []
        public var returned = 0
        public var schemaChanges: [SchemaChange] = []

        public init() {}

        public init(_ diff: SnapshotDiff) {
            added = diff.added.count
            changed = diff.changed
            removed = diff.removed
            returned = diff.returned.count
            schemaChanges = diff.schemaChanges
        }
    }

    public init(source: String, adapter: String, htmlFields: [String], files: [InputFile], importedAt: String, total: Int, removed: Int, fieldCounts: [String: Int], snapshotSha256: String, release: Release = Release()) {
        self.source = source
        self.adapter = adapter
        self.htmlFields = htmlFields
        self.files = files
        self.importedAt = importedAt
        self.total = total
        self.removed = removed
        self.fieldCounts = fieldCounts
        self.snapshotSha256 = snapshotSha256
        self.release = release
    }

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("formatVersion", 1),
            JSONMember("source", .string(source)),
            JSONMember("adapter", .string(adapter)),
            JSONMember("htmlFields", .strings(htmlFields)),
            JSONMember("files", .array(files.map { .object(JSONObject([JSONMember("name", .string($0.name)), JSONMember("sha256", .string($0.sha256)), JSONMember("bytes", .int($0.bytes))])) })),
            JSONMember("importedAt", .string(importedAt)),
            JSONMember("records", .object(JSONObject([JSONMember("total", .int(total)), JSONMember("current", .int(total - removed)), JSONMember("removed", .int(removed))]))),
            JSONMember("fields", .object(JSONObject(fieldCounts.map { JSONMember($0.key, .int($0.value)) }))),
            JSONMember("snapshotSha256", .string(snapshotSha256)),
            JSONMember("release", .object(JSONObject([
                JSONMember("added", .int(release.added)), JSONMember("changed", .strings(release.changed)),
                JSONMember("removed", .strings(release.removed)), JSONMember("returned", .int(release.returned)),
                JSONMember("schemaChanges", .array(release.schemaChanges.map(\.json))),
            ]))),
        ]))
    }

    public init(json: JSONValue, file: String) throws(CatalogError) {
        guard let o = json.objectValue else { throw .data("expected an object", file: file) }
        func string(_ key: String) throws(CatalogError) -> String {
            guard let s = o[key]?.stringValue else { throw .data("missing or not a string", file: file, field: key) }
            return s
        }
        func int(_ value: JSONValue?, _ field: String) throws(CatalogError) -> Int {
            guard case .number(let n)? = value, let i = Int(n) else { throw .data("missing or not an integer", file: file, field: field) }
            return i
        }
        source = try string("source")
        adapter = try string("adapter")
        importedAt = try string("importedAt")
        snapshotSha256 = try string("snapshotSha256")
        htmlFields = (o["htmlFields"]?.arrayValue ?? []).compactMap(\.stringValue)
        var files: [InputFile] = []
        for (i, f) in (o["files"]?.arrayValue ?? []).enumerated() {
            guard let fo = f.objectValue, let name = fo["name"]?.stringValue, let sha = fo["sha256"]?.stringValue else {
                throw .data("expected {name, sha256, bytes}", file: file, field: "files[\(i)]")
            }
            files.append(InputFile(name: name, sha256: sha, bytes: try int(fo["bytes"], "files[\(i)].bytes")))
        }
        self.files = files
        let records = o["records"]?.objectValue
        total = try int(records?["total"], "records.total")
        removed = try int(records?["removed"], "records.removed")
        var counts: [String: Int] = [:]
        for member in o["fields"]?.objectValue?.members ?? [] { counts[member.key] = try int(member.value, "fields.\(member.key)") }
        fieldCounts = counts
        release = Release()
        do {
            let r = try JSONReader(o["release"] ?? .object(JSONObject()), file: file, path: "release")
            func count(_ key: String) throws(CatalogError) -> Int {
                if let ids = r.object[key]?.arrayValue { return ids.count }  // written as a list before
                return Int(try r.optionalNumber(key) ?? 0)
            }
            release.added = try count("added")
            release.changed = try r.optionalStrings("changed") ?? []
            release.removed = try r.optionalStrings("removed") ?? []
            release.returned = try count("returned")
            for change in (r.has("schemaChanges") ? try r.objectReaders("schemaChanges") : []) {
                guard let kind = SchemaChange.Kind(rawValue: try change.string("kind")) else { throw change.fail("expected appeared or disappeared", "kind") }
                release.schemaChanges.append(SchemaChange(field: try change.string("field"), kind: kind, records: Int(try change.optionalNumber("records") ?? 0)))
            }
        }
    }
}

extension Snapshot {
    /// Walks the snapshot at `path` a chunk at a time: each record is parsed and given to
    /// `transform` on all cores (with its line, newline excluded, and the line's offset in the
    /// file); `body` gets the results in file order, with the line number. A line that is not a
    /// record throws, naming `file` and the line. `body` takes one chunk's results while the
    /// next chunk is read and transformed (a serial `body`, such as printing, leaves no core
    /// idle); what it throws, and in what order, is as if each chunk were done in turn.
    static func walk<T: Sendable>(path: String, file: String, progress: (_ lines: Int, _ megabytes: Int) -> Void = { _, _ in },
                                  transform: @escaping @Sendable (UpstreamRecord, UnsafeBufferPointer<UInt8>, Int) -> T,
                                  body: (T, Int) throws(CatalogError) -> Void) throws(CatalogError) {
        try walkInPlace(path: path, file: file, progress: progress, transform: { line, offset, number throws(CatalogError) in
            transform(try Snapshot.record(line, file: file, line: number), line, offset)
        }) { value, number throws(CatalogError) in try body(value, number) }
    }

    /// `walk`, each line handed to `transform` as it is (with its offset in the file and its
    /// number), to read as a record (`Snapshot.record`, or the plain way first: the snapshot walk
    /// of an export or an index rebuild); each result handed to `body` where it lies (not copied:
    /// a row holds many strings).
    static func walkInPlace<T: Sendable>(path: String, file: String, progress: (_ lines: Int, _ megabytes: Int) -> Void = { _, _ in },
                                         transform: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, Int) throws(CatalogError) -> T,
                                         body: (inout T, Int) throws(CatalogError) -> Void) throws(CatalogError) {
        var chunks = Chunks(reader: try ChunkReader(path, hashing: false), file: file)
        guard var chunk = try chunks.next() else { return }
        var values = ChunkValues(chunk, transform: transform)
        while true {
            let next = Result { () throws(CatalogError) in try chunks.next() }
            var done = try values.wait()
            let upcoming: ChunkValues<T>? = if case .success(let c?) = next { ChunkValues(c, transform: transform) } else { nil }
            do {
                for k in done.indices { try body(&done[k], chunk.lines[k].number) }
            } catch {
                _ = try? upcoming?.wait()
                throw error
            }
            progress(chunk.linesRead, chunk.megabytesRead)
            guard let following = try next.get(), let upcoming else { return }
            (chunk, values) = (following, upcoming)
        }
    }

    /// Whole lines of a snapshot, a chunk at a time (the last line may lack its newline).
    struct Chunk: Sendable {
        let bytes: [UInt8]
        let lines: [(range: Range<Int>, number: Int)]
        /// The file offset of `bytes[0]`.
        let offset: Int
        /// Lines and MB read up to the end of this chunk, for progress.
        let linesRead: Int, megabytesRead: Int
    }

    /// A snapshot's lines (`LineChunks`), each at most `UpstreamRecord.maxLineBytes`.
    struct Chunks {
        var lines: LineChunks

        init(reader: ChunkReader, file: String) {
            lines = LineChunks(reader: reader, file: file, maxLine: UpstreamRecord.maxLineBytes)
        }

        mutating func next() throws(CatalogError) -> Chunk? {
            guard let chunk = try lines.next() else { return nil }
            return Chunk(bytes: chunk.bytes, lines: chunk.lines, offset: chunk.offset, linesRead: lines.lineNumber, megabytesRead: lines.reader.bytesRead >> 20)
        }
    }

    /// A chunk's lines transformed on all cores, started at once; `wait` collects them.
    final class ChunkValues<T: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<[T], CatalogError>?

        init(_ chunk: Chunk, transform: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, Int) throws(CatalogError) -> T) {
            DispatchQueue.global().async {
                self.result = Result { () throws(CatalogError) -> [T] in try Self.values(chunk, transform: transform) }
                self.done.signal()
            }
        }

        /// The values, moved out: the caller changes them in place (`walkInPlace`), which would
        /// copy every one of them while this still held the array.
        func wait() throws(CatalogError) -> [T] {
            done.wait()
            var taken: Result<[T], CatalogError>?
            swap(&taken, &result)
            return try taken!.get()
        }

        static func values(_ chunk: Chunk, transform: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, Int) throws(CatalogError) -> T) throws(CatalogError) -> [T] {
            try Parallel.map(chunk.lines.count) { i throws(CatalogError) -> T in
                try chunk.bytes.withUnsafeBufferPointer { all throws(CatalogError) -> T in
                    let (range, number) = chunk.lines[i]
                    return try transform(UnsafeBufferPointer(rebasing: all[range]), chunk.offset + range.lowerBound, number)
                }
            }
        }
    }

    /// The record on line `number` of the snapshot `file`, whose bytes are `line`; a line that is
    /// not a record, or a record above import's limits (`UpstreamRecord.sizeProblem`), throws,
    /// naming the file and the line.
    static func record(_ line: UnsafeBufferPointer<UInt8>, file: String, line number: Int) throws(CatalogError) -> UpstreamRecord {
        guard line.count <= UpstreamRecord.maxLineBytes else {
            throw .data("a line longer than \(UpstreamRecord.maxLineBytes) bytes, the most a record's line may hold", file: file, line: number)
        }
        do {
            let record = try UpstreamRecord(json: try JSONParser.parse(line))
            // A line no longer than the value limit holds no value above it (JSON only adds bytes).
            if line.count > UpstreamRecord.maxValueBytes, let (field, message) = record.sizeProblem() {
                throw CatalogError.data(message, file: file, line: number, record: record.id, field: field)
            }
            return record
        } catch let e as CatalogError {
            throw e
        } catch let e as JSONParseError {
            throw .json(e, file: file, lineOffset: number - 1)
        } catch let e as RecordShapeError {
            throw .data(e.message, file: file, line: number, field: e.field)
        } catch {
            throw CatalogError(.internalError, "\(error)")
        }
    }
}
