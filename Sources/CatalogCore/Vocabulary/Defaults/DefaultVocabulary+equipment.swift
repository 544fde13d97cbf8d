// Generated from catalog/vocab/equipment.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let equipmentText = ####"""
{\####n  "formatVersion": 1,\####n  "items": [\####n    {\####n      "definition": "Olympic or standard straight barbell\####
 with weight plates and collars.",\####n      "id": "barbell",\####n      "setupSeconds": 90\####n    },\####n    {\####
\####n      "definition": "Cambered curl bar (EZ/SZ bar) with plates.",\####n      "id": "ez-bar",\####n      "setupSeco\####
nds": 45\####n    },\####n    {\####n      "definition": "Hexagonal trap (hex) bar with plates.",\####n      "id": "trap\####
-bar",\####n      "setupSeconds": 90\####n    },\####n    {\####n      "definition": "Pair of fixed or adjustable dumbbe\####
lls.",\####n      "id": "dumbbell",\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "One o\####
r more kettlebells.",\####n      "id": "kettlebell",\####n      "setupSeconds": 10\####n    },\####n    {\####n      "de\####
finition": "A loose weight plate held, worn on a dip belt or placed on the body for added load.",\####n      "id": "weig\####
ht-plate",\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "Cable column or crossover with\####
 adjustable pulley and handles, bar or rope attachments.",\####n      "id": "cable-station",\####n      "setupSeconds": \####
30\####n    },\####n    {\####n      "definition": "Elastic resistance band or tube, loop or with handles.",\####n      \####
"id": "resistance-band",\####n      "setupSeconds": 20\####n    },\####n    {\####n      "definition": "Fixed overhead b\####
ar to hang from (doorway, rack or wall mounted).",\####n      "id": "pull-up-bar",\####n      "setupSeconds": 5\####n   \####
 },\####n    {\####n      "definition": "Parallel bars or dip station that supports the body on straight arms.",\####n  \####
    "id": "dip-bars",\####n      "setupSeconds": 5\####n    },\####n    {\####n      "definition": "Flat weight bench.",\####
\####n      "id": "bench",\####n      "setupSeconds": 20\####n    },\####n    {\####n      "definition": "Adjustable ben\####
ch that sets to incline angles.",\####n      "id": "incline-bench",\####n      "kindOf": [\####n        "bench"\####n   \####
   ],\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Bench that sets to a decline with a\####
 leg hold (decline press, sit-up and crunch).",\####n      "id": "decline-bench",\####n      "kindOf": [\####n        "b\####
ench"\####n      ],\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Preacher (Scott) curl\####
 bench with an angled arm pad.",\####n      "id": "preacher-bench",\####n      "setupSeconds": 30\####n    },\####n    {\####
\####n      "definition": "Sturdy plyo box, step or platform to step or jump onto.",\####n      "id": "box",\####n      \####
"setupSeconds": 20\####n    },\####n    {\####n      "definition": "Squat stand or power rack with J-hooks and safeties \####
for racking a barbell.",\####n      "id": "squat-rack",\####n      "setupSeconds": 60\####n    },\####n    {\####n      \####
"definition": "Smith machine: barbell fixed on vertical guide rails.",\####n      "id": "smith-machine",\####n      "set\####
upSeconds": 45\####n    },\####n    {\####n      "definition": "Plate-loaded 45-degree sled for leg press, hack squat an\####
d calf press (ExerciseDB 'sled machine').",\####n      "id": "leg-press-machine",\####n      "setupSeconds": 60\####n   \####
 },\####n    {\####n      "definition": "Any selectorized or plate-loaded strength machine (lever machine) for one movem\####
ent.",\####n      "id": "weight-machine",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": \####
"Counterweighted machine for assisted pull-ups, chin-ups and dips.",\####n      "id": "assisted-pullup-machine",\####n  \####
    "kindOf": [\####n        "pull-up-bar",\####n        "dip-bars"\####n      ],\####n      "setupSeconds": 30\####n   \####
 },\####n    {\####n      "definition": "Weighted medicine or slam ball.",\####n      "id": "medicine-ball",\####n      \####
"setupSeconds": 10\####n    },\####n    {\####n      "definition": "Inflatable exercise (Swiss, physio) ball.",\####n   \####
   "id": "stability-ball",\####n      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "Half-dome bala\####
