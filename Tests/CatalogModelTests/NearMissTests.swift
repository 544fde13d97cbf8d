import CatalogModel
import CatalogRecords
import Testing

@Suite struct NearMissTests {
    @Test func aFoldedNameASynonymOrOneEditAwayIsNamed() {
        #expect(NearMiss.closest(to: "vertical_pull", among: ["vertical-pull", "horizontal-pull"]) == ["vertical-pull"])
        #expect(NearMiss.closest(to: "barbel", among: ["barbell", "dumbbell", "cable"]) == ["barbell"])
        #expect(NearMiss.closest(to: "reveiw", among: ["review", "revalidate", "accept"]) == ["review"])
        #expect(NearMiss.closest(to: "body weight", among: ["barbell"], synonyms: ["body weight": []]) == [])
        #expect(NearMiss.closest(to: "ez bar", among: ["barbell"], synonyms: ["EZ bar": ["ez-curl-bar"]]) == ["ez-curl-bar"])
        #expect(NearMiss.hint("levitation", among: ["squat", "hinge"]) == "")
        #expect(NearMiss.hint("quadss", among: ["quads", "glutes"]) == "; did you mean quads?")
    }

    /// A short name is allowed one edit, a longer one two; never more.
    @Test func farNamesAreNotSuggested() {
        #expect(NearMiss.closest(to: "abs", among: ["arms"]) == [])
        #expect(NearMiss.closest(to: "lat", among: ["lats"]) == ["lats"])
        #expect(NearMiss.closest(to: "kettlebel", among: ["kettlebell"]) == ["kettlebell"])
        #expect(NearMiss.closest(to: "ketlbel", among: ["kettlebell"]) == [])
        #expect(NearMiss.hint("sqat", among: ["squat", "squad"]) == "; did you mean squat?")
        #expect(NearMiss.hint("lat", among: ["lats", "lap", "arm"]) == "; did you mean lap or lats?")
    }
}
