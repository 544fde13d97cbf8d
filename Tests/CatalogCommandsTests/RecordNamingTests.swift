import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Ids the tool prints resolve to the record they name, and its command lines paste into bash.
@Suite struct RecordNamingTests {
    let env = ["CATALOG_EDITOR": "tester"]

    /// A free-exercise-db release whose ids collide with the sample's (as wger's pks collide with
    /// ExerciseDB's ids), plus one of its own.
    func reference(_ dir: TempDirectory) -> String {
        func record(_ id: String, _ name: String) -> String {
            #"{"id": "\#(id)", "name": "\#(name)", "force": "push", "level": "beginner", "mechanic": "compound", "equipment": "barbell", "primaryMuscles": ["quadriceps"], "secondaryMuscles": [], "instructions": ["Stand tall."], "category": "strength", "images": []}"#
        }
        return dir.write("reference.json", "[" + [record("s001", "Barbell_Squat"), record("ref-only", "Goblet_Squat")].joined(separator: ",") + "]")
    }

    @Test func aBareIdMeansTheMemberSourcesRecord() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let imported = runInProcess(["import", reference(dir)], in: dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let review = runInProcess(["review", "s001", "--set", "level=beginner", "--json"], in: dir.path, environment: env)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(try JSONParser.parse(review.stdout).objectValue?["source"] == "exercisedb")
        // Another source's record goes by its bare id when no other source holds it.
        let show = runInProcess(["show", "ref-only", "--json"], in: dir.path)
        #expect(try JSONParser.parse(show.stdout).objectValue?["source"] == "free-exercise-db")
        #expect(runInProcess(["show", "free-exercise-db:s001", "--json"], in: dir.path).status == 0)
    }

    /// A release whose ids hold shell syntax: the accept lines revalidate prints are pasted into
    /// bash, and they re-confirm exactly those records and run nothing.
    @Test func everyPrintedAcceptLinePastesIntoBash() throws {
        let hostile = ["s003": "s003;touch PWNED;", "s004": "$(touch PWNED2)", "s006": "`touch PWNED3`"]
        func release(_ path: String) throws -> String {
            var text = try String(contentsOfFile: path, encoding: .utf8)
            for (id, replacement) in hostile { text = text.replacingOccurrences(of: "\"\(id)\"", with: "\"\(replacement.replacingOccurrences(of: "\\", with: "\\\\"))\"") }
            return text
        }
        let dir = TempDirectory()
        #expect(runInProcess(["init"], in: dir.path).status == 0)
        let first = dir.write("first.json", try release(TestPaths.sample))
        #expect(runInProcess(["import", first], in: dir.path).status == 0)
        for id in hostile.values {
            let r = runInProcess(["review", id, "--set", "level=beginner", "--confidence", "0.9"], in: dir.path, environment: env)
            #expect(r.status == 0, "\(r.stderr)")
        }
        // The next release changes s004 and s006; s003 stays as it was. Make s003 change too.
        var next = try release(TestPaths.sampleNext)
        next = next.replacingOccurrences(of: "barbell flat bench press", with: "barbell flat bench press (paused)")
        let nextPath = dir.write("next.json", next)
        #expect(runInProcess(["import", nextPath], in: dir.path).status == 0)
        let report = runInProcess(["revalidate"], in: dir.path)
        let lines = report.stdout.split(separator: "\n").compactMap { line in line.range(of: "catalog accept ").map { String(line[$0.lowerBound...]) } }
        #expect(!lines.isEmpty, "\(report.stdout)")
        let json = try JSONParser.parse(runInProcess(["revalidate", "--json"], in: dir.path).stdout).objectValue
        let commands = json?["acceptCommands"]?.objectValue?.members.compactMap(\.value.stringValue) ?? []
        #expect(Set(commands) == Set(lines))
        let bin = URL(fileURLWithPath: TestPaths.catalogBinary).deletingLastPathComponent().path
        for line in lines {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", line]
            process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            var environment = scratchEnvironment()
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["CATALOG_EDITOR"] = "tester"
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(line)")
        }
        for file in ["PWNED", "PWNED2", "PWNED3"] { #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + file), "\(file) was created") }
        let status = try JSONParser.parse(runInProcess(["status", "--json"], in: dir.path).stdout).objectValue
        #expect(status?["states"]?.objectValue?["stale"] == 0)
    }

    @Test func afterImportingWgerABareExerciseDBIdStillNamesTheExerciseDBRecord() throws {
        guard let upstream = TestPaths.upstream else { print(TestPaths.upstreamMissingReason); return }
        let dir = try newCatalog(importing: upstream + "/exercisedb/exercises.json")
        let wger = ["translations.json", "exercise-base-data.json", "categories.json", "equipment.json", "muscles.json", "languages.json"].map { upstream + "/wger/" + $0 }
        let imported = runInProcess(["import"] + wger, in: dir.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let review = runInProcess(["review", "1316", "--set", "level=beginner", "--json"], in: dir.path, environment: env)
        #expect(review.status == 0, "\(review.stderr)")
        let written = try JSONParser.parse(review.stdout).objectValue
        #expect(written?["source"] == "exercisedb")
        #expect(written?["file"] == "reviews/exercisedb/1316.json")
        #expect(runInProcess(["show", "wger:1316", "--json"], in: dir.path).status == 0)
    }
}
