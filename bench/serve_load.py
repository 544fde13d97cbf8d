#!/usr/bin/env python3
"""`make bench` (second part): `catalog serve` on the real ExerciseDB catalog with 1,324 generated
animations. Measures the record page's time (p50, p99, one client), pages through the whole
queue, then runs a bounded loopback load: CLIENTS concurrent clients, each reading pages and
saving reviews of its own record ROUNDS times; counts errors and lost updates (each record's
file must hold its client's last save). Writes bench/serve-results.md. Traffic: 127.0.0.1 only."""
import http.client, json, os, re, shutil, statistics, subprocess, sys, threading, time

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (its catalog helpers and the generated GIFs)

CLIENTS = int(os.environ.get("SERVE_CLIENTS", "50"))
ROUNDS = int(os.environ.get("SERVE_ROUNDS", "10"))
SAMPLES = int(os.environ.get("SERVE_SAMPLES", "200"))
TOKEN = "bench-serve-token-0123456789"
WORK = os.path.join(bench.ROOT, ".build/bench-serve")


def prepare():
    exercises = os.path.join(bench.UPSTREAM, "exercisedb/exercises.json")
    if not os.path.exists(exercises):
        return None
    cat = os.path.join(WORK, "catalog")
    bench.new_catalog(cat)
    media = os.path.join(WORK, "media")
    bench.fresh(media)
    with open(exercises, encoding="utf-8") as f:
        ids = [r["id"] for r in json.load(f)]
    for n, rid in enumerate(ids):
        with open(os.path.join(media, f"{rid}-tok{n:05d}.gif"), "wb") as f:
            f.write(bench.gif(8 + n % 11, n))
    bench.run([bench.CATALOG, "import", exercises, "--media", media], cwd=cat)
    return cat, ids


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, body=None, headers=None):
        h = {"Authorization": "Bearer " + TOKEN, "Host": f"127.0.0.1:{self.port}"}
        h.update(headers or {})
        data = json.dumps(body).encode() if body is not None else None
        if data is not None:
            h["Content-Type"] = "application/json"
        start = time.perf_counter()
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=h)
                response = self.connection.getresponse()
                payload = response.read()
                break
            except (http.client.HTTPException, ConnectionError):
                # A keep-alive connection the server closed (its idle timeout): once more, anew.
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        return response.status, payload, response.getheader("ETag"), time.perf_counter() - start


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def single_client(c, ids, out):
    """The record page and API, one request at a time (the server time plus loopback)."""
    for rid in ids[:20]:
        c.request("GET", f"/records/exercisedb:{rid}")  # warm the page cache
    times = [c.request("GET", f"/records/exercisedb:{ids[i * 7 % len(ids)]}")[3] for i in range(SAMPLES)]
    api = [c.request("GET", f"/api/records/exercisedb:{ids[i * 7 % len(ids)]}")[3] for i in range(SAMPLES)]
    out.append(f"| record page `/records/ID` (1 client, {SAMPLES} records) | {percentile(times, 50) * 1000:.1f} ms | {percentile(times, 99) * 1000:.1f} ms |")
    out.append(f"| record API `/api/records/ID` | {percentile(api, 50) * 1000:.1f} ms | {percentile(api, 99) * 1000:.1f} ms |")


def whole_queue(c, ids, out):
    """Pages through the queue: every record once."""
    seen, offset, pages, start = set(), 0, 0, time.perf_counter()
    while True:
        _, payload, _, _ = c.request("GET", f"/api/queue?offset={offset}&limit=100")
        document = json.loads(payload)
        seen.update(i["id"] for i in document["items"])
        pages += 1
        offset += 100
        if offset >= document["total"]:
            break
    assert len(seen) == document["total"] == len(ids), (len(seen), document["total"])
    status, _, _, queue_page = c.request("GET", "/?limit=100&offset=1200")
    assert status == 200
    out.append(f"| queue: {pages} API pages of 100 through all {len(seen)} records | {(time.perf_counter() - start) * 1000 / pages:.1f} ms a page | |")
    out.append(f"| queue page `/?limit=100` | {queue_page * 1000:.1f} ms | |")