nce trainer (BOSU).",\####n      "id": "bosu-ball",\####n      "setupSeconds": 15\####n    },\####n    {\####n      "def\####
inition": "Foam roller for self-myofascial release and mobility.",\####n      "id": "foam-roller",\####n      "setupSeco\####
nds": 10\####n    },\####n    {\####n      "definition": "Ab wheel (ab roller) for rollouts.",\####n      "id": "ab-whee\####
l",\####n      "setupSeconds": 5\####n    },\####n    {\####n      "definition": "Suspension straps (TRX-style) anchored\####
 overhead.",\####n      "id": "suspension-trainer",\####n      "setupSeconds": 60\####n    },\####n    {\####n      "def\####
inition": "Pair of gymnastic rings hung from an anchor.",\####n      "id": "gymnastic-rings",\####n      "setupSeconds":\####
 90\####n    },\####n    {\####n      "definition": "Landmine attachment or a corner that anchors one end of a barbell."\####
,\####n      "id": "landmine",\####n      "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Push or dr\####
ag sled (prowler) with plates and harness or handles.",\####n      "id": "sled",\####n      "setupSeconds": 120\####n   \####
 },\####n    {\####n      "definition": "Large tractor tire for flipping or striking.",\####n      "id": "tire",\####n  \####
    "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Sledgehammer swung onto a tire.",\####n      "id\####
": "sledgehammer",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Heavy anchored battle \####
(battling) rope.",\####n      "id": "battle-rope",\####n      "setupSeconds": 60\####n    },\####n    {\####n      "defi\####
nition": "Skipping rope.",\####n      "id": "jump-rope",\####n      "setupSeconds": 10\####n    },\####n    {\####n     \####
 "definition": "Thick rope hung from the ceiling for climbing.",\####n      "id": "climbing-rope",\####n      "setupSeco\####
