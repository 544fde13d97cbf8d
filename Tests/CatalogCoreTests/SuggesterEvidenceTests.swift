import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport
import Testing

/// A suggester that does not explain (a bulk review's) drafts the same values, confidences and
/// rules, with no evidence at all.
extension SuggesterTests {
    @Test func withoutEvidenceEverySuggestionIsTheSameButItsEvidence() {
        var quiet = Suggester(vocabulary: Self.vocabulary, references: ReferenceIndex([Self.fullSquat]))
        let explaining = quiet
        quiet.explains = false
        let cases: [(name: String, equipment: String, target: String, secondary: [String])] = [
            ("barbell full squat (side pov)", "barbell", "glutes", ["hamstrings"]), ("barbell full squat", "smith machine", "glutes", []),
            ("overhead triceps stretch", "body weight", "triceps", []), ("single arm dumbbell row", "dumbbell", "upper back", ["biceps"]),
            ("push-up", "body weight", "pectorals", ["triceps", "delts"]), ("jump rope", "rope", "cardiovascular system", []),
            ("band shoulder external rotation", "band", "delts", []), ("alternating dumbbell curl", "dumbbell", "biceps", []),
            ("walking lunge", "body weight", "glutes", ["quads"]), ("cable crossover fly", "cable", "pectorals", []),
            ("barbell deadlift", "barbell", "glutes", ["hamstrings", "lower back"]), ("plank", "body weight", "abs", []),
        ]
        for c in cases {
            let record = ReviewFixtures.record(name: c.name, target: c.target, equipment: c.equipment, secondary: c.secondary)
            let full = explaining.suggest(record, source: "exercisedb", vocabularyKey: "exercisedb")
            let bare = quiet.suggest(record, source: "exercisedb", vocabularyKey: "exercisedb")
            #expect(Array(full.fields).map(\.field) == Array(bare.fields).map(\.field), "\(c.name)")
            for ((field, a), (_, b)) in zip(full.fields, bare.fields) {
                #expect(a.value == b.value && a.confidence == b.confidence && a.rule == b.rule, "\(c.name) \(field)")
                #expect(!a.evidence.isEmpty && b.evidence.isEmpty, "\(c.name) \(field)")
            }
            #expect(full.planning?.value == bare.planning?.value && full.planning?.rule == bare.planning?.rule)
            #expect(bare.planning?.evidence == [] && full.planning?.evidence.isEmpty == false)
            #expect(full.unmapped == bare.unmapped && full.sources.map(\.record.id) == bare.sources.map(\.record.id))
        }
    }
}
