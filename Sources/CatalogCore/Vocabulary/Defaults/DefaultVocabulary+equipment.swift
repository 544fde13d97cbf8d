// Generated from catalog/vocab/equipment.json by `make vocab-defaults`: do not edit by hand.
// DefaultVocabularyTests holds this text equal to the file.
extension DefaultVocabulary {
    static let equipmentText = ####"""
{\####n  "formatVersion": 1,\####n  "items": [\####n    {
      "definition": "Olympic or standard straight barbell with weight plates and collars.",\####n      "id": "barbell",
      "setupSeconds": 90\####n    },\####n    {\####n      "definition": "Cambered curl bar (EZ/SZ bar) with plates.",
      "id": "ez-bar",\####n      "setupSeconds": 45\####n    },\####n    {
      "definition": "Hexagonal trap (hex) bar with plates.",\####n      "id": "trap-bar",\####n      "setupSeconds": 90
    },\####n    {\####n      "definition": "Pair of fixed or adjustable dumbbells.",\####n      "id": "dumbbell",
      "setupSeconds": 15\####n    },\####n    {\####n      "definition": "One or more kettlebells.",
      "id": "kettlebell",\####n      "setupSeconds": 10\####n    },\####n    {
      "definition": "A loose weight plate held, worn on a dip belt or placed on the body for added load.",
      "id": "weight-plate",\####n      "setupSeconds": 15\####n    },\####n    {
      "definition": "Cable column or crossover with adjustable pulley and handles, bar or rope attachments.",
      "id": "cable-station",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Elastic resistance band or tube, loop or with handles.",\####n      "id": "resistance-band",
      "setupSeconds": 20\####n    },\####n    {
      "definition": "Fixed overhead bar to hang from (doorway, rack or wall mounted).",\####n      "id": "pull-up-bar",
      "setupSeconds": 5\####n    },\####n    {
      "definition": "Parallel bars or dip station that supports the body on straight arms.",
      "id": "dip-bars",\####n      "setupSeconds": 5\####n    },\####n    {
      "definition": "Flat weight bench.",\####n      "id": "bench",\####n      "setupSeconds": 20\####n    },\####n    {
      "definition": "Adjustable bench that sets to incline angles.",\####n      "id": "incline-bench",
      "kindOf": [\####n        "bench"\####n      ],\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Bench that sets to a decline with a leg hold (decline press, sit-up and crunch).",
      "id": "decline-bench",\####n      "kindOf": [\####n        "bench"\####n      ],\####n      "setupSeconds": 30
    },\####n    {\####n      "definition": "Preacher (Scott) curl bench with an angled arm pad.",
      "id": "preacher-bench",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Sturdy plyo box, step or platform to step or jump onto.",\####n      "id": "box",
      "setupSeconds": 20\####n    },\####n    {
      "definition": "Squat stand or power rack with J-hooks and safeties for racking a barbell.",
      "id": "squat-rack",\####n      "setupSeconds": 60\####n    },\####n    {
      "definition": "Smith machine: barbell fixed on vertical guide rails.",\####n      "id": "smith-machine",
      "setupSeconds": 45\####n    },\####n    {
      "definition": "Plate-loaded 45-degree sled for leg press, hack squat and calf press (ExerciseDB 'sled machine').",
      "id": "leg-press-machine",\####n      "setupSeconds": 60\####n    },\####n    {
      "definition": "Any selectorized or plate-loaded strength machine (lever machine) for one movement.",
      "id": "weight-machine",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Counterweighted machine for assisted pull-ups, chin-ups and dips.",
      "id": "assisted-pullup-machine",\####n      "kindOf": [\####n        "pull-up-bar",\####n        "dip-bars"
      ],\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Weighted medicine or slam ball.",\####n      "id": "medicine-ball",\####n      "setupSeconds": 10
    },\####n    {\####n      "definition": "Inflatable exercise (Swiss, physio) ball.",
      "id": "stability-ball",\####n      "setupSeconds": 15\####n    },\####n    {
      "definition": "Half-dome balance trainer (BOSU).",\####n      "id": "bosu-ball",\####n      "setupSeconds": 15
    },\####n    {\####n      "definition": "Foam roller for self-myofascial release and mobility.",
      "id": "foam-roller",\####n      "setupSeconds": 10\####n    },\####n    {
      "definition": "Ab wheel (ab roller) for rollouts.",\####n      "id": "ab-wheel",\####n      "setupSeconds": 5
    },\####n    {\####n      "definition": "Suspension straps (TRX-style) anchored overhead.",
      "id": "suspension-trainer",\####n      "setupSeconds": 60\####n    },\####n    {
      "definition": "Pair of gymnastic rings hung from an anchor.",\####n      "id": "gymnastic-rings",
      "setupSeconds": 90\####n    },\####n    {
      "definition": "Landmine attachment or a corner that anchors one end of a barbell.",\####n      "id": "landmine",
      "setupSeconds": 60\####n    },\####n    {
      "definition": "Push or drag sled (prowler) with plates and harness or handles.",\####n      "id": "sled",
      "setupSeconds": 120\####n    },\####n    {
      "definition": "Large tractor tire for flipping or striking.",\####n      "id": "tire",
      "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Sledgehammer swung onto a tire.",
      "id": "sledgehammer",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Heavy anchored battle (battling) rope.",\####n      "id": "battle-rope",
      "setupSeconds": 60\####n    },\####n    {\####n      "definition": "Skipping rope.",\####n      "id": "jump-rope",
      "setupSeconds": 10\####n    },\####n    {
      "definition": "Thick rope hung from the ceiling for climbing.",\####n      "id": "climbing-rope",
      "setupSeconds": 30\####n    },\####n    {
      "definition": "Strap, rope or towel used to assist stretches.",\####n      "id": "stretching-strap",
      "setupSeconds": 5\####n    },\####n    {
      "definition": "Wrist roller: handle with a cord and hanging weight.",\####n      "id": "wrist-roller",
      "setupSeconds": 20\####n    },\####n    {\####n      "definition": "Exercise or yoga mat for floor work.",
      "id": "exercise-mat",\####n      "setupSeconds": 10\####n    },\####n    {
      "definition": "Stationary, spin or recumbent exercise bike.",\####n      "id": "stationary-bike",
      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Elliptical cross-trainer.",
      "id": "elliptical",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Motorized treadmill.",\####n      "id": "treadmill",\####n      "setupSeconds": 30\####n    },
    {\####n      "definition": "Stepmill or stair-climber machine.",\####n      "id": "stepmill",
      "setupSeconds": 30\####n    },\####n    {\####n      "definition": "Indoor rowing ergometer.",
      "id": "rowing-machine",\####n      "setupSeconds": 30\####n    },\####n    {
      "definition": "Ski ergometer (SkiErg).",\####n      "id": "skierg",\####n      "setupSeconds": 30\####n    },
    {\####n      "definition": "Arm-crank upper-body ergometer (hand bike).",\####n      "id": "upper-body-ergometer",
      "setupSeconds": 30\####n    },\####n    {
      "definition": "A training partner who assists, spots or applies resistance (not an object).",
      "id": "partner",\####n      "setupSeconds": 0\####n    }\####n  ],\####n  "nameImplies": [\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull-up"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull-ups"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "pull up"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "chin-up"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "chin-ups"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "muscle up"\####n    },\####n    {
      "items": [\####n        "pull-up-bar"\####n      ],\####n      "keyword": "hanging"\####n    },\####n    {
      "items": [\####n        "dip-bars"\####n      ],\####n      "keyword": "chest dip"\####n    },\####n    {
      "items": [\####n        "dip-bars"\####n      ],\####n      "keyword": "parallel bars"\####n    },\####n    {
      "items": [\####n        "dip-bars"\####n      ],\####n      "keyword": "captains chair"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "bench press"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "bench dip"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "flat bench"\####n    },\####n    {
      "items": [\####n        "incline-bench"\####n      ],\####n      "keyword": "incline bench"\####n    },\####n    {
      "items": [\####n        "incline-bench"\####n      ],\####n      "keyword": "dumbbell incline"\####n    },
    {\####n      "items": [\####n        "incline-bench"\####n      ],\####n      "keyword": "barbell incline"
    },\####n    {\####n      "items": [\####n        "decline-bench"\####n      ],\####n      "keyword": "decline bench"
    },\####n    {\####n      "items": [\####n        "decline-bench"\####n      ],
      "keyword": "dumbbell decline"\####n    },\####n    {\####n      "items": [\####n        "decline-bench"
      ],\####n      "keyword": "decline sit-up"\####n    },\####n    {\####n      "items": [
        "decline-bench"\####n      ],\####n      "keyword": "decline crunch"\####n    },\####n    {
      "items": [\####n        "preacher-bench"\####n      ],\####n      "keyword": "preacher"\####n    },\####n    {
      "items": [\####n        "box"\####n      ],\####n      "keyword": "box"\####n    },\####n    {
      "items": [\####n        "box"\####n      ],\####n      "keyword": "step-up"\####n    },\####n    {
      "items": [\####n        "stability-ball"\####n      ],\####n      "keyword": "stability ball"\####n    },
    {\####n      "items": [\####n        "stability-ball"\####n      ],\####n      "keyword": "exercise ball"
    },\####n    {\####n      "items": [\####n        "bosu-ball"\####n      ],\####n      "keyword": "bosu"\####n    },
    {\####n      "items": [\####n        "medicine-ball"\####n      ],\####n      "keyword": "medicine ball"\####n    },
    {\####n      "items": [\####n        "suspension-trainer"\####n      ],\####n      "keyword": "suspended"
    },\####n    {\####n      "items": [\####n        "gymnastic-rings"\####n      ],\####n      "keyword": "ring dips"
    },\####n    {\####n      "items": [\####n        "landmine"\####n      ],\####n      "keyword": "landmine"
    },\####n    {\####n      "items": [\####n        "squat-rack"\####n      ],\####n      "keyword": "rack pull"
    },\####n    {\####n      "items": [\####n        "smith-machine"\####n      ],\####n      "keyword": "smith"
    },\####n    {\####n      "items": [\####n        "sledgehammer",\####n        "tire"\####n      ],
      "keyword": "sledgehammer"\####n    },\####n    {\####n      "items": [\####n        "wrist-roller"\####n      ],
      "keyword": "wrist roller"\####n    },\####n    {\####n      "items": [\####n        "battle-rope"\####n      ],
      "keyword": "battling ropes",\####n      "replaces": [\####n        "stretching-strap"\####n      ]\####n    },
    {\####n      "items": [\####n        "jump-rope"\####n      ],\####n      "keyword": "jump rope"\####n    },
    {\####n      "items": [\####n        "climbing-rope"\####n      ],\####n      "keyword": "rope climb"\####n    },
    {\####n      "items": [\####n        "sled"\####n      ],\####n      "keyword": "prowler"\####n    },\####n    {
      "items": [\####n        "treadmill"\####n      ],\####n      "keyword": "treadmill",\####n      "replaces": [
        "weight-machine"\####n      ]\####n    },\####n    {\####n      "items": [\####n        "weight-plate"
      ],\####n      "keyword": "plate"\####n    },\####n    {\####n      "items": [\####n        "trap-bar"
      ],\####n      "keyword": "trap bar"\####n    },\####n    {\####n      "items": [\####n        "trap-bar"
      ],\####n      "keyword": "hex bar"\####n    },\####n    {\####n      "items": [\####n        "ab-wheel"
      ],\####n      "keyword": "ab wheel"\####n    },\####n    {\####n      "items": [\####n        "ab-wheel"
      ],\####n      "keyword": "ab roller"\####n    },\####n    {\####n      "items": [\####n        "sled"
      ],\####n      "keyword": "sled push"\####n    },\####n    {\####n      "items": [\####n        "sled"
      ],\####n      "keyword": "sled pull"\####n    },\####n    {\####n      "items": [\####n        "sled"
      ],\####n      "keyword": "sled drag"\####n    },\####n    {\####n      "items": [\####n        "gymnastic-rings"
      ],\####n      "keyword": "rings"\####n    },\####n    {\####n      "items": [\####n        "gymnastic-rings"
      ],\####n      "keyword": "ring"\####n    },\####n    {\####n      "items": [\####n        "box"\####n      ],
      "keyword": "box jump"\####n    },\####n    {\####n      "items": [\####n        "resistance-band"\####n      ],
      "keyword": "monster walk"\####n    },\####n    {\####n      "items": [\####n        "battle-rope"\####n      ],
      "keyword": "battle rope",\####n      "replaces": [\####n        "stretching-strap"\####n      ]\####n    },
    {\####n      "items": [\####n        "elliptical"\####n      ],\####n      "keyword": "cross trainer",
      "replaces": [\####n        "weight-machine"\####n      ]\####n    },\####n    {\####n      "items": [
        "elliptical"\####n      ],\####n      "keyword": "elliptical",\####n      "replaces": [
        "weight-machine"\####n      ]\####n    },\####n    {\####n      "items": [\####n        "rowing-machine"
      ],\####n      "keyword": "rowing machine",\####n      "replaces": [\####n        "weight-machine"\####n      ]
    },\####n    {\####n      "items": [\####n        "stationary-bike"\####n      ],
      "keyword": "stationary bike",\####n      "replaces": [\####n        "weight-machine"\####n      ]\####n    },
    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "on bench"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "from bench"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying triceps extension"\####n    },
    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "skull crusher"\####n    },
    {\####n      "items": [\####n        "bench"\####n      ],\####n      "keyword": "pullover"\####n    },\####n    {
      "items": [\####n        "tire"\####n      ],\####n      "keyword": "tire flip"\####n    },\####n    {
      "items": [\####n        "ab-wheel"\####n      ],\####n      "keyword": "wheel rollerout"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying fly"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "lying hammer press"\####n    },\####n    {
      "items": [\####n        "box"\####n      ],\####n      "keyword": "donkey calf raise"\####n    },\####n    {
      "items": [\####n        "bench"\####n      ],\####n      "keyword": "incline push-up"\####n    }\####n  ],
  "synonyms": {\####n    "exercisedb": {\####n      "assisted": [\####n        "partner"\####n      ],
      "band": [\####n        "resistance-band"\####n      ],\####n      "barbell": [\####n        "barbell"
      ],\####n      "body weight": [],\####n      "bosu ball": [\####n        "bosu-ball"\####n      ],
      "cable": [\####n        "cable-station"\####n      ],\####n      "dumbbell": [\####n        "dumbbell"
      ],\####n      "elliptical machine": [\####n        "elliptical"\####n      ],\####n      "ez barbell": [
        "ez-bar"\####n      ],\####n      "hammer": [\####n        "sledgehammer",\####n        "tire"\####n      ],
      "kettlebell": [\####n        "kettlebell"\####n      ],\####n      "leverage machine": [
        "weight-machine"\####n      ],\####n      "medicine ball": [\####n        "medicine-ball"\####n      ],
      "olympic barbell": [\####n        "barbell"\####n      ],\####n      "resistance band": [
        "resistance-band"\####n      ],\####n      "roller": [\####n        "foam-roller"\####n      ],
      "rope": [\####n        "stretching-strap"\####n      ],\####n      "skierg machine": [\####n        "skierg"
      ],\####n      "sled machine": [\####n        "leg-press-machine"\####n      ],\####n      "smith machine": [
        "smith-machine"\####n      ],\####n      "stability ball": [\####n        "stability-ball"\####n      ],
      "stationary bike": [\####n        "stationary-bike"\####n      ],\####n      "stepmill machine": [
        "stepmill"\####n      ],\####n      "tire": [\####n        "tire"\####n      ],\####n      "trap bar": [
        "trap-bar"\####n      ],\####n      "upper body ergometer": [\####n        "upper-body-ergometer"\####n      ],
      "weighted": [\####n        "weight-plate"\####n      ],\####n      "wheel roller": [\####n        "ab-wheel"
      ]\####n    },\####n    "free-exercise-db": {\####n      "bands": [\####n        "resistance-band"\####n      ],
      "barbell": [\####n        "barbell"\####n      ],\####n      "body only": [],\####n      "cable": [
        "cable-station"\####n      ],\####n      "dumbbell": [\####n        "dumbbell"\####n      ],
      "e-z curl bar": [\####n        "ez-bar"\####n      ],\####n      "exercise ball": [\####n        "stability-ball"
      ],\####n      "foam roll": [\####n        "foam-roller"\####n      ],\####n      "kettlebells": [
        "kettlebell"\####n      ],\####n      "machine": [\####n        "weight-machine"\####n      ],
      "medicine ball": [\####n        "medicine-ball"\####n      ],\####n      "other": []\####n    },
    "wger": {\####n      "Barbell": [\####n        "barbell"\####n      ],\####n      "Bench": [\####n        "bench"
      ],\####n      "Cable machine": [\####n        "cable-station"\####n      ],\####n      "Dumbbell": [
        "dumbbell"\####n      ],\####n      "Gym mat": [\####n        "exercise-mat"\####n      ],
      "Incline bench": [\####n        "incline-bench"\####n      ],\####n      "Kettlebell": [\####n        "kettlebell"
      ],\####n      "Pull-up bar": [\####n        "pull-up-bar"\####n      ],\####n      "Resistance band": [
        "resistance-band"\####n      ],\####n      "SZ-Bar": [\####n        "ez-bar"\####n      ],
      "Swiss Ball": [\####n        "stability-ball"\####n      ],\####n      "none (bodyweight exercise)": []\####n    }
  },\####n  "unknownTerms": {\####n    "free-exercise-db": [\####n      "other"\####n    ]\####n  }\####n}\####n
"""####
}
