import CatalogJSON
import CatalogModel
import CatalogRecords

/// A finding of a rule on one review: which rule, on which field, what is wrong.
public struct Finding: Sendable, Equatable {
    public var rule: RuleID
    public var severity: Rule.Severity
    public var field: String?
    public var message: String
    /// A soft finding the review justifies with an exception: reported, does not block.
    public var excepted: Bool = false

    public init(rule: RuleID, severity: Rule.Severity, field: String?, message: String, excepted: Bool = false) {
        self.rule = rule
        self.severity = severity
        self.field = field
        self.message = message
        self.excepted = excepted
    }

    public var json: JSONValue {
        var o = JSONObject([JSONMember("rule", .string(rule.rawValue)), JSONMember("severity", .string(severity.rawValue)), JSONMember("message", .string(message))])
        if let field { o["field"] = .string(field) }
        if excepted { o["excepted"] = true }
        return .object(o)
    }
}

/// What a rule sees: the review, the upstream record it is about, the vocabularies, and the
/// day the clock reads (never SOURCE_DATE_EPOCH, which may lie in the past for a reproducible
/// build): the one input that changes by itself.
public struct RuleContext: Sendable {
    public let review: Review
    public var recordName: String
    public var vocabulary: Vocabulary
    public var today: CalendarDay
    /// The record's canonical text today, when the caller has it: a basis text that is it byte
    /// for byte has its fingerprint (`fingerprint(ofBasis:)`), not hashed again.
    public var canonical: CanonicalText?
    /// The strings of the review's list fields (`Review.strings`), made once: the rules read
    /// them a dozen times a review.
    private let equipment: [String], primaryMuscles: [String], secondaryMuscles: [String], jointStress: [String]

    public init(review: Review, recordName: String, vocabulary: Vocabulary, today: CalendarDay, canonical: CanonicalText? = nil) {
        self.review = review
        self.recordName = recordName
        self.vocabulary = vocabulary
        self.today = today
        self.canonical = canonical
        equipment = review.strings(.equipment)
        primaryMuscles = review.strings(.primaryMuscles)
        secondaryMuscles = review.strings(.secondaryMuscles)
        jointStress = review.strings(.jointStress)
    }

    /// A field's value as a list of strings, as `Review.strings` gives it.
    public func strings(_ field: PlannerField) -> [String] {
        switch field {
        case .equipment: equipment
        case .primaryMuscles: primaryMuscles
        case .secondaryMuscles: secondaryMuscles
        case .jointStress: jointStress
        default: review.strings(field)
        }
    }

    /// The fingerprint of a basis text of the review.
    public func fingerprint(ofBasis text: String) -> Fingerprint {
        if let canonical, canonical.text.sameUTF8(text) { return canonical.fingerprint }
        return Fingerprint(canonicalText: text)
    }
}

/// A check with a stable id. Hard rules (structure, vocabulary) always block; soft rules
/// (plausibility) block unless the review carries a justified exception. Rules never print.
public struct Rule: Sendable {
    public enum Severity: String, Sendable { case hard, soft }

    public var id: RuleID
    public var severity: Severity
    public var summary: String
    /// A plausibility rule about what a set counts toward: it does not apply to a record kept
    /// out of automatic planning (manual-only), whose volume the planner never counts.
    public var plannerOnly: Bool
    public var check: @Sendable (RuleContext) -> [(field: String?, message: String)]

    public init(_ id: RuleID, _ severity: Severity, _ summary: String, plannerOnly: Bool = false,
                check: @escaping @Sendable (RuleContext) -> [(field: String?, message: String)]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.plannerOnly = plannerOnly
        self.check = check
    }
}

/// Runs every rule on a review and applies its exceptions.
public enum RuleEngine {
    public static func findings(_ context: RuleContext, rules: [Rule] = Rules.all) -> [Finding] {
        var out: [Finding] = []
        let manualOnly = context.review.planning != .auto
        for rule in rules where !(manualOnly && rule.plannerOnly) {
            for hit in rule.check(context) {
                let justification = context.review.exceptions[rule.id.rawValue].map(TextNormalizer.normalize) ?? ""
                out.append(Finding(rule: rule.id, severity: rule.severity, field: hit.field, message: hit.message,
                                   excepted: rule.severity == .soft && !justification.isEmpty))
            }
        }
        return out
    }
}
