import CatalogCore
import CatalogFiles
import CatalogImporters
import CatalogJSON
import CatalogModel
import CatalogRecords
import Dispatch
import Foundation

/// Where an import or an index refresh reads records from. Every feed is read a batch at a
/// time, and each batch's records are decoded (`RecordDecoder`), fingerprinted and evaluated on
/// all cores.
public enum RecordFeed: Sendable {
    /// One JSON file whose top level is an array of records, read a chunk at a time, each
    /// element decoded by `adapter`'s decoder. When streaming stops (bad JSON, an element the
    /// decoder does not take), the whole file is read the strict way (`records(from:options:)`),
    /// so errors read exactly as there: from the same descriptor, whatever became of the path.
    case jsonArray(file: ReleaseFile, adapter: any SourceAdapter, options: ImportOptions)
    /// Records an adapter read whole (CSV, several files), in any order: each decoded by
    /// `StrictDecoder.decode(_:line:text:)`, the encoding every strict decode ends in.
    case records([UpstreamRecord])
    /// A snapshot's lines; with `currentOnly`, removed records are skipped. With `readingReviews`,
    /// each reviewed record's file is read and evaluated on the worker that decoded its line (no
    /// row is left `reviewPending`: an index rebuild, an export); without, they are left for the
    /// merge. With `countingFields`, the summary counts the records' field names (an import's
    /// schema changes); an index rebuild and an export read no count.
    case snapshot(path: String, file: String, currentOnly: Bool, readingReviews: Bool, countingFields: Bool)
}

/// Records coming out of a feed, a batch at a time.
struct FedBatch: Sendable {
    /// The records' rows, in feed order.
    var rows: [RecordRow] = []
    /// Their snapshot lines one after the other, each with its newline (for snapshots, as read:
    /// the rows point at where they were read).
    var lines: [UInt8] = []
    /// How many of the records carry each upstream field name, for schema changes.
    var fieldCounts: [String: Int] = [:]

    /// Decodes the next record with `decode` (which appends its line to `lines` and writes its
    /// canonical text to `text`) and adds its row; false when the decoder does not take it. A
    /// reviewed record's row carries the record `record` gives (a record read whole), to the merge.
    mutating func add(_ evaluator: RecordEvaluator, text: inout [UInt8], _ decode: (inout [UInt8], inout [UInt8]) -> DecodedRecord,
                      record: () -> UpstreamRecord?) -> Bool {
        let start = lines.count
        text.removeAll(keepingCapacity: true)
        guard case .record(let names) = decode(&lines, &text) else { return false }
        // The row's line is without its newline, as an index refresh reads it.
        var row = lines.withUnsafeBufferPointer { evaluator.row(names, text: text, line: UnsafeBufferPointer(rebasing: $0[start..<($0.count - 1)])) }
        if row.reviewPending, let record = record() { row.release = ReleaseRecord(record, text: text) }
        rows.append(row)
        return true
    }

    /// Each row, in place (no copy), with its line (newline included).
    mutating func forEach(_ body: FeedReader.Consumer) throws(CatalogError) {
        try lines.withUnsafeBufferPointer { (lines) throws(CatalogError) in
            var offset = 0
            for i in rows.indices {
                let length = rows[i].lineLength
                try body(&rows[i], UnsafeBufferPointer(rebasing: lines[offset...(offset + length)]))
                offset += length + 1
            }
        }
    }
}

/// What a feed read besides its records.
struct FeedSummary {
    /// The input files read (name, sha256, bytes), when the feed read them.
    var files: [SnapshotMeta.InputFile] = []
    /// How many records carry each upstream field name.
    var fieldCounts: [String: Int] = [:]

    mutating func count(_ counts: [String: Int]) {
        fieldCounts.merge(counts, uniquingKeysWith: +)
    }
}

/// Runs the feed's records through `evaluator`; `consume` gets each row (to change in place or
/// copy: a row is copied only where it is kept) and its snapshot line (newline included), in
/// feed order.
struct FeedReader {
    let evaluator: RecordEvaluator
    let progress: (String) -> Void

    typealias Consumer = (inout RecordRow, UnsafeBufferPointer<UInt8>) throws(CatalogError) -> Void

