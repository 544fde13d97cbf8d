// Generated from catalog/vocab/patterns.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let patternsText = ####"""
{\####n  "families": [\####n    {\####n      "categories": [\####n        "stretching"\####n      ],
      "id": "stretch",\####n      "instructionKeywords": [\####n        "hold the stretch",
        "hold this stretch",\####n        "hold for 5",\####n        "hold for 10",\####n        "hold for 15",
        "hold for 20",\####n        "hold for 30",\####n        "hold this position for 5",
        "hold this position for 10",\####n        "hold this position for 15",\####n        "hold this position for 20",
        "hold this position for 30"\####n      ],\####n      "muscleOnlyNames": true,\####n      "nameKeywords": [
        "stretch",\####n        "stretching"\####n      ],\####n      "reason": "stretch: not strength volume"
    },\####n    {\####n      "id": "mobility",\####n      "nameKeywords": [\####n        "mobility"\####n      ],
      "patterns": [\####n        "mobility"\####n      ],\####n      "reason": "mobility: not strength volume"
    },\####n    {\####n      "categories": [\####n        "cardio"\####n      ],\####n      "id": "cardio",
      "patterns": [\####n        "conditioning"\####n      ],\####n      "reason": "cardio: not strength volume"
    },\####n    {\####n      "id": "rehab",\####n      "nameKeywords": [\####n        "rehab",
        "rehabilitation",\####n        "physiotherapy",\####n        "prehab"\####n      ],
      "reason": "rehabilitation: not strength volume"\####n    }\####n  ],\####n  "formatVersion": 1,
  "jointRules": [\####n    {\####n      "id": "squat",\####n      "joints": [\####n        "knee",\####n        "hip"
      ],\####n      "patterns": [\####n        "squat"\####n      ]\####n    },\####n    {\####n      "equipment": [
        "barbell",\####n        "trap-bar",\####n        "smith-machine"\####n      ],\####n      "id": "loaded-squat",
      "joints": [\####n        "lower-back"\####n      ],\####n      "patterns": [\####n        "squat",
        "lunge"\####n      ]\####n    },\####n    {\####n      "id": "deep-squat",\####n      "joints": [
        "ankle"\####n      ],\####n      "nameKeywords": [\####n        "full squat",\####n        "deep squat",
        "pistol",\####n        "sissy squat",\####n        "cossack"\####n      ],\####n      "patterns": [
        "squat",\####n        "lunge"\####n      ]\####n    },\####n    {\####n      "id": "lunge",
      "joints": [\####n        "knee",\####n        "hip"\####n      ],\####n      "patterns": [\####n        "lunge"
      ]\####n    },\####n    {\####n      "id": "hinge",\####n      "joints": [\####n        "lower-back",
        "hip"\####n      ],\####n      "patterns": [\####n        "hinge"\####n      ]\####n    },\####n    {
      "id": "hip-extension",\####n      "joints": [\####n        "hip"\####n      ],\####n      "patterns": [
        "hip-extension",\####n        "hip-abduction",\####n        "hip-adduction"\####n      ]\####n    },\####n    {
      "id": "knee",\####n      "joints": [\####n        "knee"\####n      ],\####n      "patterns": [
        "knee-flexion",\####n        "knee-extension"\####n      ]\####n    },\####n    {\####n      "id": "calf",
      "joints": [\####n        "ankle"\####n      ],\####n      "patterns": [\####n        "calf-raise"\####n      ]
    },\####n    {\####n      "id": "press",\####n      "joints": [\####n        "shoulder",\####n        "elbow"
      ],\####n      "patterns": [\####n        "horizontal-push",\####n        "vertical-push"\####n      ]\####n    },
    {\####n      "id": "push-up",\####n      "joints": [\####n        "wrist"\####n      ],\####n      "nameKeywords": [
        "push-up",\####n        "pushup",\####n        "press up",\####n        "handstand",\####n        "planche"
      ],\####n      "patterns": [\####n        "horizontal-push",\####n        "vertical-push"\####n      ]\####n    },
    {\####n      "id": "dip",\####n      "joints": [\####n        "shoulder"\####n      ],\####n      "nameKeywords": [
        "dip"\####n      ],\####n      "patterns": [\####n        "horizontal-push",\####n        "vertical-push",
        "elbow-extension"\####n      ]\####n    },\####n    {\####n      "equipment": [\####n        "barbell"
      ],\####n      "id": "standing-press",\####n      "joints": [\####n        "lower-back"\####n      ],
      "patterns": [\####n        "vertical-push"\####n      ]\####n    },\####n    {\####n      "id": "pull",
      "joints": [\####n        "shoulder",\####n        "elbow"\####n      ],\####n      "patterns": [
        "horizontal-pull",\####n        "vertical-pull"\####n      ]\####n    },\####n    {
      "id": "bent-over",\####n      "joints": [\####n        "lower-back"\####n      ],\####n      "nameKeywords": [
        "bent over",\####n        "bent-over",\####n        "pendlay",\####n        "t-bar",\####n        "tbar",
        "yates"\####n      ],\####n      "patterns": [\####n        "horizontal-pull"\####n      ]\####n    },
    {\####n      "id": "elbow",\####n      "joints": [\####n        "elbow"\####n      ],\####n      "patterns": [
        "elbow-flexion",\####n        "elbow-extension"\####n      ]\####n    },\####n    {\####n      "id": "shoulder",
      "joints": [\####n        "shoulder"\####n      ],\####n      "patterns": [\####n        "shoulder-raise",
        "rear-shoulder",\####n        "scapular"\####n      ]\####n    },\####n    {\####n      "id": "wrist",
      "joints": [\####n        "wrist"\####n      ],\####n      "patterns": [\####n        "wrist-and-grip"\####n      ]
    },\####n    {\####n      "id": "carry",\####n      "joints": [\####n        "lower-back",\####n        "shoulder",
        "wrist"\####n      ],\####n      "patterns": [\####n        "carry"\####n      ]\####n    },\####n    {
      "id": "trunk",\####n      "joints": [\####n        "lower-back"\####n      ],\####n      "patterns": [
        "anti-extension",\####n        "trunk-flexion",\####n        "trunk-rotation",\####n        "lateral-flexion"
      ]\####n    },\####n    {\####n      "id": "plank-on-hands",\####n      "joints": [\####n        "shoulder",
        "wrist"\####n      ],\####n      "nameKeywords": [\####n        "push-up position",\####n        "high plank",
        "plank tap",\####n        "shoulder tap",\####n        "rollout",\####n        "rollerout",
        "ab wheel"\####n      ],\####n      "patterns": [\####n        "anti-extension"\####n      ]\####n    },
    {\####n      "id": "crunch-neck",\####n      "joints": [\####n        "neck"\####n      ],
      "nameKeywords": [\####n        "crunch",\####n        "sit-up",\####n        "situp"\####n      ],
      "patterns": [\####n        "trunk-flexion"\####n      ]\####n    },\####n    {\####n      "id": "neck",
      "joints": [\####n        "neck"\####n      ],\####n      "patterns": [\####n        "neck"\####n      ]
    },\####n    {\####n      "id": "conditioning",\####n      "joints": [\####n        "knee",\####n        "ankle"
      ],\####n      "patterns": [\####n        "conditioning"\####n      ]\####n    },\####n    {
      "id": "jump",\####n      "joints": [\####n        "knee",\####n        "ankle",\####n        "hip"\####n      ],
      "patterns": [\####n        "power"\####n      ]\####n    },\####n    {\####n      "equipment": [
        "barbell",\####n        "kettlebell",\####n        "dumbbell"\####n      ],\####n      "id": "olympic",
      "joints": [\####n        "lower-back",\####n        "shoulder",\####n        "wrist"\####n      ],
      "patterns": [\####n        "power"\####n      ]\####n    },\####n    {\####n      "id": "mobility",
      "joints": [],\####n      "patterns": [\####n        "mobility"\####n      ]\####n    }\####n  ],
  "laterality": {\####n    "alternating": {\####n      "instructionKeywords": [\####n        "alternating",
        "alternate legs",\####n        "alternate arms",\####n        "alternate sides",
        "switch legs and repeat",\####n        "alternating sides"\####n      ],\####n      "nameKeywords": [
        "alternating",\####n        "alternate",\####n        "alternated",\####n        "walking lunge",
        "bicycle",\####n        "flutter kick",\####n        "scissor",\####n        "high knee",
        "mountain climber",\####n        "march",\####n        "running",\####n        "run",\####n        "jogging",
        "bird dog",\####n        "dead bug"\####n      ]\####n    },\####n    "unilateral": {
      "instructionKeywords": [\####n        "repeat on the other side",\####n        "repeat with the other",
        "switch sides",\####n        "switch to the other",\####n        "other arm",\####n        "other leg",
        "opposite side",\####n        "each side",\####n        "each leg",\####n        "each arm"\####n      ],
      "nameKeywords": [\####n        "single arm",\####n        "single leg",\####n        "one arm",
        "one leg",\####n        "one-arm",\####n        "one-leg",\####n        "single-arm",\####n        "single-leg",
        "unilateral",\####n        "split squat",\####n        "bulgarian",\####n        "step-up",
        "stepup",\####n        "pistol",\####n        "suitcase",\####n        "side plank",\####n        "side bridge",
        "windmill",\####n        "cossack",\####n        "lateral lunge",\####n        "curtsey",
        "concentration curl",\####n        "kickback",\####n        "archer",\####n        "copenhagen",
        "side lying",\####n        "sidelying",\####n        "clamshell",\####n        "fire hydrant"\####n      ],
      "patterns": [\####n        "lunge"\####n      ]\####n    }\####n  },\####n  "levelRules": [\####n    {
      "id": "advanced-skill",\####n      "level": "advanced",\####n      "nameKeywords": [\####n        "planche",
        "maltese",\####n        "front lever",\####n        "back lever",\####n        "flag",\####n        "muscle up",
        "handstand",\####n        "archer",\####n        "one arm push-up",\####n        "one arm pull-up",
        "pistol",\####n        "clap",\####n        "plyo push-up",\####n        "drop push up",\####n        "nordic",
        "inverse leg curl",\####n        "glute-ham raise",\####n        "snatch",\####n        "jerk",
        "skin the cat",\####n        "rear pull-up",\####n        "behind neck",\####n        "l-sit",
        "standing ab rollerout",\####n        "standing wheel rollerout",\####n        "dragon"\####n      ]\####n    },
    {\####n      "id": "intermediate-skill",\####n      "level": "intermediate",\####n      "nameKeywords": [
        "hanging",\####n        "single leg",\####n        "one leg",\####n        "bulgarian",\####n        "pull-up",
        "chin-up",\####n        "dip",\####n        "deadlift",\####n        "front squat",\####n        "good morning",
        "burpee",\####n        "turkish get up",\####n        "windmill",\####n        "renegade",\####n        "v-up",
        "jackknife",\####n        "high pull",\####n        "clean",\####n        "thruster"\####n      ]\####n    },
    {\####n      "equipment": [\####n        "barbell",\####n        "kettlebell",\####n        "trap-bar"\####n      ],
      "id": "free-weight-compound",\####n      "level": "intermediate",\####n      "patterns": [\####n        "squat",
        "hinge",\####n        "lunge",\####n        "horizontal-push",\####n        "vertical-push",
        "horizontal-pull",\####n        "vertical-pull",\####n        "power",\####n        "carry",
        "hip-extension"\####n      ]\####n    },\####n    {\####n      "id": "plyometric",
      "level": "intermediate",\####n      "patterns": [\####n        "power"\####n      ]\####n    },\####n    {
      "id": "default",\####n      "level": "beginner"\####n    }\####n  ],\####n  "mechanicNames": {
    "compound": [\####n      "dip",\####n      "dips",\####n      "close grip bench press",
      "close-grip bench press",\####n      "jm press",\####n      "row",\####n      "face pull",
      "glute ham raise",\####n      "glute-ham raise",\####n      "nordic"\####n    ],\####n    "isolation": [
      "fly",\####n      "flye",\####n      "butterfly",\####n      "pec deck",\####n      "crossover",
      "cross over",\####n      "straight arm pulldown",\####n      "straight-arm pulldown",
      "straight arm pullover"\####n    ]\####n  },\####n  "mechanics": {\####n    "anti-extension": "compound",
    "calf-raise": "isolation",\####n    "carry": "compound",\####n    "conditioning": "compound",
    "elbow-extension": "isolation",\####n    "elbow-flexion": "isolation",\####n    "hinge": "compound",
    "hip-abduction": "isolation",\####n    "hip-adduction": "isolation",\####n    "hip-extension": "compound",
    "horizontal-pull": "compound",\####n    "horizontal-push": "compound",\####n    "knee-extension": "isolation",
    "knee-flexion": "isolation",\####n    "lateral-flexion": "isolation",\####n    "lunge": "compound",
    "mobility": "isolation",\####n    "neck": "isolation",\####n    "power": "compound",
    "rear-shoulder": "isolation",\####n    "scapular": "isolation",\####n    "shoulder-raise": "isolation",
    "squat": "compound",\####n    "trunk-flexion": "isolation",\####n    "trunk-rotation": "compound",
    "vertical-pull": "compound",\####n    "vertical-push": "compound",\####n    "wrist-and-grip": "isolation"\####n  },
  "patterns": [\####n    {
      "definition": "Bilateral knee- and hip-dominant squatting and leg pressing, including single-leg squats to full depth (pistol).",
      "id": "squat",\####n      "nameKeywords": [\####n        "leg wide press",\####n        "chair squat",
        "sissy squat",\####n        "hack squat",\####n        "leg press",\####n        "thruster",
        "wall sit",\####n        "zercher",\####n        "goblet",\####n        "pistol",\####n        "squats",
        "squat"\####n      ]\####n    },\####n    {
      "definition": "Split-stance or stepping single-leg knee-dominant work: lunges, split squats, step-ups.",
      "id": "lunge",\####n      "nameKeywords": [\####n        "cossack squats",\####n        "curtsey squat",
        "lateral lunge",\####n        "split squats",\####n        "split squat",\####n        "bulgarian",
        "step-ups",\####n        "cossack",\####n        "step up",\####n        "step-up",\####n        "lunges",
        "lunge"\####n      ]\####n    },\####n    {
      "definition": "Hip-dominant bending at the hips with a neutral spine: deadlifts, good mornings, swings, back extensions.",
      "id": "hinge",\####n      "nameKeywords": [\####n        "hyper extension",\####n        "lower back curl",
        "back extension",\####n        "hyperextension",\####n        "good morning",\####n        "pull through",
        "stiff-legged",\####n        "deadlifts",\####n        "rack pull",\####n        "stiff leg",
        "deadlift",\####n        "romanian",\####n        "swings",\####n        "swing",\####n        "rdl"
      ]\####n    },\####n    {
      "definition": "Glute-focused hip extension with the trunk supported: bridges, hip thrusts, kickbacks, reverse hypers.",
      "id": "hip-extension",\####n      "nameKeywords": [\####n        "reverse hyper extension",
        "reverse hyperextension",\####n        "glute kickback",\####n        "hip extension",
        "reverse hyper",\####n        "bridge march",\####n        "glute bridge",\####n        "leg kickback",
        "donkey kick",\####n        "hip thrusts",\####n        "hip thrust",\####n        "frog pump",
        "glute-ham",\####n        "hip lift",\####n        "bridge"\####n      ]\####n    },\####n    {
      "definition": "Moving the thigh away from the midline against resistance (abduction machine, banded walks, clamshells).",
      "id": "hip-abduction",\####n      "nameKeywords": [\####n        "lateral band walk",\####n        "fire hydrant",
        "monster walk",\####n        "abduction",\####n        "abductors",\####n        "clamshell",
        "abductor",\####n        "clam"\####n      ]\####n    },\####n    {
      "definition": "Moving the thigh toward the midline against resistance (adduction machine, Copenhagen plank).",
      "id": "hip-adduction",\####n      "nameKeywords": [\####n        "copenhagen",\####n        "adduction",
        "adductors",\####n        "adductor"\####n      ]\####n    },\####n    {
      "definition": "Knee flexion with the hip fixed: lying, seated and standing leg curls, Nordic curls, glute-ham raises.",
      "id": "knee-flexion",\####n      "nameKeywords": [\####n        "glute ham raise",\####n        "glute-ham raise",
        "hamstring curl",\####n        "ball leg curl",\####n        "leg curls",\####n        "leg curl",
        "nordic"\####n      ]\####n    },\####n    {
      "definition": "Knee extension with the hip fixed: leg extensions.",\####n      "id": "knee-extension",
      "nameKeywords": [\####n        "knee extension",\####n        "leg extensions",\####n        "leg extension"
      ]\####n    },\####n    {
      "definition": "Ankle plantar flexion against resistance: standing, seated and leg-press calf raises.",
      "id": "calf-raise",\####n      "nameKeywords": [\####n        "donkey calf raise",\####n        "calves raise",
        "calf raises",\####n        "calf press",\####n        "calf raise",\####n        "heel raise",
        "toe raise",\####n        "calf"\####n      ]\####n    },\####n    {
      "definition": "Pressing away from the chest in the transverse plane (bench press, push-up, chest press), chest flyes and chest dips.",
      "id": "horizontal-push",\####n      "nameKeywords": [\####n        "planche push-up",
        "decline press",\####n        "incline press",\####n        "bench press",\####n        "chest press",
        "floor press",\####n        "svend press",\####n        "chest pass",\####n        "chest push",
        "crossovers",\####n        "chest dip",\####n        "crossover",\####n        "twist fly",
        "pec deck",\####n        "push ups",\####n        "push-ups",\####n        "presses",\####n        "push up",
        "push-up",\####n        "pushup",\####n        "flyes",\####n        "press",\####n        "dips",
        "flye",\####n        "flys",\####n        "dip",\####n        "fly"\####n      ]\####n    },\####n    {
      "definition": "Pressing overhead in the sagittal plane: overhead, military, shoulder and push presses, handstand push-ups.",
      "id": "vertical-push",\####n      "nameKeywords": [\####n        "behind the neck press",
        "behind neck press",\####n        "handstand push-up",\####n        "bradford press",
        "landmine press",\####n        "military press",\####n        "overhead press",\####n        "palms in press",
        "shoulder press",\####n        "palm in press",\####n        "arnold press",\####n        "pike push up",
        "pike push-up",\####n        "seated press",\####n        "seesaw press",\####n        "cuban press",
        "bent press",\####n        "push press",\####n        "handstand",\####n        "z press"\####n      ]
    },\####n    {
      "definition": "Rowing toward the torso in the transverse plane: bent-over, seated, cable, chest-supported and inverted rows.",
      "id": "horizontal-pull",\####n      "nameKeywords": [\####n        "incline bench row",
        "rotational row",\####n        "bent over row",\####n        "inverted row",\####n        "renegade row",
        "seated row",\####n        "t bar row",\####n        "t-bar row",\####n        "towel row",
        "high row",\####n        "low row",\####n        "pendlay",\####n        "rows",\####n        "row"\####n      ]
    },\####n    {
      "definition": "Pulling the arms down toward the torso from overhead: pull-ups, chin-ups, pulldowns, pullovers, straight-arm pulldowns.",
      "id": "vertical-pull",\####n      "nameKeywords": [\####n        "straight arm pulldown",
        "straight-arm pulldown",\####n        "lat pulldown",\####n        "rope climb",\####n        "muscle up",
        "muscle-up",\####n        "pull down",\####n        "pull-down",\####n        "chin-ups",
        "pull-ups",\####n        "pulldown",\####n        "pullover",\####n        "chin up",\####n        "chin-up",
        "pull up",\####n        "pull-up",\####n        "pullups",\####n        "pullup",\####n        "chins",
        "chin"\####n      ]\####n    },\####n    {
      "definition": "Elbow flexion isolation: biceps, hammer, preacher, concentration and reverse curls.",
      "id": "elbow-flexion",\####n      "nameKeywords": [\####n        "concentration curl",
        "preacher curl",\####n        "reverse curl",\####n        "zottman curl",\####n        "biceps curl",
        "hammer curl",\####n        "spider curl",\####n        "bicep curl",\####n        "drag curl",
        "zottman",\####n        "curls",\####n        "curl"\####n      ]\####n    },\####n    {
      "definition": "Elbow extension isolation: triceps extensions, pushdowns, skull crushers, kickbacks, bench dips.",
      "id": "elbow-extension",\####n      "nameKeywords": [\####n        "close grip bench press",
        "close-grip bench press",\####n        "triceps extension",\####n        "overhead triceps",
        "tricep extension",\####n        "skull crusher",\####n        "triceps press",\####n        "french press",
        "skullcrusher",\####n        "triceps dips",\####n        "skull press",\####n        "tricep dips",
        "triceps dip",\####n        "bench dips",\####n        "tate press",\####n        "bench dip",
        "extension",\####n        "kickbacks",\####n        "push down",\####n        "pushdowns",
        "jm press",\####n        "kickback",\####n        "pushdown"\####n      ]\####n    },\####n    {
      "definition": "Raising the straight arm with the deltoids: lateral, front, Y and T raises, and upright rows.",
      "id": "shoulder-raise",\####n      "nameKeywords": [\####n        "lateral to front raise",
        "front shoulder raise",\####n        "around the world",\####n        "shoulder raise",
        "forward raise",\####n        "lateral raise",\####n        "front raise",\####n        "upright row",
        "iron cross",\####n        "side raise",\####n        "full can",\####n        "t-raise",
        "y raise",\####n        "y-raise",\####n        "raise"\####n      ]\####n    },\####n    {
      "definition": "Posterior deltoid and rotator-cuff isolation: reverse flyes, rear-delt raises and rows, face pulls, external and internal rotation.",
      "id": "rear-shoulder",\####n      "nameKeywords": [\####n        "external shoulder rotation",
        "shoulder external rotation",\####n        "shoulder internal rotation",\####n        "reverse machine fly",
        "rear lateral raise",\####n        "external rotation",\####n        "internal rotation",
        "band pull apart",\####n        "rear delt raise",\####n        "rear delt fly",\####n        "rear delt row",
        "deltoid rear",\####n        "reverse fly",\####n        "pull apart",\####n        "revers fly",
        "face pull",\####n        "rear delt",\####n        "back fly",\####n        "rear fly"\####n      ]\####n    },
    {
      "definition": "Scapular isolation: shrugs (elevation) and scapular push-ups, pull-ups and dips (protraction, depression).",
      "id": "scapular",\####n      "nameKeywords": [\####n        "incline shoulder raises",
        "incline shoulder raise",\####n        "scapular pull-up",\####n        "scapula push-up",
        "shoulder shrug",\####n        "scapula dips",\####n        "scapular",\####n        "scapula",
        "shrugs",\####n        "shrug"\####n      ]\####n    },\####n    {
      "definition": "Forearm and grip work: wrist curls and extensions, pronation/supination, finger curls, grip squeezes, wrist rollers.",
      "id": "wrist-and-grip",\####n      "nameKeywords": [\####n        "reverse wrist curl",
        "finger curls",\####n        "hand squeeze",\####n        "wrist roller",\####n        "finger curl",
        "plate pinch",\####n        "supination",\####n        "wrist curl",\####n        "dead hang",
        "pronation",\####n        "gripper",\####n        "rotate",\####n        "wrist",\####n        "hang"
      ]\####n    },\####n    {
      "definition": "Walking while holding or wearing a load: farmer's, suitcase, overhead and yoke carries, sled drags.",
      "id": "carry",\####n      "nameKeywords": [\####n        "overhead carry",\####n        "suitcase carry",
        "farmer's walk",\####n        "farmers walk",\####n        "farmer walk",\####n        "sled drag",
        "yoke walk",\####n        "carry",\####n        "drag"\####n      ]\####n    },\####n    {
      "definition": "Resisting spinal extension: front planks, ab-wheel and barbell rollouts, body saws, fallouts, dead bugs.",
      "id": "anti-extension",\####n      "nameKeywords": [\####n        "shoulder tap",\####n        "front lever",
        "front plank",\####n        "back lever",\####n        "ab roller",\####n        "plank tap",
        "rollerout",\####n        "ab wheel",\####n        "body saw",\####n        "dead bug",\####n        "fallout",
        "maltese",\####n        "planche",\####n        "rollout",\####n        "walkout",\####n        "hollow",
        "l-sit",\####n        "plank"\####n      ]\####n    },\####n    {
      "definition": "Spinal and hip flexion against resistance: crunches, sit-ups, leg and knee raises, V-ups, pull-ins.",
      "id": "trunk-flexion",\####n      "nameKeywords": [\####n        "bicycle crunch",\####n        "reverse crunch",
        "elbow to knee",\####n        "elbow-to-knee",\####n        "flutter kicks",\####n        "heel touchers",
        "leg hip raise",\####n        "leg-hip raise",\####n        "scissor kick",\####n        "toes to bar",
        "jack knife",\####n        "knee raise",\####n        "knee touch",\####n        "hip raise",
        "jackknife",\####n        "leg raise",\####n        "air bike",\####n        "crunches",\####n        "curl-up",
        "pull in",\####n        "pull-in",\####n        "sit-ups",\####n        "crunch",\####n        "sit up",
        "sit-up",\####n        "situp",\####n        "v-sit",\####n        "pike",\####n        "tuck",
        "v-up"\####n      ]\####n    },\####n    {
      "definition": "Rotating the trunk or resisting rotation: Russian twists, woodchops, Pallof presses, landmine rotations.",
      "id": "trunk-rotation",\####n      "nameKeywords": [\####n        "standing twist",\####n        "russian twist",
        "pallof press",\####n        "seated twist",\####n        "lying twist",\####n        "rotational",
        "wood chop",\####n        "rotation",\####n        "windmill",\####n        "woodchop",\####n        "pallof",
        "twists",\####n        "twist"\####n      ]\####n    },\####n    {
      "definition": "Side bending or resisting it: side bends, side planks, side crunches, suitcase-style oblique work, flags.",
      "id": "lateral-flexion",\####n      "nameKeywords": [\####n        "side bend crunch",
        "oblique crunch",\####n        "side bridge",\####n        "side crunch",\####n        "side plank",
        "side bend",\####n        "side bent",\####n        "oblique",\####n        "flag"\####n      ]\####n    },
    {
      "definition": "Neck flexion, extension and lateral flexion against resistance (harness, plate, manual).",
      "id": "neck",\####n      "nameKeywords": [\####n        "neck resistance",\####n        "neck extension",
        "head harness",\####n        "neck flexion",\####n        "neck harness",\####n        "neck"\####n      ]
    },\####n    {
      "definition": "Stretches, yoga poses, self-myofascial release and joint circles done for range of motion, not load.",
      "id": "mobility",\####n      "nameKeywords": [\####n        "hip external rotation",
        "hip internal rotation",\####n        "upward facing dog",\####n        "balance board",
        "pelvic tilt",\####n        "foam roll",\####n        "stretches",\####n        "toe touch",
        "inchworm",\####n        "mobility",\####n        "cat cow",\####n        "circles",\####n        "groiner",
        "stretch",\####n        "roller",\####n        "sphinx",\####n        "pose",\####n        "yoga",
        "smr"\####n      ]\####n    },\####n    {
      "definition": "Cyclical or whole-body cardio for the cardiovascular system: running, cycling, rowing, elliptical, jump rope, burpees, battle ropes.",
      "id": "conditioning",\####n      "nameKeywords": [\####n        "walking high knee",
        "mountain climber",\####n        "battling ropes",\####n        "cross trainer",\####n        "ski ergometer",
        "jumping jack",\####n        "rope jumping",\####n        "battle rope",\####n        "stairmaster",
        "bear crawl",\####n        "elliptical",\####n        "high knees",\####n        "quick feet",
        "bicycling",\####n        "ergometer",\####n        "high knee",\####n        "jack jump",
        "jump rope",\####n        "star jump",\####n        "step mill",\####n        "treadmill",
        "ski step",\####n        "stepmill",\####n        "cycling",\####n        "jogging",\####n        "running",
        "sprints",\####n        "boxing",\####n        "burpee",\####n        "rowing",\####n        "skierg",
        "sprint",\####n        "cycle",\####n        "bike",\####n        "jog",\####n        "run"\####n      ]
    },\####n    {
      "definition": "Explosive work: jumps, hops, bounds, plyometric push-ups, medicine-ball throws and slams, and Olympic lifts (clean, snatch, jerk).",
      "id": "power",\####n      "nameKeywords": [\####n        "clean and press",\####n        "clean and jerk",
        "turkish get up",\####n        "sledge hammer",\####n        "clap push up",\####n        "clap push-up",
        "drop push up",\####n        "plyo push up",\####n        "plyo push-up",\####n        "sledgehammer",
        "power clean",\####n        "snatch pull",\####n        "depth jump",\####n        "hang clean",
        "jump squat",\####n        "plyometric",\####n        "split jerk",\####n        "squat jump",
        "high pull",\####n        "tire flip",\####n        "box jump",\####n        "bounds",\####n        "get up",
        "snatch",\####n        "bound",\####n        "clean",\####n        "jumps",\####n        "throw",
        "hops",\####n        "jerk",\####n        "jump",\####n        "leap",\####n        "plyo",\####n        "skip",
        "slam",\####n        "hop"\####n      ]\####n    }\####n  ],\####n  "precedence": [\####n    "mobility",
    "conditioning",\####n    "power"\####n  ]\####n}\####n
"""####
}