nds": 30\####n    },\####n    {\####n      "definition": "Strap, rope or towel used to assist stretches.",\####n      "i\####
d": "stretching-strap",\####n      "setupSeconds": 5\####n    },\####n    {\####n      "definition": "Wrist roller: hand\####
le with a cord and hanging weight.",\####n      "id": "wrist-roller",\####n      "setupSeconds": 20\####n    },\####n   \####
 {\####n      "definition": "Exercise or yoga mat for floor work.",\####n      "id": "exercise-mat",\####n      "setupSe\####
conds": 10\####n    },\####n    {\####n      "definition": "Stationary, spin or recumbent exercise bike.",\####n      "i\####
d": "stationary-bike",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Elliptical cross-t\####
rainer.",\####n      "id": "elliptical",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "\####
Motorized treadmill.",\####n      "id": "treadmill",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "de\####
finition": "Stepmill or stair-climber machine.",\####n      "id": "stepmill",\####n      "setupSeconds": 30\####n    },\####
\####n    {\####n      "definition": "Indoor rowing ergometer.",\####n      "id": "rowing-machine",\####n      "setupSec\####
onds": 30\####n    },\####n    {\####n      "definition": "Ski ergometer (SkiErg).",\####n      "id": "skierg",\####n   \####
   "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Arm-crank upper-body ergometer (hand bike).",\####
\####n      "id": "upper-body-ergometer",\####n      "setupSeconds": 30\####n    },\####n    {\####n      "definition": \####
"A training partner who assists, spots or applies resistance (not an object).",\####n      "id": "partner",\####n      "\####
setupSeconds": 0\####n    }\####n  ],\####n  "nameImplies": [\####n    {\####n      "items": [\####n        "pull-up-bar\####
"\####n      ],\####n      "keyword": "pull-up"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "pull-ups"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "pull up"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "chin-up"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "chin-ups"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "muscle up"\####n    },\####n    {\####n      "items": [\####n        "pull-up-bar"\####
\####n      ],\####n      "keyword": "hanging"\####n    },\####n    {\####n      "items": [\####n        "dip-bars"\####
\####n      ],\####n      "keyword": "chest dip"\####n    },\####n    {\####n      "items": [\####n        "dip-bars"\####
\####n      ],\####n      "keyword": "parallel bars"\####n    },\####n    {\####n      "items": [\####n        "dip-bars\####
"\####n      ],\####n      "keyword": "captains chair"\####n    },\####n    {\####n      "items": [\####n        "bench"\####
\####n      ],\####n      "keyword": "bench press"\####n    },\####n    {\####n      "items": [\####n        "bench"\####
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
\####n    }\####n  ],\####n  "synonyms": {\####n    "exercisedb": {\####n      "assisted": [\####n        "partner"\####
\####n      ],\####n      "band": [\####n        "resistance-band"\####n      ],\####n      "barbell": [\####n        "b\####
arbell"\####n      ],\####n      "body weight": [],\####n      "bosu ball": [\####n        "bosu-ball"\####n      ],\####
\####n      "cable": [\####n        "cable-station"\####n      ],\####n      "dumbbell": [\####n        "dumbbell"\####n\####
      ],\####n      "elliptical machine": [\####n        "elliptical"\####n      ],\####n      "ez barbell": [\####n    \####
    "ez-bar"\####n      ],\####n      "hammer": [\####n        "sledgehammer",\####n        "tire"\####n      ],\####n  \####
    "kettlebell": [\####n        "kettlebell"\####n      ],\####n      "leverage machine": [\####n        "weight-machin\####
e"\####n      ],\####n      "medicine ball": [\####n        "medicine-ball"\####n      ],\####n      "olympic barbell": \####
[\####n        "barbell"\####n      ],\####n      "resistance band": [\####n        "resistance-band"\####n      ],\####
\####n      "roller": [\####n        "foam-roller"\####n      ],\####n      "rope": [\####n        "stretching-strap"\####
\####n      ],\####n      "skierg machine": [\####n        "skierg"\####n      ],\####n      "sled machine": [\####n    \####
    "leg-press-machine"\####n      ],\####n      "smith machine": [\####n        "smith-machine"\####n      ],\####n    \####
  "stability ball": [\####n        "stability-ball"\####n      ],\####n      "stationary bike": [\####n        "stationa\####
ry-bike"\####n      ],\####n      "stepmill machine": [\####n        "stepmill"\####n      ],\####n      "tire": [\####n\####
        "tire"\####n      ],\####n      "trap bar": [\####n        "trap-bar"\####n      ],\####n      "upper body ergom\####
eter": [\####n        "upper-body-ergometer"\####n      ],\####n      "weighted": [\####n        "weight-plate"\####n   \####
   ],\####n      "wheel roller": [\####n        "ab-wheel"\####n      ]\####n    },\####n    "free-exercise-db": {\####n\####
      "bands": [\####n        "resistance-band"\####n      ],\####n      "barbell": [\####n        "barbell"\####n      \####
],\####n      "body only": [],\####n      "cable": [\####n        "cable-station"\####n      ],\####n      "dumbbell": [\####
\####n        "dumbbell"\####n      ],\####n      "e-z curl bar": [\####n        "ez-bar"\####n      ],\####n      "exer\####
cise ball": [\####n        "stability-ball"\####n      ],\####n      "foam roll": [\####n        "foam-roller"\####n    \####
  ],\####n      "kettlebells": [\####n        "kettlebell"\####n      ],\####n      "machine": [\####n        "weight-ma\####
chine"\####n      ],\####n      "medicine ball": [\####n        "medicine-ball"\####n      ],\####n      "other": []\####
\####n    },\####n    "wger": {\####n      "Barbell": [\####n        "barbell"\####n      ],\####n      "Bench": [\####n\####
        "bench"\####n      ],\####n      "Cable machine": [\####n        "cable-station"\####n      ],\####n      "Dumbb\####
ell": [\####n        "dumbbell"\####n      ],\####n      "Gym mat": [\####n        "exercise-mat"\####n      ],\####n   \####
   "Incline bench": [\####n        "incline-bench"\####n      ],\####n      "Kettlebell": [\####n        "kettlebell"\####
\####n      ],\####n      "Pull-up bar": [\####n        "pull-up-bar"\####n      ],\####n      "Resistance band": [\####
\####n        "resistance-band"\####n      ],\####n      "SZ-Bar": [\####n        "ez-bar"\####n      ],\####n      "Swi\####
ss Ball": [\####n        "stability-ball"\####n      ],\####n      "none (bodyweight exercise)": []\####n    }\####n  },\####
\####n  "unknownTerms": {\####n    "free-exercise-db": [\####n      "other"\####n    ]\####n  }\####n}\####n
"""####
}
