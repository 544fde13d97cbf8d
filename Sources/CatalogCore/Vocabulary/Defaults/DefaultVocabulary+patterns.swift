// Generated from catalog/vocab/patterns.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let patternsText = ####"""
{\####n  "families": [\####n    {\####n      "categories": [\####n        "stretching"\####n      ],\####n      "id": "s\####
tretch",\####n      "instructionKeywords": [\####n        "hold the stretch",\####n        "hold this stretch",\####n   \####
     "hold for 5",\####n        "hold for 10",\####n        "hold for 15",\####n        "hold for 20",\####n        "hol\####
d for 30",\####n        "hold this position for 5",\####n        "hold this position for 10",\####n        "hold this po\####
sition for 15",\####n        "hold this position for 20",\####n        "hold this position for 30"\####n      ],\####n  \####
    "muscleOnlyNames": true,\####n      "nameKeywords": [\####n        "stretch",\####n        "stretching"\####n      ]\####
,\####n      "reason": "stretch: not strength volume"\####n    },\####n    {\####n      "id": "mobility",\####n      "na\####
meKeywords": [\####n        "mobility"\####n      ],\####n      "patterns": [\####n        "mobility"\####n      ],\####
\####n      "reason": "mobility: not strength volume"\####n    },\####n    {\####n      "id": "mobility-drill",\####n   \####
   "nameKeywords": [\####n        "reach",\####n        "twist",\####n        "hug",\####n        "circle"\####n      ],\####
\####n      "reason": "mobility drill: not strength volume",\####n      "withPatterns": [\####n        "squat",\####n   \####
     "lunge",\####n        "hinge"\####n      ]\####n    },\####n    {\####n      "categories": [\####n        "cardio"\####
\####n      ],\####n      "id": "cardio",\####n      "patterns": [\####n        "conditioning"\####n      ],\####n      \####
"reason": "cardio: not strength volume"\####n    },\####n    {\####n      "id": "rehab",\####n      "nameKeywords": [\####
\####n        "rehab",\####n        "rehabilitation",\####n        "physiotherapy",\####n        "prehab"\####n      ],\####
\####n      "reason": "rehabilitation: not strength volume"\####n    }\####n  ],\####n  "formatVersion": 1,\####n  "join\####
tRules": [\####n    {\####n      "id": "squat",\####n      "joints": [\####n        "knee",\####n        "hip"\####n    \####
  ],\####n      "patterns": [\####n        "squat"\####n      ]\####n    },\####n    {\####n      "equipment": [\####n  \####
      "barbell",\####n        "trap-bar",\####n        "smith-machine"\####n      ],\####n      "id": "loaded-squat",\####
\####n      "joints": [\####n        "lower-back"\####n      ],\####n      "patterns": [\####n        "squat",\####n    \####
    "lunge"\####n      ]\####n    },\####n    {\####n      "id": "deep-squat",\####n      "joints": [\####n        "ankl\####
e"\####n      ],\####n      "nameKeywords": [\####n        "full squat",\####n        "deep squat",\####n        "pistol\####
",\####n        "sissy squat",\####n        "cossack"\####n      ],\####n      "patterns": [\####n        "squat",\####n\####
        "lunge"\####n      ]\####n    },\####n    {\####n      "id": "lunge",\####n      "joints": [\####n        "knee"\####
,\####n        "hip"\####n      ],\####n      "patterns": [\####n        "lunge"\####n      ]\####n    },\####n    {\####
\####n      "id": "hinge",\####n      "joints": [\####n        "lower-back",\####n        "hip"\####n      ],\####n     \####
 "patterns": [\####n        "hinge"\####n      ]\####n    },\####n    {\####n      "id": "hip-extension",\####n      "jo\####
ints": [\####n        "hip"\####n      ],\####n      "patterns": [\####n        "hip-extension",\####n        "hip-abduc\####
tion",\####n        "hip-adduction"\####n      ]\####n    },\####n    {\####n      "id": "knee",\####n      "joints": [\####
\####n        "knee"\####n      ],\####n      "patterns": [\####n        "knee-flexion",\####n        "knee-extension"\####
\####n      ]\####n    },\####n    {\####n      "id": "calf",\####n      "joints": [\####n        "ankle"\####n      ],\####
\####n      "patterns": [\####n        "calf-raise"\####n      ]\####n    },\####n    {\####n      "id": "press",\####n \####
     "joints": [\####n        "shoulder",\####n        "elbow"\####n      ],\####n      "patterns": [\####n        "hori\####
zontal-push",\####n        "vertical-push"\####n      ]\####n    },\####n    {\####n      "id": "push-up",\####n      "j\####
oints": [\####n        "wrist"\####n      ],\####n      "nameKeywords": [\####n        "push-up",\####n        "pushup",\####
\####n        "press up",\####n        "handstand",\####n        "planche"\####n      ],\####n      "patterns": [\####n \####
       "horizontal-push",\####n        "vertical-push"\####n      ]\####n    },\####n    {\####n      "id": "dip",\####n\####
      "joints": [\####n        "shoulder"\####n      ],\####n      "nameKeywords": [\####n        "dip"\####n      ],\####
\####n      "patterns": [\####n        "horizontal-push",\####n        "vertical-push",\####n        "elbow-extension"\####
\####n      ]\####n    },\####n    {\####n      "equipment": [\####n        "barbell"\####n      ],\####n      "id": "st\####
anding-press",\####n      "joints": [\####n        "lower-back"\####n      ],\####n      "patterns": [\####n        "ver\####
tical-push"\####n      ]\####n    },\####n    {\####n      "id": "pull",\####n      "joints": [\####n        "shoulder",\####
\####n        "elbow"\####n      ],\####n      "patterns": [\####n        "horizontal-pull",\####n        "vertical-pull\####
"\####n      ]\####n    },\####n    {\####n      "id": "bent-over",\####n      "joints": [\####n        "lower-back"\####
\####n      ],\####n      "nameKeywords": [\####n        "bent over",\####n        "bent-over",\####n        "pendlay",\####
\####n        "t-bar",\####n        "tbar",\####n        "yates"\####n      ],\####n      "patterns": [\####n        "ho\####
rizontal-pull"\####n      ]\####n    },\####n    {\####n      "id": "elbow",\####n      "joints": [\####n        "elbow"\####
\####n      ],\####n      "patterns": [\####n        "elbow-flexion",\####n        "elbow-extension"\####n      ]\####n \####
   },\####n    {\####n      "id": "shoulder",\####n      "joints": [\####n        "shoulder"\####n      ],\####n      "p\####
atterns": [\####n        "shoulder-raise",\####n        "rear-shoulder",\####n        "scapular"\####n      ]\####n    }\####
,\####n    {\####n      "id": "wrist",\####n      "joints": [\####n        "wrist"\####n      ],\####n      "patterns": \####
[\####n        "wrist-and-grip"\####n      ]\####n    },\####n    {\####n      "id": "carry",\####n      "joints": [\####
\####n        "lower-back",\####n        "shoulder",\####n        "wrist"\####n      ],\####n      "patterns": [\####n  \####
      "carry"\####n      ]\####n    },\####n    {\####n      "id": "trunk",\####n      "joints": [\####n        "lower-b\####
ack"\####n      ],\####n      "patterns": [\####n        "anti-extension",\####n        "trunk-flexion",\####n        "t\####
runk-rotation",\####n        "lateral-flexion"\####n      ]\####n    },\####n    {\####n      "id": "plank-on-hands",\####
\####n      "joints": [\####n        "shoulder",\####n        "wrist"\####n      ],\####n      "nameKeywords": [\####n  \####
      "push-up position",\####n        "high plank",\####n        "plank tap",\####n        "shoulder tap",\####n       \####
 "rollout",\####n        "rollerout",\####n        "ab wheel"\####n      ],\####n      "patterns": [\####n        "anti-\####
extension"\####n      ]\####n    },\####n    {\####n      "id": "crunch-neck",\####n      "joints": [\####n        "neck\####
"\####n      ],\####n      "nameKeywords": [\####n        "crunch",\####n        "sit-up",\####n        "situp"\####n   \####
   ],\####n      "patterns": [\####n        "trunk-flexion"\####n      ]\####n    },\####n    {\####n      "id": "neck",\####
\####n      "joints": [\####n        "neck"\####n      ],\####n      "patterns": [\####n        "neck"\####n      ]\####
\####n    },\####n    {\####n      "id": "conditioning",\####n      "joints": [\####n        "knee",\####n        "ankle\####
"\####n      ],\####n      "patterns": [\####n        "conditioning"\####n      ]\####n    },\####n    {\####n      "id"\####
: "jump",\####n      "joints": [\####n        "knee",\####n        "ankle",\####n        "hip"\####n      ],\####n      \####
"patterns": [\####n        "power"\####n      ]\####n    },\####n    {\####n      "equipment": [\####n        "barbell",\####
\####n        "kettlebell",\####n        "dumbbell"\####n      ],\####n      "id": "olympic",\####n      "joints": [\####
\####n        "lower-back",\####n        "shoulder",\####n        "wrist"\####n      ],\####n      "patterns": [\####n  \####
      "power"\####n      ]\####n    },\####n    {\####n      "id": "mobility",\####n      "joints": [],\####n      "patt\####
erns": [\####n        "mobility"\####n      ]\####n    }\####n  ],\####n  "laterality": {\####n    "alternating": {\####
\####n      "instructionKeywords": [\####n        "alternating",\####n        "alternate legs",\####n        "alternate \####
arms",\####n        "alternate sides",\####n        "switch legs and repeat",\####n        "alternating sides"\####n    \####
  ],\####n      "nameKeywords": [\####n        "alternating",\####n        "alternate",\####n        "alternated",\####n\####
        "walking lunge",\####n        "bicycle",\####n        "flutter kick",\####n        "scissor",\####n        "high\####
 knee",\####n        "mountain climber",\####n        "march",\####n        "running",\####n        "run",\####n        \####
"jogging",\####n        "bird dog",\####n        "dead bug"\####n      ]\####n    },\####n    "unilateral": {\####n     \####
 "instructionKeywords": [\####n        "repeat on the other side",\####n        "repeat with the other",\####n        "s\####
witch sides",\####n        "switch to the other",\####n        "other arm",\####n        "other leg",\####n        "oppo\####
site side",\####n        "each side",\####n        "each leg",\####n        "each arm"\####n      ],\####n      "nameKey\####
words": [\####n        "single arm",\####n        "single leg",\####n        "one arm",\####n        "one leg",\####n   \####
     "one-arm",\####n        "one-leg",\####n        "single-arm",\####n        "single-leg",\####n        "unilateral",\####
\####n        "split squat",\####n        "bulgarian",\####n        "step-up",\####n        "stepup",\####n        "pist\####
ol",\####n        "suitcase",\####n        "side plank",\####n        "side bridge",\####n        "windmill",\####n     \####
   "cossack",\####n        "lateral lunge",\####n        "curtsey",\####n        "concentration curl",\####n        "kic\####
kback",\####n        "archer",\####n        "copenhagen",\####n        "side lying",\####n        "sidelying",\####n    \####
    "clamshell",\####n        "fire hydrant"\####n      ],\####n      "patterns": [\####n        "lunge"\####n      ]\####
\####n    }\####n  },\####n  "levelRules": [\####n    {\####n      "id": "advanced-skill",\####n      "level": "advanced\####
",\####n      "nameKeywords": [\####n        "planche",\####n        "maltese",\####n        "front lever",\####n       \####
 "back lever",\####n        "flag",\####n        "muscle up",\####n        "handstand",\####n        "archer",\####n    \####
    "one arm push-up",\####n        "one arm pull-up",\####n        "pistol",\####n        "clap",\####n        "plyo pu\####
sh-up",\####n        "drop push up",\####n        "nordic",\####n        "inverse leg curl",\####n        "glute-ham rai\####
se",\####n        "snatch",\####n        "jerk",\####n        "skin the cat",\####n        "rear pull-up",\####n        \####
"behind neck",\####n        "l-sit",\####n        "standing ab rollerout",\####n        "standing wheel rollerout",\####
\####n        "dragon"\####n      ]\####n    },\####n    {\####n      "id": "intermediate-skill",\####n      "level": "i\####
ntermediate",\####n      "nameKeywords": [\####n        "hanging",\####n        "single leg",\####n        "one leg",\####
\####n        "bulgarian",\####n        "pull-up",\####n        "chin-up",\####n        "dip",\####n        "deadlift",\####
\####n        "front squat",\####n        "good morning",\####n        "burpee",\####n        "turkish get up",\####n   \####
     "windmill",\####n        "renegade",\####n        "v-up",\####n        "jackknife",\####n        "high pull",\####n\####
        "clean",\####n        "thruster"\####n      ]\####n    },\####n    {\####n      "equipment": [\####n        "bar\####
bell",\####n        "kettlebell",\####n        "trap-bar"\####n      ],\####n      "id": "free-weight-compound",\####n  \####
    "level": "intermediate",\####n      "patterns": [\####n        "squat",\####n        "hinge",\####n        "lunge",\####
\####n        "horizontal-push",\####n        "vertical-push",\####n        "horizontal-pull",\####n        "vertical-pu\####
ll",\####n        "power",\####n        "carry",\####n        "hip-extension"\####n      ]\####n    },\####n    {\####n \####
     "id": "plyometric",\####n      "level": "intermediate",\####n      "patterns": [\####n        "power"\####n      ]\####
\####n    },\####n    {\####n      "id": "default",\####n      "level": "beginner"\####n    }\####n  ],\####n  "mechanic\####
Names": {\####n    "compound": [\####n      "dip",\####n      "dips",\####n      "close grip bench press",\####n      "c\####
lose-grip bench press",\####n      "jm press",\####n      "row",\####n      "face pull",\####n      "glute ham raise",\####
\####n      "glute-ham raise",\####n      "nordic"\####n    ],\####n    "isolation": [\####n      "fly",\####n      "fly\####
e",\####n      "butterfly",\####n      "pec deck",\####n      "crossover",\####n      "cross over",\####n      "straight\####
 arm pulldown",\####n      "straight-arm pulldown",\####n      "straight arm pullover"\####n    ]\####n  },\####n  "mech\####
anics": {\####n    "anti-extension": "compound",\####n    "calf-raise": "isolation",\####n    "carry": "compound",\####n\####
    "conditioning": "compound",\####n    "elbow-extension": "isolation",\####n    "elbow-flexion": "isolation",\####n   \####
 "hinge": "compound",\####n    "hip-abduction": "isolation",\####n    "hip-adduction": "isolation",\####n    "hip-extens\####
ion": "compound",\####n    "horizontal-pull": "compound",\####n    "horizontal-push": "compound",\####n    "knee-extensi\####
on": "isolation",\####n    "knee-flexion": "isolation",\####n    "lateral-flexion": "isolation",\####n    "lunge": "comp\####
ound",\####n    "mobility": "isolation",\####n    "neck": "isolation",\####n    "power": "compound",\####n    "rear-shou\####
lder": "isolation",\####n    "scapular": "isolation",\####n    "shoulder-raise": "isolation",\####n    "squat": "compoun\####
d",\####n    "trunk-flexion": "isolation",\####n    "trunk-rotation": "compound",\####n    "vertical-pull": "compound",\####
\####n    "vertical-push": "compound",\####n    "wrist-and-grip": "isolation"\####n  },\####n  "patterns": [\####n    {\####
\####n      "definition": "Bilateral knee- and hip-dominant squatting and leg pressing, including single-leg squats to f\####
ull depth (pistol).",\####n      "id": "squat",\####n      "nameKeywords": [\####n        "leg wide press",\####n       \####
 "chair squat",\####n        "sissy squat",\####n        "hack squat",\####n        "leg press",\####n        "thruster"\####
,\####n        "wall sit",\####n        "zercher",\####n        "goblet",\####n        "pistol",\####n        "squats",\####
\####n        "squat"\####n      ]\####n    },\####n    {\####n      "definition": "Split-stance or stepping single-leg \####
knee-dominant work: lunges, split squats, step-ups.",\####n      "id": "lunge",\####n      "nameKeywords": [\####n      \####
  "cossack squats",\####n        "curtsey squat",\####n        "lateral lunge",\####n        "split squats",\####n      \####
  "split squat",\####n        "bulgarian",\####n        "step-ups",\####n        "cossack",\####n        "step up",\####
\####n        "step-up",\####n        "lunges",\####n        "lunge"\####n      ]\####n    },\####n    {\####n      "def\####
inition": "Hip-dominant bending at the hips with a neutral spine: deadlifts, good mornings, swings, back extensions.",\####
\####n      "id": "hinge",\####n      "nameKeywords": [\####n        "hyper extension",\####n        "lower back curl",\####
\####n        "back extension",\####n        "hyperextension",\####n        "good morning",\####n        "pull through",\####
\####n        "stiff-legged",\####n        "deadlifts",\####n        "rack pull",\####n        "stiff leg",\####n       \####
 "deadlift",\####n        "romanian",\####n        "swings",\####n        "swing",\####n        "rdl"\####n      ]\####n\####
    },\####n    {\####n      "definition": "Glute-focused hip extension with the trunk supported: bridges, hip thrusts, \####
kickbacks, reverse hypers.",\####n      "id": "hip-extension",\####n      "nameKeywords": [\####n        "reverse hyper \####
extension",\####n        "reverse hyperextension",\####n        "glute kickback",\####n        "hip extension",\####n   \####
     "reverse hyper",\####n        "bridge march",\####n        "glute bridge",\####n        "leg kickback",\####n      \####
  "donkey kick",\####n        "hip thrusts",\####n        "hip thrust",\####n        "frog pump",\####n        "glute-ha\####
m",\####n        "hip lift",\####n        "bridge"\####n      ]\####n    },\####n    {\####n      "definition": "Moving \####
the thigh away from the midline against resistance (abduction machine, banded walks, clamshells).",\####n      "id": "hi\####
p-abduction",\####n      "nameKeywords": [\####n        "lateral band walk",\####n        "fire hydrant",\####n        "\####
monster walk",\####n        "abduction",\####n        "abductors",\####n        "clamshell",\####n        "abductor",\####
\####n        "clam"\####n      ]\####n    },\####n    {\####n      "definition": "Moving the thigh toward the midline a\####
gainst resistance (adduction machine, Copenhagen plank).",\####n      "id": "hip-adduction",\####n      "nameKeywords": \####
[\####n        "copenhagen",\####n        "adduction",\####n        "adductors",\####n        "adductor"\####n      ]\####
\####n    },\####n    {\####n      "definition": "Knee flexion with the hip fixed: lying, seated and standing leg curls,\####
 Nordic curls, glute-ham raises.",\####n      "id": "knee-flexion",\####n      "nameKeywords": [\####n        "glute ham\####
 raise",\####n        "glute-ham raise",\####n        "hamstring curl",\####n        "ball leg curl",\####n        "leg \####
curls",\####n        "leg curl",\####n        "nordic"\####n      ]\####n    },\####n    {\####n      "definition": "Kne\####
e extension with the hip fixed: leg extensions.",\####n      "id": "knee-extension",\####n      "nameKeywords": [\####n \####
       "knee extension",\####n        "leg extensions",\####n        "leg extension"\####n      ]\####n    },\####n    {\####
\####n      "definition": "Ankle plantar flexion against resistance: standing, seated and leg-press calf raises.",\####n\####
      "id": "calf-raise",\####n      "nameKeywords": [\####n        "donkey calf raise",\####n        "calves raise",\####
\####n        "calf raises",\####n        "calf press",\####n        "calf raise",\####n        "heel raise",\####n     \####
   "toe raise",\####n        "calf"\####n      ]\####n    },\####n    {\####n      "definition": "Pressing away from the\####
 chest in the transverse plane (bench press, push-up, chest press), chest flyes and chest dips.",\####n      "id": "hori\####
zontal-push",\####n      "nameKeywords": [\####n        "planche push-up",\####n        "decline press",\####n        "i\####
ncline press",\####n        "bench press",\####n        "chest press",\####n        "floor press",\####n        "svend p\####
ress",\####n        "chest pass",\####n        "chest push",\####n        "cross over",\####n        "crossovers",\####n\####
        "chest dip",\####n        "crossover",\####n        "twist fly",\####n        "pec deck",\####n        "push ups\####
",\####n        "push-ups",\####n        "presses",\####n        "push up",\####n        "push-up",\####n        "pushup\####
",\####n        "flyes",\####n        "press",\####n        "dips",\####n        "flye",\####n        "flys",\####n     \####
   "dip",\####n        "fly"\####n      ]\####n    },\####n    {\####n      "definition": "Pressing overhead in the sagi\####
ttal plane: overhead, military, shoulder and push presses, handstand push-ups.",\####n      "id": "vertical-push",\####n\####
      "nameKeywords": [\####n        "behind the neck press",\####n        "behind neck press",\####n        "handstand \####
push-up",\####n        "bradford press",\####n        "landmine press",\####n        "military press",\####n        "ove\####
rhead press",\####n        "palms in press",\####n        "shoulder press",\####n        "palm in press",\####n        "\####
arnold press",\####n        "pike push up",\####n        "pike push-up",\####n        "seated press",\####n        "sees\####
aw press",\####n        "cuban press",\####n        "bent press",\####n        "push press",\####n        "handstand",\####
\####n        "z press"\####n      ]\####n    },\####n    {\####n      "definition": "Rowing toward the torso in the tra\####
nsverse plane: bent-over, seated, cable, chest-supported and inverted rows.",\####n      "id": "horizontal-pull",\####n \####
     "nameKeywords": [\####n        "incline bench row",\####n        "rotational row",\####n        "bent over row",\####
\####n        "inverted row",\####n        "renegade row",\####n        "seated row",\####n        "t bar row",\####n   \####
     "t-bar row",\####n        "towel row",\####n        "high row",\####n        "low row",\####n        "pendlay",\####
\####n        "rows",\####n        "row"\####n      ]\####n    },\####n    {\####n      "definition": "Pulling the arms \####
down toward the torso from overhead: pull-ups, chin-ups, pulldowns, pullovers, straight-arm pulldowns.",\####n      "id"\####
: "vertical-pull",\####n      "nameKeywords": [\####n        "straight arm pulldown",\####n        "straight-arm pulldow\####
n",\####n        "lat pulldown",\####n        "rope climb",\####n        "muscle up",\####n        "muscle-up",\####n   \####
     "pull down",\####n        "pull-down",\####n        "chin-ups",\####n        "pull-ups",\####n        "pulldown",\####
\####n        "pullover",\####n        "chin up",\####n        "chin-up",\####n        "pull up",\####n        "pull-up"\####
,\####n        "pullups",\####n        "pullup",\####n        "chins",\####n        "chin"\####n      ]\####n    },\####
\####n    {\####n      "definition": "Elbow flexion isolation: biceps, hammer, preacher, concentration and reverse curls\####
.",\####n      "id": "elbow-flexion",\####n      "nameKeywords": [\####n        "concentration curl",\####n        "prea\####
cher curl",\####n        "reverse curl",\####n        "zottman curl",\####n        "biceps curl",\####n        "hammer c\####
url",\####n        "spider curl",\####n        "bicep curl",\####n        "drag curl",\####n        "zottman",\####n    \####
    "curls",\####n        "curl"\####n      ]\####n    },\####n    {\####n      "definition": "Elbow extension isolation\####
: triceps extensions, pushdowns, skull crushers, kickbacks, bench dips.",\####n      "id": "elbow-extension",\####n     \####
 "nameKeywords": [\####n        "close grip bench press",\####n        "close-grip bench press",\####n        "triceps e\####
xtension",\####n        "overhead triceps",\####n        "tricep extension",\####n        "skull crusher",\####n        \####
"triceps press",\####n        "french press",\####n        "skullcrusher",\####n        "triceps dips",\####n        "sk\####
ull press",\####n        "tricep dips",\####n        "triceps dip",\####n        "bench dips",\####n        "tate press"\####
,\####n        "bench dip",\####n        "extension",\####n        "kickbacks",\####n        "push down",\####n        "\####
pushdowns",\####n        "jm press",\####n        "kickback",\####n        "pushdown"\####n      ]\####n    },\####n    \####
{\####n      "definition": "Raising the straight arm with the deltoids: lateral, front, Y and T raises, and upright rows\####
.",\####n      "id": "shoulder-raise",\####n      "nameKeywords": [\####n        "lateral to front raise",\####n        \####
"front shoulder raise",\####n        "around the world",\####n        "shoulder raise",\####n        "forward raise",\####
\####n        "lateral raise",\####n        "front raise",\####n        "upright row",\####n        "iron cross",\####n \####
       "side raise",\####n        "full can",\####n        "t-raise",\####n        "y raise",\####n        "y-raise",\####
\####n        "raise"\####n      ]\####n    },\####n    {\####n      "definition": "Posterior deltoid and rotator-cuff i\####
solation: reverse flyes, rear-delt raises and rows, face pulls, external and internal rotation.",\####n      "id": "rear\####
-shoulder",\####n      "nameKeywords": [\####n        "external shoulder rotation",\####n        "shoulder external rota\####
tion",\####n        "shoulder internal rotation",\####n        "reverse machine fly",\####n        "rear lateral raise",\####
\####n        "external rotation",\####n        "internal rotation",\####n        "band pull apart",\####n        "rear \####
delt raise",\####n        "rear delt fly",\####n        "rear delt row",\####n        "deltoid rear",\####n        "reve\####
rse fly",\####n        "pull apart",\####n        "revers fly",\####n        "face pull",\####n        "rear delt",\####
\####n        "back fly",\####n        "rear fly"\####n      ]\####n    },\####n    {\####n      "definition": "Scapular\####
 isolation: shrugs (elevation) and scapular push-ups, pull-ups and dips (protraction, depression).",\####n      "id": "s\####
capular",\####n      "nameKeywords": [\####n        "incline shoulder raises",\####n        "incline shoulder raise",\####
\####n        "scapular pull-up",\####n        "scapula push-up",\####n        "shoulder shrug",\####n        "scapula d\####
ips",\####n        "scapular",\####n        "scapula",\####n        "shrugs",\####n        "shrug"\####n      ]\####n   \####
 },\####n    {\####n      "definition": "Forearm and grip work: wrist curls and extensions, pronation/supination, finger\####
 curls, grip squeezes, wrist rollers.",\####n      "id": "wrist-and-grip",\####n      "nameKeywords": [\####n        "re\####
verse wrist curl",\####n        "finger curls",\####n        "hand squeeze",\####n        "wrist roller",\####n        "\####
finger curl",\####n        "plate pinch",\####n        "supination",\####n        "wrist curl",\####n        "dead hang"\####
,\####n        "pronation",\####n        "gripper",\####n        "rotate",\####n        "wrist",\####n        "hang"\####
\####n      ]\####n    },\####n    {\####n      "definition": "Walking while holding or wearing a load: farmer's, suitca\####
se, overhead and yoke carries, sled drags.",\####n      "id": "carry",\####n      "nameKeywords": [\####n        "overhe\####
ad carry",\####n        "suitcase carry",\####n        "farmer's walk",\####n        "farmers walk",\####n        "farme\####
r walk",\####n        "sled drag",\####n        "yoke walk",\####n        "carry",\####n        "drag"\####n      ]\####
\####n    },\####n    {\####n      "definition": "Resisting spinal extension: front planks, ab-wheel and barbell rollout\####
s, body saws, fallouts, dead bugs.",\####n      "id": "anti-extension",\####n      "nameKeywords": [\####n        "shoul\####
der tap",\####n        "front lever",\####n        "front plank",\####n        "back lever",\####n        "ab roller",\####
\####n        "plank tap",\####n        "rollerout",\####n        "ab wheel",\####n        "body saw",\####n        "dea\####
d bug",\####n        "fallout",\####n        "maltese",\####n        "planche",\####n        "rollout",\####n        "wa\####
lkout",\####n        "hollow",\####n        "l-sit",\####n        "plank"\####n      ]\####n    },\####n    {\####n     \####
 "definition": "Spinal and hip flexion against resistance: crunches, sit-ups, leg and knee raises, V-ups, pull-ins.",\####
\####n      "id": "trunk-flexion",\####n      "nameKeywords": [\####n        "bicycle crunch",\####n        "reverse cru\####
nch",\####n        "elbow to knee",\####n        "elbow-to-knee",\####n        "flutter kicks",\####n        "heel touch\####
ers",\####n        "leg hip raise",\####n        "leg-hip raise",\####n        "scissor kick",\####n        "toes to bar\####
",\####n        "jack knife",\####n        "knee raise",\####n        "knee touch",\####n        "hip raise",\####n     \####
   "jackknife",\####n        "leg raise",\####n        "air bike",\####n        "butt-ups",\####n        "crunches",\####
\####n        "butt-up",\####n        "curl-up",\####n        "otis up",\####n        "pull in",\####n        "pull-in",\####
\####n        "sit-ups",\####n        "crunch",\####n        "sit up",\####n        "sit-up",\####n        "situp",\####
\####n        "v-sit",\####n        "pike",\####n        "tuck",\####n        "v-up"\####n      ]\####n    },\####n    {\####
\####n      "definition": "Rotating the trunk or resisting rotation: Russian twists, woodchops, Pallof presses, landmine\####
 rotations.",\####n      "id": "trunk-rotation",\####n      "nameKeywords": [\####n        "standing twist",\####n      \####
  "russian twist",\####n        "pallof press",\####n        "seated twist",\####n        "lying twist",\####n        "r\####
otational",\####n        "wood chop",\####n        "rotation",\####n        "windmill",\####n        "woodchop",\####n  \####
      "pallof",\####n        "twists",\####n        "wipers",\####n        "twist"\####n      ]\####n    },\####n    {\####
\####n      "definition": "Side bending or resisting it: side bends, side planks, side crunches, suitcase-style oblique \####
work, flags.",\####n      "id": "lateral-flexion",\####n      "nameKeywords": [\####n        "side bend crunch",\####n  \####
      "oblique crunch",\####n        "side bridge",\####n        "side crunch",\####n        "side plank",\####n        \####
"side bend",\####n        "side bent",\####n        "oblique",\####n        "flag"\####n      ]\####n    },\####n    {\####
\####n      "definition": "Neck flexion, extension and lateral flexion against resistance (harness, plate, manual).",\####
\####n      "id": "neck",\####n      "nameKeywords": [\####n        "neck resistance",\####n        "neck extension",\####
\####n        "head harness",\####n        "neck flexion",\####n        "neck harness",\####n        "neck"\####n      ]\####
\####n    },\####n    {\####n      "definition": "Stretches, yoga poses, self-myofascial release and joint circles done \####
for range of motion, not load.",\####n      "id": "mobility",\####n      "nameKeywords": [\####n        "hip external ro\####
tation",\####n        "hip internal rotation",\####n        "upward facing dog",\####n        "balance board",\####n    \####
    "pelvic tilt",\####n        "foam roll",\####n        "stretches",\####n        "toe touch",\####n        "inchworm"\####
,\####n        "mobility",\####n        "cat cow",\####n        "circles",\####n        "groiner",\####n        "stretch\####
",\####n        "roller",\####n        "sphinx",\####n        "pose",\####n        "yoga",\####n        "smr"\####n     \####
 ]\####n    },\####n    {\####n      "definition": "Cyclical or whole-body cardio for the cardiovascular system: running\####
, cycling, rowing, elliptical, jump rope, burpees, battle ropes.",\####n      "id": "conditioning",\####n      "nameKeyw\####
ords": [\####n        "walking high knee",\####n        "mountain climber",\####n        "battling ropes",\####n        \####
"cross trainer",\####n        "ski ergometer",\####n        "jumping jack",\####n        "rope jumping",\####n        "b\####
attle rope",\####n        "stairmaster",\####n        "bear crawl",\####n        "elliptical",\####n        "high knees"\####
,\####n        "quick feet",\####n        "bicycling",\####n        "ergometer",\####n        "high knee",\####n        \####
"jack jump",\####n        "jump rope",\####n        "star jump",\####n        "step mill",\####n        "treadmill",\####
\####n        "ski step",\####n        "stepmill",\####n        "cycling",\####n        "jogging",\####n        "running\####
",\####n        "sprints",\####n        "boxing",\####n        "burpee",\####n        "rowing",\####n        "skierg",\####
\####n        "sprint",\####n        "cycle",\####n        "bike",\####n        "jog",\####n        "run"\####n      ]\####
\####n    },\####n    {\####n      "definition": "Explosive work: jumps, hops, bounds, plyometric push-ups, medicine-bal\####
l throws and slams, and Olympic lifts (clean, snatch, jerk).",\####n      "id": "power",\####n      "nameKeywords": [\####
\####n        "clean and press",\####n        "clean and jerk",\####n        "turkish get up",\####n        "sledge hamm\####
er",\####n        "clap push up",\####n        "clap push-up",\####n        "drop push up",\####n        "plyo push up",\####
\####n        "plyo push-up",\####n        "sledgehammer",\####n        "power clean",\####n        "snatch pull",\####n\####
        "depth jump",\####n        "hang clean",\####n        "jump squat",\####n        "plyometric",\####n        "spl\####
it jerk",\####n        "squat jump",\####n        "high pull",\####n        "tire flip",\####n        "box jump",\####n \####
       "bounds",\####n        "get up",\####n        "snatch",\####n        "bound",\####n        "clean",\####n        \####
"jumps",\####n        "throw",\####n        "hops",\####n        "jerk",\####n        "jump",\####n        "leap",\####n\####
        "plyo",\####n        "skip",\####n        "slam",\####n        "hop"\####n      ]\####n    }\####n  ],\####n  "p\####
recedence": [\####n    "mobility",\####n    "conditioning",\####n    "power"\####n  ]\####n}\####n
"""####
}
