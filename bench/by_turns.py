#!/usr/bin/env python3
"""One pipeline step of two `catalog` builds, measured by turns on the same machine (which goes
first alternates each round: the machine's speed drifts), on a synthetic catalog of N records
(bench/generate.py). Prints each round and the medians, and the ratio NEW / OLD.

    python3 bench/by_turns.py OLD_BINARY NEW_BINARY [--records N] [--rounds R] [--step bulk|export|verify]

bulk: `review --from-suggestions --all --confidence 0.8` on a fresh import; export: `export` of
that reviewed catalog; verify: `verify` of its build. Everything happens under .build/turns."""
import argparse, os, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build/turns")
# Scratch catalogs live under the repository, itself a catalog: the walk up for a root stops at it.
ENV = dict(os.environ, CATALOG_EDITOR="bench", SOURCE_DATE_EPOCH="1793232000", CATALOG_CEILING_DIRECTORIES=ROOT)


def run(cmd, cwd):
    os.sync()
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    p.add_argument("--step", choices=["bulk", "export", "verify"], default="bulk")
    a = p.parse_args()
    os.makedirs(WORK, exist_ok=True)
    release = os.path.join(WORK, f"syn{a.records}.json")
    if not os.path.exists(release):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate.py"), str(a.records), release], check=True)
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
