"""What `make identical` compares between the two builds' runs, and how it shows a difference."""
import difflib, json, os, re, sqlite3

INDEX = os.path.join(".catalog", "index.sqlite")
# The index's stamp columns hold file times, sizes and inodes, which two runs never share.
STAMP = re.compile(r"stamp|signature", re.IGNORECASE)
SHOWN = 12


def json_or_none(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def ids_in(value):
    """Every "id" string in a JSON value, in order, once each."""
    out = []

    def walk(v):
        if isinstance(v, dict):
            if isinstance(v.get("id"), str) and v["id"] not in out:
                out.append(v["id"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(value)
    return out


def text_diff(a, b, name_a="base", name_b="new"):
    """The first lines of a unified diff of two byte strings (or where two binaries part)."""
    try:
        ta, tb = a.decode("utf-8"), b.decode("utf-8")
    except UnicodeDecodeError:
        at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        return [f"    binary: {len(a)} against {len(b)} bytes, first difference at byte {at}"]
    lines = list(difflib.unified_diff(ta.splitlines(), tb.splitlines(), name_a, name_b, n=1, lineterm=""))
    shown = ["    " + (l if len(l) <= 220 else l[:220] + "…") for l in lines[:SHOWN]]
    return shown + ([f"    … {len(lines) - SHOWN} more diff lines"] if len(lines) > SHOWN else [])


def outputs(base, new):
    """Every command's exit code, stdout and stderr, in order."""
    out = []
    for i, (b, n) in enumerate(zip(base.log, new.log)):
        if b[0] != n[0]:
            out.append((f"command {i + 1} differs: base ran `catalog {b[0]}`, new ran `catalog {n[0]}`", []))
            break
        if b[1] != n[1]:
            out.append((f"`catalog {b[0]}` (command {i + 1}): exit code {b[1]} against {n[1]}", text_diff(b[3], n[3])))
        for stream, k in (("stdout", 2), ("stderr", 3)):
            if b[k] != n[k]:
                out.append((f"`catalog {b[0]}` (command {i + 1}): {stream} differs", text_diff(b[k], n[k])))
    if len(base.log) != len(new.log):
        out.append((f"base ran {len(base.log)} commands, new {len(new.log)}", []))
    return out


def files(root):
    """Relative path → (mode, kind) of everything under root, the index database aside."""
    found = {}
    if not os.path.isdir(root):
        return found
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(dirs + names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            if rel.startswith(INDEX):
                continue
            st = os.lstat(path)
            kind = "link" if os.path.islink(path) else "dir" if os.path.isdir(path) else "file"
            found[rel] = (st.st_mode & 0o7777, kind)
    return found


def count_files(root):
    return sum(1 for v in files(root).values() if v[1] == "file")


def read(path):
    if os.path.islink(path):
        return os.readlink(path).encode()
    with open(path, "rb") as f:
        return f.read()


def trees(base_root, new_root, label):
    """Every file under both roots: the same paths, modes and bytes."""
    out = []
    a, b = files(base_root), files(new_root)
    for side, only in (("base", sorted(set(a) - set(b))), ("new", sorted(set(b) - set(a)))):
        # A folder's worth of files one build writes and the other not is one difference.
        by_folder = {}
        for rel in only:
            by_folder.setdefault(os.path.dirname(rel), []).append(rel)
        for folder, names in sorted(by_folder.items()):
            if len(names) > 3:
                out.append((f"{label}{folder}/: {len(names)} entries only in {side}'s run ({names[0]}, {names[1]}, …)", []))
            else:
                out.extend((f"{label}{rel}: only in {side}'s run", []) for rel in names)
    for rel in sorted(set(a) & set(b)):
        if a[rel] != b[rel]:
            out.append((f"{label}{rel}: {a[rel][1]} mode {a[rel][0]:o} against {b[rel][1]} mode {b[rel][0]:o}", []))
        elif a[rel][1] != "dir":
            x, y = read(os.path.join(base_root, rel)), read(os.path.join(new_root, rel))
            if x != y:
                out.append((f"{label}{rel}: bytes differ ({len(x)} against {len(y)})", text_diff(x, y)))
    return out


def dump(path):
    """Table → (schema, rows sorted) of an index database, stamp columns masked; {} if absent."""
    if not os.path.exists(path):
        return {}
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {"(schema)": (["type", "name", "tbl_name", "sql"], sorted(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall(), key=repr))}
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
            columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
            masked = [i for i, c in enumerate(columns) if STAMP.search(c)]
            rows = []
            for row in db.execute(f'SELECT * FROM "{table}"'):
                row = list(row)
                for i in masked:
                    row[i] = None if row[i] is None else "<stamp>"
                rows.append(tuple(row))
            out[table] = (columns, sorted(rows, key=repr))
        return out
    finally:
        db.close()


def index(base_root, new_root):
    out = []
    a, b = dump(os.path.join(base_root, INDEX)), dump(os.path.join(new_root, INDEX))
    for table in sorted(set(a) | set(b)):
        if table not in a or table not in b:
            out.append((f"{INDEX}: table {table} only in {'new' if table not in a else 'base'}'s index", []))
            continue
        (ca, ra), (cb, rb) = a[table], b[table]
        if ca != cb:
            out.append((f"{INDEX}: table {table}: columns {ca} against {cb}", []))
        elif ra != rb:
            only_a, only_b = sorted(set(ra) - set(rb), key=repr), sorted(set(rb) - set(ra), key=repr)
            out.append((f"{INDEX}: table {table}: {len(ra)} rows against {len(rb)}, {len(only_a)} only in base's, {len(only_b)} only in new's",
                        row_detail(ca, only_a, only_b)))
    return out


def clip(x, y):
    """x, or for long texts the part of x around where it parts from y."""
    text = repr(x)
    if len(text) <= 100 or not isinstance(x, str) or not isinstance(y, str):
        return text[:300]
    at = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    return ("…" if at > 40 else "") + repr(x[max(0, at - 40):at + 60]) + ("…" if at + 60 < len(x) else "")


def row_detail(columns, only_a, only_b):
    """Rows of the same key (the first two columns) as the columns that differ; others whole."""
    keyed = {r[:2]: r for r in only_b}
    lines = []
    for r in only_a:
        other = keyed.pop(r[:2], None)
        if other is None:
            lines.append(f"    - {dict(zip(columns, r))}"[:300])
        else:
            lines.append(f"    {dict(zip(columns[:2], r[:2]))}: " + "; ".join(
                f"{c}: {clip(x, y)} → {clip(y, x)}" for c, x, y in zip(columns, r, other) if x != y))
    lines += [f"    + {dict(zip(columns, r))}"[:300] for r in keyed.values()]
    return lines[:SHOWN] + ([f"    … {len(lines) - SHOWN} more rows"] if len(lines) > SHOWN else [])


def everything(base, new):
    return outputs(base, new) + trees(base.final, new.final, "") + trees(base.extra, new.extra, "(outside the catalog) ") + index(base.final, new.final)


def report(differences, path):
    """The first 30 differences on stdout, all of them in `path`."""
    lines = []
    for scenario, (what, detail) in differences:
        lines.append([f"[{scenario}] {what}"] + detail)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(l for group in lines for l in group) + "\n")
    print()
    for group in lines[:30]:
        print("\n".join(group))
    if len(lines) > 30:
        print(f"… and {len(lines) - 30} more differences")
    print()
