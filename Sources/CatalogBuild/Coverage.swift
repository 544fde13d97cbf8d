import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader

/// Can the catalog plan a week for each kind of user? For every equipment profile and level, the
/// records cleared for automatic planning that such a user can do (their equipment is covered,
/// their level is at or below the user's), counted for every planner muscle as primary and as
/// secondary (groups count through their planner muscles). Pure: fed one exercise at a time.
public struct Coverage: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var profile: String
        public var level: String
        public var muscle: String
        public var primary: Int
        public var secondary: Int
    }

    public let profiles: [String]
    public let levels: [String]
    public let muscles: [String]
    /// counts[profile][level][muscle] = (primary, secondary).
    var counts: [[[(primary: Int, secondary: Int)]]]

    /// The cleared candidates of a cell: those training the muscle as primary, and as secondary
    /// (profile, level and muscle by their index in `profiles`, `levels`, `muscles`).
    public func candidates(profile: Int, level: Int, muscle: Int) -> (primary: Int, secondary: Int) { counts[profile][level][muscle] }
    let covered: [Set<String>?]
    let vocabulary: Vocabulary
    /// Muscle or group id → the indices in `muscles` of its planner muscles.
    let plannerIndices: [String: [Int]]

    public init(profiles: [EquipmentProfile], vocabulary: Vocabulary) throws(CatalogError) {
        for profile in profiles {
            for (i, item) in profile.equipment.enumerated() where item != "*" && vocabulary.equipmentItem(item) == nil {
                throw .data("profile '\(profile.name)' names unknown equipment item '\(item)'", file: "catalog/catalog.json", field: "profiles.\(profile.name)[\(i)]")
            }
        }
        self.profiles = profiles.map(\.name)
        levels = vocabulary.levels
        muscles = vocabulary.muscles.filter(\.planner).map(\.id)
        covered = profiles.map { $0.covered(vocabulary) }
        self.vocabulary = vocabulary
        let position = Dictionary(muscles.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        plannerIndices = Dictionary(vocabulary.muscleOrGroupIDs.map { id in (id, vocabulary.plannerMuscles(of: id).compactMap { position[$0] }) },
                                    uniquingKeysWith: { a, _ in a })
        counts = Array(repeating: Array(repeating: Array(repeating: (0, 0), count: muscles.count), count: vocabulary.levels.count), count: profiles.count)
    }

    public static func == (lhs: Coverage, rhs: Coverage) -> Bool { lhs.cells == rhs.cells }

    /// Counts `exercise` where it can be planned automatically, as the planner's `candidates`
    /// reads a record: under each profile whose equipment covers it, at every level from the
    /// first it is offered at, for each planner muscle it trains (as primary, else secondary).
    /// One whose equipment or level is unset (nil) is nobody's candidate (export never clears
    /// such a record: FIELD_MISSING).
    public mutating func add(_ exercise: Exercise) {
        guard exercise.autoPlan, let needs = exercise.equipment, let from = exercise.level.flatMap(levels.firstIndex(of:)) else { return }
        // Each planner muscle's role: primary wins over secondary.
        var role = [UInt8](repeating: 0, count: muscles.count)
        for id in exercise.primaryMuscles { for m in plannerIndices[id] ?? [] { role[m] = 1 } }
        for id in exercise.secondaryMuscles { for m in plannerIndices[id] ?? [] where role[m] == 0 { role[m] = 2 } }
        for p in counts.indices where covered[p].map({ have in needs.allSatisfy(have.contains) }) ?? true {
            for l in from..<levels.count {
                for m in role.indices where role[m] != 0 {
                    if role[m] == 1 { counts[p][l][m].primary += 1 } else { counts[p][l][m].secondary += 1 }
                }
            }
        }
    }

    /// Adds the counts of `other`, a coverage of other records under the same profiles and
    /// vocabulary (counted apart on a worker).
    public mutating func add(_ other: Coverage) {
        for p in counts.indices {
            for l in counts[p].indices {
                for m in counts[p][l].indices {
                    counts[p][l][m].primary += other.counts[p][l][m].primary
                    counts[p][l][m].secondary += other.counts[p][l][m].secondary
                }
            }
        }
    }

    /// Every cell, profile by profile, level by level, muscle by muscle.
    public var cells: [Cell] {
        var out: [Cell] = []
        for (p, profile) in profiles.enumerated() {
            for (l, level) in levels.enumerated() {
                for (m, muscle) in muscles.enumerated() {
                    out.append(Cell(profile: profile, level: level, muscle: muscle, primary: counts[p][l][m].primary, secondary: counts[p][l][m].secondary))
                }
            }
        }
        return out
    }

    /// Cells with fewer than `min` primary candidates.
    public func gaps(min: Int) -> [Cell] { cells.filter { $0.primary < min } }

    /// The cells that became covered (at least `min` primary candidates) or stopped being
    /// covered since `previous`, each with its count there and here: the gate refuses `lost`,
    /// the changelog lists both.
    public func changes(from previous: Coverage, min: Int) -> (gained: [(before: Cell, after: Cell)], lost: [(before: Cell, after: Cell)]) {
        let before = Dictionary(previous.cells.map { ("\($0.profile)\u{0}\($0.level)\u{0}\($0.muscle)", $0) }, uniquingKeysWith: { a, _ in a })
        var gained: [(before: Cell, after: Cell)] = [], lost: [(before: Cell, after: Cell)] = []
        for cell in cells {
            guard let old = before["\(cell.profile)\u{0}\(cell.level)\u{0}\(cell.muscle)"] else { continue }
            if old.primary >= min && cell.primary < min { lost.append((old, cell)) }
            if old.primary < min && cell.primary >= min { gained.append((old, cell)) }
        }
        return (gained, lost)
    }

    /// `coverage --json`: `profiles` ({profile, level, muscles: {MUSCLE: {primary, secondary}}})
    /// and `gaps` ({profile, level, muscle, candidates, min}).
    public func json(min: Int) -> JSONValue {
        var rows: [JSONValue] = []
        for (p, profile) in profiles.enumerated() {
            for (l, level) in levels.enumerated() {
                let muscles = JSONObject(self.muscles.enumerated().map { m, muscle in
                    JSONMember(muscle, .object(JSONObject([JSONMember("primary", .int(counts[p][l][m].primary)), JSONMember("secondary", .int(counts[p][l][m].secondary))])))
                })
                rows.append(.object(JSONObject([JSONMember("profile", .string(profile)), JSONMember("level", .string(level)), JSONMember("muscles", .object(muscles))])))
            }
        }
        return .object(JSONObject([
            JSONMember("min", .int(min)),
            JSONMember("profiles", .array(rows)),
            JSONMember("gaps", .array(gaps(min: min).map { c in .object(JSONObject([
                JSONMember("profile", .string(c.profile)), JSONMember("level", .string(c.level)), JSONMember("muscle", .string(c.muscle)),
                JSONMember("candidates", .int(c.primary)), JSONMember("min", .int(min)),
            ])) })),
        ]))
    }
}
