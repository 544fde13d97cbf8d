#!/usr/bin/env python3
"""Baseline for `make bench`: the same pipeline steps written plainly with json, hashlib and
sqlite3, the way a first version of this tool in Python would do them. Same inputs, same
catalog layout, comparable work: canonical text v1 and fingerprints, snapshot files, index."""
import difflib, hashlib, json, os, re, sqlite3, sys, unicodedata

FIELDS = ["name", "bodyPart", "target", "equipment", "secondaryMuscles", "instructions"]
WS = re.compile(r"\s+")


def normalize(text):
    return WS.sub(" ", unicodedata.normalize("NFC", text)).strip()


def canonical(record):
    out = []
    for field in FIELDS:
        value = record.get(field)
        items = value if isinstance(value, list) else ([] if value is None else [value])
        for item in items:
            line = normalize(str(item))
            if line:
                out.append(f"{field}: {line}\n")
    return "".join(out)


def fingerprint(text):
    return "fp1:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_snapshot(root):
    with open(os.path.join(root, "catalog/upstream/exercisedb.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_reviews(root):
    folder = os.path.join(root, "reviews/exercisedb")
    reviews = {}
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                reviews[name[:-5]] = json.load(f)
    return reviews


def cmd_import(path, root):
    with open(path, encoding="utf-8") as f:
        records = json.load(f)
    shared = {"id", *FIELDS}
    rows = []
    for r in sorted(records, key=lambda r: r["id"].encode()):
        line = {k: r[k] for k in r if k in shared}
        extra = {k: r[k] for k in r if k not in shared}
        if extra:
            line["extra"] = extra
        rows.append(line)
    os.makedirs(os.path.join(root, "catalog/upstream"), exist_ok=True)
    text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n" for r in rows)
    with open(os.path.join(root, "catalog/upstream/exercisedb.jsonl"), "w", encoding="utf-8") as f:
        f.write(text)
    meta = {"source": "exercisedb", "records": len(rows), "snapshotSha256": hashlib.sha256(text.encode()).hexdigest()}
    with open(os.path.join(root, "catalog/upstream/exercisedb.meta.json"), "w") as f:
        json.dump(meta, f, indent=2, sort_keys=True)
    os.makedirs(os.path.join(root, ".catalog"), exist_ok=True)
    db = sqlite3.connect(os.path.join(root, ".catalog/baseline.sqlite"))
    db.execute("DROP TABLE IF EXISTS records")
    db.execute("CREATE TABLE records (id TEXT PRIMARY KEY, name TEXT, fingerprint TEXT, canonical TEXT, record TEXT)")
    with db:
        db.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?)",
                       [(r["id"], r.get("name", ""), fingerprint(canonical(r)), canonical(r), json.dumps(r, sort_keys=True)) for r in rows])
    print(json.dumps({"added": len(rows)}))


def cmd_revalidate(root):
    records = {r["id"]: r for r in load_snapshot(root)}
    stale = []
    for rid, review in load_reviews(root).items():
        record = records.get(rid)
        if record is None:
            continue
        text = canonical(record)
        today = fingerprint(text)
        old = [c for c in review.get("corrections", {}).values() if c["fingerprint"] != today]
        if not old:
            continue
        basis = review.get("basis", {}).get(old[0]["fingerprint"], "")
        diff = list(difflib.ndiff(basis.split(), text.split()))
        stale.append({"id": rid, "diff": [d for d in diff if d[:1] in "+-"]})
    print(json.dumps({"stale": stale, "counts": {"stale": len(stale)}}))


def cmd_export(root, out):
    records = load_snapshot(root)
    reviews = load_reviews(root)
    exercises = []
    for r in records:
        review = reviews.get(r["id"], {})
        fields = {k: v.get("value") for k, v in review.get("corrections", {}).items()}
        text = canonical(r)
        stale = any(c["fingerprint"] != fingerprint(text) for c in review.get("corrections", {}).values())
        exercises.append({"id": "exercisedb:" + r["id"], "name": r.get("name"), **fields, "autoPlan": bool(review) and not stale})
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "catalog.json"), "w", encoding="utf-8") as f:
        json.dump({"records": exercises}, f, indent=2, sort_keys=True, ensure_ascii=False)
    path = os.path.join(out, "catalog.sqlite")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE exercises (id TEXT PRIMARY KEY, name TEXT, auto_plan INTEGER, record TEXT)")
    with db:
        db.executemany("INSERT INTO exercises VALUES (?, ?, ?, ?)", [(e["id"], e["name"], int(e["autoPlan"]), json.dumps(e, sort_keys=True)) for e in exercises])
    db.execute("VACUUM")
    db.close()
    files = {}
    for name in ("catalog.json", "catalog.sqlite"):
        with open(os.path.join(out, name), "rb") as f:
            files[name] = hashlib.sha256(f.read()).hexdigest()
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"files": files}, f, indent=2, sort_keys=True)


def cmd_verify(build):
    with open(os.path.join(build, "manifest.json")) as f:
        manifest = json.load(f)
    for name, entry in manifest["files"].items():
        with open(os.path.join(build, name), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        expected = entry["sha256"] if isinstance(entry, dict) else entry
        if digest != expected:
            sys.exit(f"{name}: sha256 differs")
    with open(os.path.join(build, "catalog.json")) as f:
        json.load(f)
    print("ok")


def cmd_show(root, rid):
    db = sqlite3.connect(os.path.join(root, ".catalog/baseline.sqlite"))
    row = db.execute("SELECT record, canonical, fingerprint FROM records WHERE id = ?", (rid,)).fetchone()
    print(json.dumps({"record": json.loads(row[0]), "canonicalText": row[1], "fingerprint": row[2]}, indent=2))


def gif_frames(data):
    """Walks a GIF's blocks (no decoding) and counts image descriptors."""
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        raise ValueError("not a GIF")
    i = 13
    if data[10] & 0x80:
        i += 3 * (2 << (data[10] & 7))
    frames = 0
    while True:
        b = data[i]
        if b == 0x3B:
            return frames
        if b == 0x21:
            i += 2
        elif b == 0x2C:
            frames += 1
            packed = data[i + 9]
            i += 10
            if packed & 0x80:
                i += 3 * (2 << (packed & 7))
            i += 1
        else:
            raise ValueError("bad block")
        while data[i]:
            i += data[i] + 1
        i += 1


def cmd_media(directory, out):
    attached = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".gif"):
            with open(os.path.join(directory, name), "rb") as f:
                data = f.read()
            rid = name[:-4].split("-")[0]
            attached[rid] = {"file": name, "sha256": hashlib.sha256(data).hexdigest(), "frames": gif_frames(data)}
    with open(out, "w") as f:
        json.dump(attached, f, sort_keys=True)


def cmd_canonical(root, out):
    with open(out, "w", encoding="utf-8") as f:
        for r in load_snapshot(root):
            f.write(canonical(r))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"import": cmd_import, "revalidate": cmd_revalidate, "export": cmd_export, "verify": cmd_verify,
     "show": cmd_show, "canonical": cmd_canonical, "media": cmd_media}[command](*args)
