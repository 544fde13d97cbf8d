/// Confidence by rule, measured: the share of the project's own evaluation set
/// (eval/exercisedb-labels.tsv) a rule got right, smoothed so a rule seen a few times is not
/// trusted fully: a base rule toward one half, (right + 1) / (n + 2); a variant with the
/// references' agreement or disagreement toward its base rule, (right + 2 base) / (n + 2). Written by `make calibrate` (eval/eval.py);
/// a rule the set never exercised gets `unmeasured`.
public enum Calibration {
    public static let unmeasured = 0.5

    /// A variant the set never exercised ("mechanic.pattern+agree") takes its base rule's.
    public static func confidence(_ rule: String) -> Double {
        table[rule] ?? base(of: rule).flatMap { table[$0] } ?? unmeasured
    }

    /// The rule without the references' "+agree" or "+disagree" (`Suggester.agreement`), as
    /// eval.py's `base_rule` reads it: "equipment.upstream+name+agree" is a variant of
    /// "equipment.upstream+name". Nil for a rule that is no such variant.
    public static func base(of rule: String) -> String? {
        for suffix in ["+agree", "+disagree"] where rule.hasSuffix(suffix) { return String(rule.dropLast(suffix.count)) }
        return nil
    }

    static let table: [String: Double] = [
        "equipment.upstream": 0.95,  // 84/88
        "equipment.upstream+agree": 0.99,  // 27/27
        "equipment.upstream+name": 0.90,  // 28/31
        "equipment.upstream+name+agree": 0.93,  // 1/1
        "equipment.upstream+name+disagree": 0.96,  // 4/4
        "equipment.upstream-nothing": 0.97,  // 39/40
        "equipment.upstream-nothing+agree": 0.99,  // 7/7
        "laterality.default": 0.95,  // 137/144
        "laterality.instructions": 0.90,  // 28/31
        "laterality.name": 0.82,  // 23/28
        "level.rule-advanced-skill": 0.92,  // 13/14
        "level.rule-advanced-skill+disagree": 0.96,  // 3/3
        "level.rule-default": 0.86,  // 99/115
        "level.rule-default+agree": 0.99,  // 35/35
        "level.rule-default+disagree": 0.81,  // 8/10
        "level.rule-free-weight-compound": 0.97,  // 6/6
        "level.rule-free-weight-compound+agree": 0.84,  // 5/6
        "level.rule-free-weight-compound+disagree": 0.91,  // 1/1
        "level.rule-intermediate-skill": 0.38,  // 4/11
        "level.rule-intermediate-skill+agree": 0.59,  // 2/3
        "level.rule-intermediate-skill+disagree": 0.59,  // 2/3
        "level.rule-plyometric": 0.80,  // 2/2
        "level.rule-plyometric+disagree": 0.40,  // 0/1
        "mechanic.muscles": 0.79,  // 49/62
        "mechanic.name": 0.88,  // 68/77
        "mechanic.pattern": 0.93,  // 599/647
        "pattern.head": 0.64,  // 2/3
        "pattern.keyword": 0.99,  // 186/188
        "pattern.precedence": 0.94,  // 4/4
        "planning.auto": 0.99,  // 172/172
        "planning.category": 0.22,  // 0/1
        "planning.muscle-name": 0.50,  // 1/2
        "planning.name": 0.99,  // 10/10
        "planning.pattern": 0.99,  // 22/22
        "planning.reference": 0.88,  // 2/2
        "primary.pattern-adds": 0.99,  // 22/22
        "primary.pattern-adds+agree": 0.99,  // 5/5
        "primary.pattern-agrees": 0.97,  // 88/91
        "primary.pattern-agrees+agree": 0.99,  // 23/23
        "primary.pattern-agrees+disagree": 0.99,  // 4/4
        "primary.pattern-disagrees": 0.76,  // 16/21
        "primary.pattern-disagrees+agree": 0.60,  // 1/2
        "primary.pattern-disagrees+disagree": 0.60,  // 1/2
        "primary.upstream": 0.61,  // 12/20
        "primary.upstream+agree": 0.89,  // 12/13
        "primary.upstream+disagree": 0.68,  // 2/3
        "variant.marker": 0.99,  // 32/32
        "variant.near-name": 0.78,  // 1/1
        "variant.same-name": 0.98,  // 9/9
    ]
}
