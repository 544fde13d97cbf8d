#!/usr/bin/env python3
"""Slow clients cannot lock the workbench out (run by `make test`; issue 35, finding 4).

`catalog serve` on a free loopback port in a scratch catalog (the sample). 500 connections send a
request head one byte a second and never finish it, each reconnecting as soon as the server
closes it; meanwhile an ordinary request goes out every half second and must be answered (200)
within 3 s. The attack runs long enough (8 s) for the server's 5 s request deadline to close every
slow connection once. Traffic only to 127.0.0.1; the test stops by itself in about 12 s."""
import os, resource, selectors, shutil, socket, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CATALOG = os.environ.get("CATALOG", os.path.join(ROOT, ".build/debug/catalog"))
TOKEN = "load-test-token-0123456789"
SLOW = 500
ATTACK_SECONDS = 8.0
ANSWER_WITHIN = 3.0


class SlowClients(threading.Thread):
    """SLOW connections, each sending one more byte of an endless head every second."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.stopping = port, threading.Event()
        self.selector = selectors.DefaultSelector()
        self.head = (f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n" + "X-Slow: " + "a" * 10_000).encode()
        self.opened = self.closed = 0
        self.live = {}  # socket -> [bytes sent, next send time]

    def connect(self, when):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", self.port))
        self.selector.register(s, selectors.EVENT_READ)
        self.live[s] = [0, when]
        self.opened += 1

    def drop(self, s):
        self.selector.unregister(s)
        s.close()
        del self.live[s]
        self.closed += 1
        self.connect(time.monotonic())

    def run(self):
        start = time.monotonic()
        for i in range(SLOW):
            self.connect(start + i / SLOW)  # spread over the first second
        while not self.stopping.is_set():
            for key, _ in self.selector.select(timeout=0.05):  # readable: the server closed it (or answered)
                if key.fileobj in self.live:
                    self.drop(key.fileobj)
            now = time.monotonic()
            for s, state in list(self.live.items()):
                if state[1] <= now:
                    try:
                        s.send(self.head[state[0] % len(self.head):][:1])
                        state[0] += 1
                        state[1] = now + 1.0
                    except (BlockingIOError, InterruptedError):
                        state[1] = now + 0.1  # still connecting
                    except OSError:
                        self.drop(s)
        for s in list(self.live):
            s.close()


def ordinary(port):
    """GET /api/status with the token: (status line, seconds), or (the error, seconds)."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_WITHIN) as s:
            s.settimeout(max(0.01, ANSWER_WITHIN - (time.monotonic() - start)))
            s.sendall(f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {TOKEN}\r\nConnection: close\r\n\r\n".encode())
            answer = b""
            while b"\r\n" not in answer:
                piece = s.recv(4096)
                if not piece:
                    break
                answer += piece
        return answer.split(b"\r\n")[0].decode(errors="replace") or "closed without an answer", time.monotonic() - start
    except OSError as error:
        return f"{type(error).__name__}: {error}", time.monotonic() - start


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    work = tempfile.mkdtemp(prefix="catalog-load-")
    server = None
    try:
        for part in ("catalog", "reviews"):
            shutil.copytree(os.path.join(ROOT, part), os.path.join(work, part))
        shutil.rmtree(os.path.join(work, "catalog/sample"), ignore_errors=True)
        env = dict(os.environ, CATALOG_SERVE_TOKEN=TOKEN, SOURCE_DATE_EPOCH="1793232000", CATALOG_CEILING_DIRECTORIES=ROOT)
        server = subprocess.Popen([CATALOG, "serve", "--port", "0"], cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        line = server.stdout.readline().decode()
        port = int(line.rsplit(":", 1)[1].split("/", 1)[0])
        status, _ = ordinary(port)
        assert status.startswith("HTTP/1.1 200"), f"before the attack: {status}"

        attack = SlowClients(port)
        attack.start()
        time.sleep(1.5)  # every slow connection open
        failures, answers = [], []
        end = time.monotonic() + ATTACK_SECONDS - 1.5
        while time.monotonic() < end:
            status, seconds = ordinary(port)
            answers.append(seconds)
            if not status.startswith("HTTP/1.1 200") or seconds > ANSWER_WITHIN:
                failures.append(f"{status} after {seconds:.2f} s")
            time.sleep(0.5)
        attack.stopping.set()
        attack.join()
        print(f"slow clients: {attack.opened} connections opened, {attack.closed} closed by the server; "
              f"{len(answers)} ordinary requests, slowest {max(answers):.2f} s")
        assert not failures, f"{len(failures)} of {len(answers)} ordinary requests failed: {failures[:3]}"
        assert attack.closed >= SLOW, f"only {attack.closed} of {SLOW} slow connections were closed within {ATTACK_SECONDS} s"
    finally:
        if server:
            server.terminate()
            server.wait(timeout=5)
        shutil.rmtree(work, ignore_errors=True)
    print("slow clients: ok")


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    main()
