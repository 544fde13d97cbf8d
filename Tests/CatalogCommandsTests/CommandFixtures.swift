import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// What the command suites share: a command's JSON (or a file's) as an object, a new catalog
/// with or without the sample imported, a number deep in an object, a review file as JSON.
protocol CommandFixtures {}

extension CommandFixtures {
    func json(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).objectValue)
    }

    /// `catalog init` in a new folder; nothing imported.
    func freshCatalog() throws -> TempDirectory {
        let dir = TempDirectory()
        let result = runInProcess(["init"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    func sampleCatalog() throws -> TempDirectory { try newCatalog(importing: TestPaths.sample) }

    func int(_ object: JSONObject, _ path: String...) -> Int? {
        var value: JSONValue? = .object(object)
        for key in path { value = value?.objectValue?[key] }
        if case .number(let n)? = value { return Int(n) }
        return nil
    }

    func reviewJSON(_ dir: TempDirectory, _ id: String) throws -> JSONObject {
        try json(try #require(dir.read("reviews/exercisedb/\(id).json")))
    }
}
