#!/usr/bin/env python3
"""`make bench` (and `make bench-plan`): the reference planner on the real catalog (issue 38).
The real ExerciseDB catalog (with free-exercise-db) is imported, confirmed with `review
--from-suggestions --all --confidence 0.9` and exported (1.0.0); every cleared record with
hamstrings among its primary muscles is then made manual-only and exported again (1.0.1, the
gates allowed). Measured with the release build, RUNS times each, medians:

- one week for one profile (full-gym, muscle, intermediate, 4 x 60 min) against
  `PublishedCatalog.load` of the same build, both timed inside one `catalog plan` process
  (CATALOG_PLAN_TIMINGS=1). Target: the week within 3x the load.
- `catalog diff 1.0.0 1.0.1 --plans`, every standard week planned on both builds, whole
  process wall time. Target: 1.5 s.
- The workbench's plans (`catalog serve` on the same catalog, one client, loopback, timed as
  bench/serve_load.py times pages): the record page with its standard weeks warm (the catalog
  as edited built and planned once), beside the record API (no weeks) in the same run; the
  first record page and its weeks section (`/records/ID/weeks`, the build and the 45 standard
  weeks); the plan preview warm; the record page and its section right after a review save
  (built and planned again). Target: record page within 50 ms warm.

Writes bench/plan-results.md."""
import json, os, re, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.environ.get("BENCH_CATALOG", os.path.join(ROOT, ".build/release/catalog"))
UPSTREAM = os.path.join(os.path.dirname(ROOT), "shared/data/upstream")
WORK = os.path.join(ROOT, ".build/bench-plan")
RUNS = int(os.environ.get("BENCH_RUNS", "11"))
ENV = dict(os.environ, CATALOG_EDITOR="bench", SOURCE_DATE_EPOCH="1793232000")


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=WORK, env=kw.pop("env", ENV), check=True, capture_output=True, text=True, **kw)


def prepare():
    subprocess.run(["rm", "-rf", WORK], check=True)
    os.makedirs(WORK)
    run([CATALOG, "init"])
    run([CATALOG, "import", os.path.join(UPSTREAM, "exercisedb/exercises.json")])
    run([CATALOG, "import", os.path.join(UPSTREAM, "free-exercise-db/acd61f7.json")])
    run([CATALOG, "review", "--from-suggestions", "--all", "--confidence", "0.9"])
    run([CATALOG, "export"])
    import json
    with open(os.path.join(WORK, "dist/exercise-catalog-1.0.0/catalog.json")) as f:
        records = json.load(f)["records"]
    ids = [r["upstreamId"] for r in records if r["autoPlan"] and "hamstrings" in r["primaryMuscles"]]
    run([CATALOG, "review", *ids, "--manual-only", "kept for the coach to plan"])
    run([CATALOG, "export", "--allow-drop", "--allow-coverage-drop", "--allow-plan-regression"])


