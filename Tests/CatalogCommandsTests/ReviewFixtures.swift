import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogSQLite
import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// What the suites of the review commands share (`review`, `show`, `lint`, `queue`, `suggest`,
/// `vocab`, run in-process on the sample catalog): the catalogs, a full review, and readers of
/// the commands' JSON.
protocol ReviewFixtures {}

extension ReviewFixtures {
    var env: [String: String] { ["CATALOG_EDITOR": "tester"] }
    var fullReview: [String] {
        ["review", "s001", "--set", "movementPattern=squat", "--set", "equipment=barbell,squat-rack",
         "--set", "primaryMuscles=quads,glutes", "--set", "level=intermediate", "--set", "setupSeconds=90", "--confidence", "0.9"]
    }


    /// init, the project's vocabularies, the sample release imported; no review yet.
    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    /// The committed sample catalog (catalog/ without catalog/sample, and reviews/), copied.
    func committedCatalog() throws -> TempDirectory { try committedSampleCatalog() }

    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    func object(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(text).objectValue) }

    func int(_ value: JSONValue?) -> Int? {
        if case .number(let n)? = value { return Int(n) }
        return nil
    }

    func reviewFile(_ id: String) -> String { "reviews/exercisedb/\(id).json" }

    func readReview(_ dir: TempDirectory, _ id: String) throws -> Review {
        let text = try #require(dir.read(reviewFile(id)), "no review file for \(id)")
        return try Review.parse(Array(text.utf8), file: reviewFile(id))
    }

    /// `show ID --json`.
    func show(_ dir: TempDirectory, _ id: String) throws -> JSONObject {
        let result = runInProcess(["show", id, "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return try object(result.stdout)
    }

    func reasons(_ shown: JSONObject) -> [String: JSONObject] {
        var out: [String: JSONObject] = [:]
        for reason in shown["reasons"]?.arrayValue ?? [] {
            guard let o = reason.objectValue, let code = o["code"]?.stringValue else { continue }
            out[code] = o["details"]?.objectValue ?? JSONObject()
        }
        return out
    }

    func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// `fingerprint ID`: the canonical text and the fingerprint.
    func fingerprint(_ dir: TempDirectory, _ id: String) throws -> (text: String, fingerprint: String) {
        let result = runInProcess(["fingerprint", id, "--json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let o = try object(result.stdout)
        return (try #require(o["canonicalText"]?.stringValue), try #require(o["fingerprint"]?.stringValue))
    }

}
