// Generated from catalog/vocab/equipment.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let equipmentText = ####"""
{\####n  "formatVersion": 1,\####n  "items": [\####n    {\####n      "definition": "Olympic or standard straight barbell\####
 with weight plates and collars.",\####n      "id": "barbell",\####n      "loadStepKg": 2.5,\####n      "setupSeconds": \####
90\####n    },\####n    {\####n      "definition": "Cambered curl bar (EZ/SZ bar) with plates.",\####n      "id": "ez-ba\####
r",\####n      "loadStepKg": 2.5,\####n      "setupSeconds": 45\####n    },\####n    {\####n      "definition": "Hexagon\####
al trap (hex) bar with plates.",\####n      "id": "trap-bar",\####n      "loadStepKg": 2.5,\####n      "setupSeconds": 9\####
0\####n    },\####n    {\####n      "definition": "Pair of fixed or adjustable dumbbells.",\####n      "id": "dumbbell",\####
\####n      "loadStepKg": 2,\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "One or more \####
kettlebells.",\####n      "id": "kettlebell",\####n      "loadStepKg": [\####n        4,\####n        6,\####n        8,\####
\####n        10,\####n        12,\####n        16,\####n        20,\####n        24,\####n        28,\####n        32,\####
\####n        36,\####n        40,\####n        44,\####n        48\####n      ],\####n      "setupSeconds": 10\####n   \####
 },\####n    {\####n      "definition": "A loose weight plate held, worn on a dip belt or placed on the body for added l\####
oad.",\####n      "id": "weight-plate",\####n      "loadStepKg": [\####n        1.25,\####n        2.5,\####n        5,\####
\####n        10,\####n        15,\####n        20,\####n        25\####n      ],\####n      "setupSeconds": 15\####n   \####
 },\####n    {\####n      "definition": "Cable column or crossover with adjustable pulley and handles, bar or rope attac\####
hments.",\####n      "id": "cable-station",\####n      "loadStepKg": 5,\####n      "setupSeconds": 30\####n    },\####n \####
   {\####n      "definition": "Elastic resistance band or tube, loop or with handles.",\####n      "id": "resistance-ban\####
d",\####n      "loadStepKg": [\####n        5,\####n        10,\####n        15,\####n        25,\####n        35\####n \####
     ],\####n      "setupSeconds": 20\####n    },\####n    {\####n      "definition": "Something sturdy at about hip hei\####
ght to hang under and row the body up to: a fixed bar (Smith machine, racked bar), rings or suspension straps. Abstract:\####
 a user has one of the items that are kinds of it.",\####n      "id": "row-anchor",\####n      "setupSeconds": 30\####n \####
   },\####n    {\####n      "definition": "Fixed overhead bar to hang from (doorway, rack or wall mounted).",\####n     \####
 "id": "pull-up-bar",\####n      "setupSeconds": 5\####n    },\####n    {\####n      "definition": "Parallel bars or dip\####
 station that supports the body on straight arms.",\####n      "id": "dip-bars",\####n      "setupSeconds": 5\####n    }\####
,\####n    {\####n      "definition": "Flat weight bench.",\####n      "id": "bench",\####n      "setupSeconds": 20\####
\####n    },\####n    {\####n      "definition": "Adjustable bench that sets to incline angles.",\####n      "id": "incl\####
ine-bench",\####n      "kindOf": [\####n        "bench"\####n      ],\####n      "setupSeconds": 30\####n    },\####n   \####
 {\####n      "definition": "Bench that sets to a decline with a leg hold (decline press, sit-up and crunch).",\####n   \####
   "id": "decline-bench",\####n      "kindOf": [\####n        "bench"\####n      ],\####n      "setupSeconds": 30\####n \####
   },\####n    {\####n      "definition": "Preacher (Scott) curl bench with an angled arm pad.",\####n      "id": "preac\####
her-bench",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Sturdy plyo box, step or plat\####
form to step or jump onto.",\####n      "id": "box",\####n      "setupSeconds": 20\####n    },\####n    {\####n      "de\####
finition": "Squat stand or power rack with J-hooks and safeties for racking a barbell.",\####n      "id": "squat-rack",\####
\####n      "kindOf": [\####n        "row-anchor"\####n      ],\####n      "setupSeconds": 60\####n    },\####n    {\####
\####n      "definition": "Smith machine: barbell fixed on vertical guide rails.",\####n      "id": "smith-machine",\####
\####n      "kindOf": [\####n        "row-anchor"\####n      ],\####n      "loadStepKg": 2.5,\####n      "setupSeconds":\####
 45\####n    },\####n    {\####n      "definition": "Plate-loaded 45-degree sled for leg press, hack squat and calf pres\####