    /// Reads every record. `restart`: forget what was consumed; the same records come again,
    /// read the strict way.
    func read(_ feed: RecordFeed, restart: () throws(CatalogError) -> Void, consume: Consumer) throws(CatalogError) -> FeedSummary {
        var summary = FeedSummary()
        switch feed {
        case .jsonArray(let file, let adapter, let options):
            if let read = try streamArray(file, adapter: adapter, summary: &summary, consume: consume) {
                summary.files = [read]
                return summary
            }
            // Not streamable, or a bad record somewhere: the strict reader says what and where.
            let input = try ImportInput(path: file.path, bytes: try file.bytes())
            let records = try adapter.records(from: [input], options: options)
            try restart()
            summary = FeedSummary()
            try each(records, summary: &summary, consume: consume)
            summary.files = [SnapshotMeta.InputFile(name: (file.path as NSString).lastPathComponent, sha256: input.sha256, bytes: input.byteCount)]
        case .records(let records):
            try each(records, summary: &summary, consume: consume)
        case .snapshot(let path, let file, let currentOnly, let readingReviews, let countingFields):
            try streamLines(path: path, file: file, currentOnly: currentOnly, readingReviews: readingReviews, countingFields: countingFields,
                            summary: &summary, consume: consume)
        }
        return summary
    }

    private func each(_ records: [UpstreamRecord], summary: inout FeedSummary, consume: Consumer) throws(CatalogError) {
        let evaluator = self.evaluator
        let context = evaluator.decodeContext(file: "")
        var start = 0
        while start < records.count {
            let batch = Array(records[start..<min(start + 8192, records.count)])
            var parts = Parallel.mapShares(batch.count) { share in
                var part = FedBatch()
                var decoder = StrictDecoder(context: context)
                var text: [UInt8] = []
                for i in share {
                    _ = part.add(evaluator, text: &text, { .record(decoder.decode(batch[i], line: &$0, text: &$1)) }, record: { batch[i] })
                }
                part.fieldCounts = decoder.fieldCounts()
                return part
            }
            for k in parts.indices {
                summary.count(parts[k].fieldCounts)
                try parts[k].forEach(consume)
            }
            start += batch.count
            progress("evaluated \(start) of \(records.count) records")
        }
    }

    /// Streams a JSON array; nil when it must be read the strict way instead.
    private func streamArray(_ file: ReleaseFile, adapter: any SourceAdapter, summary: inout FeedSummary, consume: Consumer) throws(CatalogError) -> SnapshotMeta.InputFile? {
        let path = file.path
        let reader = try file.chunks()
        var splitter = JSONArraySplitter()
        var buffer: [UInt8] = []
        var consumed = 0
        var scanned = 0
        var more = true
        let evaluator = self.evaluator
        let context = evaluator.decodeContext(file: path)
        // Blocks launched and not yet consumed, oldest first. Up to six wait ahead of the consumer,
        // so the workers always have a block at hand while this thread merges and writes (with one,
        // a core idled ~20% of a 1M import: 7.8 s against 6.9 s, interleaved runs).
        var inflight: [Parallel.Pending<FedBatch?>] = []
        let ahead = 6
        /// Hands on the batches of a block in order; false at the first that failed.
        func consumeAll(_ block: Parallel.Pending<FedBatch?>) throws(CatalogError) -> Bool {
            var batches = block.wait()
            for k in batches.indices {
                guard batches[k] != nil else { return false }
                summary.count(batches[k]!.fieldCounts)
                try batches[k]!.forEach(consume)
            }
            return true
        }
        while more {
            (buffer, more) = try reader.read(after: buffer[consumed...])
            var ranges: [Range<Int>] = []
            var upTo = 0
            buffer.withUnsafeBufferPointer { all in
                (ranges, consumed, upTo) = splitter.scan(all, from: scanned)
                if !more { splitter.end() }
            }
            if splitter.state == .malformed { return nil }
            let chunk = buffer
            // Blocks of at most 1,024 records, so that even a small release is merged while the
            // rest is evaluated; each block is cut into a batch per core.
            for start in stride(from: 0, to: ranges.count, by: 1024) {
                let first = splitter.count - ranges.count + start
                let elements = Array(ranges[start..<min(start + 1024, ranges.count)])
                let launched = Parallel.startShares(elements.count) { share -> FedBatch? in
                    chunk.withUnsafeBufferPointer { all in
                        Self.evaluate(elements[share], in: all, first: first, decoder: adapter.decoder(context), evaluator: evaluator)
                    }
                }
                inflight.append(launched)
                while inflight.count > ahead {
                    if try !consumeAll(inflight.removeFirst()) { return nil }
                }
            }
            scanned = upTo - consumed
            progress("read \(splitter.count) records (\(reader.bytesRead >> 20) MB)")
        }
        while !inflight.isEmpty {
            if try !consumeAll(inflight.removeFirst()) { return nil }
        }
        guard splitter.state == .finished, splitter.count > 0 else { return nil }
        return SnapshotMeta.InputFile(name: (path as NSString).lastPathComponent, sha256: reader.sha256(), bytes: reader.bytesRead)
    }

