import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `runInProcess` stands in for the binary in the command tests: on the same catalog it gives
/// the status, stdout and stderr the built `catalog` gives, for output, errors and writes.
@Suite struct InProcessParityTests {
    static let cases: [[String]] = [
        ["--help"], ["status"], ["queue", "--json"], ["show", "s001"], ["lint"], ["frobnicate"],
        ["review", "s001", "--set", "level=beginner"], ["review", "nope"], ["export", "--out", "out"],
        ["import", "missing.json"], ["--root", "sub", "status"],
        // Relative paths, opened against the run's folder and named as typed.
        ["init", "--root", "sub"], ["--root", ".", "status", "--json"], ["import", "--dry-run", "catalog/catalog.json"],
        ["revalidate", "--html", "report.html"], ["verify", "nope"], ["diff", "old", "new"], ["plan", "nope"],
    ]

    @Test(arguments: cases) func theInProcessRunIsTheBinarysRun(_ arguments: [String]) throws {
        let binaryDir = try newCatalog(importing: TestPaths.sample), inProcessDir = try newCatalog(importing: TestPaths.sample)
        let environment = ["CATALOG_EDITOR": "parity"]
        let binary = try runCatalog(arguments, in: binaryDir.path, environment: environment)
        let inProcess = runInProcess(arguments, in: inProcessDir.path, environment: environment)
        let same = { (text: String) in text.replacingOccurrences(of: binaryDir.path, with: inProcessDir.path) }
        #expect(inProcess.status == binary.status)
        #expect(inProcess.stdout == same(binary.stdout))
        #expect(inProcess.stderr == same(binary.stderr))
        #expect(treeHashes(inProcessDir.path) == treeHashes(binaryDir.path))
    }
}