s (ExerciseDB 'sled machine').",\####n      "id": "leg-press-machine",\####n      "loadStepKg": 5,\####n      "setupSeco\####
nds": 60\####n    },\####n    {\####n      "definition": "Any selectorized or plate-loaded strength machine (lever machi\####
ne) for one movement.",\####n      "id": "weight-machine",\####n      "loadStepKg": 5,\####n      "setupSeconds": 30\####
\####n    },\####n    {\####n      "definition": "Counterweighted machine for assisted pull-ups, chin-ups and dips.",\####
\####n      "id": "assisted-pullup-machine",\####n      "kindOf": [\####n        "pull-up-bar",\####n        "dip-bars"\####
\####n      ],\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Weighted medicine or slam \####
ball.",\####n      "id": "medicine-ball",\####n      "loadStepKg": [\####n        2,\####n        3,\####n        4,\####
\####n        5,\####n        6,\####n        8,\####n        10\####n      ],\####n      "setupSeconds": 10\####n    },\####
\####n    {\####n      "definition": "Inflatable exercise (Swiss, physio) ball.",\####n      "id": "stability-ball",\####
\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "Half-dome balance trainer (BOSU).",\####
\####n      "id": "bosu-ball",\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "Foam rolle\####
r for self-myofascial release and mobility.",\####n      "id": "foam-roller",\####n      "setupSeconds": 10\####n    },\####
\####n    {\####n      "definition": "Ab wheel (ab roller) for rollouts.",\####n      "id": "ab-wheel",\####n      "setu\####
pSeconds": 5\####n    },\####n    {\####n      "definition": "Suspension straps (TRX-style) anchored overhead.",\####n  \####
    "id": "suspension-trainer",\####n      "kindOf": [\####n        "row-anchor"\####n      ],\####n      "setupSeconds"\####
: 60\####n    },\####n    {\####n      "definition": "Pair of gymnastic rings hung from an anchor.",\####n      "id": "g\####
ymnastic-rings",\####n      "kindOf": [\####n        "row-anchor"\####n      ],\####n      "setupSeconds": 90\####n    }\####
,\####n    {\####n      "definition": "Landmine attachment or a corner that anchors one end of a barbell.",\####n      "\####
id": "landmine",\####n      "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Push or drag sled (prowl\####
er) with plates and harness or handles.",\####n      "id": "sled",\####n      "loadStepKg": 5,\####n      "setupSeconds"\####
: 120\####n    },\####n    {\####n      "definition": "Large tractor tire for flipping or striking.",\####n      "id": "\####
tire",\####n      "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Sledgehammer swung onto a tire.",\####
\####n      "id": "sledgehammer",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Heavy a\####
nchored battle (battling) rope.",\####n      "id": "battle-rope",\####n      "setupSeconds": 60\####n    },\####n    {\####
\####n      "definition": "Skipping rope.",\####n      "id": "jump-rope",\####n      "setupSeconds": 10\####n    },\####
\####n    {\####n      "definition": "Thick rope hung from the ceiling for climbing.",\####n      "id": "climbing-rope",\####
\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Strap, rope or towel used to assist stre\####
tches.",\####n      "id": "stretching-strap",\####n      "setupSeconds": 5\####n    },\####n    {\####n      "definition\####
": "Wrist roller: handle with a cord and hanging weight.",\####n      "id": "wrist-roller",\####n      "setupSeconds": 2\####
0\####n    },\####n    {\####n      "definition": "Exercise or yoga mat for floor work.",\####n      "id": "exercise-mat\####
",\####n      "setupSeconds": 10\####n    },\####n    {\####n      "definition": "Stationary, spin or recumbent exercise\####
 bike.",\####n      "id": "stationary-bike",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition\####
": "Elliptical cross-trainer.",\####n      "id": "elliptical",\####n      "setupSeconds": 30\####n    },\####n    {\####
\####n      "definition": "Motorized treadmill.",\####n      "id": "treadmill",\####n      "setupSeconds": 30\####n    }\####
,\####n    {\####n      "definition": "Stepmill or stair-climber machine.",\####n      "id": "stepmill",\####n      "set\####
upSeconds": 30\####n    },\####n    {\####n      "definition": "Indoor rowing ergometer.",\####n      "id": "rowing-mach\####
ine",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Ski ergometer (SkiErg).",\####n    \####
  "id": "skierg",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Arm-crank upper-body er\####
