// Generated from catalog/vocab/joints.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let jointsText = ####"""
{\####n  "formatVersion": 1,\####n  "joints": [\####n    {\####n      "definition": "The lumbar spine: loaded by hinging\####
, heavy squats, loaded carries and rows bent over, and by spinal flexion or extension under load.",\####n      "id": "lo\####
wer-back"\####n    },\####n    {\####n      "definition": "Loaded by deep or heavy knee flexion and extension: squats, l\####
unges, leg presses, leg extensions, jumps and landings.",\####n      "id": "knee"\####n    },\####n    {\####n      "def\####
inition": "The glenohumeral joint: loaded by pressing, overhead work, dips, hanging and pulling, and end-range stretches\####
 of the arm.",\####n      "id": "shoulder"\####n    },\####n    {\####n      "definition": "Loaded by curls, triceps ext\####
ensions, heavy pressing and pulling, and by hanging or supporting the body on the hands.",\####n      "id": "elbow"\####
\####n    },\####n    {\####n      "definition": "Loaded by supporting the body on the hands (push-ups, planks on hands)\####
, front-rack and overhead holds, and wrist curls.",\####n      "id": "wrist"\####n    },\####n    {\####n      "definiti\####
on": "Loaded by deep hip flexion under load, hinging, lunging, abduction and adduction against resistance, and kicks.",\####
\####n      "id": "hip"\####n    },\####n    {\####n      "definition": "Loaded by calf raises, jumping, running, landin\####
g, and deep squats and lunges that need dorsiflexion.",\####n      "id": "ankle"\####n    },\####n    {\####n      "defi\####
nition": "The cervical spine: loaded by neck flexion and extension work, bridges on the head, and crunches that pull on \####
the head.",\####n      "id": "neck"\####n    }\####n  ]\####n}\####n
"""####
}
