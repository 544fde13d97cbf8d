import CatalogJSON
import CatalogModel

/// Confidence by rule, measured: the share of the calibration half of the project's evaluation
/// set (eval/exercisedb-labels.tsv and free-exercise-db's own mechanic) a rule got right,
/// pooled so a rule seen a few times is not trusted on its counts alone: a base rule toward its
/// field's figure, (right + k field) / (n + k), with a pooling strength k chosen by
/// cross-validation within that half where a field has the drafts for it (else 2); a variant
/// with the references' agreement or disagreement toward its base rule's pool,
/// (right + 2 base) / (n + 2). Written by `make calibrate` (eval/calibration.py); a rule the set
/// never exercised gets `unmeasured`.
public enum Calibration {
    public static let unmeasured = 0.5

    /// A variant the set never exercised ("mechanic.pattern+agree") takes its base rule's.
    public static func confidence(_ rule: String) -> Double {
        measured(rule) ?? unmeasured
    }

    /// The rule's measured confidence (its base rule's for a variant the set never exercised,
    /// but for a contradicted pattern: the contradiction says its base's figure does not hold),
    /// nil for a rule the set never exercised: a measured 0.5 is not `unmeasured`.
    public static func measured(_ rule: String) -> Double? {
        if let figure = table[rule] { return figure }
        return rule.hasSuffix(Suggester.contradicted) ? nil : base(of: rule).flatMap { table[$0] }
    }

    /// The rule without the references' "+agree" or "+disagree" (`Suggester.agreement`), or a
    /// pattern's "+contradicted" (upstream's target elsewhere in the body), as
    /// eval.py's `base_rule` reads it: "equipment.upstream+name+agree" is a variant of
    /// "equipment.upstream+name". Nil for a rule that is no such variant.
    public static func base(of rule: String) -> String? {
        for suffix in ["+agree", "+disagree", Suggester.contradicted] where rule.hasSuffix(suffix) { return String(rule.dropLast(suffix.count)) }
        return nil
    }

    /// Pooling strength by field (eval/calibration.py): mechanic 50 (2 for the others).
    static let table: [String: Double] = [
        "equipment.upstream": 0.90,  // 44/49
        "equipment.upstream+agree": 0.99,  // 13/13
        "equipment.upstream+instructions": 0.97,  // 3/3
        "equipment.upstream+instructions+agree": 0.98,  // 1/1
        "equipment.upstream+instructions+disagree": 0.98,  // 1/1
        "equipment.upstream+name": 0.83,  // 9/11
        "equipment.upstream+name+disagree": 0.95,  // 3/3
        "equipment.upstream-nothing": 0.95,  // 20/21
        "equipment.upstream-nothing+agree": 0.99,  // 6/6
        "equipment.upstream-nothing+disagree": 0.97,  // 1/1
        "joints.equipment": 0.57,  // 2/4
        "joints.name": 0.68,  // 4/6
        "joints.pattern": 0.73,  // 56/77
        "laterality.default": 0.98,  // 60/61
        "laterality.instructions": 0.94,  // 15/16
        "laterality.name": 0.93,  // 13/14
        "level.own": 0.68,  // 12/18
        "level.rule-advanced-skill": 0.71,  // 2/3
        "level.rule-advanced-skill+disagree": 0.84,  // 1/1
        "level.rule-default": 0.86,  // 44/51
        "level.rule-default+agree": 0.98,  // 12/12
        "level.rule-default+disagree": 0.68,  // 3/5
        "level.rule-free-weight-compound": 0.91,  // 3/3
        "level.rule-free-weight-compound+agree": 0.73,  // 2/3
        "level.rule-intermediate-skill": 0.57,  // 3/6
        "level.rule-intermediate-skill+agree": 0.63,  // 2/3
        "level.rule-intermediate-skill+disagree": 0.54,  // 1/2
        "level.rule-plyometric": 0.86,  // 1/1
        "level.rule-plyometric+disagree": 0.43,  // 0/1
        "mechanic.muscles": 0.83,  // 21/29
        "mechanic.name": 0.89,  // 36/40
        "mechanic.pattern": 0.90,  // 287/317
        "pattern.head": 0.98,  // 3/3
        "pattern.keyword": 0.99,  // 81/81
        "pattern.keyword+contradicted": 0.74,  // 7/10
        "pattern.name-agrees": 0.97,  // 1/1
        "pattern.precedence": 0.99,  // 4/4
        "planning.auto": 0.99,  // 89/89
        "planning.auto-no-evidence": 0.81,  // 7/9
        "planning.category": 0.73,  // 1/2
        "planning.instructions": 0.99,  // 5/5
        "planning.muscle-name": 0.65,  // 2/4
        "planning.name": 0.99,  // 7/7
        "planning.pattern": 0.99,  // 7/7
        "planning.reference": 0.97,  // 1/1
        "primary.name-muscles": 0.99,  // 18/18
        "primary.name-muscles+agree": 0.99,  // 5/5
        "primary.name-pattern": 0.98,  // 6/6
        "primary.name-pattern+agree": 0.99,  // 2/2
        "primary.pattern-adds": 0.99,  // 45/45
        "primary.pattern-adds+agree": 0.99,  // 9/9
        "primary.pattern-adds+disagree": 0.99,  // 2/2
        "primary.pattern-agrees": 0.99,  // 161/161
        "primary.pattern-agrees+agree": 0.98,  // 39/40
        "primary.pattern-agrees+disagree": 0.99,  // 1/1
        "primary.pattern-disagrees": 0.99,  // 13/13
        "primary.pattern-disagrees+disagree": 0.81,  // 3/4
        "primary.upstream": 0.79,  // 18/23
        "primary.upstream+agree": 0.89,  // 11/12
        "primary.upstream+disagree": 0.39,  // 2/7
        "primary.upstream-over-pattern": 0.29,  // 1/8
        "primary.upstream-over-pattern+agree": 0.18,  // 0/1
        "primary.upstream-over-pattern+disagree": 0.31,  // 1/3
        "primary.upstream-weighed": 0.99,  // 12/12
        "primary.upstream-weighed+agree": 0.99,  // 1/1
        "primary.upstream-weighed+disagree": 0.99,  // 2/2
        "secondary.demoted": 0.50,  // 4/9
        "secondary.none": 0.49,  // 0/1
        "secondary.upstream": 0.78,  // 63/81
        "setup.upstream": 0.98,  // 43/44
        "setup.upstream+agree": 0.99,  // 12/12
        "setup.upstream+instructions": 0.99,  // 3/3
        "setup.upstream+instructions+agree": 0.99,  // 1/1
        "setup.upstream+instructions+disagree": 0.99,  // 1/1
        "setup.upstream+name": 0.90,  // 8/9
        "setup.upstream+name+disagree": 0.97,  // 3/3
        "setup.upstream-nothing": 0.99,  // 14/14
        "setup.upstream-nothing+agree": 0.99,  // 3/3
        "variant.marker": 0.99,  // 17/17
        "variant.near-name": 0.97,  // 1/1
        "variant.same-name": 0.99,  // 4/4
    ]
}
