import CatalogCore
import CatalogStore

/// `review --from-suggestions`: an editor confirms the suggestions for many records at once.
enum BulkReview {
    static func run(_ context: CommandContext) throws -> Int32 {
        let args = context.arguments
        let catalog = try context.catalog()
        let modes = [!args.positionals.isEmpty, args.flag("all"), args.option("group") != nil].filter { $0 }.count
        guard modes == 1 else { throw CatalogError(.usage, "--from-suggestions takes ids, --group G or --all (one of them)") }
        let editor = try EditorIdentity.resolve(context)
        let day = try context.day()
        var confidenceOverride: Double?
        if let text = args.option("confidence") {
            guard let value = Double(text), (0...1).contains(value) else { throw CatalogError(.usage, "--confidence takes a number from 0 to 1, not '\(text)'") }
            confidenceOverride = value
        }
        let source = catalog.config.memberSource
        var wanted: Set<String>?
        if !args.positionals.isEmpty {
            var ids = Set<String>()
            for name in args.positionals {
                let resolved = try catalog.resolve(name)
                guard resolved.source == source else { throw CatalogError(.usage, "\(name) is not in the member source \(source)") }
                ids.insert(resolved.id)
            }
            wanted = ids
        }
        let group = try args.option("group").map(RecordGroup.init)
        let suggester = try catalog.suggester()
        let key = try catalog.vocabularyKey(source)
        let html = Set(try catalog.meta(source).htmlFields)
        let reviewed = catalog.reviewedIDSet(source)

        var pending: [(review: Review, expected: String?)] = []
        var complete = 0
        var matched = 0
        var written: [String] = []
        var conflicts: [String] = []
        var seen = 0
        // Written a batch at a time (one flush to disk each), so a million drafts never wait in memory.
        func write() throws {
            guard !pending.isEmpty else { return }
            context.console.progress("writing \(pending.count) reviews (\(written.count) written)")
            let batch = pending
            let (done, refused) = try catalog.withReviewLock { try catalog.saveReviews(batch) }
            written += done
            conflicts += refused
            pending.removeAll(keepingCapacity: true)
        }
        try catalog.forEachRecord(source, currentOnly: true, transform: { record in
            (record, suggester.suggest(record, source: source, vocabularyKey: key))
        }) { item throws(CatalogError) in
            let (record, suggestions) = item
            seen += 1
            if seen % 1000 == 0 { context.console.progress("drafting \(seen)") }
            if let wanted, !wanted.contains(record.id) { return }
            let loaded = reviewed.contains(record.id) ? try catalog.loadReview(source: source, id: record.id) : LoadedReview(review: nil, sha256: nil)
            if let group, !group.matches(record: record, review: loaded.review, suggestions: suggestions) { return }
            matched += 1
            let canonical = CanonicalText(record: record, fields: catalog.config.fingerprintFields, htmlFields: html)
            var review = loaded.review ?? Review(source: source, id: record.id)
            var used: [Double] = []
            for field in PlannerField.allCases where review.corrections[field] == nil {
                guard let suggestion = suggestions.fields[field] else { continue }
                let replaced = field.upstreamField.flatMap { record.fields[$0] } ?? .null
                review.set(field, suggestion.value, replaced: replaced, canonical: canonical, media: record.media?.digest, editor: editor, date: day, via: "suggestion")
                used.append(suggestion.confidence)
            }
            if review.confidence == nil, let value = confidenceOverride ?? used.min() { review.confidence = value }
            if review == loaded.review { complete += 1; return }
            pending.append((review, loaded.sha256))
            if pending.count >= 10_000 {
                do { try write() } catch let error as CatalogError { throw error } catch { throw CatalogError(.internalError, "\(error)") }
            }
        }
        guard matched > 0 else {
            throw CatalogError(.usage, group != nil ? "no record of \(source) is in group '\(args.option("group")!)'" : "no record selected")
        }
        try write()
        context.console.endProgress()
        if args.flag("json") {
            context.console.json(.object(JSONObject([
                JSONMember("editor", .string(editor)), JSONMember("source", .string(source)),
                JSONMember("selected", .int(matched)), JSONMember("written", .strings(written)),
                JSONMember("alreadyComplete", .int(complete)), JSONMember("conflicts", .strings(conflicts)),
            ])))
        } else {
            context.console.print("\(editor) confirmed suggestions for \(written.count) of \(matched) records of \(source) (\(complete) had every suggested field set already)")
            if !conflicts.isEmpty {
                context.console.error("error: \(conflicts.count) review files changed on disk while this ran and were left as they are: \(conflicts.prefix(20).joined(separator: " "))")
            }
        }
        return conflicts.isEmpty ? 0 : CatalogError.Kind.cannotWrite.exitCode
    }
}

/// A group of similar records: a movement pattern, or an upstream target or equipment value.
struct RecordGroup {
    enum Kind: String { case pattern, target, equipment }
    var kind: Kind
    var value: String

    init(_ text: String) throws(CatalogError) {
        if let colon = text.firstIndex(of: ":") {
            guard let kind = Kind(rawValue: String(text[..<colon])) else { throw CatalogError(.usage, "--group takes PATTERN, pattern:X, target:X or equipment:X, not '\(text)'") }
            self.kind = kind
            value = String(text[text.index(after: colon)...])
        } else {
            kind = .pattern
            value = text
        }
    }

    /// The group key of a record for this kind: the reviewed pattern (`reviewed`: the review's
    /// planner fields, nil without a review), else the suggested one, or the upstream value.
    static func key(_ kind: Kind, record: UpstreamRecord, reviewed: PlannerValues?, suggestions: RecordSuggestions?) -> String {
        switch kind {
        case .pattern:
            return reviewed?.value(.movementPattern)?.stringValue ?? suggestions?.fields[.movementPattern]?.value.stringValue ?? "(no pattern)"
        case .target, .equipment:
            let value = record.fields[kind.rawValue]
            return value?.stringValue ?? value?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? "(none)"
        }
    }

    func matches(record: UpstreamRecord, review: Review?, suggestions: RecordSuggestions) -> Bool {
        Self.key(kind, record: record, reviewed: review.map { PlannerValues(review: $0) }, suggestions: suggestions) == value
    }
}
