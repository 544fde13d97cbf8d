// Generated from catalog/vocab/muscles.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let musclesText = ####"""
{\####n  "formatVersion": 1,\####n  "groups": [\####n    {\####n      "id": "chest",\####n      "muscles": [\####n      \####
  "pectorals",\####n        "serratus-anterior"\####n      ]\####n    },\####n    {\####n      "id": "back",\####n      \####
"muscles": [\####n        "lats",\####n        "upper-back",\####n        "traps",\####n        "lower-back",\####n     \####
   "rhomboids"\####n      ]\####n    },\####n    {\####n      "id": "shoulders",\####n      "muscles": [\####n        "f\####
ront-delts",\####n        "side-delts",\####n        "rear-delts",\####n        "rotator-cuff"\####n      ]\####n    },\####
\####n    {\####n      "id": "upper-arms",\####n      "muscles": [\####n        "biceps",\####n        "triceps",\####n \####
       "brachialis"\####n      ]\####n    },\####n    {\####n      "id": "lower-arms",\####n      "muscles": [\####n    \####
    "forearms",\####n        "wrist-flexors",\####n        "wrist-extensors",\####n        "grip"\####n      ]\####n    \####
},\####n    {\####n      "id": "core",\####n      "muscles": [\####n        "abs",\####n        "obliques"\####n      ]\####
\####n    },\####n    {\####n      "id": "hips",\####n      "muscles": [\####n        "glutes",\####n        "abductors"\####
,\####n        "hip-flexors"\####n      ]\####n    },\####n    {\####n      "id": "thighs",\####n      "muscles": [\####
\####n        "quads",\####n        "hamstrings",\####n        "adductors"\####n      ]\####n    },\####n    {\####n    \####
  "id": "lower-legs",\####n      "muscles": [\####n        "calves",\####n        "soleus",\####n        "tibialis-anter\####
ior",\####n        "ankle-stabilizers",\####n        "foot-intrinsics"\####n      ]\####n    },\####n    {\####n      "i\####
d": "neck",\####n      "muscles": [\####n        "sternocleidomastoid",\####n        "levator-scapulae",\####n        "n\####
eck-extensors"\####n      ]\####n    },\####n    {\####n      "id": "conditioning",\####n      "muscles": [\####n       \####
 "cardiovascular-system"\####n      ]\####n    }\####n  ],\####n  "muscles": [\####n    {\####n      "id": "pectorals",\####
\####n      "name": "Chest (pectoralis major and minor)",\####n      "planner": true\####n    },\####n    {\####n      "\####
id": "serratus-anterior",\####n      "name": "Serratus anterior",\####n      "planner": false\####n    },\####n    {\####
\####n      "id": "lats",\####n      "name": "Lats (latissimus dorsi)",\####n      "planner": true\####n    },\####n    \####
{\####n      "id": "upper-back",\####n      "name": "Upper back (mid traps, rhomboids, teres)",\####n      "planner": tr\####
ue\####n    },\####n    {\####n      "id": "traps",\####n      "name": "Trapezius (upper traps)",\####n      "planner": \####
true\####n    },\####n    {\####n      "id": "lower-back",\####n      "name": "Lower back (erector spinae)",\####n      \####
"planner": true\####n    },\####n    {\####n      "id": "rhomboids",\####n      "name": "Rhomboids",\####n      "planner\####
": false\####n    },\####n    {\####n      "id": "front-delts",\####n      "name": "Front deltoids",\####n      "planner\####
": true\####n    },\####n    {\####n      "id": "side-delts",\####n      "name": "Side (lateral) deltoids",\####n      "\####
planner": true\####n    },\####n    {\####n      "id": "rear-delts",\####n      "name": "Rear deltoids",\####n      "pla\####
nner": true\####n    },\####n    {\####n      "id": "rotator-cuff",\####n      "name": "Rotator cuff",\####n      "plann\####
er": false\####n    },\####n    {\####n      "id": "biceps",\####n      "name": "Biceps",\####n      "planner": true\####
\####n    },\####n    {\####n      "id": "triceps",\####n      "name": "Triceps",\####n      "planner": true\####n    },\####
\####n    {\####n      "id": "brachialis",\####n      "name": "Brachialis",\####n      "planner": false\####n    },\####
\####n    {\####n      "id": "forearms",\####n      "name": "Forearms",\####n      "planner": true\####n    },\####n    \####
{\####n      "id": "wrist-flexors",\####n      "name": "Wrist flexors",\####n      "planner": false\####n    },\####n   \####
 {\####n      "id": "wrist-extensors",\####n      "name": "Wrist extensors",\####n      "planner": false\####n    },\####
\####n    {\####n      "id": "grip",\####n      "name": "Grip (hand and finger flexors)",\####n      "planner": false\####
\####n    },\####n    {\####n      "id": "abs",\####n      "name": "Abs (rectus abdominis)",\####n      "planner": true\####
\####n    },\####n    {\####n      "id": "obliques",\####n      "name": "Obliques",\####n      "planner": true\####n    \####
},\####n    {\####n      "id": "glutes",\####n      "name": "Glutes",\####n      "planner": true\####n    },\####n    {\####
\####n      "id": "abductors",\####n      "name": "Hip abductors (glute medius and minimus, TFL)",\####n      "planner":\####
 true\####n    },\####n    {\####n      "id": "hip-flexors",\####n      "name": "Hip flexors (iliopsoas, rectus femoris)\####
",\####n      "planner": true\####n    },\####n    {\####n      "id": "quads",\####n      "name": "Quadriceps",\####n   \####
   "planner": true\####n    },\####n    {\####n      "id": "hamstrings",\####n      "name": "Hamstrings",\####n      "pl\####
anner": true\####n    },\####n    {\####n      "id": "adductors",\####n      "name": "Hip adductors (inner thigh)",\####
\####n      "planner": true\####n    },\####n    {\####n      "id": "calves",\####n      "name": "Calves (gastrocnemius)\####
",\####n      "planner": true\####n    },\####n    {\####n      "id": "soleus",\####n      "name": "Soleus",\####n      \####
"planner": false\####n    },\####n    {\####n      "id": "tibialis-anterior",\####n      "name": "Tibialis anterior (shi\####
ns)",\####n      "planner": false\####n    },\####n    {\####n      "id": "ankle-stabilizers",\####n      "name": "Ankle\####
 stabilizers (peroneals, tibialis posterior)",\####n      "planner": false\####n    },\####n    {\####n      "id": "foot\####
-intrinsics",\####n      "name": "Intrinsic foot muscles",\####n      "planner": false\####n    },\####n    {\####n     \####
 "id": "sternocleidomastoid",\####n      "name": "Sternocleidomastoid",\####n      "planner": false\####n    },\####n   \####
 {\####n      "id": "levator-scapulae",\####n      "name": "Levator scapulae",\####n      "planner": false\####n    },\####
\####n    {\####n      "id": "neck-extensors",\####n      "name": "Neck extensors (splenius, upper trapezius fibres)",\####
\####n      "planner": false\####n    },\####n    {\####n      "id": "cardiovascular-system",\####n      "name": "Cardio\####
vascular system (not a muscle)",\####n      "planner": false\####n    }\####n  ],\####n  "nameMuscles": [\####n    {\####
\####n      "muscles": [\####n        "wrist-extensors",\####n        "forearms"\####n      ],\####n      "nameKeywords"\####
: [\####n        "reverse wrist curl",\####n        "revers wrist curl"\####n      ],\####n      "patterns": [\####n    \####
    "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "wrist-flexors",\####n    \####
    "forearms"\####n      ],\####n      "nameKeywords": [\####n        "wrist curl"\####n      ],\####n      "patterns":\####
 [\####n        "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "forearms"\####
\####n      ],\####n      "nameKeywords": [\####n        "neutral wrist curl"\####n      ],\####n      "patterns": [\####
\####n        "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "wrist-extensors\####
",\####n        "forearms"\####n      ],\####n      "nameKeywords": [\####n        "palms down wrist curl"\####n      ],\####
\####n      "patterns": [\####n        "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "muscles": [\####
\####n        "grip",\####n        "forearms"\####n      ],\####n      "nameKeywords": [\####n        "finger curl"\####
\####n      ],\####n      "patterns": [\####n        "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "mu\####
scles": [\####n        "brachialis",\####n        "forearms",\####n        "biceps"\####n      ],\####n      "nameKeywor\####
ds": [\####n        "reverse curl",\####n        "reverse preacher curl"\####n      ],\####n      "patterns": [\####n   \####
     "elbow-flexion"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "rear-delts"\####n      ],\####
\####n      "nameKeywords": [\####n        "rear delt"\####n      ],\####n      "patterns": [\####n        "rear-shoulde\####
r"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "traps",\####n        "rear-delts"\####n    \####
  ],\####n      "nameKeywords": [\####n        "y-raise"\####n      ],\####n      "patterns": [\####n        "shoulder-r\####
aise"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "hamstrings"\####n      ],\####n      "na\####
meKeywords": [\####n        "hamstring curl"\####n      ],\####n      "patterns": [\####n        "knee-flexion"\####n   \####
   ]\####n    },\####n    {\####n      "muscles": [\####n        "serratus-anterior"\####n      ],\####n      "nameKeywo\####
rds": [\####n        "scapula push-up",\####n        "scapular push-up"\####n      ],\####n      "patterns": [\####n    \####
    "scapular"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "abs",\####n        "obliques"\####
\####n      ],\####n      "nameKeywords": [\####n        "pallof"\####n      ],\####n      "patterns": [\####n        "t\####
runk-rotation"\####n      ]\####n    },\####n    {\####n      "muscles": [\####n        "quads",\####n        "glutes"\####
\####n      ],\####n      "nameKeywords": [\####n        "jump squat",\####n        "squat jump"\####n      ],\####n    \####
  "patterns": [\####n        "power"\####n      ]\####n    }\####n  ],\####n  "patternMuscles": {\####n    "anti-extensi\####
on": [\####n      "abs"\####n    ],\####n    "calf-raise": [\####n      "calves"\####n    ],\####n    "carry": [\####n  \####
    "forearms",\####n      "traps"\####n    ],\####n    "conditioning": [\####n      "cardiovascular-system"\####n    ],\####
\####n    "elbow-extension": [\####n      "triceps"\####n    ],\####n    "elbow-flexion": [\####n      "biceps"\####n   \####
 ],\####n    "hinge": [\####n      "glutes",\####n      "hamstrings"\####n    ],\####n    "hip-abduction": [\####n      \####
"abductors"\####n    ],\####n    "hip-adduction": [\####n      "adductors"\####n    ],\####n    "hip-extension": [\####n\####
      "glutes"\####n    ],\####n    "horizontal-pull": [\####n      "upper-back",\####n      "lats"\####n    ],\####n   \####
 "horizontal-push": [\####n      "pectorals"\####n    ],\####n    "knee-extension": [\####n      "quads"\####n    ],\####
\####n    "knee-flexion": [\####n      "hamstrings"\####n    ],\####n    "lateral-flexion": [\####n      "obliques"\####
\####n    ],\####n    "lunge": [\####n      "quads",\####n      "glutes"\####n    ],\####n    "rear-shoulder": [\####n  \####
    "rear-delts"\####n    ],\####n    "scapular": [\####n      "traps"\####n    ],\####n    "shoulder-raise": [\####n   \####
   "side-delts"\####n    ],\####n    "squat": [\####n      "quads",\####n      "glutes"\####n    ],\####n    "trunk-flex\####
ion": [\####n      "abs"\####n    ],\####n    "trunk-rotation": [\####n      "obliques"\####n    ],\####n    "vertical-p\####
ull": [\####n      "lats"\####n    ],\####n    "vertical-push": [\####n      "front-delts"\####n    ],\####n    "wrist-a\####
nd-grip": [\####n      "forearms"\####n    ]\####n  },\####n  "synonyms": {\####n    "exercisedb": {\####n      "abdomin\####
als": [\####n        "abs"\####n      ],\####n      "abductors": [\####n        "abductors"\####n      ],\####n      "ab\####
s": [\####n        "abs"\####n      ],\####n      "adductors": [\####n        "adductors"\####n      ],\####n      "ankl\####
e stabilizers": [\####n        "ankle-stabilizers"\####n      ],\####n      "ankles": [\####n        "ankle-stabilizers"\####
\####n      ],\####n      "back": [\####n        "back"\####n      ],\####n      "biceps": [\####n        "biceps"\####n\####
      ],\####n      "brachialis": [\####n        "brachialis"\####n      ],\####n      "calves": [\####n        "calves"\####
\####n      ],\####n      "cardiovascular system": [\####n        "cardiovascular-system"\####n      ],\####n      "ches\####
t": [\####n        "pectorals"\####n      ],\####n      "core": [\####n        "core"\####n      ],\####n      "deltoids\####
": [\####n        "shoulders"\####n      ],\####n      "delts": [\####n        "shoulders"\####n      ],\####n      "fee\####
t": [\####n        "foot-intrinsics"\####n      ],\####n      "forearms": [\####n        "forearms"\####n      ],\####n \####
     "glutes": [\####n        "glutes"\####n      ],\####n      "grip muscles": [\####n        "grip"\####n      ],\####
\####n      "groin": [\####n        "adductors"\####n      ],\####n      "hamstrings": [\####n        "hamstrings"\####n\####
      ],\####n      "hands": [\####n        "grip"\####n      ],\####n      "hip flexors": [\####n        "hip-flexors"\####
\####n      ],\####n      "inner thighs": [\####n        "adductors"\####n      ],\####n      "latissimus dorsi": [\####
\####n        "lats"\####n      ],\####n      "lats": [\####n        "lats"\####n      ],\####n      "levator scapulae":\####
 [\####n        "levator-scapulae"\####n      ],\####n      "lower abs": [\####n        "abs"\####n      ],\####n      "\####
lower back": [\####n        "lower-back"\####n      ],\####n      "obliques": [\####n        "obliques"\####n      ],\####
\####n      "pectorals": [\####n        "pectorals"\####n      ],\####n      "quadriceps": [\####n        "quads"\####n \####
     ],\####n      "quads": [\####n        "quads"\####n      ],\####n      "rear deltoids": [\####n        "rear-delts"\####
\####n      ],\####n      "rhomboids": [\####n        "rhomboids"\####n      ],\####n      "rotator cuff": [\####n      \####
  "rotator-cuff"\####n      ],\####n      "serratus anterior": [\####n        "serratus-anterior"\####n      ],\####n   \####
   "shins": [\####n        "tibialis-anterior"\####n      ],\####n      "shoulders": [\####n        "shoulders"\####n   \####
   ],\####n      "soleus": [\####n        "soleus"\####n      ],\####n      "spine": [\####n        "lower-back"\####n  \####
    ],\####n      "sternocleidomastoid": [\####n        "sternocleidomastoid"\####n      ],\####n      "trapezius": [\####
\####n        "traps"\####n      ],\####n      "traps": [\####n        "traps"\####n      ],\####n      "triceps": [\####
\####n        "triceps"\####n      ],\####n      "upper back": [\####n        "upper-back"\####n      ],\####n      "upp\####
er chest": [\####n        "pectorals"\####n      ],\####n      "wrist extensors": [\####n        "wrist-extensors"\####n\####
      ],\####n      "wrist flexors": [\####n        "wrist-flexors"\####n      ],\####n      "wrists": [\####n        "w\####
rist-flexors",\####n        "wrist-extensors"\####n      ]\####n    },\####n    "free-exercise-db": {\####n      "abdomi\####
nals": [\####n        "abs"\####n      ],\####n      "abductors": [\####n        "abductors"\####n      ],\####n      "a\####
dductors": [\####n        "adductors"\####n      ],\####n      "biceps": [\####n        "biceps"\####n      ],\####n    \####
  "calves": [\####n        "calves"\####n      ],\####n      "chest": [\####n        "pectorals"\####n      ],\####n    \####
  "forearms": [\####n        "forearms"\####n      ],\####n      "glutes": [\####n        "glutes"\####n      ],\####n  \####
    "hamstrings": [\####n        "hamstrings"\####n      ],\####n      "lats": [\####n        "lats"\####n      ],\####n\####
      "lower back": [\####n        "lower-back"\####n      ],\####n      "middle back": [\####n        "upper-back"\####
\####n      ],\####n      "neck": [\####n        "neck"\####n      ],\####n      "quadriceps": [\####n        "quads"\####
\####n      ],\####n      "shoulders": [\####n        "shoulders"\####n      ],\####n      "traps": [\####n        "trap\####
s"\####n      ],\####n      "triceps": [\####n        "triceps"\####n      ]\####n    },\####n    "wger": {\####n      "\####
Abs": [\####n        "abs"\####n      ],\####n      "Anterior deltoid": [\####n        "shoulders"\####n      ],\####n  \####
    "Biceps": [\####n        "biceps"\####n      ],\####n      "Biceps brachii": [\####n        "biceps"\####n      ],\####
\####n      "Biceps femoris": [\####n        "hamstrings"\####n      ],\####n      "Brachialis": [\####n        "brachia\####
lis"\####n      ],\####n      "Calves": [\####n        "calves"\####n      ],\####n      "Chest": [\####n        "pector\####
als"\####n      ],\####n      "Erector spinae": [\####n        "lower-back"\####n      ],\####n      "Gastrocnemius": [\####
\####n        "calves"\####n      ],\####n      "Glutes": [\####n        "glutes"\####n      ],\####n      "Gluteus maxi\####
mus": [\####n        "glutes"\####n      ],\####n      "Hamstrings": [\####n        "hamstrings"\####n      ],\####n    \####
  "Latissimus dorsi": [\####n        "lats"\####n      ],\####n      "Lats": [\####n        "lats"\####n      ],\####n  \####
    "Lower back": [\####n        "lower-back"\####n      ],\####n      "Obliquus externus abdominis": [\####n        "ob\####
liques"\####n      ],\####n      "Pectoralis major": [\####n        "pectorals"\####n      ],\####n      "Quadriceps fem\####
oris": [\####n        "quads"\####n      ],\####n      "Quads": [\####n        "quads"\####n      ],\####n      "Rectus \####
abdominis": [\####n        "abs"\####n      ],\####n      "Serratus anterior": [\####n        "serratus-anterior"\####n \####
     ],\####n      "Shoulders": [\####n        "shoulders"\####n      ],\####n      "Soleus": [\####n        "soleus"\####
\####n      ],\####n      "Trapezius": [\####n        "traps"\####n      ],\####n      "Triceps": [\####n        "tricep\####
s"\####n      ],\####n      "Triceps brachii": [\####n        "triceps"\####n      ]\####n    }\####n  }\####n}\####n
"""####
}
