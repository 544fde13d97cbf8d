import CatalogJSON

/// The controlled vocabularies of `catalog/vocab/` (DESIGN.md §5): movement patterns, required
/// equipment, muscles in groups, levels, and maps from each source's terms to them.
public struct Vocabulary: Sendable {
    public struct Pattern: Sendable, Equatable {
        public var id: String
        public var definition: String
        /// Words or phrases that, in an exercise's name, suggest this pattern.
        public var nameKeywords: [String]
    }

    public struct EquipmentItem: Sendable, Equatable {
        public var id: String
        public var definition: String
        public var setupSeconds: Int
        /// The more general items this one is a kind of, and so serves wherever they are needed
        /// (an incline bench is a bench; an assisted pull-up machine has a pull-up bar).
        public var kindOf: [String] = []
        /// How its load goes up (`loadStepKg`); nil for an item that carries no load of its own.
        public var loadSteps: LoadSteps? = nil
    }

    /// `loadStepKg` of an equipment item: a number is a step (any multiple of it can be loaded:
    /// plates on a bar, a machine's stack); a list is the loads there are, in kg ascending (a set
    /// of kettlebells, bands by level), so a jump between two of them is as big as it is.
    public enum LoadSteps: Sendable, Equatable {
        case step(Double)
        case loads([Double])

        /// The JSON value `loadStepKg` holds.
        public var json: JSONValue {
            switch self {
            case .step(let kg): return .number(JSONNumber.format(kg))
            case .loads(let kgs): return .array(kgs.map { .number(JSONNumber.format($0)) })
            }
        }
    }

    /// Equipment a name implies that the upstream equipment value does not say ("pull-up" → bar).
    public struct NameImplication: Sendable, Equatable {
        public var keyword: String
        public var items: [String]
        /// Upstream items the implied one stands in for ("treadmill" replaces a generic machine).
        public var replaces: [String] = []
        /// Upstream items the implied ones stand in for, and only for: the implication holds only
        /// where one of them is drafted ("assisted" on a machine is the assisted pull-up machine; a
        /// band-assisted pull-up needs none), so the name alone never requires its items.
        public var insteadOf: [String] = []
        /// Read in the instructions too, where upstream says the exercise needs nothing ("pull-up bar").
        public var instructions = false
    }

    /// A joint a set can load meaningfully, so a planner can avoid it for an injury.
    public struct Joint: Sendable, Equatable {
        public var id: String
        public var definition: String
    }

    public struct Muscle: Sendable, Equatable {
        public var id: String
        public var name: String
        public var group: String
        /// One of the muscles weekly set targets use.
        public var planner: Bool
    }

