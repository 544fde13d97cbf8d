"""The calibration half and what `make calibrate` measures on it: the split of the evaluation set,
each rule's right/drafted count, and the confidence each rule is given (Calibration.swift)."""
import hashlib, os
from math import log

AGREEMENT = ("+agree", "+disagree", "+contradicted")
# How strongly a base rule may be pooled toward its field's figure, in drafts (pooling_strengths
# picks one per field by cross-validation on the calibration half), and the calibration-half
# drafts a field needs for that choice.
STRENGTHS = [2, 3, 5, 8, 12, 20, 30, 50, 100]
CROSS_VALIDATED = 200


def half(rid):
    """'calibration' or 'check', for good: from a hash of the id, not from anything labelled."""
    return "calibration" if hashlib.sha256(("eval-split:" + rid).encode()).digest()[0] % 2 == 0 else "check"


def split(results):
    """(calibration half, check half) of field → [(confidence, right, rule, id, value, label)]."""
    out = ({}, {})
    for f, items in results.items():
        for h in out:
            h[f] = []
        for r in items:
            out[half(r[3]) == "check"][f].append(r)
    return out


def rule_table(results, fields):
    """Rule → (drafted, right) over `fields` of `results`."""
    rules = {}
    for f in fields:
        for _, right, rule, *_ in results[f]:
            n, c = rules.get(rule, (0, 0))
            rules[rule] = (n + 1, c + right)
    return rules


def base_rule(rule):
    """The rule without the references' agreement or disagreement that Suggester.agreement
    appends ("equipment.upstream+name+agree" is a variant of "equipment.upstream+name")."""
    return next((rule[:-len(s)] for s in AGREEMENT if rule.endswith(s)), rule)


def fold(rid):
    """0 or 1: the calibration half split again, by another hash of the id, to choose the
    pooling strength by cross-validation."""
    return hashlib.sha256(("eval-fold:" + rid).encode()).digest()[0] % 2


def field_of(rule):
    return rule.split(".")[0]


def pooling_strengths(calibration):
    """Field → the weight k, in drafts, with which its base rules are pooled toward the field's
    figure: the one of STRENGTHS whose confidences, measured on one fold of the calibration half,
    predict the other fold's drafts of that field best (log loss, both ways; the smallest on a
    tie). A field with fewer than CROSS_VALIDATED drafts in that half has folds too small to
    choose by, and keeps 2. (Mechanic, measured on free-exercise-db's own labels, has enough:
    its rules differ less than 32 drafts of one of them suggest.)"""
    counts = {}
    for items in calibration.values():
        for r in items:
            counts[field_of(r[2])] = counts.get(field_of(r[2]), 0) + 1
    losses = {f: {k: 0.0 for k in STRENGTHS} for f, n in counts.items() if n >= CROSS_VALIDATED}
    for k in STRENGTHS:
        for held in (0, 1):
            train = {f: [r for r in items if fold(r[3]) != held] for f, items in calibration.items()}
            table = calibrated(rule_table(train, list(train)), lambda f: k)
            for items in calibration.values():
                for r in items:
                    if fold(r[3]) == held and field_of(r[2]) in losses:
                        p = min(max(table.get(r[2], table.get(base_rule(r[2]), 0.5)), 0.01), 0.99)
                        losses[field_of(r[2])][k] -= log(p if r[1] else 1 - p)
    return {f: min(STRENGTHS, key=lambda k: (round(losses[f][k], 9), k)) if f in losses else 2 for f in counts}


def calibrated(rules, strength):
    """Rule → confidence. A field's drafts pooled ("level.*") are smoothed toward one half,
    (right + 1) / (n + 2); a base rule ("level.rule-default") toward its field's figure,
    (right + k · field) / (n + k) with the field's pooling strength k = strength(field); a
    variant with the references' agreement or disagreement ("...+agree") toward its base's
    drafts pooled, variants included, and smoothed as a base is, (right + 2 · pool) / (n + 2): a
    rule seen a few times is presumed about as good as its field's drafts, not a coin toss, and
    a variant seen twice moves little from its base."""
    fields, pools = {}, {}
    for rule, (n, c) in rules.items():
        for table, key in ((fields, field_of(rule)), (pools, base_rule(rule))):
            tn, tc = table.get(key, (0, 0))
            table[key] = (tn + n, tc + c)
    field_prior = {f: (c + 1) / (n + 2) for f, (n, c) in fields.items()}
    def toward_field(rule, n, c):
        k = strength(field_of(rule))
        return (c + k * field_prior[field_of(rule)]) / (n + k)
    pool = {b: toward_field(b, n, c) for b, (n, c) in pools.items()}
    out = dict(pool)  # a base the set saw only with agreement or disagreement: its variants' pool
    for rule, (n, c) in rules.items():
        out[rule] = toward_field(rule, n, c) if base_rule(rule) == rule else (c + 2 * pool[base_rule(rule)]) / (n + 2)
    return {r: min(v, 0.99) for r, v in out.items()}  # never certain


def write_calibration(root, calibration):
    """Calibration.swift's table from the calibration half's results (field → drafts)."""
    path = os.path.join(root, "Sources", "CatalogCore", "Suggestions", "Calibration.swift")
    text = open(path).read()
    head = text[:text.index("    /// Pooling strength" if "    /// Pooling strength" in text else "    static let table")]
    rules, strengths = rule_table(calibration, list(calibration)), pooling_strengths(calibration)
    table = calibrated(rules, lambda f: strengths.get(f, 2))
    body = "".join(f'        "{r}": {table[r]:.2f},  // {"%d/%d" % (rules[r][1], rules[r][0]) if r in rules else "all variants"}\n' for r in sorted(table))
    pooled = ", ".join(f"{f} {k}" for f, k in sorted(strengths.items()) if k != 2)
    open(path, "w").write(head + f"    /// Pooling strength by field (eval/calibration.py): {pooled or 'none'} (2 for the others).\n    static let table: [String: Double] = [\n" + body + "    ]\n}\n")
    print(f"wrote {os.path.relpath(path, root)} ({len(table)} rules; pooling strength {pooled or 'none'}, 2 for the other fields)")