gometer (hand bike).",\####n      "id": "upper-body-ergometer",\####n      "setupSeconds": 30\####n    },\####n    {\####
\####n      "definition": "A training partner who assists, spots or applies resistance (not an object).",\####n      "id\####
": "partner",\####n      "setupSeconds": 0\####n    }\####n  ],\####n  "nameImplies": [\####n    {\####n      "items": [\####
\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull-up"\####n    },\####n    {\####n      "items": [\####
\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull-ups"\####n    },\####n    {\####n      "items": [\####
\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull up"\####n    },\####n    {\####n      "items": [\####
\####n        "pull-up-bar"\####n      ],\####n      "keyword": "chin-up"\####n    },\####n    {\####n      "items": [\####
\####n        "pull-up-bar"\####n      ],\####n      "keyword": "chin-ups"\####n    },\####n    {\####n      "instructio\####
ns": true,\####n      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull-up bar"\####n    }\####
,\####n    {\####n      "instructions": true,\####n      "items": [\####n        "pull-up-bar"\####n      ],\####n      \####
"keyword": "pull up bar"\####n    },\####n    {\####n      "instructions": true,\####n      "items": [\####n        "pul\####
l-up-bar"\####n      ],\####n      "keyword": "chin-up bar"\####n    },\####n    {\####n      "items": [\####n        "p\####
ull-up-bar"\####n      ],\####n      "keyword": "muscle up"\####n    },\####n    {\####n      "items": [\####n        "p\####
ull-up-bar"\####n      ],\####n      "keyword": "hanging"\####n    },\####n    {\####n      "items": [\####n        "dip\####
-bars"\####n      ],\####n      "keyword": "chest dip"\####n    },\####n    {\####n      "items": [\####n        "dip-ba\####
rs"\####n      ],\####n      "keyword": "parallel bars"\####n    },\####n    {\####n      "items": [\####n        "dip-b\####
ars"\####n      ],\####n      "keyword": "captains chair"\####n    },\####n    {\####n      "items": [\####n        "ben\####
ch"\####n      ],\####n      "keyword": "bench press"\####n    },\####n    {\####n      "items": [\####n        "bench"\####
\####n      ],\####n      "keyword": "bench dip"\####n    },\####n    {\####n      "items": [\####n        "bench"\####n\####
      ],\####n      "keyword": "flat bench"\####n    },\####n    {\####n      "items": [\####n        "incline-bench"\####
\####n      ],\####n      "keyword": "incline bench"\####n    },\####n    {\####n      "items": [\####n        "incline-\####
bench"\####n      ],\####n      "keyword": "dumbbell incline"\####n    },\####n    {\####n      "items": [\####n        \####
"incline-bench"\####n      ],\####n      "keyword": "barbell incline"\####n    },\####n    {\####n      "items": [\####n\####
        "decline-bench"\####n      ],\####n      "keyword": "decline bench"\####n    },\####n    {\####n      "items": [\####