def main():
    if not os.path.exists(os.path.join(UPSTREAM, "exercisedb/exercises.json")):
        sys.exit("plan bench: ../shared/data/upstream is absent")
    prepare()
    old, new = (os.path.join(WORK, f"dist/exercise-catalog-{v}") for v in ("1.0.0", "1.0.1"))
    week = [CATALOG, "plan", old, "--profile", "full-gym", "--goal", "muscle", "--level", "intermediate", "--days", "4", "--minutes", "60", "--json"]
    loads, plans, diffs = [], [], []
    for i in range(RUNS):
        # By turns: the machine's speed drifts, and both see the same drift.
        err = run(week, env=dict(ENV, CATALOG_PLAN_TIMINGS="1")).stderr
        load, plan = (int(x) / 1e6 for x in re.search(r"load (\d+) µs, plan (\d+) µs", err).groups())
        loads.append(load)
        plans.append(plan)
        start = time.perf_counter()
        run([CATALOG, "diff", old, new, "--plans"])
        diffs.append(time.perf_counter() - start)
    load, plan, diff = statistics.median(loads), statistics.median(plans), statistics.median(diffs)
    lines = [
        "# Planner bench (issue 38)", "",
        f"Release build, real catalog (review --confidence 0.9), {RUNS} runs each, medians; written by bench/plan_bench.py.", "",
        "| step | time | target | |", "|---|---|---|---|",
        f"| PublishedCatalog.load of the real build | {load * 1000:.0f} ms | | |",
        f"| one week, full-gym / muscle / intermediate, 4 x 60 min | {plan * 1000:.0f} ms | within 3x the load ({3 * load * 1000:.0f} ms) | {plan / load:.2f}x |",
        f"| diff 1.0.0 1.0.1 --plans (45 standard weeks on each build, whole process) | {diff * 1000:.0f} ms | 1500 ms | {'met' if diff <= 1.5 else 'missed'} |",
    ]
    lines += workbench()
    with open(os.path.join(ROOT, "bench/plan-results.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def workbench():
    """`catalog serve` on the bench catalog: the record page's standard weeks and the plan preview."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import serve_load  # noqa: E402  (its client and percentile)
    samples = int(os.environ.get("SERVE_SAMPLES", "200"))
    with open(os.path.join(UPSTREAM, "exercisedb/exercises.json"), encoding="utf-8") as f:
        ids = [r["id"] for r in json.load(f)]
    server = subprocess.Popen([CATALOG, "serve", "--port", "0"], cwd=WORK, env=dict(ENV, CATALOG_SERVE_TOKEN=serve_load.TOKEN),
                              stdout=subprocess.PIPE, text=True)
    try:
        c = serve_load.Client(int(re.search(r":(\d+)/\?token=", server.stdout.readline()).group(1)))
        page = lambda rid: c.request("GET", f"/records/exercisedb:{rid}")
        weeks = lambda rid: c.request("GET", f"/records/exercisedb:{rid}/weeks")
        status, body, _, first = page(ids[0])
        assert status == 200 and b'data-pending' in body, body[:300]
        status, body, _, section = weeks(ids[0])
        assert status == 200 and b'id="standard-weeks"' in body, body[:300]
        pages, api = [], []
        for i in range(samples):
            # By turns, the page with its weeks and the record API without them.
            pages.append(page(ids[i * 7 % len(ids)])[3])
            api.append(c.request("GET", f"/api/records/exercisedb:{ids[i * 7 % len(ids)]}")[3])
        preview = [c.request("GET", "/plan?profile=full-gym&goal=muscle&level=intermediate&days=4&minutes=60")[3] for _ in range(max(1, samples // 10))]
        after = []
        for rid in ids[:5]:
            _, _, etag, _ = c.request("GET", f"/api/records/exercisedb:{rid}")
            saved = c.request("PUT", f"/api/records/exercisedb:{rid}/review", {"editor": "bench", "confidence": 0.95}, {"If-Match": etag})
            assert saved[0] == 200, saved[1][:300]
            after.append((page(rid)[3], weeks(rid)[3]))
    finally:
        server.terminate()
        server.wait(timeout=10)
    p = serve_load.percentile
    ms = lambda x: f"{x * 1000:.1f} ms"
    return [
        "", "## The workbench's plans (catalog serve on the same catalog, 1 client, loopback)", "",
        f"Load average at the end: {os.getloadavg()[0]:.1f} (2 cores shared). {samples} records by turns, p50 / p99.", "",
        "| what | p50 | p99 | target |", "|---|---|---|---|",
        f"| record page `/records/ID` with its standard weeks, warm | {ms(p(pages, 50))} | {ms(p(pages, 99))} | 50 ms |",
        f"| record API `/api/records/ID` (no weeks), same run | {ms(p(api, 50))} | {ms(p(api, 99))} | |",
        f"| plan preview `/plan`, full-gym / muscle / intermediate, 4 x 60 min, warm | {ms(p(preview, 50))} | {ms(p(preview, 99))} | |",
        f"| first record page (no weeks planned yet: the section pending) | {ms(first)} | | |",
        f"| its section `/records/ID/weeks` (the catalog as edited built, 45 standard weeks planned) | {ms(section)} | | |",
        f"| record page right after a review save (pending; 5 saves) | {ms(p([a for a, _ in after], 50))} | {ms(max(a for a, _ in after))} | |",
        f"| its section right after the save (built and planned again) | {ms(p([w for _, w in after], 50))} | {ms(max(w for _, w in after))} | |",
    ]


if __name__ == "__main__":
    main()
