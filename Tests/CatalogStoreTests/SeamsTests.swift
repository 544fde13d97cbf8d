import Foundation
import Testing
import TestSupport

/// The seams of issue 31, read off the sources: one evaluator builds eligibility's input, nothing
/// in the store but `Catalog` holds a `Catalog`, and the index's errors are mapped where they
/// arise (`CatalogIndex` throws `CatalogError`), not caught and wrapped again by each caller.
@Suite struct SeamsTests {
    /// Every Swift file under `Sources/<folder>`, relative path → text.
    static func sources(_ folder: String = "") throws -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot + "/Sources/" + folder
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { ("Sources/\(folder)\(folder.isEmpty ? "" : "/")\($0)", try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    static func lines(matching pattern: String, in files: [(path: String, text: String)], except: Set<String> = []) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        var found: [String] = []
        for (path, text) in files where !except.contains(path) {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { found.append("\(path):\(n + 1): \(line)") }
            }
        }
        return found
    }

    /// Before: six doors each assembled `Eligibility.Input(...)` by hand (workbench, template,
    /// accept, review, bulk, index rows). Now only `Evaluator` does.
    @Test func onlyTheEvaluatorBuildsEligibilitysInput() throws {
        let found = try Self.lines(matching: #"Eligibility\.Input\(|\bInput\(record:"#, in: Self.sources(),
                                   except: ["Sources/CatalogCore/Eligibility/Evaluator.swift"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Before: `ReviewIndexing` and `ImportSession` stored the `Catalog` that made them (and
    /// `Catalog.saveReview` called back into the one it was handed). Now no type of the store but
    /// `Catalog` stores one.
    @Test func nothingInTheStoreButCatalogStoresACatalog() throws {
        let found = try Self.lines(matching: #"^\s*(public |private |fileprivate |internal )?(let|var|weak var|unowned let) \w+ *: *Catalog\??\s*($|[=/])"#,
                                   in: Self.sources("CatalogStore"))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Before: about 24 copies of `catch { throw CatalogError.index(error) }`. Now the index
    /// throws `CatalogError` itself, its SQLite errors mapped in one place (`CatalogIndex.mapped`).
    /// The two workbench files keep theirs, now no-ops, until the workbench's move to its own
    /// module (issue 31, item 3) rewrites those lines.
    @Test func noCallerWrapsTheIndexsErrorsAgain() throws {
        let found = try Self.lines(matching: #"throw CatalogError\.index\(error\)"#, in: Self.sources(),
                                   except: ["Sources/CatalogStore/Index/IndexFailure.swift"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
