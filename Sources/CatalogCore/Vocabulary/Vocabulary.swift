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
    }

    /// Equipment a name implies that the upstream equipment value does not say ("pull-up" → bar).
    public struct NameImplication: Sendable, Equatable {
        public var keyword: String
        public var items: [String]
    }

    public struct Muscle: Sendable, Equatable {
        public var id: String
        public var name: String
        public var group: String
        /// One of the muscles weekly set targets use.
        public var planner: Bool
    }

    public var patterns: [Pattern] = []
    public var equipment: [EquipmentItem] = []
    public var nameImplications: [NameImplication] = []
    public var muscles: [Muscle] = []
    /// Group id → its muscles, in file order.
    public var groups: [(id: String, muscles: [String])] = []
    public var levels: [String] = []

    /// source → upstream term → vocabulary ids (an empty list means "nothing", e.g. body weight).
    public var equipmentSynonyms: [String: [String: [String]]] = [:]
    public var muscleSynonyms: [String: [String: [String]]] = [:]
    public var levelSynonyms: [String: [String: String]] = [:]

    public init() {}

    public var patternIDs: Set<String> { Set(patterns.map(\.id)) }
    public var equipmentIDs: Set<String> { Set(equipment.map(\.id)) }
    public var muscleIDs: Set<String> { Set(muscles.map(\.id)) }
    public var groupIDs: Set<String> { Set(groups.map(\.id)) }
    /// Muscles and groups: what a review may name in primaryMuscles and secondaryMuscles.
    public var muscleOrGroupIDs: Set<String> { muscleIDs.union(groupIDs) }
    public var plannerMuscles: Set<String> { Set(muscles.filter(\.planner).map(\.id)) }

    public func equipmentItem(_ id: String) -> EquipmentItem? { equipment.first { $0.id == id } }
    public func muscle(_ id: String) -> Muscle? { muscles.first { $0.id == id } }

    /// Planner muscles a muscle or group id stands for (a group: its planner muscles).
    public func plannerMuscles(of id: String) -> [String] {
        if let muscle = muscle(id) { return muscle.planner ? [id] : [] }
        if let group = groups.first(where: { $0.id == id }) { return group.muscles.filter { self.muscle($0)?.planner == true } }
        return []
    }
}

extension Vocabulary: Equatable {
    public static func == (lhs: Vocabulary, rhs: Vocabulary) -> Bool {
        lhs.patterns == rhs.patterns && lhs.equipment == rhs.equipment && lhs.nameImplications == rhs.nameImplications
            && lhs.muscles == rhs.muscles && lhs.groups.map(\.id) == rhs.groups.map(\.id) && lhs.groups.map(\.muscles) == rhs.groups.map(\.muscles)
            && lhs.levels == rhs.levels && lhs.equipmentSynonyms == rhs.equipmentSynonyms
            && lhs.muscleSynonyms == rhs.muscleSynonyms && lhs.levelSynonyms == rhs.levelSynonyms
    }
}
