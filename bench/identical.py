#!/usr/bin/env python3
"""`make identical BASE=COMMIT`: shows that the working tree's `catalog` writes and prints the same
bytes as COMMIT's, or prints the first differences and exits 1.

    python3 bench/identical.py BASE [--records N] [--only sample,real,100k,100k-shuffled] [--keep]
    python3 bench/identical.py BASE --speed [--rounds R]

Builds both (BASE in a temporary `git worktree` under .build/identical, removed afterwards; its
binary is kept there by commit hash and reused), then runs one command sequence with each build
in a fresh folder of its own, per scenario: the sample catalog with its reviews, the real
ExerciseDB catalog with its reference sources (../shared/data/upstream; skipped when absent), a
generated catalog of N records (bench/generate.py, 100,000 by default) and the same records
shuffled. The sequence: init and import, status/queue/show/suggest, a bulk review, single edits
(`--set`, `--manual-only`, `$EDITOR`, a refused value), log and undo, lint, a signed export and
its verification, a next release (some records changed, one removed, one added), revalidate,
accept, a second export, diff. Each build runs it at the same path (then the folder is moved
aside), so printed paths agree. Compared: every command's exit code, stdout and stderr; every
file either build left (snapshots, meta, reviews, history, reports, builds) byte for byte and
its mode; every table of .catalog/index.sqlite, rows sorted, with stamp columns masked; the
templates the editor was shown.

--speed times both builds by turns instead (bench/by_turns.py --step pipeline): each step of
the pipeline at N records and the whole pipeline at 2N, median of R rounds."""
import argparse, fcntl, os, shutil, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import identical_compare as compare
import identical_inputs as inputs

ROOT = inputs.ROOT
WORK = os.path.join(ROOT, ".build/identical")
EPOCH = "1793232000"


def swift_build(folder):
    """`make build`'s release build of `catalog` in `folder`; returns the binary's path."""
    swift = shutil.which(os.environ.get("SWIFT", "swift")) or sys.exit("error: swift is not on PATH (install the Swift 6 toolchain)")
    static = os.path.join(os.path.dirname(os.path.dirname(swift)), "lib/swift_static")
    tmp = os.path.join(folder, ".build/tmp")
    os.makedirs(tmp, exist_ok=True)
    command = [swift, "build", "-c", "release", "--product", "catalog"] + (["--static-swift-stdlib"] if os.path.isdir(static) else [])
    print(f"identical: building {os.path.relpath(folder, ROOT) if folder != ROOT else 'the working tree'} (release)", flush=True)
    p = subprocess.run(command, cwd=folder, env=dict(os.environ, TMPDIR=tmp), capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"error: the release build failed in {folder}:\n{p.stdout[-3000:]}{p.stderr[-3000:]}")
    return os.path.join(folder, ".build/release/catalog")


def keep(binary, name):
    """A copy of `binary` under .build/identical/bin (put in place whole, by a rename)."""
    target = os.path.join(WORK, "bin", name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copy2(binary, f"{target}.tmp{os.getpid()}")
    os.replace(f"{target}.tmp{os.getpid()}", target)
    return target


def base_binary(rev):
    p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", rev + "^{commit}"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"error: BASE '{rev}' is not a commit of this repository (git rev-parse)")
    sha = p.stdout.strip()
    cached = os.path.join(WORK, "bin", "catalog-" + sha)
    if os.path.exists(cached):
        print(f"identical: base {sha[:10]}: the build kept from an earlier run ({os.path.relpath(cached, ROOT)})")
        return sha, cached
    tree = os.path.join(WORK, "src-" + sha[:12])
    subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], capture_output=True)
    shutil.rmtree(tree, ignore_errors=True)
    subprocess.run(["git", "-C", ROOT, "worktree", "prune"], check=True)
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--quiet", tree, sha], check=True)
    try:
        return sha, keep(swift_build(tree), "catalog-" + sha)
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], check=True)


