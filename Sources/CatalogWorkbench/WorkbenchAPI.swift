import CatalogActions
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews
import Foundation

/// The JSON API (README: "The review workbench"). Records use the keys of the CLI's `--json`.
extension Workbench {
    /// `GET /api/status`: `catalog status --json`.
    func status(_ request: Request) throws -> Response { .json(try StatusView(try catalog()).json) }

    /// `GET /api/queue?state=&group=&reason=&groupBy=&offset=&limit=`: `catalog queue --json`,
    /// filtered and paged; `total` counts the filtered items.
    func queue(_ request: Request) throws -> Response { .json(try QueueSlice(try catalog(), request.query).json) }

    /// `GET /api/records/SOURCE:ID`: `catalog show --json` plus `suggestions`, `stale`,
    /// `matches` and `etag` (`WorkbenchRecord.json`); the ETag header is the same.
    func record(_ request: Request) throws -> Response {
        let record = try WorkbenchRecord(try catalog(), name: request.parameters["record"]!)
        var response = Response.json(record.json)
        response.setHeader("ETag", record.etag)
        return response
    }

    /// `PUT /api/records/SOURCE:ID/review` with `If-Match`: 200 with the new state and reasons,
    /// 409 with the current record when the review or the upstream text changed since the page
    /// was loaded (`changed` says which), 422 with the findings of an invalid review, or a review
    /// too large to be read back (nothing written), 428 without If-Match.
    func putReview(_ request: Request) throws -> Response {
        let expected: (review: String?, upstream: String)
        switch Self.ifMatch(request) {
        case .named(let named): expected = named
        case .refused(let refusal): return refusal
        }
        let draft = try Draft(self, request, forWrite: true)
        // A correction is stamped with the text it was made against: only the text the editor saw.
        if let moved = Self.moved(since: expected, review: draft.loaded.sha256, upstream: draft.upstreamTag) { return try conflict(draft.name, changed: moved) }
        let findings = draft.eligibility.findings.filter { $0.severity == .hard }
        if !findings.isEmpty {
            return .error(422, "the review breaks rules; nothing written", [JSONMember("findings", .array(findings.map(\.json)))])
        }
        let written = draft.review != draft.loaded.review
        if written {
            do {
                let history = HistoryContext(door: .workbench, editor: draft.editor, at: try time())
                try draft.catalog.saveEvaluatedReview(draft.review, expected: expected.review, eligibility: draft.eligibility, history: history)
            } catch let error as CatalogError where error.kind == .conflict {
                return try conflict(draft.name, changed: "review")
            } catch let error as CatalogError where error.kind == .dataError {
                return .error(422, error.description, [JSONMember("findings", .array([]))])
            }
        }
        let etag = Self.etag(review: written ? SHA256.hex(draft.review.fileBytes) : draft.loaded.sha256, upstream: draft.upstreamTag)
        let file = draft.catalog.layout.relativeReviewFile(source: draft.source, id: draft.id)
        var response = Response.json(.object(JSONObject([
            JSONMember("file", .string(file)), JSONMember("id", .string(draft.id)), JSONMember("source", .string(draft.source)),
        ] + draft.outcome + [
            JSONMember("written", .bool(written)), JSONMember("etag", .string(etag)),
        ])))
        response.setHeader("ETag", etag)
        return response
    }

    /// 409: the record as it is now (with the diff of a stale review), so the page can show both
    /// and nothing is lost silently. `changed`: `review` (someone saved) or `upstream` (an import
    /// changed the text the page showed).
    func conflict(_ name: String, changed: String) throws(CatalogError) -> Response {
        let current = try WorkbenchRecord(try catalog(), name: name)
        let message = changed == "upstream"
            ? "the upstream text changed since you opened the record (an import); nothing written: read it again before saving"
            : "the review changed since you opened it; nothing written"
        var response = Response.error(409, message, [JSONMember("changed", .string(changed)), JSONMember("current", current.json)])
        response.setHeader("ETag", current.etag)
        return response
    }

    /// `POST /api/records/SOURCE:ID/undo {editor?}` with `If-Match`: the record's latest change
    /// not yet undone, reverted as `catalog undo` does: 200 `{undone: {entry, removedFile}, etag}`;
    /// 409 when the record changed since the page was loaded (or outside the history); 422
    /// (findings) when there is nothing to undo.
    func undo(_ request: Request) throws -> Response {
        let expected: (review: String?, upstream: String)
        switch Self.ifMatch(request) {
        case .named(let named): expected = named
        case .refused(let refusal): return refusal
        }
        let catalog = try catalog()
        let (source, id) = try catalog.resolve(request.parameters["record"]!)
        let (record, canonical) = try catalog.upstreamRecord(source: source, id: id)
        let loaded = try catalog.loadReview(source: source, id: id)
        let upstream = Self.upstreamTag(canonical, media: record.media?.digest)
        if let moved = Self.moved(since: expected, review: loaded.sha256, upstream: upstream) { return try conflict("\(source):\(id)", changed: moved) }
        let history = HistoryContext(door: .undo, editor: try editor(of: request.json), at: try time())
        let undone: Catalog.Undone
        do {
            undone = try catalog.withReviewLock { try catalog.undo(source: source, id: id, context: history) }
        } catch let error as CatalogError where error.kind == .conflict {
            return try conflict("\(source):\(id)", changed: "review")
        }
        let etag = Self.etag(review: try catalog.loadReview(source: source, id: id).sha256, upstream: upstream)
        var response = Response.json(.object(JSONObject([
            JSONMember("undone", .object(JSONObject([JSONMember("entry", .int(undone.entry)), JSONMember("removedFile", .bool(undone.removedFile))]))),
            JSONMember("etag", .string(etag)),
        ])))
        response.setHeader("ETag", etag)
        return response
    }

