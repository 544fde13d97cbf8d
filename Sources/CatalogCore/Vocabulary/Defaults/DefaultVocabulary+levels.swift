// Generated from catalog/vocab/levels.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let levelsText = ####"""
{\####n  "formatVersion": 1,\####n  "levels": [\####n    {
      "definition": "Safe to learn without coaching: simple technique, stable positions, low skill and low injury risk; suitable in the first months of training.",
      "id": "beginner"\####n    },\####n    {
      "definition": "Needs a solid base: more coordination, balance, load or range of motion; suitable after several months of consistent training.",
      "id": "intermediate"\####n    },\####n    {
      "definition": "High skill, strength or risk: Olympic lifts, gymnastics holds, heavy or explosive work; best with experience or coaching.",
      "id": "advanced"\####n    }\####n  ],\####n  "synonyms": {\####n    "free-exercise-db": {
      "beginner": "beginner",\####n      "expert": "advanced",\####n      "intermediate": "intermediate"\####n    }
  }\####n}\####n
"""####
}
