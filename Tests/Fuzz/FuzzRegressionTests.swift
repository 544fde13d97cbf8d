import Foundation
import Testing
import TestSupport

/// Replays every input a fuzzer found (Tests/Fuzz/regressions/<target>/), and the seeds, through
/// the checks the fuzz targets run: each must pass without a crash or a broken property.
@Suite struct FuzzRegressionTests {
    static let root = TestPaths.packageRoot + "/Tests/Fuzz"
    static let checks: [String: @Sendable ([UInt8]) -> Void] = [
        "json": FuzzChecks.json, "import": FuzzChecks.importers, "canonical": FuzzChecks.canonical,
        "gif": FuzzChecks.gif, "review": FuzzChecks.review, "diff": FuzzChecks.diff,
        "manifest": FuzzManifestChecks.run, "server": FuzzServerChecks.run,
    ]

    static var inputs: [String] {
        var out: [String] = []
        for folder in ["regressions", "seeds"] {
            for target in checks.keys.sorted() {
                let dir = root + "/\(folder)/\(target)"
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() where !name.hasPrefix(".") {
                    out.append("\(folder)/\(target)/\(name)")
                }
            }
        }
        return out
    }

    @Test(arguments: inputs)
    func replays(input: String) throws {
        let target = input.split(separator: "/")[1]
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + input)))
        Self.checks[String(target)]!(bytes)
    }
}
