/// Confidence by rule, measured: the share of the project's own evaluation set
/// (eval/exercisedb-labels.tsv) a rule got right, smoothed toward one half as (right + 1) / (n + 2)
/// so a rule seen a few times is not trusted fully. Written by `make calibrate` (eval/eval.py);
/// a rule the set never exercised gets `unmeasured`.
public enum Calibration {
    public static let unmeasured = 0.5

    public static func confidence(_ rule: String) -> Double { table[rule] ?? unmeasured }

    static let table: [String: Double] = [:]
}