class Side:
    """One build's run of the sequence: in `run` (the same path for both builds), moved to
    `final` when done."""

    def __init__(self, name, binary, scenario_dir):
        self.name, self.binary = name, binary
        self.folder = os.path.join(scenario_dir, "run")
        self.final = os.path.join(scenario_dir, name)
        self.extra = os.path.join(scenario_dir, name + "-outside")
        self.log, self.seconds = [], []
        for path in (self.folder, self.final, self.extra):
            shutil.rmtree(path, ignore_errors=True)
        os.makedirs(self.extra)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TZ": "UTC",
                    "HOME": os.path.join(scenario_dir, "home"), "XDG_CACHE_HOME": os.path.join(self.extra, "cache"),
                    "CATALOG_EDITOR": "identical", "SOURCE_DATE_EPOCH": EPOCH,
                    "IDENTICAL_CAPTURE": os.path.join(self.extra, "editor"),
                    "EDITOR": f"{sys.executable} {os.path.join(WORK, 'inputs/editor.py')}"}

    def __call__(self, *args):
        started = time.perf_counter()
        p = subprocess.run([self.binary] + list(args), cwd=self.folder, env=self.env, stdin=subprocess.DEVNULL, capture_output=True)
        self.log.append((" ".join(args), p.returncode, p.stdout, p.stderr))
        self.seconds.append(time.perf_counter() - started)
        return p.stdout.decode("utf-8", "replace")

    def done(self):
        """Moves the folder aside and writes what each command printed beside it."""
        os.rename(self.folder, self.final)
        with open(self.final + "-commands.txt", "wb") as f:
            for (args, code, out, err), seconds in zip(self.log, self.seconds):
                f.write(f"$ catalog {args}\n(exit {code}, {seconds:.2f} s)\n".encode() + out + (b"--- stderr\n" + err if err else b"") + b"\n")


def builds(side):
    dist = os.path.join(side.folder, "dist")
    return sorted(d for d in os.listdir(dist) if not d.startswith(".")) if os.path.isdir(dist) else []