    // The lists are data; the sets and maps beside them are kept in step on every change, since
    // rules and suggestions ask them once per field of every record.
    public var patterns: [Pattern] = [] { didSet { patternIDs = Set(patterns.map(\.id)) } }
    public var equipment: [EquipmentItem] = [] {
        didSet { equipmentByID = Dictionary(equipment.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }); equipmentIDs = Set(equipmentByID.keys) }
    }
    public var nameImplications: [NameImplication] = [] { didSet { nameImplicationKeywords = nameImplications.map { Array($0.keyword.utf8) } } }
    /// Each name implication's keyword as UTF-8 bytes (a rule reads every record's name against each).
    public private(set) var nameImplicationKeywords: [[UInt8]] = []
    public var muscles: [Muscle] = [] { didSet { indexMuscles() } }
    /// Group id → its muscles, in file order.
    public var groups: [(id: String, muscles: [String])] = [] { didSet { indexMuscles() } }
    public var levels: [String] = []
    public var joints: [Joint] = [] { didSet { jointIDs = Set(joints.map(\.id)) } }
    public private(set) var jointIDs: Set<String> = []
    /// The values of the planner's fixed choices (DESIGN.md §5, a contract).
    public static let mechanics = ["compound", "isolation"]
    public static let lateralities = ["bilateral", "unilateral", "alternating"]
    /// Suggestion tables (Vocabulary+Suggestions.swift): what a pattern trains, which families are
    /// not strength work, which patterns win a name, how hard an exercise is.
    public var patternMuscles: [String: [String]] = [:]
    public var nameMuscles: [NameMuscles] = []
    public var families: [Family] = []
    public var patternPrecedence: [String] = []
    public var levelRules: [LevelRule] = []
    /// Planner-field tables: each pattern's mechanic, the joints a pattern (with equipment or a
    /// name keyword) loads, and the words that say a set is one side at a time or alternating.
    public var patternMechanics: [String: String] = [:]
    /// (name keyword, mechanic), in file order.
    public var mechanicNames: [(keyword: String, mechanic: String)] = []
    public var jointRules: [JointRule] = []
    public var lateralityRules: [LateralityRule] = []
    /// source → upstream terms that say nothing ("other"): no suggestion, not "needs nothing".
    public var unknownEquipmentTerms: [String: Set<String>] = [:]

    /// source → upstream term → vocabulary ids (an empty list means "nothing", e.g. body weight).
    public var equipmentSynonyms: [String: [String: [String]]] = [:]
    public var muscleSynonyms: [String: [String: [String]]] = [:]
    public var levelSynonyms: [String: [String: String]] = [:]

    public private(set) var patternIDs: Set<String> = []
    public private(set) var equipmentIDs: Set<String> = []
    public private(set) var muscleIDs: Set<String> = []
    public private(set) var groupIDs: Set<String> = []
    /// Muscles and groups: what a review may name in primaryMuscles and secondaryMuscles.
    public private(set) var muscleOrGroupIDs: Set<String> = []
    public private(set) var plannerMuscles: Set<String> = []
    private var equipmentByID: [String: EquipmentItem] = [:]
    private var muscleByID: [String: Muscle] = [:]
    private var plannerMusclesOf: [String: [String]] = [:]

    public init() {}

    private mutating func indexMuscles() {
        muscleByID = Dictionary(muscles.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        muscleIDs = Set(muscleByID.keys)
        groupIDs = Set(groups.map(\.id))
        muscleOrGroupIDs = muscleIDs.union(groupIDs)
        plannerMuscles = Set(muscles.filter(\.planner).map(\.id))
        var of: [String: [String]] = [:]
        for m in muscles { of[m.id] = m.planner ? [m.id] : [] }
        for g in groups { of[g.id] = g.muscles.filter { muscleByID[$0]?.planner == true } }
        plannerMusclesOf = of
    }

    public func equipmentItem(_ id: String) -> EquipmentItem? { equipmentByID[id] }

    /// The next load above `kg` that `equipment` offers: with a step, the next multiple of it;
    /// with a list of loads, the next one listed (kettlebells: 12 → 16). Nil for an unknown
    /// item, one without load steps, or at the top of its list.
    public func nextLoad(after kg: Double, equipment: String) -> Double? {
        // Loads are written to a few decimals: a millionth of a kg is no step.
        let epsilon = 1e-6
        switch equipmentByID[equipment]?.loadSteps {
        case .step(let step)?:
            let next = ((kg + epsilon) / step).rounded(.down) * step + step
            return (next * 1e6).rounded() / 1e6
        case .loads(let loads)?:
            return loads.first { $0 > kg + epsilon }
        case nil:
            return nil
        }
    }

    /// Every item that `items` serve: themselves and, through `kindOf`, the items they are kinds of.
    public func satisfied(by items: [String]) -> Set<String> {
        var out = Set<String>()
        var todo = items
        while let item = todo.popLast() {
            if out.insert(item).inserted { todo += equipmentByID[item]?.kindOf ?? [] }
        }
        return out
    }
    public func muscle(_ id: String) -> Muscle? { muscleByID[id] }

    /// Planner muscles a muscle or group id stands for (a group: its planner muscles).
    public func plannerMuscles(of id: String) -> [String] {
        plannerMusclesOf[id] ?? []
    }
}

extension Vocabulary: Equatable {
    public static func == (lhs: Vocabulary, rhs: Vocabulary) -> Bool {
        lhs.patterns == rhs.patterns && lhs.equipment == rhs.equipment && lhs.nameImplications == rhs.nameImplications
            && lhs.muscles == rhs.muscles && lhs.groups.map(\.id) == rhs.groups.map(\.id) && lhs.groups.map(\.muscles) == rhs.groups.map(\.muscles)
            && lhs.levels == rhs.levels && lhs.joints == rhs.joints && lhs.equipmentSynonyms == rhs.equipmentSynonyms
            && lhs.muscleSynonyms == rhs.muscleSynonyms && lhs.levelSynonyms == rhs.levelSynonyms
            && lhs.patternMuscles == rhs.patternMuscles && lhs.nameMuscles == rhs.nameMuscles && lhs.families == rhs.families && lhs.patternPrecedence == rhs.patternPrecedence
            && lhs.levelRules == rhs.levelRules && lhs.unknownEquipmentTerms == rhs.unknownEquipmentTerms
            && lhs.patternMechanics == rhs.patternMechanics && lhs.mechanicNames.map(\.keyword) == rhs.mechanicNames.map(\.keyword)
            && lhs.mechanicNames.map(\.mechanic) == rhs.mechanicNames.map(\.mechanic) && lhs.jointRules == rhs.jointRules && lhs.lateralityRules == rhs.lateralityRules
    }
}
