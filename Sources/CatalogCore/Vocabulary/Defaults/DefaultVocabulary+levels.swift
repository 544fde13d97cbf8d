// Generated from catalog/vocab/levels.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let levelsText = ####"""
{\####n  "formatVersion": 1,\####n  "levels": [\####n    {\####n      "definition": "Safe to learn without coaching: sim\####
ple technique, stable positions, low skill and low injury risk; suitable in the first months of training.",\####n      "\####
id": "beginner"\####n    },\####n    {\####n      "definition": "Needs a solid base: more coordination, balance, load or\####
 range of motion; suitable after several months of consistent training.",\####n      "id": "intermediate"\####n    },\####
\####n    {\####n      "definition": "High skill, strength or risk: Olympic lifts, gymnastics holds, heavy or explosive \####
work; best with experience or coaching.",\####n      "id": "advanced"\####n    }\####n  ],\####n  "synonyms": {\####n   \####
 "free-exercise-db": {\####n      "beginner": "beginner",\####n      "expert": "advanced",\####n      "intermediate": "i\####
ntermediate"\####n    }\####n  }\####n}\####n
"""####
}
