@testable import CatalogCommands
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogServer
import CatalogStore
@testable import CatalogWorkbench
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The workbench's handlers in-process, without sockets, on a scratch catalog of the sample:
/// what the workbench suites send requests through.
struct WorkbenchBench {
    static let token = "workbench-test-token-0123"
    let dir: TempDirectory
    let workbench: Workbench
    let security = Security(token: WorkbenchBench.token, port: 8000)

    init(editor: String? = "tester") throws {
        self.init(dir: try newCatalog(importing: TestPaths.sample), editor: editor)
    }

    /// The workbench of a catalog made already.
    init(dir: TempDirectory, editor: String? = "tester", clock: FileClock = .real) {
        self.dir = dir
        workbench = ServeCommand.workbench(root: dir.path, environment: ["SOURCE_DATE_EPOCH": "1793232000"], editor: editor, fileClock: clock)
    }

    func send(_ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = [:], query: [String: String] = [:]) -> Response {
        var all = ["Host": "127.0.0.1:8000", "Authorization": "Bearer \(Self.token)"]
        for (k, v) in headers { all[k] = v }
        return workbench.respond(Request(method: method, path: path, query: query, headers: all, body: Array((body ?? "").utf8)), security: security)
    }

    func json(_ response: Response) throws -> JSONObject { try #require(try JSONParser.parse(response.body).objectValue) }
    func file(_ id: String) -> String? { dir.read("reviews/exercisedb/\(id).json") }
    /// The ETag a page loading the record gets (a save must carry it).
    func etag(_ id: String) -> String { send("GET", "/api/records/\(id)").header("ETag") ?? "" }
}
