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

/// `catalog lint`: rule findings, overrides, broken and non-canonical files, orphans.
@Suite struct LintCommandTests: ReviewFixtures {
    @Test func lintReportsRuleFindingsOverridesAndBrokenFiles() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let clean = runInProcess(["lint"], in: dir.path)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("1 review files, 0 with findings"), "\(clean.stdout)")

        // A justified exception to a soft rule: counted, not an error.
        let excepted = runInProcess(["review", "s019", "--set", "movementPattern=carry", "--set", "equipment=dumbbell",
                                       "--set", "primaryMuscles=forearms,grip,traps,abs", "--set", "level=beginner", "--set", "setupSeconds=15",
                                       "--confidence", "0.8", "--except", "primary-count=a loaded carry trains all four"],
                                      in: dir.path, environment: env)
        #expect(excepted.status == 0, "\(excepted.stderr)")
        #expect(try show(dir, "s019")["autoPlan"] == true)
        let overridden = runInProcess(["lint", "--json"], in: dir.path)
        #expect(overridden.status == 0)
        let report = try object(overridden.stdout)
        #expect(int(report["overrides"]?.objectValue?["primary-count"]) == 1)
        #expect(int(report["errors"]) == 0)
        #expect(int(report["files"]) == 2)
        let finding = report["findings"]?.arrayValue?.first?.objectValue
        #expect(finding?["level"] == "override")
        #expect(finding?["justification"] == "a loaded carry trains all four")
        #expect(runInProcess(["lint"], in: dir.path).stdout.contains("soft rules overridden: primary-count 1"))

        // A muscle no vocabulary knows, written by hand.
        let valid = try #require(dir.read(reviewFile("s001")))
        let handWritten = valid.replacingOccurrences(of: "\n        \"quads\",\n", with: "\n        \"quadz\",\n")
        #expect(handWritten != valid)
        dir.write(reviewFile("s001"), handWritten)
        let unknown = runInProcess(["lint"], in: dir.path)
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("reviews/exercisedb/s001.json: error: [muscle-unknown]"), "\(unknown.stdout)")
        #expect(unknown.stdout.contains("(field primaryMuscles[0])"), "\(unknown.stdout)")
        let unknownJSON = try object(runInProcess(["lint", "--json"], in: dir.path).stdout)
        #expect((int(unknownJSON["errors"]) ?? 0) >= 1)
        #expect(reasons(try show(dir, "s001"))["FIELD_INVALID"] != nil)

        // A file that is not JSON.
        dir.write(reviewFile("s003"), "{\"source\": \"exercisedb\", \"id\": ")
        let broken = runInProcess(["lint"], in: dir.path)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("reviews/exercisedb/s003.json: error: [review-format]"), "\(broken.stdout)")
        // It blocks the record like a hard rule, and other commands still work.
        let shown = try show(dir, "s003")
        #expect(shown["autoPlan"] == false)
        #expect(reasons(shown)["FIELD_INVALID"]?["rule"] == "review-format")
        #expect(runInProcess(["status"], in: dir.path).status == 0)
    }

    @Test func lintWarnsAboutAReviewNotInCanonicalFormAndAnOrphan() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let review = try readReview(dir, "s001")
        dir.write(reviewFile("s001"), JSONWriter.string(review.json))
        let compact = runInProcess(["lint"], in: dir.path)
        #expect(compact.status == 0)
        #expect(compact.stdout.contains("warning: [review-canonical]"), "\(compact.stdout)")

        var orphan = Review(source: "exercisedb", id: "s999")
        orphan.confidence = 1
        dir.write(reviewFile("s999"), orphan.fileText)
        let orphaned = runInProcess(["lint"], in: dir.path)
        #expect(orphaned.status == 1)
        #expect(orphaned.stdout.contains("reviews/exercisedb/s999.json: error: [review-orphan]"), "\(orphaned.stdout)")
    }

    @Test func aConfidenceOutOfRangeWrittenByHandIsAFindingNotACrash() throws {
        let dir = try sampleCatalog()
        #expect(runInProcess(fullReview, in: dir.path, environment: env).status == 0)
        let valid = try #require(dir.read(reviewFile("s001")))
        dir.write(reviewFile("s001"), valid.replacingOccurrences(of: "\"confidence\": 0.9,", with: "\"confidence\": 2,"))
        let two = runInProcess(["lint"], in: dir.path)
        #expect(two.status == 1)
        #expect(two.stdout.contains("[confidence-range]"), "\(two.stdout)")

        dir.write(reviewFile("s001"), valid.replacingOccurrences(of: "\"confidence\": 0.9,", with: "\"confidence\": 1e20,"))
        let huge = runInProcess(["lint"], in: dir.path)
        let status = runInProcess(["status", "--json"], in: dir.path)
        #expect(huge.status == 1, "\(huge.stderr.prefix(300))")
        #expect(huge.stdout.contains("[confidence-range]"))
        #expect(status.status == 0, "\(status.stderr.prefix(300))")
    }

    @Test func lintSaysWhereAReviewFileStopsParsing() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        dir.write("reviews/exercisedb/s010.json", "{broken\n")
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("[review-format]") && lint.stdout.contains("(line 1, column 2)"), "\(lint.stdout)")
    }
}
