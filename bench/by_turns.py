#!/usr/bin/env python3
"""One pipeline step of two `catalog` builds, measured by turns on the same machine (which goes
first alternates each round: the machine's speed drifts), on a synthetic catalog of N records
(bench/generate.py). Prints each round and the medians, and the ratio NEW / OLD.

    python3 bench/by_turns.py OLD_BINARY NEW_BINARY [--records N] [--rounds R] [--step bulk|export|verify|pipeline]

bulk: `review --from-suggestions --all --confidence 0.8` (every draft confirmed: see `bulk`) on a fresh import; export: `export` of
that reviewed catalog; verify: `verify` of its build. pipeline: every step of a fresh catalog's
pipeline, each timed (import, bulk, status, export, verify, import of the next release
(bench/generate.py --variant 1), revalidate --json), and their sum: the medians of each and of
the sums. Everything happens under .build/turns."""
import argparse, os, resource, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where the catalogs are made. On ext4 without a journal (this project's CI machines) an inode
# freed in the last 60 s (360 s while its table block is dirty) is skipped when a file is made,
# one cached-block lookup per skipped inode: after a round's 100k+ files are removed, every file
# made for minutes scans past them, and a step that makes more files pays more. `--work` on a
# journaled file system (a loop-mounted ext4 image will do) measures the code, not that scan.
WORK = os.path.join(ROOT, ".build/turns")
# Scratch catalogs live under the repository, itself a catalog: the walk up for a root stops at it.
ENV = dict(os.environ, CATALOG_EDITOR="bench", SOURCE_DATE_EPOCH="1793232000", CATALOG_CEILING_DIRECTORIES=ROOT)


# --cpu: each step's CPU time (user + system, of the command and its children) instead of its
# wall time: on a machine shared with other work the wall time of a step moves with the load,
# its CPU time much less (a proxy for the work done, not for how well it uses the cores).
CPU = False


def run(cmd, cwd):
    os.sync()
    start, used = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if CPU:
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (now.ru_utime - used.ru_utime) + (now.ru_stime - used.ru_stime)
    return time.perf_counter() - start


def bulk(binary):
    """The bulk step as 87d3f25 ran it: every draft confirmed (`--min-draft-confidence 0` where the
    binary has the option, so that both binaries write the same reviews)."""
    cmd = [binary, "review", "--from-suggestions", "--all", "--confidence", "0.8"]
    if "--min-draft-confidence" in subprocess.run([binary, "review", "--help"], capture_output=True, text=True).stdout:
        cmd += ["--min-draft-confidence", "0"]
    return cmd


def prepare(binary, release, folder, step):
    """A catalog imported (and, for export and verify, reviewed and exported) by `binary`."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    subprocess.run([binary, "init", "--root", folder], env=ENV, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([binary, "import", release], cwd=folder, env=ENV, check=True, stdout=subprocess.DEVNULL)
    if step in ("export", "verify"):
        subprocess.run(bulk(binary), cwd=folder, env=ENV, check=True, stdout=subprocess.DEVNULL)
    if step == "verify":
        subprocess.run([binary, "export", "--allow-drop"], cwd=folder, env=ENV, check=True, stdout=subprocess.DEVNULL)


PIPELINE = [("import", ["import", "{release}"]), ("bulk", ["review", "--from-suggestions", "--all", "--confidence", "0.8"]),
            ("status", ["status"]), ("export", ["export", "--allow-drop"]), ("verify", ["verify", "{build}"]),
            ("import next", ["import", "{next}"]), ("revalidate", ["revalidate", "--json"])]


def pipeline(binary, release, following, folder):
    """Each step's time in one fresh catalog, in PIPELINE's order."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    subprocess.run([binary, "init"], cwd=folder, env=ENV, check=True, stdout=subprocess.DEVNULL)
    times = {}
    for name, args in PIPELINE:
        build = os.path.join(folder, "dist", next((d for d in sorted(os.listdir(os.path.join(folder, "dist"))) if not d.startswith(".")), "")) if name == "verify" else ""
        command = bulk(binary) if name == "bulk" else [binary] + [a.format(release=release, next=following, build=build) for a in args]
        times[name] = run(command, folder)
    return times


def pipeline_turns(a, release):
    following = release[:-5] + "-next.json"
    if not os.path.exists(following):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate.py"), str(a.records), following, "--variant", "1"], check=True)
    times = {"old": [], "new": []}
    for r in range(a.rounds):
        order = [("old", a.old), ("new", a.new)] if r % 2 == 0 else [("new", a.new), ("old", a.old)]
        for name, binary in order:
            t = pipeline(binary, release, following, os.path.join(WORK, f"{name}-{r}"))
            times[name].append(t)
            print(f"round {r + 1}: {name} " + ", ".join(f"{k} {v:.2f} s" for k, v in t.items()) + f"; total {sum(t.values()):.2f} s", flush=True)
    for r in range(a.rounds):
        for name in ("old", "new"):
            shutil.rmtree(os.path.join(WORK, f"{name}-{r}"), ignore_errors=True)
    print(f"\n{a.records:,} records, median of {a.rounds} rounds by turns ({'CPU' if CPU else 'wall'} time)\n\n| step | old | new | new/old |\n|---|---:|---:|---:|")
    for step in [s for s, _ in PIPELINE] + ["pipeline"]:
        pick = (lambda t: sum(t.values())) if step == "pipeline" else (lambda t: t[step])
        old, new = statistics.median(map(pick, times["old"])), statistics.median(map(pick, times["new"]))
        print(f"| {step} | {old:.2f} s | {new:.2f} s | {new / old:.3f} |")


def command(binary, step, folder):
    if step == "bulk":
        return bulk(binary)
    if step == "export":
        return [binary, "export", "--allow-drop"]
    build = next(os.path.join(folder, "dist", d) for d in sorted(os.listdir(os.path.join(folder, "dist"))) if not d.startswith("."))
    return [binary, "verify", build]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--step", choices=["bulk", "export", "verify", "pipeline"], default="bulk")
    p.add_argument("--cpu", action="store_true", help="CPU time (user + system) instead of wall time")
    p.add_argument("--work", help="the folder the catalogs are made in (default .build/turns); see WORK")
    a = p.parse_args()
    global CPU, WORK
    CPU = a.cpu
    WORK = os.path.abspath(a.work) if a.work else WORK
    # Commands run in the catalog's folder: a relative path to a binary is the caller's.
    a.old, a.new = (os.path.abspath(b) if os.sep in b else b for b in (a.old, a.new))
    os.makedirs(WORK, exist_ok=True)
    release = os.path.join(WORK, f"syn{a.records}.json")
    if not os.path.exists(release):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate.py"), str(a.records), release], check=True)
    if a.step == "pipeline":
        pipeline_turns(a, release)
        return
    times = {"old": [], "new": []}
    for r in range(a.rounds):
        order = [("old", a.old), ("new", a.new)] if r % 2 == 0 else [("new", a.new), ("old", a.old)]
        for name, binary in order:
            # A folder of its own each round: removing the last round's 100k+ files first would
            # leave the file system busy with the deletion while the next round is measured.
            folder = os.path.join(WORK, f"{name}-{r}")
            prepare(binary, release, folder, a.step)
            t = run(command(binary, a.step, folder), folder)
            times[name].append(t)
            print(f"round {r + 1}: {name} {a.step} {t:.2f} s", flush=True)
    for r in range(a.rounds):
        for name in ("old", "new"):
            shutil.rmtree(os.path.join(WORK, f"{name}-{r}"), ignore_errors=True)
    old, new = statistics.median(times["old"]), statistics.median(times["new"])
    print(f"{a.step} at {a.records:,} records, median of {a.rounds} by turns: old {old:.2f} s, new {new:.2f} s, new/old {new / old:.2f}")


if __name__ == "__main__":
    main()
