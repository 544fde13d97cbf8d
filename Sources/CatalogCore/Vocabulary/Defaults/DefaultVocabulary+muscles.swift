// Generated from catalog/vocab/muscles.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let musclesText = ####"""
{\####n  "formatVersion": 1,\####n  "groups": [\####n    {\####n      "id": "chest",\####n      "muscles": [
        "pectorals",\####n        "serratus-anterior"\####n      ]\####n    },\####n    {\####n      "id": "back",
      "muscles": [\####n        "lats",\####n        "upper-back",\####n        "traps",\####n        "lower-back",
        "rhomboids"\####n      ]\####n    },\####n    {\####n      "id": "shoulders",\####n      "muscles": [
        "front-delts",\####n        "side-delts",\####n        "rear-delts",\####n        "rotator-cuff"\####n      ]
    },\####n    {\####n      "id": "upper-arms",\####n      "muscles": [\####n        "biceps",\####n        "triceps",
        "brachialis"\####n      ]\####n    },\####n    {\####n      "id": "lower-arms",\####n      "muscles": [
        "forearms",\####n        "wrist-flexors",\####n        "wrist-extensors",\####n        "grip"\####n      ]
    },\####n    {\####n      "id": "core",\####n      "muscles": [\####n        "abs",\####n        "obliques"
      ]\####n    },\####n    {\####n      "id": "hips",\####n      "muscles": [\####n        "glutes",
        "abductors",\####n        "hip-flexors"\####n      ]\####n    },\####n    {\####n      "id": "thighs",
      "muscles": [\####n        "quads",\####n        "hamstrings",\####n        "adductors"\####n      ]\####n    },
    {\####n      "id": "lower-legs",\####n      "muscles": [\####n        "calves",\####n        "soleus",
        "tibialis-anterior",\####n        "ankle-stabilizers",\####n        "foot-intrinsics"\####n      ]\####n    },
    {\####n      "id": "neck",\####n      "muscles": [\####n        "sternocleidomastoid",
        "levator-scapulae",\####n        "neck-extensors"\####n      ]\####n    },\####n    {
      "id": "conditioning",\####n      "muscles": [\####n        "cardiovascular-system"\####n      ]\####n    }
  ],\####n  "muscles": [\####n    {\####n      "id": "pectorals",
      "name": "Chest (pectoralis major and minor)",\####n      "planner": true\####n    },\####n    {
      "id": "serratus-anterior",\####n      "name": "Serratus anterior",\####n      "planner": false\####n    },
    {\####n      "id": "lats",\####n      "name": "Lats (latissimus dorsi)",\####n      "planner": true\####n    },
    {\####n      "id": "upper-back",\####n      "name": "Upper back (mid traps, rhomboids, teres)",
      "planner": true\####n    },\####n    {\####n      "id": "traps",\####n      "name": "Trapezius (upper traps)",
      "planner": true\####n    },\####n    {\####n      "id": "lower-back",
      "name": "Lower back (erector spinae)",\####n      "planner": true\####n    },\####n    {
      "id": "rhomboids",\####n      "name": "Rhomboids",\####n      "planner": false\####n    },\####n    {
      "id": "front-delts",\####n      "name": "Front deltoids",\####n      "planner": true\####n    },\####n    {
      "id": "side-delts",\####n      "name": "Side (lateral) deltoids",\####n      "planner": true\####n    },
    {\####n      "id": "rear-delts",\####n      "name": "Rear deltoids",\####n      "planner": true\####n    },
    {\####n      "id": "rotator-cuff",\####n      "name": "Rotator cuff",\####n      "planner": false\####n    },
    {\####n      "id": "biceps",\####n      "name": "Biceps",\####n      "planner": true\####n    },\####n    {
      "id": "triceps",\####n      "name": "Triceps",\####n      "planner": true\####n    },\####n    {
      "id": "brachialis",\####n      "name": "Brachialis",\####n      "planner": false\####n    },\####n    {
      "id": "forearms",\####n      "name": "Forearms",\####n      "planner": true\####n    },\####n    {
      "id": "wrist-flexors",\####n      "name": "Wrist flexors",\####n      "planner": false\####n    },\####n    {
      "id": "wrist-extensors",\####n      "name": "Wrist extensors",\####n      "planner": false\####n    },\####n    {
      "id": "grip",\####n      "name": "Grip (hand and finger flexors)",\####n      "planner": false\####n    },
    {\####n      "id": "abs",\####n      "name": "Abs (rectus abdominis)",\####n      "planner": true\####n    },
    {\####n      "id": "obliques",\####n      "name": "Obliques",\####n      "planner": true\####n    },\####n    {
      "id": "glutes",\####n      "name": "Glutes",\####n      "planner": true\####n    },\####n    {
      "id": "abductors",\####n      "name": "Hip abductors (glute medius and minimus, TFL)",\####n      "planner": true
    },\####n    {\####n      "id": "hip-flexors",\####n      "name": "Hip flexors (iliopsoas, rectus femoris)",
      "planner": true\####n    },\####n    {\####n      "id": "quads",\####n      "name": "Quadriceps",
      "planner": true\####n    },\####n    {\####n      "id": "hamstrings",\####n      "name": "Hamstrings",
      "planner": true\####n    },\####n    {\####n      "id": "adductors",
      "name": "Hip adductors (inner thigh)",\####n      "planner": true\####n    },\####n    {
      "id": "calves",\####n      "name": "Calves (gastrocnemius)",\####n      "planner": true\####n    },\####n    {
      "id": "soleus",\####n      "name": "Soleus",\####n      "planner": false\####n    },\####n    {
      "id": "tibialis-anterior",\####n      "name": "Tibialis anterior (shins)",\####n      "planner": false\####n    },
    {\####n      "id": "ankle-stabilizers",\####n      "name": "Ankle stabilizers (peroneals, tibialis posterior)",
      "planner": false\####n    },\####n    {\####n      "id": "foot-intrinsics",
      "name": "Intrinsic foot muscles",\####n      "planner": false\####n    },\####n    {
      "id": "sternocleidomastoid",\####n      "name": "Sternocleidomastoid",\####n      "planner": false\####n    },
    {\####n      "id": "levator-scapulae",\####n      "name": "Levator scapulae",\####n      "planner": false
    },\####n    {\####n      "id": "neck-extensors",
      "name": "Neck extensors (splenius, upper trapezius fibres)",\####n      "planner": false\####n    },\####n    {
      "id": "cardiovascular-system",\####n      "name": "Cardiovascular system (not a muscle)",
      "planner": false\####n    }\####n  ],\####n  "patternMuscles": {\####n    "anti-extension": [\####n      "abs"
    ],\####n    "calf-raise": [\####n      "calves"\####n    ],\####n    "carry": [\####n      "forearms",
      "traps"\####n    ],\####n    "conditioning": [\####n      "cardiovascular-system"\####n    ],
    "elbow-extension": [\####n      "triceps"\####n    ],\####n    "elbow-flexion": [\####n      "biceps"\####n    ],
    "hinge": [\####n      "glutes",\####n      "hamstrings"\####n    ],\####n    "hip-abduction": [
      "abductors"\####n    ],\####n    "hip-adduction": [\####n      "adductors"\####n    ],\####n    "hip-extension": [
      "glutes"\####n    ],\####n    "horizontal-pull": [\####n      "upper-back",\####n      "lats"\####n    ],
    "horizontal-push": [\####n      "pectorals"\####n    ],\####n    "knee-extension": [\####n      "quads"\####n    ],
    "knee-flexion": [\####n      "hamstrings"\####n    ],\####n    "lateral-flexion": [\####n      "obliques"
    ],\####n    "lunge": [\####n      "quads",\####n      "glutes"\####n    ],\####n    "rear-shoulder": [
      "rear-delts"\####n    ],\####n    "scapular": [\####n      "traps"\####n    ],\####n    "shoulder-raise": [
      "side-delts"\####n    ],\####n    "squat": [\####n      "quads",\####n      "glutes"\####n    ],
    "trunk-flexion": [\####n      "abs"\####n    ],\####n    "trunk-rotation": [\####n      "obliques"\####n    ],
    "vertical-pull": [\####n      "lats"\####n    ],\####n    "vertical-push": [\####n      "front-delts"\####n    ],
    "wrist-and-grip": [\####n      "forearms"\####n    ]\####n  },\####n  "synonyms": {\####n    "exercisedb": {
      "abdominals": [\####n        "abs"\####n      ],\####n      "abductors": [\####n        "abductors"\####n      ],
      "abs": [\####n        "abs"\####n      ],\####n      "adductors": [\####n        "adductors"\####n      ],
      "ankle stabilizers": [\####n        "ankle-stabilizers"\####n      ],\####n      "ankles": [
        "ankle-stabilizers"\####n      ],\####n      "back": [\####n        "back"\####n      ],\####n      "biceps": [
        "biceps"\####n      ],\####n      "brachialis": [\####n        "brachialis"\####n      ],\####n      "calves": [
        "calves"\####n      ],\####n      "cardiovascular system": [\####n        "cardiovascular-system"\####n      ],
      "chest": [\####n        "pectorals"\####n      ],\####n      "core": [\####n        "core"\####n      ],
      "deltoids": [\####n        "shoulders"\####n      ],\####n      "delts": [\####n        "shoulders"\####n      ],
      "feet": [\####n        "foot-intrinsics"\####n      ],\####n      "forearms": [\####n        "forearms"
      ],\####n      "glutes": [\####n        "glutes"\####n      ],\####n      "grip muscles": [\####n        "grip"
      ],\####n      "groin": [\####n        "adductors"\####n      ],\####n      "hamstrings": [
        "hamstrings"\####n      ],\####n      "hands": [\####n        "grip"\####n      ],\####n      "hip flexors": [
        "hip-flexors"\####n      ],\####n      "inner thighs": [\####n        "adductors"\####n      ],
      "latissimus dorsi": [\####n        "lats"\####n      ],\####n      "lats": [\####n        "lats"\####n      ],
      "levator scapulae": [\####n        "levator-scapulae"\####n      ],\####n      "lower abs": [\####n        "abs"
      ],\####n      "lower back": [\####n        "lower-back"\####n      ],\####n      "obliques": [
        "obliques"\####n      ],\####n      "pectorals": [\####n        "pectorals"\####n      ],
      "quadriceps": [\####n        "quads"\####n      ],\####n      "quads": [\####n        "quads"\####n      ],
      "rear deltoids": [\####n        "rear-delts"\####n      ],\####n      "rhomboids": [\####n        "rhomboids"
      ],\####n      "rotator cuff": [\####n        "rotator-cuff"\####n      ],\####n      "serratus anterior": [
        "serratus-anterior"\####n      ],\####n      "shins": [\####n        "tibialis-anterior"\####n      ],
      "shoulders": [\####n        "shoulders"\####n      ],\####n      "soleus": [\####n        "soleus"\####n      ],
      "spine": [\####n        "lower-back"\####n      ],\####n      "sternocleidomastoid": [
        "sternocleidomastoid"\####n      ],\####n      "trapezius": [\####n        "traps"\####n      ],
      "traps": [\####n        "traps"\####n      ],\####n      "triceps": [\####n        "triceps"\####n      ],
      "upper back": [\####n        "upper-back"\####n      ],\####n      "upper chest": [\####n        "pectorals"
      ],\####n      "wrist extensors": [\####n        "wrist-extensors"\####n      ],\####n      "wrist flexors": [
        "wrist-flexors"\####n      ],\####n      "wrists": [\####n        "wrist-flexors",
        "wrist-extensors"\####n      ]\####n    },\####n    "free-exercise-db": {\####n      "abdominals": [
        "abs"\####n      ],\####n      "abductors": [\####n        "abductors"\####n      ],\####n      "adductors": [
        "adductors"\####n      ],\####n      "biceps": [\####n        "biceps"\####n      ],\####n      "calves": [
        "calves"\####n      ],\####n      "chest": [\####n        "pectorals"\####n      ],\####n      "forearms": [
        "forearms"\####n      ],\####n      "glutes": [\####n        "glutes"\####n      ],\####n      "hamstrings": [
        "hamstrings"\####n      ],\####n      "lats": [\####n        "lats"\####n      ],\####n      "lower back": [
        "lower-back"\####n      ],\####n      "middle back": [\####n        "upper-back"\####n      ],
      "neck": [\####n        "neck"\####n      ],\####n      "quadriceps": [\####n        "quads"\####n      ],
      "shoulders": [\####n        "shoulders"\####n      ],\####n      "traps": [\####n        "traps"\####n      ],
      "triceps": [\####n        "triceps"\####n      ]\####n    },\####n    "wger": {\####n      "Abs": [
        "abs"\####n      ],\####n      "Anterior deltoid": [\####n        "shoulders"\####n      ],
      "Biceps": [\####n        "biceps"\####n      ],\####n      "Biceps brachii": [\####n        "biceps"\####n      ],
      "Biceps femoris": [\####n        "hamstrings"\####n      ],\####n      "Brachialis": [\####n        "brachialis"
      ],\####n      "Calves": [\####n        "calves"\####n      ],\####n      "Chest": [\####n        "pectorals"
      ],\####n      "Erector spinae": [\####n        "lower-back"\####n      ],\####n      "Gastrocnemius": [
        "calves"\####n      ],\####n      "Glutes": [\####n        "glutes"\####n      ],
      "Gluteus maximus": [\####n        "glutes"\####n      ],\####n      "Hamstrings": [\####n        "hamstrings"
      ],\####n      "Latissimus dorsi": [\####n        "lats"\####n      ],\####n      "Lats": [\####n        "lats"
      ],\####n      "Lower back": [\####n        "lower-back"\####n      ],\####n      "Obliquus externus abdominis": [
        "obliques"\####n      ],\####n      "Pectoralis major": [\####n        "pectorals"\####n      ],
      "Quadriceps femoris": [\####n        "quads"\####n      ],\####n      "Quads": [\####n        "quads"
      ],\####n      "Rectus abdominis": [\####n        "abs"\####n      ],\####n      "Serratus anterior": [
        "serratus-anterior"\####n      ],\####n      "Shoulders": [\####n        "shoulders"\####n      ],
      "Soleus": [\####n        "soleus"\####n      ],\####n      "Trapezius": [\####n        "traps"\####n      ],
      "Triceps": [\####n        "triceps"\####n      ],\####n      "Triceps brachii": [\####n        "triceps"
      ]\####n    }\####n  }\####n}\####n
"""####
}
