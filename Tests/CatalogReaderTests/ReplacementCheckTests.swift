import CatalogJSON
import CatalogModel
@testable import CatalogReader
import Foundation
import Testing
import TestSupport

/// verify holds a build's replacedBy to the format (schema 3): on a record removed upstream,
/// naming a record of the build that is neither removed upstream nor replaced itself.
@Suite struct ReplacementCheckTests {
    @Test func eachWrongReplacementIsNamedByRecord() throws {
        let exercises = Array(try WalkOrderTests.exercises().prefix(12)).enumerated().map { i, e -> Exercise in
            var e = e
            func remove() {
                e.autoPlan = false
                e.reasons = [(ReasonCode.upstreamRemoved, .object(JSONObject()))]
            }
            switch i {
            case 0: remove(); e.replacedBy = "exercisedb:x00001"  // fine
            case 2: remove(); e.replacedBy = "exercisedb:nowhere"
            case 3: e.replacedBy = "exercisedb:x00001"
            case 4: remove(); e.replacedBy = "exercisedb:x00000"
            default: break
            }
            return e
        }
        let dir = TempDirectory()
        #expect(WalkOrderTests.problems(try WalkOrderTests.build(exercises, in: dir)) == [
            "catalog.sqlite: record exercisedb:x00002: replacedBy names exercisedb:nowhere, which is no record of the build",
            "catalog.sqlite: record exercisedb:x00003: replacedBy is set on a record not removed upstream",
            "catalog.sqlite: record exercisedb:x00004: replacedBy names exercisedb:x00000, which is removed upstream itself",
        ])
    }
}