def load(port, ids, cat, out):
    """CLIENTS clients at once, each ROUNDS times: its record's page, the record, a save."""
    errors, latencies, last = [], [], {}
    lock = threading.Lock()

    def work(k):
        client = Client(port)
        rid = ids[k * 13 % len(ids)]
        mine = []
        for r in range(ROUNDS):
            status, _, _, t1 = client.request("GET", f"/records/exercisedb:{rid}")
            s2, record, etag, t2 = client.request("GET", f"/api/records/exercisedb:{rid}")
            note = f"client {k} round {r}"
            # As an editor who takes the suggestions: the reviews stay lint-clean.
            # The suggested planning mode is the body's own key, not one of its fields.
            fields = {f: v["value"] for f, v in json.loads(record)["suggestions"].items() if f != "planning"} if s2 == 200 else {}
            s3, payload, _, t3 = client.request("PUT", f"/api/records/exercisedb:{rid}/review",
                                                {"editor": f"load {k}", "note": note, "fields": fields, "confidence": 0.9}, {"If-Match": etag})
            mine += [t1, t2, t3]
            if (status, s2, s3) != (200, 200, 200):
                with lock:
                    errors.append((k, r, status, s2, s3, payload[:200]))
            else:
                last[rid] = note
        with lock:
            latencies.extend(mine)

    start = time.perf_counter()
    threads = [threading.Thread(target=work, args=(k,)) for k in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    elapsed = time.perf_counter() - start
    lost = 0
    for rid, note in last.items():
        with open(os.path.join(cat, f"reviews/exercisedb/{rid}.json"), encoding="utf-8") as f:
            if json.load(f).get("note") != note:
                lost += 1
    requests = len(latencies)
    out.append(f"| load: {CLIENTS} clients x {ROUNDS} rounds (page + record + save each), {requests} requests | "
               f"p50 {percentile(latencies, 50) * 1000:.1f} ms | p99 {percentile(latencies, 99) * 1000:.1f} ms |")
    out.append(f"| load: throughput | {requests / elapsed:.0f} requests/s ({2 * requests / 3 / elapsed:.0f} pages/s) | "
               f"{len(errors)} errors, {lost} lost updates of {len(last)} records |")
    for e in errors[:5]:
        print("  error:", e)
    return len(errors), lost


def same_bytes_as_the_cli(c, ids, cat, out):
    """A full review saved through the API, then the same review made with `review --set`."""
    rid = ids[7]
    _, record, etag, _ = c.request("GET", f"/api/records/exercisedb:{rid}")
    # The suggested planning mode is the body's own key, not a field: left as it is on both sides.
    fields = {f: v["value"] for f, v in json.loads(record)["suggestions"].items() if f != "planning"}
    status, payload, _, _ = c.request("PUT", f"/api/records/exercisedb:{rid}/review",
                                      {"editor": "bench", "fields": fields, "confidence": 0.9, "note": "checked"}, {"If-Match": etag})
    assert status == 200, payload
    path = os.path.join(cat, f"reviews/exercisedb/{rid}.json")
    with open(path, "rb") as f:
        api = f.read()
    os.remove(path)
    sets = [a for k, v in fields.items() for a in ("--set", f"{k}={','.join(v) if isinstance(v, list) else v}")]
    bench.run([bench.CATALOG, "review", rid, "--editor", "bench", *sets, "--confidence", "0.9", "--note", "checked"], cwd=cat)
    with open(path, "rb") as f:
        same = f.read() == api
    out.append(f"| a review saved through the API vs `catalog review --set` | {'byte-identical' if same else 'DIFFERENT'} | |")
    return same


def main():
    prepared = prepare()
    if prepared is None:
        print(f"bench serve: skipped: {bench.UPSTREAM} is absent")
        return
    cat, ids = prepared
    env = dict(bench.ENV, CATALOG_SERVE_TOKEN=TOKEN)
    server = subprocess.Popen([bench.CATALOG, "serve", "--port", "0"], cwd=cat, env=env, stdout=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/\?token=", server.stdout.readline()).group(1))
    out = [f"| machine load average at the start (2 cores shared) | {os.getloadavg()[0]:.1f} | |"]
    try:
        c = Client(port)
        single_client(c, ids, out)
        whole_queue(c, ids, out)
        same = same_bytes_as_the_cli(c, ids, cat, out)
        errors, lost = load(port, ids, cat, out)
    finally:
        start = time.perf_counter()
        server.terminate()
        code = server.wait(timeout=10)
        out.append(f"| SIGTERM to exit | {(time.perf_counter() - start) * 1000:.0f} ms | exit {code} |")
    lint = subprocess.run([bench.CATALOG, "lint"], cwd=cat, env=bench.ENV, capture_output=True, text=True)
    out.append(f"| `catalog lint` after the load | exit {lint.returncode} | |")
    table = ["", "## catalog serve (bench/serve_load.py, release build, loopback; the real catalog with 1,324 generated animations)", "",
             "Written by `make bench`.", "", "| what | time | |", "|---|---|---|"] + out
    print("\n".join(table))
    with open(os.path.join(bench.ROOT, "bench/serve-results.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(table) + "\n")
    shutil.rmtree(WORK, ignore_errors=True)
    if errors or lost or lint.returncode != 0 or not same:
        sys.exit(f"bench serve: {errors} errors, {lost} lost updates, lint exit {lint.returncode}: {lint.stdout[-500:]}")


if __name__ == "__main__":
    main()
