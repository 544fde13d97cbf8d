#!/usr/bin/env python3
"""`make eval`: how good `catalog suggest` is, measured on real data.

1. The project's own set (eval/exercisedb-labels.tsv and the label files beside it): hand-written
   labels for ExerciseDB ids, split for good by a hash of each id into a calibration half and a
   check half. `--calibrate` measures each rule's confidence on the calibration half only (new
   rules are written looking only at it: `-v` lists its misses, never the check half's). The
   figures printed and gated on are the check half's: accuracy and coverage per field, and each
   field's accuracy per confidence bucket (a bucket of fewer than 30 drafts merges with its
   neighbour); fails when a bucket is more than 10 points from its mean confidence either side,
   or a field is below its acceptance bar.
2. free-exercise-db's own labels, for what the tool does not copy from them: its records are
   suggested as if they were the member source, with category, force, mechanic and level
   removed, then compared (pattern vs force/mechanic, family vs category).
3. An independent line, reported, not gated: the level drafted for ExerciseDB records by a catalog
   that does not import free-exercise-db, against free-exercise-db's own level for the records
   matched to them by name at 0.9 or more (`expert` read as `advanced`).
4. Fields a release adds (eval/member_fields.py): free-exercise-db as the member source with its
   own level and category, measured against the project's labels of the ExerciseDB records its
   names match; the instructions' family phrases (read in a description too) against its own
   category. Those drafts join the calibration half or the check half by the labelled id.

--calibrate rewrites Sources/CatalogCore/Suggestions/Calibration.swift from the calibration
half's per-rule table, pooled as eval/calibration.py says.
Scratch catalogs go to .build/eval/ (git-ignored); upstream files are read, never copied into
the project (the free-exercise-db copy without its labels lives in .build/eval/ only).
"""
import json, os, subprocess, sys

from calibration import half, rule_table, split, write_calibration
from member_fields import instruction_family_results, own_field_results, report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UPSTREAM = os.environ.get("UPSTREAM", os.path.join(os.path.dirname(ROOT), "shared", "data", "upstream"))
SCRATCH = os.path.join(ROOT, ".build", "eval")
CATALOG = os.environ.get("CATALOG", os.path.join(ROOT, ".build", "release", "catalog"))
# Scratch catalogs live under the repository, itself a catalog: the walk up for a root stops at it.
os.environ["CATALOG_CEILING_DIRECTORIES"] = ROOT
FIELDS = ["movementPattern", "equipment", "primaryMuscles", "level", "planning", "laterality", "setupSeconds", "secondaryMuscles", "jointStress"]
BARS = {"movementPattern": 0.97, "equipment": 0.95, "primaryMuscles": 0.90, "level": 0.70, "planning": 0.97, "laterality": 0.85, "mechanic": 0.90, "variantOf": 0.95}
MIN_BUCKET = 30   # a bucket with fewer drafts merges with its neighbour
TOLERANCE = 0.10  # each bucket's accuracy within 10 points of its mean confidence, either side
BUCKETS = [0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01]
WGER = ["exercise-base-data.json", "translations-en.json", "categories.json", "equipment.json", "muscles.json", "languages.json"]

# Which free-exercise-db force and mechanic each pattern is consistent with (None: any).
# From what the movement does, not fitted to the data.
CONSISTENT = {
    "squat": ({"push"}, {"compound"}), "lunge": ({"push"}, {"compound"}), "hinge": ({"pull", "push"}, None),
    "hip-extension": ({"push", "pull"}, None), "knee-flexion": ({"pull"}, None), "knee-extension": ({"push"}, {"isolation"}),
    "calf-raise": ({"push"}, {"isolation"}), "horizontal-push": ({"push"}, None), "vertical-push": ({"push"}, None),
    "horizontal-pull": ({"pull"}, None), "vertical-pull": ({"pull"}, None), "elbow-flexion": ({"pull"}, {"isolation"}),
    "elbow-extension": ({"push"}, None), "shoulder-raise": ({"push", "pull"}, None), "rear-shoulder": ({"pull"}, None),
    "scapular": ({"pull", "push"}, {"isolation"}), "hip-abduction": ({"push", "pull"}, {"isolation"}), "hip-adduction": ({"push", "pull"}, {"isolation"}),
}
FAMILY_OF_CATEGORY = {"stretching": {"stretch", "mobility", "mobility-drill"}, "cardio": {"cardio"}}


def fail(message, code):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(code)


