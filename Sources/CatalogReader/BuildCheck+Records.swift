import CatalogJSON
import CatalogModel
import CatalogSQLite

extension BuildCheck {
    /// Every record of catalog.sqlite against catalog.json's next bytes and the rules; false
    /// when the two files part (the rest cannot be compared). The rows are read a batch at a
    /// time; while the workers check one batch (each its share: `ShareCheck`), this thread reads
    /// the next. What the workers found is taken in row order, as a walk over the rows would
    /// meet it: the first row that does not read (or is out of id order) ends the walk before
    /// any row of its batch is compared; then each share's bytes are compared with catalog.json
    /// at once, a rule broken before the record where the files part reported before it.
    mutating func matchRecords(_ records: BuildRecords, _ json: ByteMatcher, vocabulary: BuildVocabulary?) throws(CatalogError) -> Bool {
        let (parser, links, tables) = (records.parser, links, children?.tables ?? [])
        // Two batches in turn: the workers check one while the next is read into the other.
        var batch = RowBatch(columns: records.columns.count, capacity: batchSize), next = batch
        var read = Result { () throws(CatalogError) in try records.rows(batchSize, into: &batch) }
        var first = 0
        while true {
            if case .failure(let error) = read {
                problem("catalog.sqlite", error)
                return false
            }
            if batch.isEmpty { return true }
            let (start, checked) = (first, batch)
            let pending = Parallel.startShares(batch.count) { share in
                ShareCheck(checked, share, first: start, parser: parser, vocabulary: vocabulary, links: links, tables: tables)
            }
            read = Result { () throws(CatalogError) in try records.rows(batchSize, into: &next) }
            let shares = pending.wait()
            do throws(CatalogError) {
                for share in shares { try share.accept(records) }
            } catch {
                problem("catalog.sqlite", error)
                return false
            }
            for share in shares {
                guard try match(share, batch, records, json) else { return false }
            }
            first += batch.count
            swap(&batch, &next)
        }
    }

    /// One share's records: their bytes in catalog.json, the first rule broken, their counts and
    /// variants; false when the files part there (named by `diagnose`).
    mutating func match(_ share: ShareCheck, _ batch: RowBatch, _ records: BuildRecords, _ json: ByteMatcher) throws(CatalogError) -> Bool {
        let start = json.offset
        if let at = try json.match(share.json[...]) {
            let parted = share.ends.firstIndex { $0 > at } ?? share.ends.count - 1
            if let broken = share.broken, broken.row < share.rows.lowerBound + parted { reportBroken(broken.message) }
            let row = share.rows.lowerBound + parted
            var scratch = BuildRecords.Scratch()
            let expected = try records.parser.parse(batch, row, index: share.first + row, scratch: &scratch).get()
            problem("catalog.json", try Self.diagnose(json.path, offset: start + (parted == 0 ? 0 : share.ends[parted - 1]), index: share.first + row,
                                                      expected: expected, schema: records.schema))
            return false
        }
        if let broken = share.broken { reportBroken(broken.message) }
        outcome.records += share.ends.count
        outcome.autoPlan += share.autoPlan
        reasons.merge(share.reasons, uniquingKeysWith: +)
        variantProblems += share.variantProblems
        bases.formUnion(share.bases)
        children?.submit(share.children)
        return true
    }

    /// The first record that breaks a rule fails the build; the rest of the check goes on.
    mutating func reportBroken(_ message: String) {
        guard !brokenRule else { return }
        brokenRule = true
        problem("catalog.sqlite", message)
    }
}

/// The build's variant links, from the variant_of column: copy → what it names, base → its copies.
struct VariantLinks: Sendable {
    var variantOf: [String: String] = [:]
    var copies: [String: [String]] = [:]

    /// A record's `variants` are the copies that name it, and what it names is no copy: the
    /// problems of `e`, and whether copies name it.
    func check(_ e: Exercise) -> (problems: [String], isBase: Bool) {
        let expected = copies.isEmpty ? [] : copies[e.id] ?? []
        var problems: [String] = []
        if e.variants != expected {
            problems.append("record \(CatalogError.quote(e.id)): variants is [\(e.variants.joined(separator: ", "))] where the records whose variantOf names it are [\(expected.joined(separator: ", "))]")
        }
        if let base = e.variantOf, let further = variantOf[base] {
            problems.append("record \(CatalogError.quote(e.id)): variantOf names \(base), which is itself a variant (of \(further)): variants are one level deep")
        }
        return (problems, !expected.isEmpty)
    }
}

/// What a worker makes of its share of a batch of rows, in row order: each row parsed and
/// checked (`BuildRecords.Parser`), up to the first that does not read or is out of id order
/// within the share (`failure`); the bytes the records make of catalog.json (the pretty form of
/// each canonical record, with the separator before it); the first rule broken; the counts and
/// the variants' problems; the rows the records make in the child tables. Every exercise is made and dropped here, on the worker.
struct ShareCheck: Sendable {
    /// The batch's rows of this share, and the build's row number of the batch's first.
    let rows: Range<Int>
    let first: Int
    var failure: CatalogError?
    /// The share's first record's id; nil when there is none, or its row failed (`accept`).
    var firstID: String?
    var lastID: String?
    var json: [UInt8] = []
    /// Where each record's bytes end in `json`.
    var ends: [Int] = []
    var broken: (row: Int, message: String)?
    var autoPlan = 0
    var reasons: [String: Int] = [:]
    var children: ChildRows
    var variantProblems: [String] = []
    var bases: [String] = []

    init(_ batch: RowBatch, _ rows: Range<Int>, first: Int, parser: BuildRecords.Parser, vocabulary: BuildVocabulary?, links: VariantLinks,
         tables: [ChildTable]) {
        self.rows = rows
        self.first = first
        children = ChildRows(tables: tables.count)
        let schema = parser.schema
        var scratch = BuildRecords.Scratch()
        ends.reserveCapacity(rows.count)
        json.reserveCapacity(rows.count * 1024)
        for i in rows {
            let e: Exercise
            switch parser.parse(batch, i, index: first + i, scratch: &scratch) {
            case .failure(let error):
                failure = error
                return
            case .success(let parsed): e = parsed
            }
            if let lastID, !lastID.precedesInUTF8(e.id) {
                failure = BuildRecords.outOfOrder(e.id, path: parser.path)
                return
            }
            if firstID == nil { firstID = e.id }
            lastID = e.id
            scratch.canonical.withUnsafeBufferPointer { CatalogJSON.record(compact: $0, index: first + i, into: &json) }
            ends.append(json.count)
            if broken == nil, let problem = BuildRules.recordProblem(e, vocabulary: vocabulary, schema: schema) {
                broken = (i, "record \(CatalogError.quote(e.id)) breaks a rule of the build format: \(problem.field) \(problem.message)")
            }
            if schema >= 2 {
                let variants = links.check(e)
                variantProblems += variants.problems
                if variants.isBase { bases.append(e.id) }
            }
            if e.autoPlan { autoPlan += 1 }
            for code in e.reasonCodes { reasons[code.rawValue, default: 0] += 1 }
            children.add(e, tables)
        }
    }

    /// The share's rows in the walk's order: the first failure, as `BuildRecords.accept` would
    /// meet it, is thrown.
    func accept(_ records: BuildRecords) throws(CatalogError) {
        // A failure at the share's first row comes before the order check at its start.
        guard let firstID else {
            if let failure { throw failure }
            return
        }
        try records.follows(firstID)
        if let failure { throw failure }
        if let lastID { records.continued(at: lastID) }
    }
}
