// Generated from catalog/vocab/ by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds these texts equal to the files.
extension DefaultVocabulary {
    static let texts: [(name: String, text: String)] = [
        ("patterns.json", ####"""
{
  "families": [
    {
      "categories": [
        "stretching"
      ],
      "id": "stretch",
      "instructionKeywords": [
        "hold the stretch",
        "hold this stretch",
        "hold for 5",
        "hold for 10",
        "hold for 15",
        "hold for 20",
        "hold for 30",
        "hold this position for 5",
        "hold this position for 10",
        "hold this position for 15",
        "hold this position for 20",
        "hold this position for 30"
      ],
      "muscleOnlyNames": true,
      "nameKeywords": [
        "stretch",
        "stretching"
      ],
      "reason": "stretch: not strength volume"
    },
    {
      "id": "mobility",
      "nameKeywords": [
        "mobility"
      ],
      "patterns": [
        "mobility"
      ],
      "reason": "mobility: not strength volume"
    },
    {
      "categories": [
        "cardio"
      ],
      "id": "cardio",
      "patterns": [
        "conditioning"
      ],
      "reason": "cardio: not strength volume"
    },
    {
      "id": "rehab",
      "nameKeywords": [
        "rehab",
        "rehabilitation",
        "physiotherapy",
        "prehab"
      ],
      "reason": "rehabilitation: not strength volume"
    }
  ],
  "formatVersion": 1,
  "jointRules": [
    {
      "id": "squat",
      "joints": [
        "knee",
        "hip"
      ],
      "patterns": [
        "squat"
      ]
    },
    {
      "equipment": [
        "barbell",
        "trap-bar",
        "smith-machine"
      ],
      "id": "loaded-squat",
      "joints": [
        "lower-back"
      ],
      "patterns": [
        "squat",
        "lunge"
      ]
    },
    {
      "id": "deep-squat",
      "joints": [
        "ankle"
      ],
      "nameKeywords": [
        "full squat",
        "deep squat",
        "pistol",
        "sissy squat",
        "cossack"
      ],
      "patterns": [
        "squat",
        "lunge"
      ]
    },
    {
      "id": "lunge",
      "joints": [
        "knee",
        "hip"
      ],
      "patterns": [
        "lunge"
      ]
    },
    {
      "id": "hinge",
      "joints": [
        "lower-back",
        "hip"
      ],
      "patterns": [
        "hinge"
      ]
    },
    {
      "id": "hip-extension",
      "joints": [
        "hip"
      ],
      "patterns": [
        "hip-extension",
        "hip-abduction",
        "hip-adduction"
      ]
    },
    {
      "id": "knee",
      "joints": [
        "knee"
      ],
      "patterns": [
        "knee-flexion",
        "knee-extension"
      ]
    },
    {
      "id": "calf",
      "joints": [
        "ankle"
      ],
      "patterns": [
        "calf-raise"
      ]
    },
    {
      "id": "press",
      "joints": [
        "shoulder",
        "elbow"
      ],
      "patterns": [
        "horizontal-push",
        "vertical-push"
      ]
    },
    {
      "id": "push-up",
      "joints": [
        "wrist"
      ],
      "nameKeywords": [
        "push-up",
        "pushup",
        "press up",
        "handstand",
        "planche"
      ],
      "patterns": [
        "horizontal-push",
        "vertical-push"
      ]
    },
    {
      "id": "dip",
      "joints": [
        "shoulder"
      ],
      "nameKeywords": [
        "dip"
      ],
      "patterns": [
        "horizontal-push",
        "vertical-push",
        "elbow-extension"
      ]
    },
    {
      "equipment": [
        "barbell"
      ],
      "id": "standing-press",
      "joints": [
        "lower-back"
      ],
      "patterns": [
        "vertical-push"
      ]
    },
    {
      "id": "pull",
      "joints": [
        "shoulder",
        "elbow"
      ],
      "patterns": [
        "horizontal-pull",
        "vertical-pull"
      ]
    },
    {
      "id": "bent-over",
      "joints": [
        "lower-back"
      ],
      "nameKeywords": [
        "bent over",
        "bent-over",
        "pendlay",
        "t-bar",
        "tbar",
        "yates"
      ],
      "patterns": [
        "horizontal-pull"
      ]
    },
    {
      "id": "elbow",
      "joints": [
        "elbow"
      ],
      "patterns": [
        "elbow-flexion",
        "elbow-extension"
      ]
    },
    {
      "id": "shoulder",
      "joints": [
        "shoulder"
      ],
      "patterns": [
        "shoulder-raise",
        "rear-shoulder",
        "scapular"
      ]
    },
    {
      "id": "wrist",
      "joints": [
        "wrist"
      ],
      "patterns": [
        "wrist-and-grip"
      ]
    },
    {
      "id": "carry",
      "joints": [
        "lower-back",
        "shoulder",
        "wrist"
      ],
      "patterns": [
        "carry"
      ]
    },
    {
      "id": "trunk",
      "joints": [
        "lower-back"
      ],
      "patterns": [
        "anti-extension",
        "trunk-flexion",
        "trunk-rotation",
        "lateral-flexion"
      ]
    },
    {
      "id": "plank-on-hands",
      "joints": [
        "shoulder",
        "wrist"
      ],
      "nameKeywords": [
        "push-up position",
        "high plank",
        "plank tap",
        "shoulder tap",
        "rollout",
        "rollerout",
        "ab wheel"
      ],
      "patterns": [
        "anti-extension"
      ]
    },
    {
      "id": "crunch-neck",
      "joints": [
        "neck"
      ],
      "nameKeywords": [
        "crunch",
        "sit-up",
        "situp"
      ],
      "patterns": [
        "trunk-flexion"
      ]
    },
    {
      "id": "neck",
      "joints": [
        "neck"
      ],
      "patterns": [
        "neck"
      ]
    },
    {
      "id": "conditioning",
      "joints": [
        "knee",
        "ankle"
      ],
      "patterns": [
        "conditioning"
      ]
    },
    {
      "id": "jump",
      "joints": [
        "knee",
        "ankle",
        "hip"
      ],
      "patterns": [
        "power"
      ]
    },
    {
      "equipment": [
        "barbell",
        "kettlebell",
        "dumbbell"
      ],
      "id": "olympic",
      "joints": [
        "lower-back",
        "shoulder",
        "wrist"
      ],
      "patterns": [
        "power"
      ]
    },
    {
      "id": "mobility",
      "joints": [],
      "patterns": [
        "mobility"
      ]
    }
  ],
  "laterality": {
    "alternating": {
      "instructionKeywords": [
        "alternating",
        "alternate legs",
        "alternate arms",
        "alternate sides",
        "switch legs and repeat",
        "alternating sides"
      ],
      "nameKeywords": [
        "alternating",
        "alternate",
        "alternated",
        "walking lunge",
        "bicycle",
        "flutter kick",
        "scissor",
        "high knee",
        "mountain climber",
        "march",
        "running",
        "run",
        "jogging",
        "bird dog",
        "dead bug"
      ]
    },
    "unilateral": {
      "instructionKeywords": [
        "repeat on the other side",
        "repeat with the other",
        "switch sides",
        "switch to the other",
        "other arm",
        "other leg",
        "opposite side",
        "each side",
        "each leg",
        "each arm"
      ],
      "nameKeywords": [
        "single arm",
        "single leg",
        "one arm",
        "one leg",
        "one-arm",
        "one-leg",
        "single-arm",
        "single-leg",
        "unilateral",
        "split squat",
        "bulgarian",
        "step-up",
        "stepup",
        "pistol",
        "suitcase",
        "side plank",
        "side bridge",
        "windmill",
        "cossack",
        "lateral lunge",
        "curtsey",
        "concentration curl",
        "kickback",
        "archer",
        "copenhagen",
        "side lying",
        "sidelying",
        "clamshell",
        "fire hydrant"
      ],
      "patterns": [
        "lunge"
      ]
    }
  },
  "levelRules": [
    {
      "id": "advanced-skill",
      "level": "advanced",
      "nameKeywords": [
        "planche",
        "maltese",
        "front lever",
        "back lever",
        "flag",
        "muscle up",
        "handstand",
        "archer",
        "one arm push-up",
        "one arm pull-up",
        "pistol",
        "clap",
        "plyo push-up",
        "drop push up",
        "nordic",
        "inverse leg curl",
        "glute-ham raise",
        "snatch",
        "jerk",
        "skin the cat",
        "rear pull-up",
        "behind neck",
        "l-sit",
        "standing ab rollerout",
        "standing wheel rollerout",
        "dragon"
      ]
    },
    {
      "id": "intermediate-skill",
      "level": "intermediate",
      "nameKeywords": [
        "hanging",
        "single leg",
        "one leg",
        "bulgarian",
        "pull-up",
        "chin-up",
        "dip",
        "deadlift",
        "front squat",
        "good morning",
        "burpee",
        "turkish get up",
        "windmill",
        "renegade",
        "v-up",
        "jackknife",
        "high pull",
        "clean",
        "thruster"
      ]
    },
    {
      "equipment": [
        "barbell",
        "kettlebell",
        "trap-bar"
      ],
      "id": "free-weight-compound",
      "level": "intermediate",
      "patterns": [
        "squat",
        "hinge",
        "lunge",
        "horizontal-push",
        "vertical-push",
        "horizontal-pull",
        "vertical-pull",
        "power",
        "carry",
        "hip-extension"
      ]
    },
    {
      "id": "plyometric",
      "level": "intermediate",
      "patterns": [
        "power"
      ]
    },
    {
      "id": "default",
      "level": "beginner"
    }
  ],
  "mechanicNames": {
    "compound": [
      "dip",
      "dips",
      "close grip bench press",
      "close-grip bench press",
      "jm press",
      "row",
      "face pull",
      "glute ham raise",
      "glute-ham raise",
      "nordic"
    ],
    "isolation": [
      "fly",
      "flye",
      "butterfly",
      "pec deck",
      "crossover",
      "cross over",
      "straight arm pulldown",
      "straight-arm pulldown",
      "straight arm pullover"
    ]
  },
  "mechanics": {
    "anti-extension": "compound",
    "calf-raise": "isolation",
    "carry": "compound",
    "conditioning": "compound",
    "elbow-extension": "isolation",
    "elbow-flexion": "isolation",
    "hinge": "compound",
    "hip-abduction": "isolation",
    "hip-adduction": "isolation",
    "hip-extension": "compound",
    "horizontal-pull": "compound",
    "horizontal-push": "compound",
    "knee-extension": "isolation",
    "knee-flexion": "isolation",
    "lateral-flexion": "isolation",
    "lunge": "compound",
    "mobility": "isolation",
    "neck": "isolation",
    "power": "compound",
    "rear-shoulder": "isolation",
    "scapular": "isolation",
    "shoulder-raise": "isolation",
    "squat": "compound",
    "trunk-flexion": "isolation",
    "trunk-rotation": "compound",
    "vertical-pull": "compound",
    "vertical-push": "compound",
    "wrist-and-grip": "isolation"
  },
  "patterns": [
    {
      "definition": "Bilateral knee- and hip-dominant squatting and leg pressing, including single-leg squats to full depth (pistol).",
      "id": "squat",
      "nameKeywords": [
        "leg wide press",
        "chair squat",
        "sissy squat",
        "hack squat",
        "leg press",
        "thruster",
        "wall sit",
        "zercher",
        "goblet",
        "pistol",
        "squats",
        "squat"
      ]
    },
    {
      "definition": "Split-stance or stepping single-leg knee-dominant work: lunges, split squats, step-ups.",
      "id": "lunge",
      "nameKeywords": [
        "cossack squats",
        "curtsey squat",
        "lateral lunge",
        "split squats",
        "split squat",
        "bulgarian",
        "step-ups",
        "cossack",
        "step up",
        "step-up",
        "lunges",
        "lunge"
      ]
    },
    {
      "definition": "Hip-dominant bending at the hips with a neutral spine: deadlifts, good mornings, swings, back extensions.",
      "id": "hinge",
      "nameKeywords": [
        "hyper extension",
        "lower back curl",
        "back extension",
        "hyperextension",
        "good morning",
        "pull through",
        "stiff-legged",
        "deadlifts",
        "rack pull",
        "stiff leg",
        "deadlift",
        "romanian",
        "swings",
        "swing",
        "rdl"
      ]
    },
    {
      "definition": "Glute-focused hip extension with the trunk supported: bridges, hip thrusts, kickbacks, reverse hypers.",
      "id": "hip-extension",
      "nameKeywords": [
        "reverse hyper extension",
        "reverse hyperextension",
        "glute kickback",
        "hip extension",
        "reverse hyper",
        "bridge march",
        "glute bridge",
        "leg kickback",
        "donkey kick",
        "hip thrusts",
        "hip thrust",
        "frog pump",
        "glute-ham",
        "hip lift",
        "bridge"
      ]
    },
    {
      "definition": "Moving the thigh away from the midline against resistance (abduction machine, banded walks, clamshells).",
      "id": "hip-abduction",
      "nameKeywords": [
        "lateral band walk",
        "fire hydrant",
        "monster walk",
        "abduction",
        "abductors",
        "clamshell",
        "abductor",
        "clam"
      ]
    },
    {
      "definition": "Moving the thigh toward the midline against resistance (adduction machine, Copenhagen plank).",
      "id": "hip-adduction",
      "nameKeywords": [
        "copenhagen",
        "adduction",
        "adductors",
        "adductor"
      ]
    },
    {
      "definition": "Knee flexion with the hip fixed: lying, seated and standing leg curls, Nordic curls, glute-ham raises.",
      "id": "knee-flexion",
      "nameKeywords": [
        "glute ham raise",
        "glute-ham raise",
        "hamstring curl",
        "ball leg curl",
        "leg curls",
        "leg curl",
        "nordic"
      ]
    },
    {
      "definition": "Knee extension with the hip fixed: leg extensions.",
      "id": "knee-extension",
      "nameKeywords": [
        "knee extension",
        "leg extensions",
        "leg extension"
      ]
    },
    {
      "definition": "Ankle plantar flexion against resistance: standing, seated and leg-press calf raises.",
      "id": "calf-raise",
      "nameKeywords": [
        "donkey calf raise",
        "calves raise",
        "calf raises",
        "calf press",
        "calf raise",
        "heel raise",
        "toe raise",
        "calf"
      ]
    },
    {
      "definition": "Pressing away from the chest in the transverse plane (bench press, push-up, chest press), chest flyes and chest dips.",
      "id": "horizontal-push",
      "nameKeywords": [
        "planche push-up",
        "decline press",
        "incline press",
        "bench press",
        "chest press",
        "floor press",
        "svend press",
        "chest pass",
        "chest push",
        "crossovers",
        "chest dip",
        "crossover",
        "twist fly",
        "pec deck",
        "push ups",
        "push-ups",
        "presses",
        "push up",
        "push-up",
        "pushup",
        "flyes",
        "press",
        "dips",
        "flye",
        "flys",
        "dip",
        "fly"
      ]
    },
    {
      "definition": "Pressing overhead in the sagittal plane: overhead, military, shoulder and push presses, handstand push-ups.",
      "id": "vertical-push",
      "nameKeywords": [
        "behind the neck press",
        "behind neck press",
        "handstand push-up",
        "bradford press",
        "landmine press",
        "military press",
        "overhead press",
        "palms in press",
        "shoulder press",
        "palm in press",
        "arnold press",
        "pike push up",
        "pike push-up",
        "seated press",
        "seesaw press",
        "cuban press",
        "bent press",
        "push press",
        "handstand",
        "z press"
      ]
    },
    {
      "definition": "Rowing toward the torso in the transverse plane: bent-over, seated, cable, chest-supported and inverted rows.",
      "id": "horizontal-pull",
      "nameKeywords": [
        "incline bench row",
        "rotational row",
        "bent over row",
        "inverted row",
        "renegade row",
        "seated row",
        "t bar row",
        "t-bar row",
        "towel row",
        "high row",
        "low row",
        "pendlay",
        "rows",
        "row"
      ]
    },
    {
      "definition": "Pulling the arms down toward the torso from overhead: pull-ups, chin-ups, pulldowns, pullovers, straight-arm pulldowns.",
      "id": "vertical-pull",
      "nameKeywords": [
        "straight arm pulldown",
        "straight-arm pulldown",
        "lat pulldown",
        "rope climb",
        "muscle up",
        "muscle-up",
        "pull down",
        "pull-down",
        "chin-ups",
        "pull-ups",
        "pulldown",
        "pullover",
        "chin up",
        "chin-up",
        "pull up",
        "pull-up",
        "pullups",
        "pullup",
        "chins",
        "chin"
      ]
    },
    {
      "definition": "Elbow flexion isolation: biceps, hammer, preacher, concentration and reverse curls.",
      "id": "elbow-flexion",
      "nameKeywords": [
        "concentration curl",
        "preacher curl",
        "reverse curl",
        "zottman curl",
        "biceps curl",
        "hammer curl",
        "spider curl",
        "bicep curl",
        "drag curl",
        "zottman",
        "curls",
        "curl"
      ]
    },
    {
      "definition": "Elbow extension isolation: triceps extensions, pushdowns, skull crushers, kickbacks, bench dips.",
      "id": "elbow-extension",
      "nameKeywords": [
        "close grip bench press",
        "close-grip bench press",
        "triceps extension",
        "overhead triceps",
        "tricep extension",
        "skull crusher",
        "triceps press",
        "french press",
        "skullcrusher",
        "triceps dips",
        "skull press",
        "tricep dips",
        "triceps dip",
        "bench dips",
        "tate press",
        "bench dip",
        "extension",
        "kickbacks",
        "push down",
        "pushdowns",
        "jm press",
        "kickback",
        "pushdown"
      ]
    },
    {
      "definition": "Raising the straight arm with the deltoids: lateral, front, Y and T raises, and upright rows.",
      "id": "shoulder-raise",
      "nameKeywords": [
        "lateral to front raise",
        "front shoulder raise",
        "around the world",
        "shoulder raise",
        "forward raise",
        "lateral raise",
        "front raise",
        "upright row",
        "iron cross",
        "side raise",
        "full can",
        "t-raise",
        "y raise",
        "y-raise",
        "raise"
      ]
    },
    {
      "definition": "Posterior deltoid and rotator-cuff isolation: reverse flyes, rear-delt raises and rows, face pulls, external and internal rotation.",
      "id": "rear-shoulder",
      "nameKeywords": [
        "external shoulder rotation",
        "shoulder external rotation",
        "shoulder internal rotation",
        "reverse machine fly",
        "rear lateral raise",
        "external rotation",
        "internal rotation",
        "band pull apart",
        "rear delt raise",
        "rear delt fly",
        "rear delt row",
        "deltoid rear",
        "reverse fly",
        "pull apart",
        "revers fly",
        "face pull",
        "rear delt",
        "back fly",
        "rear fly"
      ]
    },
    {
      "definition": "Scapular isolation: shrugs (elevation) and scapular push-ups, pull-ups and dips (protraction, depression).",
      "id": "scapular",
      "nameKeywords": [
        "incline shoulder raises",
        "incline shoulder raise",
        "scapular pull-up",
        "scapula push-up",
        "shoulder shrug",
        "scapula dips",
        "scapular",
        "scapula",
        "shrugs",
        "shrug"
      ]
    },
    {
      "definition": "Forearm and grip work: wrist curls and extensions, pronation/supination, finger curls, grip squeezes, wrist rollers.",
      "id": "wrist-and-grip",
      "nameKeywords": [
        "reverse wrist curl",
        "finger curls",
        "hand squeeze",
        "wrist roller",
        "finger curl",
        "plate pinch",
        "supination",
        "wrist curl",
        "dead hang",
        "pronation",
        "gripper",
        "rotate",
        "wrist",
        "hang"
      ]
    },
    {
      "definition": "Walking while holding or wearing a load: farmer's, suitcase, overhead and yoke carries, sled drags.",
      "id": "carry",
      "nameKeywords": [
        "overhead carry",
        "suitcase carry",
        "farmer's walk",
        "farmers walk",
        "farmer walk",
        "sled drag",
        "yoke walk",
        "carry",
        "drag"
      ]
    },
    {
      "definition": "Resisting spinal extension: front planks, ab-wheel and barbell rollouts, body saws, fallouts, dead bugs.",
      "id": "anti-extension",
      "nameKeywords": [
        "shoulder tap",
        "front lever",
        "front plank",
        "back lever",
        "ab roller",
        "plank tap",
        "rollerout",
        "ab wheel",
        "body saw",
        "dead bug",
        "fallout",
        "maltese",
        "planche",
        "rollout",
        "walkout",
        "hollow",
        "l-sit",
        "plank"
      ]
    },
    {
      "definition": "Spinal and hip flexion against resistance: crunches, sit-ups, leg and knee raises, V-ups, pull-ins.",
      "id": "trunk-flexion",
      "nameKeywords": [
        "bicycle crunch",
        "reverse crunch",
        "elbow to knee",
        "elbow-to-knee",
        "flutter kicks",
        "heel touchers",
        "leg hip raise",
        "leg-hip raise",
        "scissor kick",
        "toes to bar",
        "jack knife",
        "knee raise",
        "knee touch",
        "hip raise",
        "jackknife",
        "leg raise",
        "air bike",
        "crunches",
        "curl-up",
        "pull in",
        "pull-in",
        "sit-ups",
        "crunch",
        "sit up",
        "sit-up",
        "situp",
        "v-sit",
        "pike",
        "tuck",
        "v-up"
      ]
    },
    {
      "definition": "Rotating the trunk or resisting rotation: Russian twists, woodchops, Pallof presses, landmine rotations.",
      "id": "trunk-rotation",
      "nameKeywords": [
        "standing twist",
        "russian twist",
        "pallof press",
        "seated twist",
        "lying twist",
        "rotational",
        "wood chop",
        "rotation",
        "windmill",
        "woodchop",
        "pallof",
        "twists",
        "twist"
      ]
    },
    {
      "definition": "Side bending or resisting it: side bends, side planks, side crunches, suitcase-style oblique work, flags.",
      "id": "lateral-flexion",
      "nameKeywords": [
        "side bend crunch",
        "oblique crunch",
        "side bridge",
        "side crunch",
        "side plank",
        "side bend",
        "side bent",
        "oblique",
        "flag"
      ]
    },
    {
      "definition": "Neck flexion, extension and lateral flexion against resistance (harness, plate, manual).",
      "id": "neck",
      "nameKeywords": [
        "neck resistance",
        "neck extension",
        "head harness",
        "neck flexion",
        "neck harness",
        "neck"
      ]
    },
    {
      "definition": "Stretches, yoga poses, self-myofascial release and joint circles done for range of motion, not load.",
      "id": "mobility",
      "nameKeywords": [
        "hip external rotation",
        "hip internal rotation",
        "upward facing dog",
        "balance board",
        "pelvic tilt",
        "foam roll",
        "stretches",
        "toe touch",
        "inchworm",
        "mobility",
        "cat cow",
        "circles",
        "groiner",
        "stretch",
        "roller",
        "sphinx",
        "pose",
        "yoga",
        "smr"
      ]
    },
    {
      "definition": "Cyclical or whole-body cardio for the cardiovascular system: running, cycling, rowing, elliptical, jump rope, burpees, battle ropes.",
      "id": "conditioning",
      "nameKeywords": [
        "walking high knee",
        "mountain climber",
        "battling ropes",
        "cross trainer",
        "ski ergometer",
        "jumping jack",
        "rope jumping",
        "battle rope",
        "stairmaster",
        "bear crawl",
        "elliptical",
        "high knees",
        "quick feet",
        "bicycling",
        "ergometer",
        "high knee",
        "jack jump",
        "jump rope",
        "star jump",
        "step mill",
        "treadmill",
        "ski step",
        "stepmill",
        "cycling",
        "jogging",
        "running",
        "sprints",
        "boxing",
        "burpee",
        "rowing",
        "skierg",
        "sprint",
        "cycle",
        "bike",
        "jog",
        "run"
      ]
    },
    {
      "definition": "Explosive work: jumps, hops, bounds, plyometric push-ups, medicine-ball throws and slams, and Olympic lifts (clean, snatch, jerk).",
      "id": "power",
      "nameKeywords": [
        "clean and press",
        "clean and jerk",
        "turkish get up",
        "sledge hammer",
        "clap push up",
        "clap push-up",
        "drop push up",
        "plyo push up",
        "plyo push-up",
        "sledgehammer",
        "power clean",
        "snatch pull",
        "depth jump",
        "hang clean",
        "jump squat",
        "plyometric",
        "split jerk",
        "squat jump",
        "high pull",
        "tire flip",
        "box jump",
        "bounds",
        "get up",
        "snatch",
        "bound",
        "clean",
        "jumps",
        "throw",
        "hops",
        "jerk",
        "jump",
        "leap",
        "plyo",
        "skip",
        "slam",
        "hop"
      ]
    }
  ],
  "precedence": [
    "mobility",
    "conditioning",
    "power"
  ]
}

"""####),
        ("equipment.json", ####"""
{
  "formatVersion": 1,
  "items": [
    {
      "definition": "Olympic or standard straight barbell with weight plates and collars.",
      "id": "barbell",
      "loadStepKg": 2.5,
      "setupSeconds": 90
    },
    {
      "definition": "Cambered curl bar (EZ/SZ bar) with plates.",
      "id": "ez-bar",
      "loadStepKg": 2.5,
      "setupSeconds": 45
    },
    {
      "definition": "Hexagonal trap (hex) bar with plates.",
      "id": "trap-bar",
      "loadStepKg": 2.5,
      "setupSeconds": 90
    },
    {
      "definition": "Pair of fixed or adjustable dumbbells.",
      "id": "dumbbell",
      "loadStepKg": 2,
      "setupSeconds": 15
    },
    {
      "definition": "One or more kettlebells.",
      "id": "kettlebell",
      "loadStepKg": [
        4,
        6,
        8,
        10,
        12,
        16,
        20,
        24,
        28,
        32,
        36,
        40,
        44,
        48
      ],
      "setupSeconds": 10
    },
    {
      "definition": "A loose weight plate held, worn on a dip belt or placed on the body for added load.",
      "id": "weight-plate",
      "loadStepKg": [
        1.25,
        2.5,
        5,
        10,
        15,
        20,
        25
      ],
      "setupSeconds": 15
    },
    {
      "definition": "Cable column or crossover with adjustable pulley and handles, bar or rope attachments.",
      "id": "cable-station",
      "loadStepKg": 5,
      "setupSeconds": 30
    },
    {
      "definition": "Elastic resistance band or tube, loop or with handles.",
      "id": "resistance-band",
      "loadStepKg": [
        5,
        10,
        15,
        25,
        35
      ],
      "setupSeconds": 20
    },
    {
      "definition": "Fixed overhead bar to hang from (doorway, rack or wall mounted).",
      "id": "pull-up-bar",
      "setupSeconds": 5
    },
    {
      "definition": "Parallel bars or dip station that supports the body on straight arms.",
      "id": "dip-bars",
      "setupSeconds": 5
    },
    {
      "definition": "Flat weight bench.",
      "id": "bench",
      "setupSeconds": 20
    },
    {
      "definition": "Adjustable bench that sets to incline angles.",
      "id": "incline-bench",
      "kindOf": [
        "bench"
      ],
      "setupSeconds": 30
    },
    {
      "definition": "Bench that sets to a decline with a leg hold (decline press, sit-up and crunch).",
      "id": "decline-bench",
      "kindOf": [
        "bench"
      ],
      "setupSeconds": 30
    },
    {
      "definition": "Preacher (Scott) curl bench with an angled arm pad.",
      "id": "preacher-bench",
      "setupSeconds": 30
    },
    {
      "definition": "Sturdy plyo box, step or platform to step or jump onto.",
      "id": "box",
      "setupSeconds": 20
    },
    {
      "definition": "Squat stand or power rack with J-hooks and safeties for racking a barbell.",
      "id": "squat-rack",
      "setupSeconds": 60
    },
    {
      "definition": "Smith machine: barbell fixed on vertical guide rails.",
      "id": "smith-machine",
      "loadStepKg": 2.5,
      "setupSeconds": 45
    },
    {
      "definition": "Plate-loaded 45-degree sled for leg press, hack squat and calf press (ExerciseDB 'sled machine').",
      "id": "leg-press-machine",
      "loadStepKg": 5,
      "setupSeconds": 60
    },
    {
      "definition": "Any selectorized or plate-loaded strength machine (lever machine) for one movement.",
      "id": "weight-machine",
      "loadStepKg": 5,
      "setupSeconds": 30
    },
    {
      "definition": "Counterweighted machine for assisted pull-ups, chin-ups and dips.",
      "id": "assisted-pullup-machine",
      "kindOf": [
        "pull-up-bar",
        "dip-bars"
      ],
      "setupSeconds": 30
    },
    {
      "definition": "Weighted medicine or slam ball.",
      "id": "medicine-ball",
      "loadStepKg": [
        2,
        3,
        4,
        5,
        6,
        8,
        10
      ],
      "setupSeconds": 10
    },
    {
      "definition": "Inflatable exercise (Swiss, physio) ball.",
      "id": "stability-ball",
      "setupSeconds": 15
    },
    {
      "definition": "Half-dome balance trainer (BOSU).",
      "id": "bosu-ball",
      "setupSeconds": 15
    },
    {
      "definition": "Foam roller for self-myofascial release and mobility.",
      "id": "foam-roller",
      "setupSeconds": 10
    },
    {
      "definition": "Ab wheel (ab roller) for rollouts.",
      "id": "ab-wheel",
      "setupSeconds": 5
    },
    {
      "definition": "Suspension straps (TRX-style) anchored overhead.",
      "id": "suspension-trainer",
      "setupSeconds": 60
    },
    {
      "definition": "Pair of gymnastic rings hung from an anchor.",
      "id": "gymnastic-rings",
      "setupSeconds": 90
    },
    {
      "definition": "Landmine attachment or a corner that anchors one end of a barbell.",
      "id": "landmine",
      "setupSeconds": 60
    },
    {
      "definition": "Push or drag sled (prowler) with plates and harness or handles.",
      "id": "sled",
      "loadStepKg": 5,
      "setupSeconds": 120
    },
    {
      "definition": "Large tractor tire for flipping or striking.",
      "id": "tire",
      "setupSeconds": 60
    },
    {
      "definition": "Sledgehammer swung onto a tire.",
      "id": "sledgehammer",
      "setupSeconds": 30
    },
    {
      "definition": "Heavy anchored battle (battling) rope.",
      "id": "battle-rope",
      "setupSeconds": 60
    },
    {
      "definition": "Skipping rope.",
      "id": "jump-rope",
      "setupSeconds": 10
    },
    {
      "definition": "Thick rope hung from the ceiling for climbing.",
      "id": "climbing-rope",
      "setupSeconds": 30
    },
    {
      "definition": "Strap, rope or towel used to assist stretches.",
      "id": "stretching-strap",
      "setupSeconds": 5
    },
    {
      "definition": "Wrist roller: handle with a cord and hanging weight.",
      "id": "wrist-roller",
      "setupSeconds": 20
    },
    {
      "definition": "Exercise or yoga mat for floor work.",
      "id": "exercise-mat",
      "setupSeconds": 10
    },
    {
      "definition": "Stationary, spin or recumbent exercise bike.",
      "id": "stationary-bike",
      "setupSeconds": 30
    },
    {
      "definition": "Elliptical cross-trainer.",
      "id": "elliptical",
      "setupSeconds": 30
    },
    {
      "definition": "Motorized treadmill.",
      "id": "treadmill",
      "setupSeconds": 30
    },
    {
      "definition": "Stepmill or stair-climber machine.",
      "id": "stepmill",
      "setupSeconds": 30
    },
    {
      "definition": "Indoor rowing ergometer.",
      "id": "rowing-machine",
      "setupSeconds": 30
    },
    {
      "definition": "Ski ergometer (SkiErg).",
      "id": "skierg",
      "setupSeconds": 30
    },
    {
      "definition": "Arm-crank upper-body ergometer (hand bike).",
      "id": "upper-body-ergometer",
      "setupSeconds": 30
    },
    {
      "definition": "A training partner who assists, spots or applies resistance (not an object).",
      "id": "partner",
      "setupSeconds": 0
    }
  ],
  "nameImplies": [
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "pull-up"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "pull-ups"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "pull up"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "chin-up"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "chin-ups"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "muscle up"
    },
    {
      "items": [
        "pull-up-bar"
      ],
      "keyword": "hanging"
    },
    {
      "items": [
        "dip-bars"
      ],
      "keyword": "chest dip"
    },
    {
      "items": [
        "dip-bars"
      ],
      "keyword": "parallel bars"
    },
    {
      "items": [
        "dip-bars"
      ],
      "keyword": "captains chair"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "bench press"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "bench dip"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "flat bench"
    },
    {
      "items": [
        "incline-bench"
      ],
      "keyword": "incline bench"
    },
    {
      "items": [
        "incline-bench"
      ],
      "keyword": "dumbbell incline"
    },
    {
      "items": [
        "incline-bench"
      ],
      "keyword": "barbell incline"
    },
    {
      "items": [
        "decline-bench"
      ],
      "keyword": "decline bench"
    },
    {
      "items": [
        "decline-bench"
      ],
      "keyword": "dumbbell decline"
    },
    {
      "items": [
        "decline-bench"
      ],
      "keyword": "decline sit-up"
    },
    {
      "items": [
        "decline-bench"
      ],
      "keyword": "decline crunch"
    },
    {
      "items": [
        "preacher-bench"
      ],
      "keyword": "preacher"
    },
    {
      "items": [
        "box"
      ],
      "keyword": "box"
    },
    {
      "items": [
        "box"
      ],
      "keyword": "step-up"
    },
    {
      "items": [
        "stability-ball"
      ],
      "keyword": "stability ball"
    },
    {
      "items": [
        "stability-ball"
      ],
      "keyword": "exercise ball"
    },
    {
      "items": [
        "bosu-ball"
      ],
      "keyword": "bosu"
    },
    {
      "items": [
        "medicine-ball"
      ],
      "keyword": "medicine ball"
    },
    {
      "items": [
        "suspension-trainer"
      ],
      "keyword": "suspended"
    },
    {
      "items": [
        "gymnastic-rings"
      ],
      "keyword": "ring dips"
    },
    {
      "items": [
        "landmine"
      ],
      "keyword": "landmine"
    },
    {
      "items": [
        "squat-rack"
      ],
      "keyword": "rack pull"
    },
    {
      "items": [
        "smith-machine"
      ],
      "keyword": "smith"
    },
    {
      "items": [
        "sledgehammer",
        "tire"
      ],
      "keyword": "sledgehammer"
    },
    {
      "items": [
        "wrist-roller"
      ],
      "keyword": "wrist roller"
    },
    {
      "items": [
        "battle-rope"
      ],
      "keyword": "battling ropes",
      "replaces": [
        "stretching-strap"
      ]
    },
    {
      "items": [
        "jump-rope"
      ],
      "keyword": "jump rope"
    },
    {
      "items": [
        "climbing-rope"
      ],
      "keyword": "rope climb"
    },
    {
      "items": [
        "sled"
      ],
      "keyword": "prowler"
    },
    {
      "items": [
        "treadmill"
      ],
      "keyword": "treadmill",
      "replaces": [
        "weight-machine"
      ]
    },
    {
      "items": [
        "weight-plate"
      ],
      "keyword": "plate"
    },
    {
      "items": [
        "trap-bar"
      ],
      "keyword": "trap bar"
    },
    {
      "items": [
        "trap-bar"
      ],
      "keyword": "hex bar"
    },
    {
      "items": [
        "ab-wheel"
      ],
      "keyword": "ab wheel"
    },
    {
      "items": [
        "ab-wheel"
      ],
      "keyword": "ab roller"
    },
    {
      "items": [
        "sled"
      ],
      "keyword": "sled push"
    },
    {
      "items": [
        "sled"
      ],
      "keyword": "sled pull"
    },
    {
      "items": [
        "sled"
      ],
      "keyword": "sled drag"
    },
    {
      "items": [
        "gymnastic-rings"
      ],
      "keyword": "rings"
    },
    {
      "items": [
        "gymnastic-rings"
      ],
      "keyword": "ring"
    },
    {
      "items": [
        "box"
      ],
      "keyword": "box jump"
    },
    {
      "items": [
        "resistance-band"
      ],
      "keyword": "monster walk"
    },
    {
      "items": [
        "battle-rope"
      ],
      "keyword": "battle rope",
      "replaces": [
        "stretching-strap"
      ]
    },
    {
      "items": [
        "elliptical"
      ],
      "keyword": "cross trainer",
      "replaces": [
        "weight-machine"
      ]
    },
    {
      "items": [
        "elliptical"
      ],
      "keyword": "elliptical",
      "replaces": [
        "weight-machine"
      ]
    },
    {
      "items": [
        "rowing-machine"
      ],
      "keyword": "rowing machine",
      "replaces": [
        "weight-machine"
      ]
    },
    {
      "items": [
        "stationary-bike"
      ],
      "keyword": "stationary bike",
      "replaces": [
        "weight-machine"
      ]
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "on bench"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "from bench"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "lying triceps extension"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "skull crusher"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "pullover"
    },
    {
      "items": [
        "tire"
      ],
      "keyword": "tire flip"
    },
    {
      "items": [
        "ab-wheel"
      ],
      "keyword": "wheel rollerout"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "lying fly"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "lying hammer press"
    },
    {
      "items": [
        "box"
      ],
      "keyword": "donkey calf raise"
    },
    {
      "items": [
        "bench"
      ],
      "keyword": "incline push-up"
    }
  ],
  "synonyms": {
    "exercisedb": {
      "assisted": [
        "partner"
      ],
      "band": [
        "resistance-band"
      ],
      "barbell": [
        "barbell"
      ],
      "body weight": [],
      "bosu ball": [
        "bosu-ball"
      ],
      "cable": [
        "cable-station"
      ],
      "dumbbell": [
        "dumbbell"
      ],
      "elliptical machine": [
        "elliptical"
      ],
      "ez barbell": [
        "ez-bar"
      ],
      "hammer": [
        "sledgehammer",
        "tire"
      ],
      "kettlebell": [
        "kettlebell"
      ],
      "leverage machine": [
        "weight-machine"
      ],
      "medicine ball": [
        "medicine-ball"
      ],
      "olympic barbell": [
        "barbell"
      ],
      "resistance band": [
        "resistance-band"
      ],
      "roller": [
        "foam-roller"
      ],
      "rope": [
        "stretching-strap"
      ],
      "skierg machine": [
        "skierg"
      ],
      "sled machine": [
        "leg-press-machine"
      ],
      "smith machine": [
        "smith-machine"
      ],
      "stability ball": [
        "stability-ball"
      ],
      "stationary bike": [
        "stationary-bike"
      ],
      "stepmill machine": [
        "stepmill"
      ],
      "tire": [
        "tire"
      ],
      "trap bar": [
        "trap-bar"
      ],
      "upper body ergometer": [
        "upper-body-ergometer"
      ],
      "weighted": [
        "weight-plate"
      ],
      "wheel roller": [
        "ab-wheel"
      ]
    },
    "free-exercise-db": {
      "bands": [
        "resistance-band"
      ],
      "barbell": [
        "barbell"
      ],
      "body only": [],
      "cable": [
        "cable-station"
      ],
      "dumbbell": [
        "dumbbell"
      ],
      "e-z curl bar": [
        "ez-bar"
      ],
      "exercise ball": [
        "stability-ball"
      ],
      "foam roll": [
        "foam-roller"
      ],
      "kettlebells": [
        "kettlebell"
      ],
      "machine": [
        "weight-machine"
      ],
      "medicine ball": [
        "medicine-ball"
      ],
      "other": []
    },
    "wger": {
      "Barbell": [
        "barbell"
      ],
      "Bench": [
        "bench"
      ],
      "Cable machine": [
        "cable-station"
      ],
      "Dumbbell": [
        "dumbbell"
      ],
      "Gym mat": [
        "exercise-mat"
      ],
      "Incline bench": [
        "incline-bench"
      ],
      "Kettlebell": [
        "kettlebell"
      ],
      "Pull-up bar": [
        "pull-up-bar"
      ],
      "Resistance band": [
        "resistance-band"
      ],
      "SZ-Bar": [
        "ez-bar"
      ],
      "Swiss Ball": [
        "stability-ball"
      ],
      "none (bodyweight exercise)": []
    }
  },
  "unknownTerms": {
    "free-exercise-db": [
      "other"
    ]
  }
}

"""####),
        ("muscles.json", ####"""
{
  "formatVersion": 1,
  "groups": [
    {
      "id": "chest",
      "muscles": [
        "pectorals",
        "serratus-anterior"
      ]
    },
    {
      "id": "back",
      "muscles": [
        "lats",
        "upper-back",
        "traps",
        "lower-back",
        "rhomboids"
      ]
    },
    {
      "id": "shoulders",
      "muscles": [
        "front-delts",
        "side-delts",
        "rear-delts",
        "rotator-cuff"
      ]
    },
    {
      "id": "upper-arms",
      "muscles": [
        "biceps",
        "triceps",
        "brachialis"
      ]
    },
    {
      "id": "lower-arms",
      "muscles": [
        "forearms",
        "wrist-flexors",
        "wrist-extensors",
        "grip"
      ]
    },
    {
      "id": "core",
      "muscles": [
        "abs",
        "obliques"
      ]
    },
    {
      "id": "hips",
      "muscles": [
        "glutes",
        "abductors",
        "hip-flexors"
      ]
    },
    {
      "id": "thighs",
      "muscles": [
        "quads",
        "hamstrings",
        "adductors"
      ]
    },
    {
      "id": "lower-legs",
      "muscles": [
        "calves",
        "soleus",
        "tibialis-anterior",
        "ankle-stabilizers",
        "foot-intrinsics"
      ]
    },
    {
      "id": "neck",
      "muscles": [
        "sternocleidomastoid",
        "levator-scapulae",
        "neck-extensors"
      ]
    },
    {
      "id": "conditioning",
      "muscles": [
        "cardiovascular-system"
      ]
    }
  ],
  "muscles": [
    {
      "id": "pectorals",
      "name": "Chest (pectoralis major and minor)",
      "planner": true
    },
    {
      "id": "serratus-anterior",
      "name": "Serratus anterior",
      "planner": false
    },
    {
      "id": "lats",
      "name": "Lats (latissimus dorsi)",
      "planner": true
    },
    {
      "id": "upper-back",
      "name": "Upper back (mid traps, rhomboids, teres)",
      "planner": true
    },
    {
      "id": "traps",
      "name": "Trapezius (upper traps)",
      "planner": true
    },
    {
      "id": "lower-back",
      "name": "Lower back (erector spinae)",
      "planner": true
    },
    {
      "id": "rhomboids",
      "name": "Rhomboids",
      "planner": false
    },
    {
      "id": "front-delts",
      "name": "Front deltoids",
      "planner": true
    },
    {
      "id": "side-delts",
      "name": "Side (lateral) deltoids",
      "planner": true
    },
    {
      "id": "rear-delts",
      "name": "Rear deltoids",
      "planner": true
    },
    {
      "id": "rotator-cuff",
      "name": "Rotator cuff",
      "planner": false
    },
    {
      "id": "biceps",
      "name": "Biceps",
      "planner": true
    },
    {
      "id": "triceps",
      "name": "Triceps",
      "planner": true
    },
    {
      "id": "brachialis",
      "name": "Brachialis",
      "planner": false
    },
    {
      "id": "forearms",
      "name": "Forearms",
      "planner": true
    },
    {
      "id": "wrist-flexors",
      "name": "Wrist flexors",
      "planner": false
    },
    {
      "id": "wrist-extensors",
      "name": "Wrist extensors",
      "planner": false
    },
    {
      "id": "grip",
      "name": "Grip (hand and finger flexors)",
      "planner": false
    },
    {
      "id": "abs",
      "name": "Abs (rectus abdominis)",
      "planner": true
    },
    {
      "id": "obliques",
      "name": "Obliques",
      "planner": true
    },
    {
      "id": "glutes",
      "name": "Glutes",
      "planner": true
    },
    {
      "id": "abductors",
      "name": "Hip abductors (glute medius and minimus, TFL)",
      "planner": true
    },
    {
      "id": "hip-flexors",
      "name": "Hip flexors (iliopsoas, rectus femoris)",
      "planner": true
    },
    {
      "id": "quads",
      "name": "Quadriceps",
      "planner": true
    },
    {
      "id": "hamstrings",
      "name": "Hamstrings",
      "planner": true
    },
    {
      "id": "adductors",
      "name": "Hip adductors (inner thigh)",
      "planner": true
    },
    {
      "id": "calves",
      "name": "Calves (gastrocnemius)",
      "planner": true
    },
    {
      "id": "soleus",
      "name": "Soleus",
      "planner": false
    },
    {
      "id": "tibialis-anterior",
      "name": "Tibialis anterior (shins)",
      "planner": false
    },
    {
      "id": "ankle-stabilizers",
      "name": "Ankle stabilizers (peroneals, tibialis posterior)",
      "planner": false
    },
    {
      "id": "foot-intrinsics",
      "name": "Intrinsic foot muscles",
      "planner": false
    },
    {
      "id": "sternocleidomastoid",
      "name": "Sternocleidomastoid",
      "planner": false
    },
    {
      "id": "levator-scapulae",
      "name": "Levator scapulae",
      "planner": false
    },
    {
      "id": "neck-extensors",
      "name": "Neck extensors (splenius, upper trapezius fibres)",
      "planner": false
    },
    {
      "id": "cardiovascular-system",
      "name": "Cardiovascular system (not a muscle)",
      "planner": false
    }
  ],
  "patternMuscles": {
    "anti-extension": [
      "abs"
    ],
    "calf-raise": [
      "calves"
    ],
    "carry": [
      "forearms",
      "traps"
    ],
    "conditioning": [
      "cardiovascular-system"
    ],
    "elbow-extension": [
      "triceps"
    ],
    "elbow-flexion": [
      "biceps"
    ],
    "hinge": [
      "glutes",
      "hamstrings"
    ],
    "hip-abduction": [
      "abductors"
    ],
    "hip-adduction": [
      "adductors"
    ],
    "hip-extension": [
      "glutes"
    ],
    "horizontal-pull": [
      "upper-back",
      "lats"
    ],
    "horizontal-push": [
      "pectorals"
    ],
    "knee-extension": [
      "quads"
    ],
    "knee-flexion": [
      "hamstrings"
    ],
    "lateral-flexion": [
      "obliques"
    ],
    "lunge": [
      "quads",
      "glutes"
    ],
    "rear-shoulder": [
      "rear-delts"
    ],
    "scapular": [
      "traps"
    ],
    "shoulder-raise": [
      "side-delts"
    ],
    "squat": [
      "quads",
      "glutes"
    ],
    "trunk-flexion": [
      "abs"
    ],
    "trunk-rotation": [
      "obliques"
    ],
    "vertical-pull": [
      "lats"
    ],
    "vertical-push": [
      "front-delts"
    ],
    "wrist-and-grip": [
      "forearms"
    ]
  },
  "synonyms": {
    "exercisedb": {
      "abdominals": [
        "abs"
      ],
      "abductors": [
        "abductors"
      ],
      "abs": [
        "abs"
      ],
      "adductors": [
        "adductors"
      ],
      "ankle stabilizers": [
        "ankle-stabilizers"
      ],
      "ankles": [
        "ankle-stabilizers"
      ],
      "back": [
        "back"
      ],
      "biceps": [
        "biceps"
      ],
      "brachialis": [
        "brachialis"
      ],
      "calves": [
        "calves"
      ],
      "cardiovascular system": [
        "cardiovascular-system"
      ],
      "chest": [
        "pectorals"
      ],
      "core": [
        "core"
      ],
      "deltoids": [
        "shoulders"
      ],
      "delts": [
        "shoulders"
      ],
      "feet": [
        "foot-intrinsics"
      ],
      "forearms": [
        "forearms"
      ],
      "glutes": [
        "glutes"
      ],
      "grip muscles": [
        "grip"
      ],
      "groin": [
        "adductors"
      ],
      "hamstrings": [
        "hamstrings"
      ],
      "hands": [
        "grip"
      ],
      "hip flexors": [
        "hip-flexors"
      ],
      "inner thighs": [
        "adductors"
      ],
      "latissimus dorsi": [
        "lats"
      ],
      "lats": [
        "lats"
      ],
      "levator scapulae": [
        "levator-scapulae"
      ],
      "lower abs": [
        "abs"
      ],
      "lower back": [
        "lower-back"
      ],
      "obliques": [
        "obliques"
      ],
      "pectorals": [
        "pectorals"
      ],
      "quadriceps": [
        "quads"
      ],
      "quads": [
        "quads"
      ],
      "rear deltoids": [
        "rear-delts"
      ],
      "rhomboids": [
        "rhomboids"
      ],
      "rotator cuff": [
        "rotator-cuff"
      ],
      "serratus anterior": [
        "serratus-anterior"
      ],
      "shins": [
        "tibialis-anterior"
      ],
      "shoulders": [
        "shoulders"
      ],
      "soleus": [
        "soleus"
      ],
      "spine": [
        "lower-back"
      ],
      "sternocleidomastoid": [
        "sternocleidomastoid"
      ],
      "trapezius": [
        "traps"
      ],
      "traps": [
        "traps"
      ],
      "triceps": [
        "triceps"
      ],
      "upper back": [
        "upper-back"
      ],
      "upper chest": [
        "pectorals"
      ],
      "wrist extensors": [
        "wrist-extensors"
      ],
      "wrist flexors": [
        "wrist-flexors"
      ],
      "wrists": [
        "wrist-flexors",
        "wrist-extensors"
      ]
    },
    "free-exercise-db": {
      "abdominals": [
        "abs"
      ],
      "abductors": [
        "abductors"
      ],
      "adductors": [
        "adductors"
      ],
      "biceps": [
        "biceps"
      ],
      "calves": [
        "calves"
      ],
      "chest": [
        "pectorals"
      ],
      "forearms": [
        "forearms"
      ],
      "glutes": [
        "glutes"
      ],
      "hamstrings": [
        "hamstrings"
      ],
      "lats": [
        "lats"
      ],
      "lower back": [
        "lower-back"
      ],
      "middle back": [
        "upper-back"
      ],
      "neck": [
        "neck"
      ],
      "quadriceps": [
        "quads"
      ],
      "shoulders": [
        "shoulders"
      ],
      "traps": [
        "traps"
      ],
      "triceps": [
        "triceps"
      ]
    },
    "wger": {
      "Abs": [
        "abs"
      ],
      "Anterior deltoid": [
        "shoulders"
      ],
      "Biceps": [
        "biceps"
      ],
      "Biceps brachii": [
        "biceps"
      ],
      "Biceps femoris": [
        "hamstrings"
      ],
      "Brachialis": [
        "brachialis"
      ],
      "Calves": [
        "calves"
      ],
      "Chest": [
        "pectorals"
      ],
      "Erector spinae": [
        "lower-back"
      ],
      "Gastrocnemius": [
        "calves"
      ],
      "Glutes": [
        "glutes"
      ],
      "Gluteus maximus": [
        "glutes"
      ],
      "Hamstrings": [
        "hamstrings"
      ],
      "Latissimus dorsi": [
        "lats"
      ],
      "Lats": [
        "lats"
      ],
      "Lower back": [
        "lower-back"
      ],
      "Obliquus externus abdominis": [
        "obliques"
      ],
      "Pectoralis major": [
        "pectorals"
      ],
      "Quadriceps femoris": [
        "quads"
      ],
      "Quads": [
        "quads"
      ],
      "Rectus abdominis": [
        "abs"
      ],
      "Serratus anterior": [
        "serratus-anterior"
      ],
      "Shoulders": [
        "shoulders"
      ],
      "Soleus": [
        "soleus"
      ],
      "Trapezius": [
        "traps"
      ],
      "Triceps": [
        "triceps"
      ],
      "Triceps brachii": [
        "triceps"
      ]
    }
  }
}

"""####),
        ("levels.json", ####"""
{
  "formatVersion": 1,
  "levels": [
    {
      "definition": "Safe to learn without coaching: simple technique, stable positions, low skill and low injury risk; suitable in the first months of training.",
      "id": "beginner"
    },
    {
      "definition": "Needs a solid base: more coordination, balance, load or range of motion; suitable after several months of consistent training.",
      "id": "intermediate"
    },
    {
      "definition": "High skill, strength or risk: Olympic lifts, gymnastics holds, heavy or explosive work; best with experience or coaching.",
      "id": "advanced"
    }
  ],
  "synonyms": {
    "free-exercise-db": {
      "beginner": "beginner",
      "expert": "advanced",
      "intermediate": "intermediate"
    }
  }
}

"""####),
        ("joints.json", ####"""
{
  "formatVersion": 1,
  "joints": [
    {
      "definition": "The lumbar spine: loaded by hinging, heavy squats, loaded carries and rows bent over, and by spinal flexion or extension under load.",
      "id": "lower-back"
    },
    {
      "definition": "Loaded by deep or heavy knee flexion and extension: squats, lunges, leg presses, leg extensions, jumps and landings.",
      "id": "knee"
    },
    {
      "definition": "The glenohumeral joint: loaded by pressing, overhead work, dips, hanging and pulling, and end-range stretches of the arm.",
      "id": "shoulder"
    },
    {
      "definition": "Loaded by curls, triceps extensions, heavy pressing and pulling, and by hanging or supporting the body on the hands.",
      "id": "elbow"
    },
    {
      "definition": "Loaded by supporting the body on the hands (push-ups, planks on hands), front-rack and overhead holds, and wrist curls.",
      "id": "wrist"
    },
    {
      "definition": "Loaded by deep hip flexion under load, hinging, lunging, abduction and adduction against resistance, and kicks.",
      "id": "hip"
    },
    {
      "definition": "Loaded by calf raises, jumping, running, landing, and deep squats and lunges that need dorsiflexion.",
      "id": "ankle"
    },
    {
      "definition": "The cervical spine: loaded by neck flexion and extension work, bridges on the head, and crunches that pull on the head.",
      "id": "neck"
    }
  ]
}

"""####),
    ]
}