def run(args, cwd):
    p = subprocess.run([CATALOG] + args, cwd=cwd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        fail(f"catalog {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}", 70)
    return p.stdout


def scratch_catalog(name, member, references, imports):
    root = os.path.join(SCRATCH, name)
    subprocess.run(["rm", "-rf", root], check=True)
    os.makedirs(root)
    run(["init"], root)
    subprocess.run(["rm", "-rf", os.path.join(root, "catalog", "vocab")], check=True)
    subprocess.run(["cp", "-R", os.path.join(ROOT, "catalog", "vocab"), os.path.join(root, "catalog", "vocab")], check=True)
    config_path = os.path.join(root, "catalog", "catalog.json")
    config = json.load(open(config_path))
    config["memberSource"], config["referenceSources"] = member, references
    json.dump(config, open(config_path, "w"), indent=2, sort_keys=True)
    for files in imports:
        run(["import"] + files, root)
    return root


def suggestions(root):
    return {s["id"]: s for s in json.loads(run(["suggest", "--all", "--json"], root))}


def read_labels(path):
    labels = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 6:
            fail(f"expected 6 tab-separated columns, found {len(cols)} ({path}: {cols[0]})", 65)
        labels[cols[0]] = {"movementPattern": None if cols[1] == "?" else cols[1], "equipment": lst(cols[2]),
                           "primaryMuscles": lst(cols[3]), "level": None if cols[4] == "?" else cols[4],
                           "planning": None if cols[5] == "?" else ("manual-only" if cols[5] == "manual" else "auto"), "laterality": None,
                           "setupSeconds": None, "secondaryMuscles": None, "jointStress": None}
    for line in open(os.path.join(ROOT, "eval", "exercisedb-laterality-labels.tsv"), encoding="utf-8"):
        if not line.startswith("#") and line.strip():
            rid, laterality = line.rstrip("\n").split("\t")
            if rid not in labels:
                fail(f"laterality label for {rid}, which exercisedb-labels.tsv does not have", 65)
            labels[rid]["laterality"] = None if laterality == "?" else laterality
    for rid, cols in read_tsv("exercisedb-setup-secondary-joints-labels.tsv", 4, labels):
        labels[rid].update({"setupSeconds": None if cols[0] == "?" else int(cols[0]), "secondaryMuscles": lst(cols[1]), "jointStress": lst(cols[2])})
    return labels


def read_tsv(name, columns, labels):
    """(id, [the other columns]) of a label file of eval/ whose ids are all in `labels`."""
    path = os.path.join(ROOT, "eval", name)
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != columns:
            fail(f"expected {columns} tab-separated columns, found {len(cols)} ({path}: {cols[0]})", 65)
        if cols[0] not in labels:
            fail(f"label for {cols[0]}, which exercisedb-labels.tsv does not have ({path})", 65)
        yield cols[0], cols[1:]


def lst(v):
    return None if v == "?" else ([] if v == "-" else v.split(","))


def vocab_groups():
    muscles = json.load(open(os.path.join(ROOT, "catalog", "vocab", "muscles.json")))
    return {m: g["id"] for g in muscles["groups"] for m in g["muscles"]}


GROUP = {}


def covers(a, b):
    return a == b or GROUP.get(a) == b or GROUP.get(b) == a


def correct(field, suggested, label):
    if field == "equipment":
        return sorted(suggested) == sorted(label)
    if field == "setupSeconds":  # the same setup on the vocabulary's scale: within 10 s or a fifth
        return abs(suggested - label) <= max(10, 0.2 * label)
    if field == "secondaryMuscles":  # every drafted one acceptable; none only when none is
        return bool(suggested) == bool(label) and all(any(covers(s, l) for l in label) for s in suggested)
    if field == "jointStress":  # every labelled joint, and at most one the label does not name
        return set(label) <= set(suggested) and len(set(suggested) - set(label)) <= 1
    if field == "primaryMuscles":
        return bool(suggested) and any(covers(s, label[0]) for s in suggested) and all(any(covers(s, l) for l in label) for s in suggested)
    return suggested == label


def score_own_set(labels, suggested):
    """(field → [(confidence, right, rule)]), (field → labelled count)."""
    results, labelled = {f: [] for f in FIELDS}, {f: 0 for f in FIELDS}
    for rid, label in labels.items():
        fields = suggested.get(rid, {}).get("fields", {})
        for f in FIELDS:
            if label[f] is None:
                continue
            labelled[f] += 1
            if f in fields:
                s = fields[f]
                results[f].append((s["confidence"], correct(f, s["value"], label[f]), s.get("rule", "?"), rid, s["value"], label[f]))
    return results, labelled


def merged_buckets(items):
    """[(confidence, right)] in BUCKETS' ranges, a range with fewer than MIN_BUCKET drafts merged
    with the neighbour nearest in mean confidence: [(lo, hi, items)]."""
    buckets = [[lo, hi, [x for x in items if lo <= x[0] < hi]] for lo, hi in zip(BUCKETS, BUCKETS[1:])]
    buckets = [b for b in buckets if b[2]]
    mean = lambda b: sum(c for c, _ in b[2]) / len(b[2])
    while len(buckets) > 1 and any(len(b[2]) < MIN_BUCKET for b in buckets):
        i = next(i for i, b in enumerate(buckets) if len(b[2]) < MIN_BUCKET)
        j = min((k for k in (i - 1, i + 1) if 0 <= k < len(buckets)), key=lambda k: abs(mean(buckets[k]) - mean(buckets[i])))
        a, b = sorted((i, j))
        buckets[a:b + 1] = [[buckets[a][0], buckets[b][1], buckets[a][2] + buckets[b][2]]]
    return buckets


def bucket_table(items, out, label="confidence"):
    """Accuracy per merged confidence bucket; False when one is more than TOLERANCE from its mean
    confidence either side (a field with fewer than MIN_BUCKET drafts in all is not judged)."""
    ok = True
    out.append(f"| {label} | drafts | mean confidence | accuracy | verdict |")
    out.append("|---|---|---|---|---|")
    for lo, hi, b in merged_buckets(items):
        mean = sum(c for c, _ in b) / len(b)
        acc = sum(r for _, r in b) / len(b)
        verdict = "too few to judge" if len(b) < MIN_BUCKET else ("ok" if abs(acc - mean) <= TOLERANCE + 1e-9
                  else f"FAIL: {abs(acc - mean) * 100:.0f} points {'below' if acc < mean else 'above'}")
        ok = ok and not verdict.startswith("FAIL")
        out.append(f"| {lo:.1f}–{min(hi, 1.0):.1f} | {len(b)} | {mean:.2f} | {acc:.1%} | {verdict} |")
    return ok


def level_ceiling(labels, results):
    """The labeller's agreement with a second pass on `level`, and the suggestions' on the same ids."""
    second = {}
    for line in open(os.path.join(ROOT, "eval", "exercisedb-level-second-pass.tsv"), encoding="utf-8"):
        if not line.startswith("#") and line.strip():
            rid, level = line.rstrip("\n").split("\t")
            second[rid] = level
    same = sum(labels[r]["level"] == l for r, l in second.items())
    suggested = {r[3]: r[1] for r in results["level"]}
    right = sum(suggested.get(r, False) for r in second)
    return (f"Level ceiling: two labelling passes agree on {same}/{len(second)} = {same / len(second):.1%} "
            f"(the suggestions match the first pass on {right}/{len(second)} of the same records)")


def fed_set():
    """free-exercise-db as the member, without the labels it is judged on."""
    source = json.load(open(os.path.join(UPSTREAM, "free-exercise-db", "acd61f7.json")))
    truth = {r["id"]: r for r in source}
    os.makedirs(SCRATCH, exist_ok=True)
    stripped = os.path.join(SCRATCH, "free-exercise-db-unlabelled.json")
    json.dump([{k: v for k, v in r.items() if k not in ("category", "force", "mechanic", "level")} for r in source], open(stripped, "w"))
    root = scratch_catalog("fed", "free-exercise-db", ["exercisedb", "wger"],
                           [[stripped], [os.path.join(UPSTREAM, "exercisedb", "exercises.json")], [os.path.join(UPSTREAM, "wger", f) for f in WGER]])
    return truth, suggestions(root)


def families():
    patterns = json.load(open(os.path.join(ROOT, "catalog", "vocab", "patterns.json")))
    return {f["reason"]: f["id"] for f in patterns.get("families", [])}


def score_fed(truth, suggested, out):
    reasons = families()
    pattern_n = pattern_ok = family_n = family_ok = 0
    misses = []
    for rid, record in truth.items():
        fields = suggested.get(rid, {}).get("fields", {})
        p = fields.get("movementPattern", {}).get("value")
        if p in CONSISTENT and (record.get("force") or record.get("mechanic")):
            forces, mechanics = CONSISTENT[p]
            good = (record.get("force") is None or forces is None or record["force"] in forces) and \
                   (record.get("mechanic") is None or mechanics is None or record["mechanic"] in mechanics)
            pattern_n += 1
            pattern_ok += good
        planning = fields.get("planning", {})
        family = reasons.get(planning.get("reason")) if planning.get("value") == "manual-only" else None
        expected = FAMILY_OF_CATEGORY.get(record["category"])
        good = (family in expected) if expected else (family is None or family == "rehab")
        family_n += 1
        family_ok += good
        if not good:
            misses.append(f"{rid} ({record['category']}): drafted {family or 'strength'}")
    out.append(f"- pattern consistent with force/mechanic: {pattern_ok}/{pattern_n} = {pattern_ok / max(pattern_n, 1):.1%} "
               f"(records whose pattern the table constrains)")
    out.append(f"- family vs category: {family_ok}/{family_n} = {family_ok / max(family_n, 1):.1%}")
    return pattern_ok / max(pattern_n, 1), family_ok / max(family_n, 1), misses


VARIANT_LABELS = {}


def score_variants(suggested):
    """[(confidence, right, rule, id, value, label)] for every labelled id: a missing draft where
    the label names a base counts as wrong (rule "none"), a draft where it says '-' as wrong."""
    for line in open(os.path.join(ROOT, "eval", "exercisedb-variant-labels.tsv"), encoding="utf-8"):
        if not line.startswith("#") and line.strip():
            rid, base = line.rstrip("\n").split("\t")
            VARIANT_LABELS[rid] = None if base == "-" else base
    out = []
    for rid, base in VARIANT_LABELS.items():
        s = suggested.get(rid, {}).get("fields", {}).get("variantOf")
        if s:
            out.append((s["confidence"], s["value"] == base, s.get("rule", "?"), rid, s["value"], base))
        else:
            out.append((0.0, base is None, "none", rid, None, base))
    return out


def score_fed_mechanic(truth, suggested):
    """[(confidence, right, rule, id, value, label)]: the drafted mechanic against free-exercise-db's
    own, on the records that have one (the draft never saw it: the copy has no mechanic)."""
    out = []
    for rid, record in truth.items():
        s = suggested.get(rid, {}).get("fields", {}).get("mechanic")
        if s and record.get("mechanic"):
            out.append((s["confidence"], s["value"] == record["mechanic"], s.get("rule", "?"), rid, s["value"], record["mechanic"]))
    return out


def own_set_table(labels, results, labelled, out):
    """The check half's accuracy per field and per confidence bucket of each field; False on a fail."""
    ids = [r for r in labels if half(r) == "check"]
    out += [f"## The project's own set, check half: {len(ids)} of {len(labels)} ExerciseDB records "
            f"(the other {len(labels) - len(ids)} calibrate; split by a hash of the id)", "",
            "| field | labelled | drafted (coverage) | accuracy of drafts | bar |", "|---|---|---|---|---|"]
    ok = True
    for f in FIELDS:
        n, acc = len(results[f]), sum(r[1] for r in results[f]) / max(len(results[f]), 1)
        bar = BARS.get(f)
        ok = ok and (bar is None or acc >= bar)
        out.append(f"| {f} | {labelled[f]} | {n} ({n / max(labelled[f], 1):.0%}) | {acc:.1%} | "
                   f"{'-' if bar is None else f'{bar:.0%}'}{'' if bar is None or acc >= bar else ' FAIL'} |")
    for f in FIELDS:
        out += ["", f"{f}: accuracy per confidence bucket (check half)", ""]
        ok = bucket_table([(r[0], r[1]) for r in results[f]], out) and ok
    return ok


LEVELS = ["beginner", "intermediate", "advanced"]


def independent_level(member, unreferenced):
    """The level drafted without free-exercise-db against its own level, for the ExerciseDB
    records matched to one of its records by name at 0.9 or more (`member` holds the matches)."""
    fed = {r["id"]: r for r in json.load(open(os.path.join(UPSTREAM, "free-exercise-db", "acd61f7.json")))}
    pairs = []
    for rid, s in member.items():
        best = max((m for m in s.get("sources", []) if m["source"] == "free-exercise-db"), key=lambda m: m["score"], default=None)
        drafted = unreferenced.get(rid, {}).get("fields", {}).get("level")
        own = fed.get(best["id"], {}).get("level") if best and best["score"] >= 0.9 else None
        if drafted and own:
            pairs.append((drafted["value"], "advanced" if own == "expert" else own, drafted["confidence"]))
    n = len(pairs)
    agree = sum(a == b for a, b, _ in pairs) / max(n, 1)
    chance = sum((sum(a == l for a, _, _ in pairs) / max(n, 1)) * (sum(b == l for _, b, _ in pairs) / max(n, 1)) for l in LEVELS)
    kappa = (agree - chance) / (1 - chance) if chance < 1 else 0
    sure = [(a, b) for a, b, c in pairs if c >= 0.7]
    sure_right = sum(a == b for a, b in sure)
    return (f"Independent level line (not gated): {n} ExerciseDB records matched by name at 0.9 or more to a "
            f"free-exercise-db record, drafted by a catalog that does not import free-exercise-db: agreement "
            f"{agree:.1%}, kappa {kappa:.2f}; drafts at confidence 0.7 or more right {sure_right}/{len(sure)} = "
            f"{sure_right / max(len(sure), 1):.1%}")


def main():
    if not os.path.isdir(UPSTREAM):
        fail(f"upstream data not found ({UPSTREAM})", 66)
    if not os.path.exists(CATALOG):
        fail(f"no catalog binary ({CATALOG}): run make build", 66)
    GROUP.update(vocab_groups())
    labels = read_labels(os.path.join(ROOT, "eval", "exercisedb-labels.tsv"))
    wger = [os.path.join(UPSTREAM, "wger", f) for f in WGER]
    edb = [os.path.join(UPSTREAM, "exercisedb", "exercises.json")]
    root = scratch_catalog("member", "exercisedb", ["free-exercise-db", "wger"],
                           [edb, [os.path.join(UPSTREAM, "free-exercise-db", "acd61f7.json")], wger])
    member = suggestions(root)
    results, _ = score_own_set(labels, member)
    variants = score_variants(member)
    results["variantOf"] = [r for r in variants if r[2] != "none"]
    truth, fed = fed_set()
    results["mechanic"] = score_fed_mechanic(truth, fed)
    results["instructionFamily"] = instruction_family_results(truth, fed, families(), FAMILY_OF_CATEGORY)
    fed_source = [os.path.join(UPSTREAM, "free-exercise-db", "acd61f7.json")]
    results.update(own_field_results(suggestions(scratch_catalog("fed-own", "free-exercise-db", ["exercisedb", "wger"], [fed_source, edb, wger])), labels))
    calibration, check = split(results)
    labelled = {f: sum(l[f] is not None for r, l in labels.items() if half(r) == "check") for f in FIELDS}
    out = []
    ok = own_set_table(labels, check, labelled, out)
    checked_variants = [r for r in variants if half(r[3]) == "check"]
    right = sum(r[1] for r in checked_variants)
    ok = ok and right / max(len(checked_variants), 1) >= BARS["variantOf"]
    out += ["", f"variantOf on the check half's marked and drafted copies (eval/exercisedb-variant-labels.tsv): "
            f"{right}/{len(checked_variants)} = {right / max(len(checked_variants), 1):.1%} drafted right"]
    out += ["", level_ceiling(labels, results)]
    out += ["", f"## free-exercise-db's own labels: {len(truth)} records, suggested without them", ""]
    p, fam, misses = score_fed(truth, fed, out)
    ok = ok and p >= 0.95 and fam >= 0.95
    mechanic = check["mechanic"]
    acc = sum(r[1] for r in mechanic) / max(len(mechanic), 1)
    ok = ok and acc >= BARS["mechanic"]
    out.append(f"- mechanic vs mechanic, check half: {sum(r[1] for r in mechanic)}/{len(mechanic)} = {acc:.1%} "
               f"(bar {BARS['mechanic']:.0%}{'' if acc >= BARS['mechanic'] else ' FAIL'})")
    out += ["", "mechanic: accuracy per confidence bucket (check half)", ""]
    ok = bucket_table([(r[0], r[1]) for r in mechanic], out) and ok
    unreferenced = suggestions(scratch_catalog("member-without-fed", "exercisedb", ["wger"], [edb, wger]))
    out += ["", independent_level(member, unreferenced)]
    report(results, out)
    rules = rule_table(calibration, list(calibration))
    out += ["", "Per rule on the calibration half (right/drafted):", ""] + [f"- {r}: {c}/{n}" for r, (n, c) in sorted(rules.items())]
    print("\n".join(out))
    if "-v" in sys.argv:  # the calibration half's misses only: rules are written looking at these
        print("\nmisses (calibration half):")
        for f in calibration:
            for conf, right, rule, rid, value, label in calibration[f]:
                if not right:
                    print(f"  {rid} {f}: {value} (label {label}) [{rule} {conf}]")
        print("  family: " + "; ".join(m for m in misses[:80] if half(m.split(" ")[0]) == "calibration"))
    if "--calibrate" in sys.argv:
        write_calibration(ROOT, calibration)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
