/// A kind of user by the equipment they have, for coverage: can the catalog plan their week?
public struct EquipmentProfile: Sendable, Equatable {
    public var name: String
    /// Equipment ids; `*` stands for every item of the vocabulary (a full gym).
    public var equipment: [String]

    public init(name: String, equipment: [String]) {
        self.name = name
        self.equipment = equipment
    }

    /// Full gym, dumbbells and a bench, kettlebells only, body weight only, bands only.
    public static let defaults: [EquipmentProfile] = [
        EquipmentProfile(name: "full-gym", equipment: ["*"]),
        EquipmentProfile(name: "dumbbells-bench", equipment: ["dumbbell", "bench", "incline-bench", "exercise-mat"]),
        EquipmentProfile(name: "kettlebells", equipment: ["kettlebell", "exercise-mat"]),
        EquipmentProfile(name: "bodyweight", equipment: ["exercise-mat"]),
        EquipmentProfile(name: "bands", equipment: ["resistance-band", "exercise-mat"]),
    ]

    /// Every item this profile's equipment serves (`kindOf` included), or nil for everything.
    public func covered(_ vocabulary: Vocabulary) -> Set<String>? {
        equipment.contains("*") ? nil : vocabulary.satisfied(by: equipment)
    }
}