    /// The batch of the array elements at `elements`, a slice of a block whose first element is
    /// element `first` of the file; nil when one of them is not a record.
    private static func evaluate(_ elements: ArraySlice<Range<Int>>, in all: UnsafeBufferPointer<UInt8>, first: Int,
                                 decoder: any RecordDecoder, evaluator: RecordEvaluator) -> FedBatch? {
        var batch = FedBatch()
        batch.rows.reserveCapacity(elements.count)
        // Lines are about as long as their elements: room for all of them up front, not grown by
        // doubling (which copied ~650 bytes a record again).
        batch.lines.reserveCapacity(elements.reduce(elements.count * 64) { $0 + $1.count })
        var decoder = decoder
        var text: [UInt8] = []
        text.reserveCapacity(4096)
        for (k, range) in zip(elements.indices, elements) {
            let element = UnsafeBufferPointer(rebasing: all[range])
            guard batch.add(evaluator, text: &text, { decoder.decode(element, index: first + k, line: &$0, text: &$1) },
                            record: { nil }) else { return nil }
        }
        batch.fieldCounts = decoder.fieldCounts()
        return batch
    }

    /// Streams a snapshot's lines, checking they are records in id order. A line is read the
    /// plain way (`PlainSnapshotLine`: no tree, no record) unless it is not of that kind or its
    /// field names are counted, which the strict reading gives.
    private func streamLines(path: String, file: String, currentOnly: Bool, readingReviews: Bool, countingFields: Bool, summary: inout FeedSummary,
                             consume: Consumer) throws(CatalogError) {
        let evaluator = self.evaluator
        let plain = countingFields ? nil : PlainSnapshotLine.Fields(evaluator.fields, htmlFields: evaluator.htmlFields)
        var previous: String?
        try Snapshot.walkInPlace(path: path, file: file, progress: { lines, megabytes in progress("indexed \(lines) lines (\(megabytes) MB)") },
                          transform: { line, offset, number throws(CatalogError) -> (row: RecordRow, line: [UInt8], fieldNames: [String])? in
            func review(_ id: String) -> ReviewFile? {
                readingReviews && evaluator.reviews.reviewed.contains(id) ? evaluator.reviews.load(id) : nil
            }
            var row: RecordRow, fieldNames: [String] = []
            var text: [UInt8] = []
            if let plain, let names = PlainSnapshotLine.read(line, fields: plain, text: &text) {
                if currentOnly && names.removed { return nil }
                row = evaluator.row(names, text: text, line: line, review: review(names.id))
            } else {
                let record = try Snapshot.record(line, file: file, line: number)
                if currentOnly && record.removed { return nil }
                row = evaluator.row(record, line: line, review: review(record.id))
                if countingFields { fieldNames = record.fieldNames }
            }
            row.lineOffset = offset
            // The line and its newline in one allocation.
            let copy = [UInt8](unsafeUninitializedCapacity: line.count + 1) { buffer, count in
                _ = buffer.initialize(fromContentsOf: line)
                buffer[line.count] = 0x0A
                count = line.count + 1
            }
            return (row, copy, fieldNames)
        }, body: { fed, number throws(CatalogError) in
            // The row is consumed where the walk holds it (a copy would retain each of its strings).
            guard let id = fed?.row.id, let line = fed?.line else { return }
            if let previous, !previous.precedesInUTF8(id) {
                throw .data("records out of order or duplicated (\(id) after \(previous))", file: file, line: number, record: id)
            }
            previous = id
            for name in fed!.fieldNames { summary.fieldCounts[name, default: 0] += 1 }
            try line.withUnsafeBufferPointer { (line) throws(CatalogError) in try consume(&fed!.row, line) }
        })
    }
}

extension RecordEvaluator {
    /// What a decoder needs: the fingerprint fields.
    func decodeContext(file: String) -> DecodeContext {
        DecodeContext(file: file, fields: fields, htmlFields: htmlFields)
    }

    /// A release record: its row (evaluated with `review`, as `row(_:line:review:)`) and its
    /// canonical snapshot line (newline included).
    func release(_ record: UpstreamRecord, review: ReviewFile? = nil) -> (row: RecordRow, line: [UInt8]) {
        var line: [UInt8] = []
        line.reserveCapacity(1024)
        var text: [UInt8] = []
        text.reserveCapacity(1024)
        StrictDecoder.encode(record, fields: fields, htmlFields: htmlFields, line: &line, text: &text)
        // The row's line is without its newline, as an index refresh reads it.
        let row = line.withUnsafeBufferPointer { self.row(record, text: text, line: UnsafeBufferPointer(rebasing: $0.dropLast()), review: review) }
        return (row, line)
    }
}