\####n        "decline-bench"\####n      ],\####n      "keyword": "dumbbell decline"\####n    },\####n    {\####n      "\####
items": [\####n        "decline-bench"\####n      ],\####n      "keyword": "decline sit-up"\####n    },\####n    {\####n\####
      "items": [\####n        "decline-bench"\####n      ],\####n      "keyword": "decline crunch"\####n    },\####n    \####
{\####n      "items": [\####n        "preacher-bench"\####n      ],\####n      "keyword": "preacher"\####n    },\####n  \####
  {\####n      "items": [\####n        "box"\####n      ],\####n      "keyword": "box"\####n    },\####n    {\####n     \####
 "items": [\####n        "box"\####n      ],\####n      "keyword": "step-up"\####n    },\####n    {\####n      "items": \####
[\####n        "stability-ball"\####n      ],\####n      "keyword": "stability ball"\####n    },\####n    {\####n      "\####
items": [\####n        "stability-ball"\####n      ],\####n      "keyword": "exercise ball"\####n    },\####n    {\####n\####
      "items": [\####n        "bosu-ball"\####n      ],\####n      "keyword": "bosu"\####n    },\####n    {\####n      "\####
items": [\####n        "medicine-ball"\####n      ],\####n      "keyword": "medicine ball"\####n    },\####n    {\####n \####
     "items": [\####n        "suspension-trainer"\####n      ],\####n      "keyword": "suspended"\####n    },\####n    {\####
\####n      "items": [\####n        "gymnastic-rings"\####n      ],\####n      "keyword": "ring dips"\####n    },\####n \####
   {\####n      "items": [\####n        "landmine"\####n      ],\####n      "keyword": "landmine"\####n    },\####n    {\####
\####n      "items": [\####n        "squat-rack"\####n      ],\####n      "keyword": "rack pull"\####n    },\####n    {\####
\####n      "items": [\####n        "smith-machine"\####n      ],\####n      "keyword": "smith"\####n    },\####n    {\####
\####n      "items": [\####n        "sledgehammer",\####n        "tire"\####n      ],\####n      "keyword": "sledgehamme\####
r"\####n    },\####n    {\####n      "items": [\####n        "wrist-roller"\####n      ],\####n      "keyword": "wrist r\####
oller"\####n    },\####n    {\####n      "items": [\####n        "battle-rope"\####n      ],\####n      "keyword": "batt\####
ling ropes",\####n      "replaces": [\####n        "stretching-strap"\####n      ]\####n    },\####n    {\####n      "it\####
ems": [\####n        "jump-rope"\####n      ],\####n      "keyword": "jump rope"\####n    },\####n    {\####n      "item\####
s": [\####n        "climbing-rope"\####n      ],\####n      "keyword": "rope climb"\####n    },\####n    {\####n      "i\####
tems": [\####n        "sled"\####n      ],\####n      "keyword": "prowler"\####n    },\####n    {\####n      "items": [\####
\####n        "treadmill"\####n      ],\####n      "keyword": "treadmill",\####n      "replaces": [\####n        "weight\####
-machine"\####n      ]\####n    },\####n    {\####n      "items": [\####n        "weight-plate"\####n      ],\####n     \####
 "keyword": "plate"\####n    },\####n    {\####n      "items": [\####n        "trap-bar"\####n      ],\####n      "keywo\####
rd": "trap bar"\####n    },\####n    {\####n      "items": [\####n        "trap-bar"\####n      ],\####n      "keyword":\####
 "hex bar"\####n    },\####n    {\####n      "items": [\####n        "ab-wheel"\####n      ],\####n      "keyword": "ab \####
wheel"\####n    },\####n    {\####n      "items": [\####n        "ab-wheel"\####n      ],\####n      "keyword": "ab roll\####
er"\####n    },\####n    {\####n      "items": [\####n        "sled"\####n      ],\####n      "keyword": "sled push"\####
\####n    },\####n    {\####n      "items": [\####n        "sled"\####n      ],\####n      "keyword": "sled pull"\####n \####
   },\####n    {\####n      "items": [\####n        "sled"\####n      ],\####n      "keyword": "sled drag"\####n    },\####
\####n    {\####n      "items": [\####n        "gymnastic-rings"\####n      ],\####n      "keyword": "rings"\####n    },\####
\####n    {\####n      "items": [\####n        "gymnastic-rings"\####n      ],\####n      "keyword": "ring"\####n    },\####
\####n    {\####n      "items": [\####n        "box"\####n      ],\####n      "keyword": "box jump"\####n    },\####n   \####
 {\####n      "items": [\####n        "resistance-band"\####n      ],\####n      "keyword": "monster walk"\####n    },\####
\####n    {\####n      "items": [\####n        "battle-rope"\####n      ],\####n      "keyword": "battle rope",\####n   \####
   "replaces": [\####n        "stretching-strap"\####n      ]\####n    },\####n    {\####n      "items": [\####n        \####
"elliptical"\####n      ],\####n      "keyword": "cross trainer",\####n      "replaces": [\####n        "weight-machine"\####
\####n      ]\####n    },\####n    {\####n      "items": [\####n        "elliptical"\####n      ],\####n      "keyword":\####
 "elliptical",\####n      "replaces": [\####n        "weight-machine"\####n      ]\####n    },\####n    {\####n      "it\####
ems": [\####n        "rowing-machine"\####n      ],\####n      "keyword": "rowing machine",\####n      "replaces": [\####
\####n        "weight-machine"\####n      ]\####n    },\####n    {\####n      "items": [\####n        "stationary-bike"\####
\####n      ],\####n      "keyword": "stationary bike",\####n      "replaces": [\####n        "weight-machine"\####n    \####
  ]\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "on bench"\####
\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "from bench"\####
\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying triceps ex\####
tension"\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "skull cr\####
usher"\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "pullover"\####
\####n    },\####n    {\####n      "items": [\####n        "tire"\####n      ],\####n      "keyword": "tire flip"\####n \####
   },\####n    {\####n      "items": [\####n        "ab-wheel"\####n      ],\####n      "keyword": "wheel rollerout"\####
\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying fly"\####n\####
    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying hammer press"\####
\####n    },\####n    {\####n      "items": [\####n        "box"\####n      ],\####n      "keyword": "donkey calf raise"\####
\####n    },\####n    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "incline push-up"\####
\####n    },\####n    {\####n      "items": [\####n        "row-anchor"\####n      ],\####n      "keyword": "inverted ro\####
w"\####n    },\####n    {\####n      "items": [\####n        "suspension-trainer"\####n      ],\####n      "keyword": "r\####
ow with straps"\####n    },\####n    {\####n      "insteadOf": [\####n        "weight-machine"\####n      ],\####n      \####
"items": [\####n        "assisted-pullup-machine"\####n      ],\####n      "keyword": "assisted"\####n    }\####n  ],\####
\####n  "synonyms": {\####n    "exercisedb": {\####n      "assisted": [\####n        "partner"\####n      ],\####n      \####
"band": [\####n        "resistance-band"\####n      ],\####n      "barbell": [\####n        "barbell"\####n      ],\####
\####n      "body weight": [],\####n      "bosu ball": [\####n        "bosu-ball"\####n      ],\####n      "cable": [\####
\####n        "cable-station"\####n      ],\####n      "dumbbell": [\####n        "dumbbell"\####n      ],\####n      "e\####
lliptical machine": [\####n        "elliptical"\####n      ],\####n      "ez barbell": [\####n        "ez-bar"\####n    \####
  ],\####n      "hammer": [\####n        "sledgehammer",\####n        "tire"\####n      ],\####n      "kettlebell": [\####
\####n        "kettlebell"\####n      ],\####n      "leverage machine": [\####n        "weight-machine"\####n      ],\####
\####n      "medicine ball": [\####n        "medicine-ball"\####n      ],\####n      "olympic barbell": [\####n        "\####
barbell"\####n      ],\####n      "resistance band": [\####n        "resistance-band"\####n      ],\####n      "roller":\####
 [\####n        "foam-roller"\####n      ],\####n      "rope": [\####n        "stretching-strap"\####n      ],\####n    \####
  "skierg machine": [\####n        "skierg"\####n      ],\####n      "sled machine": [\####n        "leg-press-machine"\####
\####n      ],\####n      "smith machine": [\####n        "smith-machine"\####n      ],\####n      "stability ball": [\####
\####n        "stability-ball"\####n      ],\####n      "stationary bike": [\####n        "stationary-bike"\####n      ]\####
,\####n      "stepmill machine": [\####n        "stepmill"\####n      ],\####n      "tire": [\####n        "tire"\####n \####
     ],\####n      "trap bar": [\####n        "trap-bar"\####n      ],\####n      "upper body ergometer": [\####n       \####
 "upper-body-ergometer"\####n      ],\####n      "weighted": [\####n        "weight-plate"\####n      ],\####n      "whe\####
el roller": [\####n        "ab-wheel"\####n      ]\####n    },\####n    "free-exercise-db": {\####n      "bands": [\####
\####n        "resistance-band"\####n      ],\####n      "barbell": [\####n        "barbell"\####n      ],\####n      "b\####
ody only": [],\####n      "cable": [\####n        "cable-station"\####n      ],\####n      "dumbbell": [\####n        "d\####
umbbell"\####n      ],\####n      "e-z curl bar": [\####n        "ez-bar"\####n      ],\####n      "exercise ball": [\####
\####n        "stability-ball"\####n      ],\####n      "foam roll": [\####n        "foam-roller"\####n      ],\####n   \####
   "kettlebells": [\####n        "kettlebell"\####n      ],\####n      "machine": [\####n        "weight-machine"\####n \####
     ],\####n      "medicine ball": [\####n        "medicine-ball"\####n      ],\####n      "other": []\####n    },\####
\####n    "wger": {\####n      "Barbell": [\####n        "barbell"\####n      ],\####n      "Bench": [\####n        "ben\####
ch"\####n      ],\####n      "Cable machine": [\####n        "cable-station"\####n      ],\####n      "Dumbbell": [\####
\####n        "dumbbell"\####n      ],\####n      "Gym mat": [\####n        "exercise-mat"\####n      ],\####n      "Inc\####
line bench": [\####n        "incline-bench"\####n      ],\####n      "Kettlebell": [\####n        "kettlebell"\####n    \####
  ],\####n      "Pull-up bar": [\####n        "pull-up-bar"\####n      ],\####n      "Resistance band": [\####n        "\####
resistance-band"\####n      ],\####n      "SZ-Bar": [\####n        "ez-bar"\####n      ],\####n      "Swiss Ball": [\####
\####n        "stability-ball"\####n      ],\####n      "none (bodyweight exercise)": []\####n    }\####n  },\####n  "un\####
knownTerms": {\####n    "free-exercise-db": [\####n      "other"\####n    ]\####n  }\####n}\####n
"""####
}
