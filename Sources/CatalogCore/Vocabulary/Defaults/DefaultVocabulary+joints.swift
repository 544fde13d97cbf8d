// Generated from catalog/vocab/joints.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let jointsText = ####"""
{\####n  "formatVersion": 1,\####n  "joints": [\####n    {
      "definition": "The lumbar spine: loaded by hinging, heavy squats, loaded carries and rows bent over, and by spinal flexion or extension under load.",
      "id": "lower-back"\####n    },\####n    {
      "definition": "Loaded by deep or heavy knee flexion and extension: squats, lunges, leg presses, leg extensions, jumps and landings.",
      "id": "knee"\####n    },\####n    {
      "definition": "The glenohumeral joint: loaded by pressing, overhead work, dips, hanging and pulling, and end-range stretches of the arm.",
      "id": "shoulder"\####n    },\####n    {
      "definition": "Loaded by curls, triceps extensions, heavy pressing and pulling, and by hanging or supporting the body on the hands.",
      "id": "elbow"\####n    },\####n    {
      "definition": "Loaded by supporting the body on the hands (push-ups, planks on hands), front-rack and overhead holds, and wrist curls.",
      "id": "wrist"\####n    },\####n    {
      "definition": "Loaded by deep hip flexion under load, hinging, lunging, abduction and adduction against resistance, and kicks.",
      "id": "hip"\####n    },\####n    {
      "definition": "Loaded by calf raises, jumping, running, landing, and deep squats and lunges that need dorsiflexion.",
      "id": "ankle"\####n    },\####n    {
      "definition": "The cervical spine: loaded by neck flexion and extension work, bridges on the head, and crunches that pull on the head.",
      "id": "neck"\####n    }\####n  ]\####n}\####n
"""####
}