def sequence(c, scenario, key, pub):
    """The commands, the same for both builds; ids come from the inputs or from what the build
    itself printed (where two builds print differently, that difference is reported first)."""
    name, first, refs, nxt, sample = scenario
    if sample:
        shutil.copytree(os.path.join(ROOT, "catalog"), os.path.join(c.folder, "catalog"), ignore=shutil.ignore_patterns("sample"))
        shutil.copytree(os.path.join(ROOT, "reviews"), os.path.join(c.folder, "reviews"))
    else:
        os.makedirs(c.folder)
        c("init")
        c("import", *first)
        for files in refs:
            c("import", "--json", *files)
    ids = sorted(r["id"] for f in first for r in inputs.load(f))
    pick = [ids[1], ids[len(ids) // 3], ids[-2], ids[len(ids) // 5], ids[-4]]
    for args in (["status"], ["status", "--json"], ["queue", "--limit", "20"], ["queue", "--json", "--limit", "50"],
                 ["queue", "--group-by", "pattern", "--json"], ["show", pick[0], "--json"], ["show", pick[0]],
                 ["suggest", pick[0], "--json"], ["fingerprint", pick[0], "--json"], ["vocab", "--json"],
                 ["review", "--from-suggestions", "--all", "--confidence", "0.9"], ["status", "--json"],
                 ["queue", "--unreviewed", "--limit", "20", "--json"],
                 ["review", pick[0], "--set", "level=intermediate", "--note", "make identical"],
                 ["review", pick[1], "--manual-only", "make identical: a stretch"],
                 ["review", pick[2], "--set", "level=beginner", "--confidence", "1"],
                 ["review", pick[2], "--set", "level=nonsense"], ["review", pick[3]],
                 ["review", "--from-suggestions", pick[4], "--json"], ["show", pick[3], "--json"],
                 ["log", "--json"], ["undo", pick[2]], ["log", pick[2]], ["lint"]):
        c(*args)
    if sample:
        # make demo's fix: the sample's s018 breaks primary-count, which stops the export.
        c("review", "s018", "--set", "primaryMuscles=glutes,hamstrings", "--set", "secondaryMuscles=quads,adductors,lower-back")
    lint = compare.json_or_none(c("lint", "--json")) or {}
    excepted = sorted({os.path.basename(f.get("file", ""))[:-5] for f in lint.get("findings", []) if f.get("rule") == "primary-not-planner"})
    for rid in excepted[:60]:
        c("review", rid, "--except", "primary-not-planner=conditioning or stabiliser work")
    c("lint", "--json")
    c("export", "--version", "1.0.0", "--sign", key, "--json")
    first_builds = builds(c)
    for b in first_builds:
        c("verify", "dist/" + b, "--key", pub, "--json")
        c("verify", "dist/" + b)
    for args in (["export", "--sign", key], ["coverage", "--json"], ["coverage", "--html", "coverage.html"],
                 ["import", nxt], ["revalidate"], ["revalidate", "--json"], ["revalidate", "--html", "revalidation.html"],
                 ["status", "--json"], ["accept", "--kind", "punctuation"], ["accept", "--kind", "media", "--json"]):
        c(*args)
    stale = compare.ids_in(compare.json_or_none(c("queue", "--stale", "--json")))
    if stale:
        c("accept", *stale[:3])
    for args in (["revalidate", "--json"], ["lint", "--json"], ["status"], ["show", ids[len(ids) // 2], "--json"],
                 ["export", "--sign", key, "--json"], ["export", "--sign", key, "--allow-drop", "--allow-coverage-drop", "--json"]):
        c(*args)
    later = builds(c)
    if first_builds and len(later) > 1:
        c("diff", "dist/" + later[0], "dist/" + later[-1])
        c("diff", "dist/" + later[0], "dist/" + later[-1], "--json")
        c("verify", "dist/" + later[-1], "--key", pub)
    c("log", "--json")


def run_scenario(scenario, binaries, key, pub, runs, keep_folders):
    name = scenario[0]
    scenario_dir = os.path.join(runs, name)
    started = time.perf_counter()
    sides = []
    for side_name, binary in binaries:
        side = Side(side_name, binary, scenario_dir)
        sequence(side, scenario, key, pub)
        side.done()
        sides.append(side)
    differences = compare.everything(*sides)
    print(f"identical: {name}: {len(sides[0].log)} commands, {compare.count_files(sides[0].final)} files"
          f" ({time.perf_counter() - started:.0f} s): " + (f"{len(differences)} difference(s)" if differences else "identical"), flush=True)
    if not differences and not keep_folders:
        shutil.rmtree(scenario_dir, ignore_errors=True)
    return differences


def main():
    p = argparse.ArgumentParser(description="the working tree's catalog against BASE's, byte for byte")
    p.add_argument("base")
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--only", default="", help="comma-separated scenario names")
    p.add_argument("--keep", action="store_true", help="keep the scenario folders even when identical")
    p.add_argument("--speed", action="store_true", help="time both builds by turns instead")
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args()
    started = time.perf_counter()
    sha, base = base_binary(a.base)
    new = keep(swift_build(ROOT), "catalog-worktree")
    if a.speed:
        speed(base, new, a)
        return
    folder = os.path.join(WORK, "inputs")
    os.makedirs(folder, exist_ok=True)
    key, pub = inputs.signing_key(folder)
    inputs.write(os.path.join(folder, "editor.py"), inputs.EDITOR)
    # One run per base at a time (a second would delete the first's folders); other bases may run.
    runs = os.path.join(WORK, "runs", sha[:12])
    os.makedirs(runs, exist_ok=True)
    lock = open(os.path.join(runs, ".lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        sys.exit(f"error: another `make identical BASE={a.base}` is running ({os.path.relpath(runs, ROOT)})")
    for name in os.listdir(runs):
        if name != ".lock":
            shutil.rmtree(os.path.join(runs, name), ignore_errors=True)
    differences, ran, skipped = [], [], []
    for scenario in inputs.scenarios(folder, a.records):
        if a.only and scenario[0] not in a.only.split(","):
            continue
        if len(scenario) == 2:
            print(f"identical: {scenario[0]}: skipped: {scenario[1]}")
            skipped.append(scenario[0])
            continue
        ran.append(scenario[0])
        differences += [(scenario[0], d) for d in run_scenario(scenario, [("base", base), ("new", new)], key, pub, runs, a.keep)]
    elapsed = time.perf_counter() - started
    if differences:
        compare.report(differences, os.path.join(runs, "differences.txt"))
        print(f"identical: NOT identical to {sha[:10]}: {len(differences)} difference(s) in {', '.join(sorted({s for s, _ in differences}))};"
              f" all of them in {os.path.relpath(runs, ROOT)}/differences.txt, beside each build's folders and commands ({elapsed:.0f} s)")
        sys.exit(1)
    print(f"identical: the working tree's catalog is byte-identical to {sha[:10]}'s on {', '.join(ran)}"
          + (f" ({', '.join(skipped)} skipped)" if skipped else "") + f" ({elapsed:.0f} s)")


def speed(base, new, a):
    turns = os.path.join(ROOT, "bench/by_turns.py")
    for records in (a.records, 2 * a.records):
        subprocess.run([sys.executable, turns, base, new, "--step", "pipeline", "--records", str(records), "--rounds", str(a.rounds)], check=True)


if __name__ == "__main__":
    main()