    /// `POST /api/records/SOURCE:ID/findings`: the rule findings, state and reasons the body
    /// would give, without writing (the page's live check).
    func findings(_ request: Request) throws -> Response {
        let draft = try Draft(self, request, forWrite: false)
        return .json(.object(JSONObject(draft.outcome)))
    }

    /// `POST /api/accept {ids, editor?}`: `Acceptance.run`, answered with its outcome (what
    /// `catalog accept IDS --json` prints); 409 when a review changed meanwhile.
    func accept(_ request: Request) throws -> Response {
        let (ids, editor) = try batch(request)
        let catalog = try catalog()
        let outcome = try Acceptance.run(catalog, targets: try Acceptance.targets(catalog, names: ids), editor: editor, day: try day(), at: try time())
        return .json(outcome.json, status: outcome.conflicts.isEmpty ? 200 : 409)
    }

    /// `POST /api/confirm {ids, editor?, confidence?}`: `BulkConfirmation.run` on the ids,
    /// answered with its outcome (what `catalog review --from-suggestions IDS --json` prints);
    /// 409 when a review changed meanwhile.
    func confirm(_ request: Request) throws -> Response {
        var confidence: Double?
        if let given = request.json?.objectValue?["confidence"] {
            guard case .number(let text) = given, let value = Double(text), (0...1).contains(value) else {
                throw CatalogError(.usage, "the body's confidence takes a number from 0 to 1, not \(JSONWriter.string(given))")
            }
            confidence = value
        }
        let (ids, editor) = try batch(request)
        let bulk = BulkConfirmation(.names(ids), editor: editor, confidence: confidence, day: try day(), at: try time())
        let outcome = try bulk.run(try catalog())
        return .json(outcome.json, status: outcome.conflicts.isEmpty ? 200 : 409)
    }

    /// A batch write's ids and editor, from its body.
    func batch(_ request: Request) throws(CatalogError) -> (ids: [String], editor: String) {
        let body = request.json
        guard let ids = body?.objectValue?["ids"]?.arrayValue?.compactMap(\.stringValue), !ids.isEmpty else {
            throw CatalogError(.usage, "the body must be {\"ids\": [ID, ...]}")
        }
        return (ids, try editor(of: body))
    }


    /// `GET /media/DIGEST.gif`: an animation from the media cache. The name must be 64 hex digits
    /// and `.gif`, and the file a regular file inside the cache (no link out of it), opened as
    /// checked and sent from the open file in pieces, never read whole.
    func media(_ request: Request) throws -> Response {
        let name = request.parameters["file"]!
        guard name.count == 68, name.hasSuffix(".gif"), name.dropLast(4).allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let base = realpath(CatalogLayout(root: root).indexDirectory + "/media", nil).map({ pointer in defer { free(pointer) }; return String(cString: pointer) })
        else { return .error(404, "no such animation") }
        let fd = open(base + "/" + name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .error(404, "no such animation") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .error(404, "no such animation")
        }
        var response = Response(status: 200, headers: [("Content-Type", "image/gif"), ("Cache-Control", "private, max-age=86400, immutable")])
        response.file = ResponseFile(fd: fd, size: Int(info.st_size))
        return response
    }
}

/// A review as a request would leave it: the record, the review as read, the edited review and
/// what the rules and eligibility say of it.
struct Draft {
    let catalog: Catalog
    let name: String
    let source: String
    let id: String
    let loaded: LoadedReview
    /// The upstream text the review's corrections are stamped with, as the ETag names it.
    let upstreamTag: String
    /// Who the save names (the page's name, else the server's); empty when neither is known.
    let editor: String
    let review: Review
    let eligibility: Eligibility

    /// `forWrite`: the edit must name its editor (the page's or the server's) if it sets a field.
    init(_ workbench: Workbench, _ request: Request, forWrite: Bool) throws {
        guard let body = request.json else { throw CatalogError(.usage, "the body must be JSON") }
        let edit = try ReviewEdit(json: body)
        catalog = try workbench.catalog()
        (source, id) = try catalog.resolve(request.parameters["record"]!)
        name = "\(source):\(id)"
        let (record, canonical) = try catalog.upstreamRecord(source: source, id: id)
        upstreamTag = Workbench.upstreamTag(canonical, media: record.media?.digest)
        loaded = try catalog.loadReview(source: source, id: id)
        let editor = try? workbench.editor(of: body)
        self.editor = editor ?? ""
        review = edit.applied(to: loaded.review ?? Review(source: source, id: id), record: record, canonical: canonical, editor: editor ?? "", date: try workbench.day())
        if forWrite, editor == nil, review.corrections.values.contains(where: \.editor.isEmpty) { _ = try workbench.editor(of: body) }
        eligibility = try catalog.evaluator().eligibility(record, canonical: canonical, review: review)
    }

    /// State, autoPlan, reasons (also as sentences, for the page) and every rule finding.
    var outcome: [JSONMember] {
        [
            JSONMember("state", .string(eligibility.state.rawValue)), JSONMember("autoPlan", .bool(eligibility.autoPlan)),
            JSONMember("reasons", .array(eligibility.reasons.map(\.json))), JSONMember("reasonTexts", .strings(eligibility.reasons.map(ReasonText.describe))),
            JSONMember("findings", .array(eligibility.findings.map(\.json))),
        ]
    }
}
