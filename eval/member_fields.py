"""Fields a release adds, measured (issue 37 item 7): when the member source carries its own level
(or difficulty) and category, `suggest` drafts the level from it (rule level.own) and the
planning mode from the category (planning.category). free-exercise-db carries both, so it is
imported as the member source with them, and each such draft is compared with the project's own
label of the ExerciseDB record its name matches at 0.9 or more (that record's id decides the
half, as everywhere else)."""
from calibration import half

RULES = {"level": "level.own", "planning": "planning.category"}


def labelled_match(drafts, labels):
    """The labelled ExerciseDB id that a member record's name matches best at 0.9 or more, or None."""
    matches = [m for m in drafts.get("sources", []) if m["source"] == "exercisedb" and m["score"] >= 0.9 and m["id"] in labels]
    return max(matches, key=lambda m: (m["score"], m["id"]))["id"] if matches else None


def own_field_results(member, labels):
    """Field → [(confidence, right, rule, exercisedb id, value, label)] for the level and planning
    drafts taken from the member's own level and category."""
    out = {"ownLevel": [], "ownCategory": []}
    for rid, drafts in sorted(member.items()):
        eid = labelled_match(drafts, labels)
        if eid is None:
            continue
        for field, key in (("level", "ownLevel"), ("planning", "ownCategory")):
            d = drafts.get("fields", {}).get(field)
            label = labels[eid][field]
            if d and d.get("rule") == RULES[field] and label is not None:
                out[key].append((d["confidence"], d["value"] == label, d["rule"], eid, d["value"], label))
    return out


def report(results, out):
    """Lines for the check half's drafts from the member's own fields (reported, not gated)."""
    out += ["", "## Fields a release adds: free-exercise-db as the member source, its own level and category kept", ""]
    matched = "the project's labels of the ExerciseDB records matched by name at 0.9 or more"
    for key, what, against in (("ownLevel", "level from its own level (level.own)", matched),
                               ("ownCategory", "planning from its own category (planning.category)", matched),
                               ("instructionFamily", "planning from the instructions, as from a description (planning.instructions)",
                                "its own category, the copy without it suggested")):
        check = [r for r in results[key] if half(r[3]) == "check"]
        right = sum(r[1] for r in check)
        conf = sum(r[0] for r in check) / max(len(check), 1)
        out.append(f"- {what}, check half: {right}/{len(check)} = {right / max(len(check), 1):.1%} right against {against} "
                   f"(mean confidence {conf:.2f})")


def instruction_family_results(truth, suggested, family_of_reason, family_of_category):
    """[(confidence, right, rule, id, value, category)]: free-exercise-db's records whose planning
    mode its instructions decided (planning.instructions: a description is read the same way),
    right when the family drafted is the one its own category names."""
    out = []
    for rid, record in sorted(truth.items()):
        planning = suggested.get(rid, {}).get("fields", {}).get("planning", {})
        if planning.get("rule") != "planning.instructions":
            continue
        family = family_of_reason.get(planning.get("reason")) if planning.get("value") == "manual-only" else None
        expected = family_of_category.get(record["category"])
        right = (family in expected) if expected else (family is None or family == "rehab")
        out.append((planning["confidence"], right, planning["rule"], rid, family, record["category"]))
    return out
