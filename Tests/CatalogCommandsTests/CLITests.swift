import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// The front end (`CLI.run`): help for every command, the overview and version, usage errors (64),
/// missing inputs (66), `--root` before or after the command, `-h`, a root that does not exist.
@Suite struct CLITests: CommandFixtures {
    @Test(arguments: ["init", "import", "status", "show", "fingerprint"])
    func everyCommandHasHelp(command: String) throws {
        let dir = TempDirectory()
        let result = runInProcess([command, "--help"], in: dir.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: catalog \(command)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func overviewListsCommandsAndVersionPrints() throws {
        let dir = TempDirectory()
        let help = runInProcess(["--help"], in: dir.path)
        #expect(help.status == 0)
        for command in ["init", "import", "status", "show", "fingerprint"] { #expect(help.stdout.contains("  \(command) ")) }
        let version = runInProcess(["--version"], in: dir.path)
        #expect(version.stdout.hasPrefix("catalog "))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["status", "--frob"], "unknown option '--frob'"),
        (["import"], "missing FILE"),
        (["show"], "missing ID"),
        (["import", "x.json", "--format"], "--format needs a value"),
        (["import", "x.json", "--format", "yaml"], "unknown format 'yaml'"),
    ])
    func usageErrorsExit64WithUsage(arguments: [String], message: String) throws {
        let dir = TempDirectory()
        _ = runInProcess(["init"], in: dir.path)
        dir.write("x.json", "[{\"id\": \"1\", \"name\": \"a\", \"bodyPart\": \"b\", \"target\": \"c\"}]")
        let result = runInProcess(arguments, in: dir.path)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingInputsExit66() throws {
        let dir = TempDirectory()
        let notCatalog = runInProcess(["status"], in: dir.path)
        #expect(notCatalog.status == 66)
        #expect(notCatalog.stderr.contains("not a catalog"))
        _ = runInProcess(["init"], in: dir.path)
        let missing = runInProcess(["import", "nope.json"], in: dir.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("error: no such file (nope.json)"))
        let unknown = runInProcess(["show", "9999"], in: dir.path)
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("9999"))
    }

    @Test func rootOptionWorksBeforeAndAfterTheCommand() throws {
        let dir = TempDirectory()
        let elsewhere = TempDirectory()
        #expect(runInProcess(["--root", dir.path, "init"], in: elsewhere.path).status == 0)
        #expect(runInProcess(["import", TestPaths.sample, "--root", dir.path], in: elsewhere.path).status == 0)
        #expect(runInProcess(["status", "--root=\(dir.path)", "--json"], in: elsewhere.path).stdout.contains("\"records\": 24"))
    }

    @Test func dashHPrintsTheOverviewAsHelpDoes() throws {
        let dir = TempDirectory()
        let short = runInProcess(["-h"], in: dir.path), long = runInProcess(["--help"], in: dir.path)
        #expect(short.status == 0 && short.stdout == long.stdout && short.stdout.contains("Commands"), "\(short.stderr)")
    }

    @Test func aRootThatDoesNotExistIsSaidSoNotCalledNoCatalog() throws {
        let dir = TempDirectory()
        let result = runInProcess(["--root", dir.path + "/nowhere", "status"], in: dir.path)
        #expect(result.status == 66)
        #expect(result.stderr.contains("no such folder") && result.stderr.contains("nowhere"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/nowhere"))
    }
}
