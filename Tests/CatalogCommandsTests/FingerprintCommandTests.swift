import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog fingerprint`: the canonical text and its SHA-256.
@Suite struct FingerprintCommandTests: CommandFixtures {
    @Test func fingerprintPrintsCanonicalTextWhoseSHA256IsTheFingerprint() throws {
        let dir = try freshCatalog()
        _ = runInProcess(["import", TestPaths.sample], in: dir.path)
        let result = runInProcess(["fingerprint", "s004"], in: dir.path)
        #expect(result.status == 0)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // trailing newline
        let fingerprint = lines.removeLast()
        #expect(lines.first?.hasPrefix("name: ") == true)
        #expect(fingerprint == "fp1:" + SHA256.hex(lines.joined(separator: "\n") + "\n"))
        let byName = runInProcess(["fingerprint", "exercisedb:s004"], in: dir.path)
        #expect(byName.stdout == result.stdout)
    }
}
