/// The stable id of every rule lint reports, as printed (`[primary-not-planner]`), written into
/// `exceptions` of a review file and listed by `catalog rules`. The review rules (`Rules.all`)
/// judge one review; the catalog rules (`review-*`, `variant-target`, `replaced-by-invalid`)
/// judge a review file or a link between records.
public enum RuleID: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    // Hard review rules: structure and vocabulary.
    case patternUnknown = "pattern-unknown"
    case equipmentUnknown = "equipment-unknown"
    case muscleUnknown = "muscle-unknown"
    case jointUnknown = "joint-unknown"
    case levelUnknown = "level-unknown"
    case mechanicUnknown = "mechanic-unknown"
    case lateralityUnknown = "laterality-unknown"
    case listDuplicate = "list-duplicate"
    case confidenceRange = "confidence-range"
    case setupRange = "setup-range"
    case manualOnlyReason = "manual-only-reason"
    case exceptionInvalid = "exception-invalid"
    case basisInvalid = "basis-invalid"
    case provenanceInvalid = "provenance-invalid"
    case variantSelf = "variant-self"
    // Soft review rules: plausibility, justified by an exception.
    case primaryCount = "primary-count"
    case secondaryCount = "secondary-count"
    case primaryNotPlanner = "primary-not-planner"
    case nameImpliesEquipment = "name-implies-equipment"
    case setupWithoutEquipment = "setup-without-equipment"
    // Catalog rules: a review file, or a link between records.
    case reviewFilename = "review-filename"
    case reviewFile = "review-file"
    case reviewFormat = "review-format"
    case reviewCanonical = "review-canonical"
    case reviewOrphan = "review-orphan"
    case variantTarget = "variant-target"
    case replacedByInvalid = "replaced-by-invalid"

    public var description: String { rawValue }

    /// By the id as written, as the sorted lists of findings have always been ordered.
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
