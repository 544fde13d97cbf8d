"""The inputs `make identical` gives both builds: releases and their next releases, a signing key,
an editor for the `$EDITOR` door. All deterministic: the same project files give the same bytes."""
import base64, hashlib, json, os, random, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UPSTREAM = os.environ.get("UPSTREAM", os.path.join(os.path.dirname(ROOT), "shared", "data", "upstream"))
WGER = ["exercise-base-data.json", "translations-en.json", "categories.json", "equipment.json", "muscles.json", "languages.json"]


def ed25519_public(seed):
    """The public key of an Ed25519 seed (RFC 8032, section 5.1.5), in plain integers."""
    p = 2**255 - 19
    d = -121665 * pow(121666, p - 2, p) % p
    inv = lambda x: pow(x, p - 2, p)

    def add(a, b):
        t = d * a[0] * b[0] * a[1] * b[1] % p
        return ((a[0] * b[1] + b[0] * a[1]) * inv(1 + t) % p, (a[1] * b[1] + a[0] * b[0]) * inv(1 - t) % p)

    by = 4 * inv(5) % p
    xx = (by * by - 1) * inv(d * by * by + 1) % p
    bx = pow(xx, (p + 3) // 8, p)
    if (bx * bx - xx) % p:
        bx = bx * pow(2, (p - 1) // 4, p) % p
    if bx % 2:
        bx = p - bx
    h = hashlib.sha512(seed).digest()
    scalar = (int.from_bytes(h[:32], "little") & ((1 << 254) - 8)) | (1 << 254)
    point, result = (bx, by), (0, 1)
    while scalar:
        if scalar & 1:
            result = add(result, point)
        point, scalar = add(point, point), scalar >> 1
    return (result[1] | ((result[0] & 1) << 255)).to_bytes(32, "little")


def pem(label, der):
    return f"-----BEGIN {label}-----\n{base64.b64encode(der).decode()}\n-----END {label}-----\n"


def signing_key(folder):
    """A fixed key pair (PKCS#8 / SubjectPublicKeyInfo PEM, as `catalog keygen` writes): the
    signatures, and so the builds, are the same on every run."""
    seed = hashlib.sha256(b"make identical: a test key, never a real one").digest()
    private, public = os.path.join(folder, "signing.key"), os.path.join(folder, "signing.pub")
    write(private, pem("PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + seed))
    write(public, pem("PUBLIC KEY", bytes.fromhex("302a300506032b6570032100") + ed25519_public(seed)))
    os.chmod(private, 0o600)
    return private, public


EDITOR = '''import os, re, sys
# The editor of `make identical`: keeps the template it was given, then sets level to advanced.
path, keep = sys.argv[1], os.environ["IDENTICAL_CAPTURE"]
os.makedirs(keep, exist_ok=True)
text = open(path, encoding="utf-8").read()
open(os.path.join(keep, f"template-{len(os.listdir(keep))}.txt"), "w", encoding="utf-8").write(text)
open(path, "w", encoding="utf-8").write(re.sub(r'("level": )[^,\\n]*', r'\\1"advanced"', text, count=1))
'''


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def dump(path, records):
    """Writes whole or not at all (an interrupted run leaves no half release to reuse)."""
    with open(f"{path}.tmp{os.getpid()}", "w", encoding="utf-8") as f:
        json.dump(records, f, ensure_ascii=False, indent=1)
        f.write("\n")
    os.replace(f"{path}.tmp{os.getpid()}", path)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def next_release(records):
    """The release after `records`: about 40 records changed (a cue added, a rename, punctuation,
    a spelling, a new animation, other equipment), the middle one removed, one added."""
    by_id = {r["id"]: r for r in records}
    ids = sorted(by_id)
    removed = ids[len(ids) // 2]
    changed = [i for i in ids[3::max(1, len(ids) // 40)] if i != removed]
    equipment = sorted({r.get("equipment", "") for r in records})
    edits = {}
    for k, rid in enumerate(changed):
        r = json.loads(json.dumps(by_id[rid]))
        kind = k % 6
        if kind == 0 and r.get("instructions"):
            r["instructions"][0] += " Keep your core braced."
        elif kind == 1:
            r["name"] += " (variation)"
        elif kind == 2 and r.get("instructions"):
            r["instructions"][-1] = r["instructions"][-1].rstrip(".") + ("" if r["instructions"][-1].endswith(".") else ".")
        elif kind == 3 and r.get("instructions"):
            r["instructions"][0] = r["instructions"][0].replace("the ", "teh ", 1)
        elif kind == 4:
            r["gifUrl"] = f"https://media.example.invalid/next/{rid}.gif"
        else:
            r["equipment"] = equipment[(equipment.index(r.get("equipment", "")) + 1) % len(equipment)]
        edits[rid] = r
    out = [edits.get(r["id"], r) for r in records if r["id"] != removed]
    added = json.loads(json.dumps(by_id[ids[0]]))
    added["id"] = str(int(ids[-1]) + 1).zfill(len(ids[-1])) if ids[-1].isdigit() else ids[-1] + "-added"
    added["name"] = "added " + added["name"]
    return out + [added]


def shuffled(records, seed):
    out = list(records)
    random.Random(seed).shuffle(out)
    return out


def scenarios(work, records):
    """(name, first release files, reference files, next release, copy the repo's reviews) for
    each scenario, or (name, reason) when it cannot run. Files are written once into work."""
    os.makedirs(work, exist_ok=True)
    made_by = hashlib.sha256(b"".join(open(os.path.join(ROOT, "bench", f), "rb").read() for f in ("identical_inputs.py", "generate.py"))).hexdigest()
    stamp = os.path.join(work, "made-by")
    if not os.path.exists(stamp) or open(stamp).read() != made_by:
        for name in os.listdir(work):
            if name.endswith(".json"):
                os.remove(os.path.join(work, name))
        write(stamp, made_by)
    sample = os.path.join(ROOT, "catalog/sample")
    out = [("sample", [os.path.join(sample, "exercisedb-sample.json")], [], os.path.join(sample, "exercisedb-sample-next.json"), True)]
    edb = os.path.join(UPSTREAM, "exercisedb/exercises.json")
    if os.path.exists(edb):
        nxt = os.path.join(work, "real-next.json")
        if not os.path.exists(nxt):
            dump(nxt, next_release(load(edb)))
        refs = [[os.path.join(UPSTREAM, "free-exercise-db/acd61f7.json")], [os.path.join(UPSTREAM, "wger", f) for f in WGER]]
        out.append(("real", [edb], refs, nxt, False))
    else:
        out.append(("real", f"{UPSTREAM} is absent (the real catalog lives outside the project)"))
    for name, seed in ((f"{records // 1000}k", None), (f"{records // 1000}k-shuffled", 31)):
        first, nxt = os.path.join(work, f"{name}.json"), os.path.join(work, f"{name}-next.json")
        if not (os.path.exists(first) and os.path.exists(nxt)):
            generated = os.path.join(work, f"syn{records}.json")
            if not os.path.exists(generated):
                subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate.py"), str(records), f"{generated}.tmp{os.getpid()}"], check=True)
                os.replace(f"{generated}.tmp{os.getpid()}", generated)
            base = load(generated)
            following = next_release(base)
            if seed is not None:
                base, following = shuffled(base, seed), shuffled(following, seed + 1)
            dump(first, base)
            dump(nxt, following)
        out.append((name, [first], [], nxt, False))
    return out
