import CatalogCore
import Dispatch
import Foundation

/// Where an import or an index refresh reads records from. Every feed is read a batch at a
/// time, and each batch's records are parsed, fingerprinted and evaluated on all cores.
public enum RecordFeed: Sendable {
    /// One JSON file whose top level is an array of records, read a chunk at a time; `record`
    /// turns element `index` into a record. `strict` reads the whole file the strict way: it runs
    /// only when streaming stops (bad JSON, a bad record), so errors read exactly as there.
    case jsonArray(path: String, record: @Sendable (JSONValue, Int) throws(CatalogError) -> UpstreamRecord,
                   strict: @Sendable () throws(CatalogError) -> [UpstreamRecord])
    /// Records an adapter read whole (CSV, several files), in any order.
    case records([UpstreamRecord])
    /// A snapshot's lines; with `currentOnly`, removed records are skipped.
    case snapshot(path: String, file: String, currentOnly: Bool)
}

/// One record coming out of a feed: its row, and for releases its new snapshot line.
struct FedRecord: Sendable {
    var row: RecordRow
    /// The record's snapshot line, newline included (for snapshots, as read; the row points at
    /// where it was read).
    var line: [UInt8]
    /// The record's upstream field names, counted for schema changes.
    var fieldNames: [String]
}

/// Runs the feed's records through `evaluator`; `consume` gets them in feed order.
struct FeedReader {
    let evaluator: RecordEvaluator
    let progress: (String) -> Void

    /// Reads every record. Returns the input files read (name, sha256, bytes), when it read them.
    /// `restart`: forget what was consumed; the same records come again, read the strict way.
    func read(_ feed: RecordFeed, restart: () throws(CatalogError) -> Void,
              consume: (FedRecord) throws(CatalogError) -> Void) throws(CatalogError) -> [SnapshotMeta.InputFile] {
        switch feed {
        case .jsonArray(let path, let record, let strict):
            if let file = try streamArray(path: path, record: record, consume: consume) { return [file] }
            // Not streamable, or a bad record somewhere: the strict reader says what and where.
            let records = try strict()
            try restart()
            try each(records, consume: consume)
            let (sha256, bytes) = try ChunkReader.digest(path)
            return [SnapshotMeta.InputFile(name: (path as NSString).lastPathComponent, sha256: sha256, bytes: bytes)]
        case .records(let records):
            try each(records, consume: consume)
            return []
        case .snapshot(let path, let file, let currentOnly):
            try streamLines(path: path, file: file, currentOnly: currentOnly, consume: consume)
            return []
        }
    }

    private func each(_ records: [UpstreamRecord], consume: (FedRecord) throws(CatalogError) -> Void) throws(CatalogError) {
        let evaluator = self.evaluator
        var start = 0
        while start < records.count {
            let batch = Array(records[start..<min(start + 8192, records.count)])
            for fed in Parallel.map(batch.count, { i in evaluator.release(batch[i]) }) { try consume(fed) }
            start += batch.count
            progress("evaluated \(start) of \(records.count) records")
        }
    }

    /// Streams a JSON array; nil when it must be read the strict way instead.
    private func streamArray(path: String, record: @escaping @Sendable (JSONValue, Int) throws(CatalogError) -> UpstreamRecord,
                             consume: (FedRecord) throws(CatalogError) -> Void) throws(CatalogError) -> SnapshotMeta.InputFile? {
        let reader = try ChunkReader(path)
        var splitter = JSONArraySplitter()
        var buffer: [UInt8] = []
        var scanned = 0
        var more = true
        let evaluator = self.evaluator
        var inflight: Parallel.Pending<Result<FedRecord?, CatalogError>>?
        while more {
            more = try reader.read(into: &buffer)
            var ranges: [Range<Int>] = []
            var consumed = 0
            var upTo = 0
            buffer.withUnsafeBufferPointer { all in
                (ranges, consumed, upTo) = splitter.scan(all, from: scanned)
                if !more { splitter.end() }
            }
            if splitter.state == .malformed { return nil }
            let chunk = buffer
            // Batches of at most 1,024 records, so that even a small release is merged while the
            // rest is evaluated.
            for start in stride(from: 0, to: ranges.count, by: 1024) {
                let first = splitter.count - ranges.count + start
                let elements = Array(ranges[start..<min(start + 1024, ranges.count)])
                let launched = Parallel.start(elements.count) { i -> Result<FedRecord?, CatalogError> in
                    chunk.withUnsafeBufferPointer { all in
                        do throws(CatalogError) {
                            let value: JSONValue
                            do throws(JSONParseError) {
                                value = try JSONParser.parseElement(UnsafeBufferPointer(rebasing: all[elements[i]]))
                            } catch {
                                return .failure(.json(error, file: path))
                            }
                            return .success(evaluator.release(try record(value, first + i)))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                // The previous batch is consumed while this one is evaluated.
                if let previous = inflight, try !consumeAll(previous.wait(), consume) { return nil }
                inflight = launched
            }
            if consumed > 0 { buffer.removeFirst(consumed) }
            scanned = upTo - consumed
            progress("read \(splitter.count) records (\(reader.bytesRead >> 20) MB)")
        }
        if let previous = inflight, try !consumeAll(previous.wait(), consume) { return nil }
        guard splitter.state == .finished, splitter.count > 0 else { return nil }
        return SnapshotMeta.InputFile(name: (path as NSString).lastPathComponent, sha256: reader.sha256(), bytes: reader.bytesRead)
    }

    /// Hands a batch's records on in order; false at the first that failed.
    private func consumeAll(_ results: [Result<FedRecord?, CatalogError>], _ consume: (FedRecord) throws(CatalogError) -> Void) throws(CatalogError) -> Bool {
        for result in results {
            guard case .success(let fed?) = result else { return false }
            try consume(fed)
        }
        return true
    }

    /// Streams a snapshot's lines, checking they are records in id order.
    private func streamLines(path: String, file: String, currentOnly: Bool, consume: (FedRecord) throws(CatalogError) -> Void) throws(CatalogError) {
        let evaluator = self.evaluator
        var previous: String?
        try Snapshot.walk(path: path, file: file, progress: { lines, megabytes in progress("indexed \(lines) lines (\(megabytes) MB)") },
                          transform: { record, line, offset -> FedRecord? in
            if currentOnly && record.removed { return nil }
            var row = evaluator.row(record, line: line)
            row.lineOffset = offset
            return FedRecord(row: row, line: Array(line) + [0x0A], fieldNames: record.fieldNames)
        }, body: { fed, number throws(CatalogError) in
            guard let fed else { return }
            if let previous, !previous.utf8.lexicographicallyPrecedes(fed.row.id.utf8) {
                throw .data("records out of order or duplicated (\(fed.row.id) after \(previous))", file: file, line: number, record: fed.row.id)
            }
            previous = fed.row.id
            try consume(fed)
        })
    }
}

extension RecordEvaluator {
    /// A release record: its canonical snapshot line and its row.
    func release(_ record: UpstreamRecord) -> FedRecord {
        var line: [UInt8] = []
        line.reserveCapacity(1024)
        JSONWriter.write(record.json, style: .compact, into: &line)
        line.append(0x0A)
        // The row's line is without its newline, as an index refresh reads it.
        let row = line.withUnsafeBufferPointer { self.row(record, line: UnsafeBufferPointer(rebasing: $0.dropLast())) }

        return FedRecord(row: row, line: line, fieldNames: record.fieldNames)
    }
}
