import Foundation
import Testing
import TestSupport

/// The modules a planner links (issue 19): CatalogReader's dependency closure, read from the
/// package graph SwiftPM itself describes, holds no libxml2, no core (rules, suggester) and no HTML.
@Suite struct ModuleGraphTests {
    /// Target name → its direct target dependencies, from `swift package describe --type json`;
    /// nil (with the reason printed) when no `swift` can be run here.
    static func targetGraph() throws -> [String: [String]]? {
        let scratch = TempDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the describe never waits on the lock of the build running the tests.
        process.arguments = ["swift", "package", "--package-path", TestPaths.packageRoot, "--scratch-path", scratch.path, "describe", "--type", "json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("skipped: cannot run swift package describe (\(error))")
            return nil
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            print("skipped: swift package describe exited \(process.terminationStatus)")
            return nil
        }
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(root["targets"] as? [[String: Any]])
        var graph: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            graph[name] = target["target_dependencies"] as? [String] ?? []
        }
        return graph
    }

    static func closure(of target: String, in graph: [String: [String]]) -> Set<String> {
        var seen = Set<String>()
        var todo = graph[target] ?? []
        while let next = todo.popLast() {
            if seen.insert(next).inserted { todo += graph[next] ?? [] }
        }
        return seen
    }

    @Test func theReaderLinksNeitherLibxml2NorTheCore() throws {
        guard let graph = try Self.targetGraph() else { return }
        #expect(graph["CatalogReader"] != nil)
        let closure = Self.closure(of: "CatalogReader", in: graph)
        #expect(closure == ["CatalogJSON", "CatalogModel", "CatalogFiles", "CatalogSQLite", "CCrypto", "CSQLite", "CSystem"])
        // No review format and no write machinery (issue 32): the reader's own lines and its
        // closure's stay under 6,550 (6,804 at 87d3f25; 6,463 in session 19, with Folder, ReleaseFile,
        // FlatObject, LineChunks and KeptValue moved out; 6,534 in session 21, with ByteWords'
        // plain-ASCII and double-space scans, a file read without zero-filling, vocabulary lists
        // loaded in one pass): what moves in must be paid for.
        let lines = try (["CatalogReader"] + closure.filter { $0.hasPrefix("Catalog") }).reduce(0) { total, module in
            let folder = TestPaths.packageRoot + "/Sources/" + module
            let files = try #require(FileManager.default.subpaths(atPath: folder)).filter { $0.hasSuffix(".swift") }
            return total + (try files.reduce(0) { $0 + (try String(contentsOfFile: folder + "/" + $1, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count - 1 })
        }
        print("CatalogReader's closure: \(lines) lines of Swift")
        #expect(lines < 6_550, "CatalogReader's closure holds \(lines) lines")
        for forbidden in ["CLibXML2", "CatalogHTML", "CatalogCore"] { #expect(!closure.contains(forbidden), "CatalogReader links \(forbidden)") }
        // The reference planner links the reader and nothing more of the project (issue 38).
        let planner = Self.closure(of: "CatalogPlanner", in: graph)
        #expect(graph["CatalogPlanner"] != nil)
        #expect(planner == closure.union(["CatalogReader"]), "CatalogPlanner links \(planner.subtracting(closure.union(["CatalogReader"])).sorted())")
        // The JSON engine and the model stand on their own too.
        #expect(Self.closure(of: "CatalogJSON", in: graph).isEmpty)
        #expect(Self.closure(of: "CatalogModel", in: graph) == ["CatalogJSON", "CCrypto"])
    }

    /// The workbench is a door of its own (issue 31): it renders the views, links no command,
    /// and neither runs the command line nor reads what it prints.
    @Test func theWorkbenchLinksNoCommand() throws {
        guard let graph = try Self.targetGraph() else { return }
        #expect(graph["CatalogWorkbench"] != nil)
        let closure = Self.closure(of: "CatalogWorkbench", in: graph)
        #expect(closure.contains("CatalogViews"))
        #expect(!closure.contains("CatalogCommands"), "CatalogWorkbench links CatalogCommands")
        #expect(!Self.closure(of: "CatalogViews", in: graph).contains("CatalogCommands"))
    }

    @Test func theWorkbenchSourcesRunNoCommand() throws {
        let folder = TestPaths.packageRoot + "/Sources/CatalogWorkbench"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("Workbench.swift"))
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for forbidden in ["CLI.run", "CommandContext", "import CatalogCommands", "ParsedArguments", "console.out"] {
                #expect(!text.contains(forbidden), "\(file) holds \(forbidden)")
            }
        }
    }

    /// Only the executable runs the command line: no source calls `CLI.run` to reach the catalog
    /// and read what a command printed (the workbench's batch writes did, from `serve`, until
    /// they became `Acceptance` and `BulkConfirmation`).
    @Test func onlyTheExecutableRunsTheCommandLine() throws {
        let sources = TestPaths.packageRoot + "/Sources"
        let files = try #require(FileManager.default.subpaths(atPath: sources)).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("catalog/main.swift"))
        var callers: [String] = []
        for file in files where try String(contentsOfFile: sources + "/" + file, encoding: .utf8).contains("CLI.run(") { callers.append(file) }
        #expect(callers == ["catalog/main.swift"], "CLI.run is called from \(callers.sorted())")
        for file in files where file.hasPrefix("CatalogActions/") || file.hasPrefix("CatalogWorkbench/") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            #expect(!text.contains("JSONParser.parse"), "\(file) parses JSON it did not receive over HTTP")
        }
    }

    /// The web layer knows nothing of catalogs and the media reader nothing of the core
    /// (issue 32): their direct dependencies are exactly these.
    @Test func theServerAndTheMediaReaderLinkOnlyWhatTheyUse() throws {
        guard let graph = try Self.targetGraph() else { return }
        #expect(Set(graph["CatalogServer"] ?? []) == ["CatalogJSON", "CatalogModel", "CMicroHTTPD"])
        #expect(Set(graph["CatalogMedia"] ?? []) == ["CatalogModel", "CatalogFiles", "CGif"])
        for target in ["CatalogServer", "CatalogMedia"] {
            let closure = Self.closure(of: target, in: graph)
            for forbidden in ["CatalogCore", "CatalogHTML", "CLibXML2", "CatalogStore"] { #expect(!closure.contains(forbidden), "\(target) links \(forbidden)") }
        }
        // Rendering HTML is the workbench's: the core holds no page.
        #expect(!Self.closure(of: "CatalogCore", in: graph).contains("CatalogServer"))
    }

    /// Every module a target's sources import is one it declares, and no source re-exports a
    /// module (no `@_` + `exported import`): what a module links is what Package.swift says.
    @Test func everyImportIsADeclaredDependencyAndNothingIsReexported() throws {
        guard let graph = try Self.targetGraph() else { return }
        let root = TestPaths.packageRoot
        var undeclared: [String] = []
        for folder in ["Sources", "Tests"] {
            for target in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) {
                let path = root + "/" + folder + "/" + target
                let name = target == "Fuzz" ? "FuzzRegressionTests" : target
                guard let declared = graph[name], let files = FileManager.default.subpaths(atPath: path) else { continue }
                for file in files where file.hasSuffix(".swift") {
                    let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                    #expect(!text.contains("@_" + "exported"), "\(folder)/\(target)/\(file) re-exports a module")
                    for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                        let module = String(line.split(separator: " ").last!)
                        if graph[module] != nil, module != name, !declared.contains(module) { undeclared.append("\(folder)/\(target)/\(file): \(module)") }
                    }
                }
            }
        }
        #expect(undeclared.isEmpty, "imported but not declared: \(undeclared.sorted().joined(separator: ", "))")
    }
}
