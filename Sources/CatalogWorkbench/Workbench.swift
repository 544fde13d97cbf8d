import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import CatalogStore
import CatalogViews
import Foundation

/// The catalog behind `catalog serve`. Each request opens the catalog afresh, so what the command
/// line wrote shows at once, and requests are handled one at a time, so two tabs saving together
/// meet the lost-update check in turn. Pages and reads render the views (`RecordView`,
/// `QueueView`, `RevalidationView`, `GroupView`, `StatusView`), whose JSON is the CLI's `--json`;
/// review writes go through the store's `saveReview` under the review lock, checked against the
/// ETag the editor saw; the batch writes run the actions every door runs (`Acceptance`,
/// `BulkConfirmation`). No command runs here. Only the suggester (`SuggesterCache`, while none of
/// the files it is built from changes) and the catalog as edited with its standard weeks
/// (`PlanCache`, while the catalog's state is the one it was built from) are kept from one
/// request to the next.
public final class Workbench: @unchecked Sendable {
    let root: String
    let environment: [String: String]
    /// Who edits when the page does not say: --editor, CATALOG_EDITOR or git's user.name.
    let editor: String?
    private let lock = NSLock()
    /// The suggester the record, queue and group pages and the bulk confirmation draft with,
    /// kept between requests.
    let suggesters: SuggesterCache
    /// The catalog as edited, built and planned (the standard weeks of the record pages, the
    /// plan preview), kept while the catalog's state is the one it was built from.
    let plans: PlanCache
    /// The clock the catalog's file stamps are taken on (`Catalog.fileClock`).
    let fileClock: FileClock

    public init(root: String, environment: [String: String], editor: String?, suggesters: SuggesterCache = SuggesterCache(), plans: PlanCache = PlanCache(),
                fileClock: FileClock = .real) {
        self.root = root
        self.fileClock = fileClock
        self.environment = environment
        self.editor = editor
        self.suggesters = suggesters
        self.plans = plans
    }

    /// The handler table: every page and API call of the workbench, made once.
    private(set) lazy var router: Router = {
        Router([
            .init("GET", "/", page(queuePage)),
            .init("GET", "/records/:record", page(recordPage)),
            .init("GET", "/records/:record/weeks", page(recordWeeks)),
            .init("GET", "/groups/:group", page(groupPage)),
            .init("GET", "/revalidate", page(revalidatePage)),
            .init("GET", "/plan", page(planPage)),
            .init("GET", "/static/:file", Assets.serve),
            .init("GET", "/media/:file", api(media)),
            .init("GET", "/api/status", api(status)),
            .init("GET", "/api/queue", api(queue)),
            .init("GET", "/api/records/:record", api(record)),
            .init("PUT", "/api/records/:record/review", api(putReview)),
            .init("POST", "/api/records/:record/findings", api(findings)),
            .init("POST", "/api/records/:record/undo", api(undo)),
            .init("POST", "/api/accept", api(accept)),
            .init("POST", "/api/confirm", api(confirm)),
        ])
    }()

    /// Answers `request` behind the security checks, one request at a time.
    public func respond(_ request: Request, security: Security) -> Response {
        lock.lock()
        defer { lock.unlock() }
        return security.respond(request, router)
    }

    // MARK: - Plumbing

    /// A handler that may throw: a CatalogError becomes the HTTP status of its kind.
    func api(_ body: @escaping @Sendable (Request) throws -> Response) -> Router.Handler {
        { request in
            do { return try body(request) } catch let error as CatalogError { return Self.response(error) } catch { return .error(500, "\(error)") }
        }
    }

    /// A page handler: errors show as a page, not as JSON.
    func page(_ body: @escaping @Sendable (Request) throws -> String) -> Router.Handler {
        { request in
            do { return .html(try body(request)) } catch let error as CatalogError {
                let status = Self.status(error.kind)
                return .html(Pages.errorPage(status: status, message: error.description), status: status)
            } catch { return .html(Pages.errorPage(status: 500, message: "\(error)"), status: 500) }
        }
    }

    static func status(_ kind: CatalogError.Kind) -> Int {
        switch kind {
        case .usage: return 400
        case .noInput: return 404
        case .dataError, .findings: return 422
        case .conflict: return 409
        case .cannotWrite, .internalError: return 500
        }
    }

    static func response(_ error: CatalogError) -> Response { .error(status(error.kind), error.description) }

    func catalog() throws(CatalogError) -> Catalog {
        let catalog = try Catalog(root: root, fileClock: fileClock)
        catalog.suggesterCache = suggesters
        return catalog
    }

    /// The date stamped on corrections: SOURCE_DATE_EPOCH when set, else today (UTC).
    func day() throws(CatalogError) -> String { String(try time().prefix(10)) }

    /// The UTC date and time a history entry records: SOURCE_DATE_EPOCH when set, else now.
    func time() throws(CatalogError) -> String {
        try RecordedTime.now(environment)
    }

    /// The editor a write names: the body's `editor`, else the server's.
    func editor(of body: JSONValue?) throws(CatalogError) -> String {
        if let name = body?.objectValue?["editor"]?.stringValue, !TextNormalizer.normalize(name).isEmpty { return TextNormalizer.normalize(name) }
        if let editor { return editor }
        throw CatalogError(.usage, "who is reviewing? set your name on the page, or start the server with --editor NAME")
    }

    /// The entity tag of a record as a page shows it: the SHA-256 of its review file's bytes
    /// (`none` when there is no file), a dot, and `upstreamTag` of the text the page shows. A
    /// save must name both: a review saved after an import moved the text would be stamped with
    /// a text the editor never saw.
    static func etag(review sha256: String?, upstream: String) -> String { "\"\(sha256 ?? "none").\(upstream)\"" }

    /// What a correction made now is stamped with (the canonical text's fingerprint and the
    /// animation's digest), as 16 hex digits of their SHA-256.
    static func upstreamTag(_ canonical: CanonicalText, media: String?) -> String {
        String(SHA256.hex(Array((canonical.fingerprint.value + "\n" + (media ?? "")).utf8)).prefix(16))
    }

    /// What a write's `If-Match` names, or the answer that refuses it: 428 without one, 400 for
    /// one this server did not give.
    static func ifMatch(_ request: Request) -> IfMatch {
        guard let header = request.header("If-Match") else {
            return .refused(.error(428, "send If-Match with the ETag of the record you are looking at (GET /api/records/SOURCE:ID)"))
        }
        guard let expected = expected(header) else { return .refused(.error(400, "If-Match must be an ETag this server gave")) }
        return .named(expected)
    }

    enum IfMatch {
        case named((review: String?, upstream: String))
        case refused(Response)
    }

    /// What moved since the page got its ETag: `upstream` (an import changed the text shown),
    /// `review` (someone saved), or nil.
    static func moved(since expected: (review: String?, upstream: String), review: String?, upstream: String) -> String? {
        expected.upstream != upstream ? "upstream" : expected.review != review ? "review" : nil
    }

    /// What an `If-Match` names (quotes and a weak prefix dropped): the review file's digest (nil
    /// for `none`) and the upstream tag; nil when it is no ETag this server gives.
    static func expected(_ header: String) -> (review: String?, upstream: String)? {
        var value = header.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("W/") { value.removeFirst(2) }
        value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        let hex: (Substring, Int) -> Bool = { part, count in part.count == count && part.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
        guard parts.count == 2, hex(parts[1], 16) else { return nil }
        if parts[0] == "none" { return (nil, String(parts[1])) }
        guard hex(parts[0], 64) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
