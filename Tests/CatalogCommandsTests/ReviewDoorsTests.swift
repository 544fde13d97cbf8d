@testable import CatalogCommands
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogSQLite
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Every door into a review goes through one evaluator and one review folder (issue 31): the
/// same edit made at each gives the same review file and the same index row (stamps aside).
@Suite struct ReviewDoorsTests {
    static let environment = ["CATALOG_EDITOR": "tester", "SOURCE_DATE_EPOCH": "1793232000", "VISUAL": ""]

    /// A catalog of the sample, and the workbench over it (its editor and day are the CLI's).
    func bench() throws -> WorkbenchBench { try WorkbenchBench(editor: "tester") }

    /// The review file of `id`, and its index row after the next command's refresh, every
    /// column but the review file's stamp (which differs with the file's times).
    func outcome(_ b: WorkbenchBench, _ id: String) throws -> (file: String?, row: [String]) {
        #expect(runInProcess(["status"], in: b.dir.path, environment: Self.environment).status == 0)
        let database = try Database(path: b.dir.path + "/.catalog/index.sqlite", create: false, readOnly: true)
        let columns = try database.rows("PRAGMA table_info(records)").map { $0[1].text ?? "" }
        let row = try #require(try database.rows("SELECT * FROM records WHERE source = 'exercisedb' AND id = ?", [.text(id)]).first)
        let kept = zip(columns, row).filter { $0.0 != "reviewStamp" }.map { "\($0.0)=\($0.1)" }
        return (b.file(id), kept)
    }

    /// `review --set level=intermediate`, the same edit typed into the `$EDITOR` template, and
    /// the workbench's PUT of it: one file, byte for byte, and one row.
    @Test func theSameSetEditAtEveryDoorWritesTheSameFileAndRow() throws {
        let cli = try bench(), editor = try bench(), web = try bench()
        let set = runInProcess(["review", "s001", "--set", "level=intermediate"], in: cli.dir.path, environment: Self.environment)
        #expect(set.status == 0, "\(set.stderr)")
        let script = try editorScript(editor.dir, #"sed -i 's/^  "level": null,$/  "level": "intermediate",/' "$1""#)
        let edited = runInProcess(["review", "s001"], in: editor.dir.path, environment: Self.environment.merging(["EDITOR": script]) { $1 })
        #expect(edited.status == 0, "\(edited.stderr)")
        let put = web.send("PUT", "/api/records/s001/review", #"{"fields": {"level": "intermediate"}}"#, headers: ["If-Match": web.etag("s001")])
        #expect(put.status == 200, "\(put.text)")
        let expected = try outcome(cli, "s001")
        #expect(expected.file != nil)
        #expect(try outcome(editor, "s001") == expected)
        #expect(try outcome(web, "s001") == expected)
    }

    /// A review made stale by the next release, re-confirmed by `catalog accept` and by the
    /// workbench's "Re-confirm" button: one file, byte for byte, and one row.
    @Test func acceptAndTheWorkbenchsReconfirmWriteTheSameFileAndRow() throws {
        let cli = try bench(), web = try bench()
        for b in [cli, web] {
            let set = runInProcess(["review", "s004", "--set", "level=beginner", "--set", "equipment=barbell"], in: b.dir.path, environment: Self.environment)
            #expect(set.status == 0, "\(set.stderr)")
            #expect(runInProcess(["import", TestPaths.sampleNext], in: b.dir.path, environment: Self.environment).status == 0)
        }
        let stale = try outcome(cli, "s004")
        #expect(stale.row.contains("state=text(\"stale\")"), "\(stale.row)")
        let accepted = runInProcess(["accept", "s004"], in: cli.dir.path, environment: Self.environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let reconfirmed = web.send("POST", "/api/accept", #"{"ids": ["s004"]}"#)
        #expect(reconfirmed.status == 200, "\(reconfirmed.text)")
        let expected = try outcome(cli, "s004")
        #expect(expected.file != stale.file)
        #expect(try outcome(web, "s004") == expected)
    }
}
