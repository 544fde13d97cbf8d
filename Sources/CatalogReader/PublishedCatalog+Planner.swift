import CatalogJSON
import CatalogModel

/// What a planner asks a loaded build: its first filter, and the next load of an item.
extension PublishedCatalog {
    /// The planner's first filter: the exercises that may be offered to a user, in id order.
    ///
    /// - `equipment`: the items the user has. A record is a candidate when every item it needs
    ///   is one of them or one they serve through the build's equipment `kindOf` (an incline
    ///   bench serves where a bench is needed). A record whose equipment no editor set is never
    ///   a candidate; one that needs nothing always fits.
    /// - `level`: the user's level. Records at that level **or below** it, in the order of the
    ///   build's levels vocabulary (a beginner gets beginner records, an advanced lifter all);
    ///   a record without a level is never a candidate, and a level the build does not know
    ///   gives none.
    /// - `avoiding`: joints to spare (ids of the build's joints vocabulary, e.g. `knee`). When
    ///   it is not empty, only records whose `jointStress` is set and names none of them are
    ///   returned: a record whose joint stress is unset (nil) is **not** returned, since nobody
    ///   has said it spares those joints (an empty list, "loads no joint meaningfully", is).
    /// - `maxSetupSeconds`: only records whose setup takes at most this long (nil: any).
    /// - `collapseVariants`: one member per planner identity (a record and its camera-angle,
    ///   version or performer copies). With it, as by default, the candidates are the records
    ///   cleared for automatic planning, which a copy never is (reason VARIANT), so a session
    ///   never gets the same exercise twice. Without it, copies held back only for being copies
    ///   are offered beside their base too (to show alternatives).
    /// - `includeManual`: also records held back only by an editor's manual-only decision.
    public func candidates(equipment: Set<String>, level: String, avoiding: Set<String> = [], maxSetupSeconds: Int? = nil,
                           collapseVariants: Bool = true, includeManual: Bool = false) -> [Exercise] {
        let levels = vocabulary?.vocabulary.levels ?? BuildFormat.levels
        guard let userRank = levels.firstIndex(of: level) else { return [] }
        let have = vocabulary?.vocabulary.satisfied(by: equipment.sorted()) ?? equipment
        var allowed = Set<ReasonCode>()
        if includeManual { allowed.insert(.manualOnly) }
        if !collapseVariants { allowed.insert(.variant) }
        var identities = Set<String>()
        return exercises.filter { e in
            guard e.autoPlan || (!e.reasons.isEmpty && e.reasons.allSatisfy { allowed.contains($0.code) }) else { return false }
            guard let needed = e.equipment, needed.allSatisfy(have.contains) else { return false }
            guard let rank = e.level.flatMap(levels.firstIndex(of:)), rank <= userRank else { return false }
            if !avoiding.isEmpty {
                guard let joints = e.jointStress, avoiding.isDisjoint(with: joints) else { return false }
            }
            if let maxSetupSeconds {
                guard let seconds = e.setupSeconds, seconds <= maxSetupSeconds else { return false }
            }
            // One per identity even in a build that would clear a copy beside its base.
            if collapseVariants, !identities.insert(e.variantOf ?? e.id).inserted { return false }
            return true
        }
    }

    /// The next load above `kg` that `equipment` offers, from the build's load steps
    /// (`Vocabulary.nextLoad`: kettlebells 12 → 16); nil for an item without load steps, at the
    /// top of its loads, or in a schema 1 build, which carries no vocabulary.
    public func nextLoad(after kg: Double, equipment: String) -> Double? {
        vocabulary?.vocabulary.nextLoad(after: kg, equipment: equipment)
    }
}
