#!/usr/bin/env python3
"""oomlens-daemon against hostile clients (issue 21, item 1), for real: the
daemon runs in a 64 MiB memory cgroup (v1 or v2) on 127.0.0.1, port 0, while

1. four clients each send a 10 MB URL at once;
2. one client sends a head of 1,000,000 header fields;
3. a crowd of 200 sockets (from four loopback source addresses) trickles a
   request head one byte a second, and 50 more stay silent;
4. one connection pipelines three requests.

A prober from another source address (127.0.0.2) scrapes /metrics the whole
time: every scrape must be answered (200). The daemon must still be running,
never OOM-killed in its cgroup, with its peak RSS (VmHWM) bounded; the
server must close the oversized heads (414/431 or a reset), and the crowd's
sockets by its head deadline. Figures are printed for BENCHMARKS.md.

usage: hostile_clients.py OOMLENS_DAEMON_BINARY
Exit 0 passed, 1 failed, 77 skipped (not root, or no memory cgroup to
make); under CI=true a skip is a failure.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from capped_cgroup import enter_cgroup, make_cgroup  # noqa: E402
from ci import skip  # noqa: E402

MIB = 1 << 20
LIMIT = 64 * MIB
HWM_BOUND_KB = 32 * 1024  # far under the cgroup's 64 MiB; idle is ~4 MiB


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return None


def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def first_status(s):
    """The status code of the first answer on s, or 'closed'/'reset'."""
    try:
        data = s.recv(4096)
    except (ConnectionResetError, socket.timeout) as e:
        return type(e).__name__
    if not data:
        return "closed"
    return data.split(b"\r\n", 1)[0].decode(errors="replace")


def oversized(port, head, results):
    """Sends head (bytes) in 64 KiB pieces; the server may close early."""
    s = connect(port)
    try:
        for i in range(0, len(head), 65536):
            s.sendall(head[i:i + 65536])
    except (BrokenPipeError, ConnectionResetError):
        pass
    results.append(first_status(s))
    s.close()


class Prober(threading.Thread):
    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.ok, self.failed, self.stop = port, 0, [], threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                s = connect(self.port, "127.0.0.2")
                s.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
                s.close()
                if data.startswith(b"HTTP/1.1 200") and b"oomlens_" in data:
                    self.ok += 1
                else:
                    self.failed.append(data[:80])
            except OSError as e:
                self.failed.append(repr(e))
            self.stop.wait(0.2)


def main():
    daemon = sys.argv[1]
    if os.geteuid() != 0:
        skip("not root (a memory cgroup is needed)")
    try:
        cg, oom_kills = make_cgroup(f"oomlens-http-test-{os.getpid()}", LIMIT)
    except OSError as e:
        skip(f"cannot make a memory cgroup: {e}")
    tmp = tempfile.mkdtemp(prefix="oomlens-http-")
    kmsg = os.path.join(tmp, "kmsg")
    open(kmsg, "w").close()

    p = subprocess.Popen([daemon, "--listen", "127.0.0.1:0", "--no-state", "--kmsg", kmsg],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=enter_cgroup(cg))
    failures = []
    try:
        line = p.stdout.readline()
        if "listening on" not in line:
            raise SystemExit(f"daemon did not start: {line!r} {p.stderr.read()}")
        port = int(line.rsplit(":", 1)[1])
        prober = Prober(port)
        prober.start()
        for _ in range(100):  # the first scrape answered: start-up is over
            if prober.ok or prober.failed:
                break
            time.sleep(0.1)
        idle_rss = status_kb(p.pid, "VmRSS")

        # 1. four 10 MB URLs at once.
        results = []
        url = b"GET /" + b"a" * (10 * 1000 * 1000) + b" HTTP/1.1\r\nHost: t\r\n\r\n"
        ts = [threading.Thread(target=oversized, args=(port, url, results)) for _ in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        print(f"4 x 10 MB URL: {results}")
        if any(r.split()[1:2] == ["200"] for r in results):
            failures.append(f"a 10 MB URL was answered 200: {results}")

        # 2. 1,000,000 header fields.
        results = []
        oversized(port, b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 1000000 + b"\r\n", results)
        print(f"1,000,000 headers: {results}")
        if any(r.split()[1:2] == ["200"] for r in results):
            failures.append(f"1,000,000 headers were answered 200: {results}")

        # 3. a slowloris crowd: 200 trickling, 50 silent, from four source addresses.
        head = b"GET /metrics HTTP/1.1\r\nHost: t\r\nX-Slow: " + b"z" * 64 + b"\r\n\r\n"
        crowd = [connect(port, f"127.0.0.{10 + i % 4}") for i in range(250)]
        trickling = crowd[:200]
        open_socks, sent, start = set(range(len(crowd))), 0, time.monotonic()
        peak_crowd_hwm = 0
        while open_socks and time.monotonic() - start < 90:
            for i in list(open_socks):
                s = crowd[i]
                try:
                    if i < len(trickling) and sent < len(head):
                        s.send(head[sent:sent + 1])
                    s.setblocking(False)
                    try:
                        if s.recv(1, socket.MSG_PEEK) == b"":
                            open_socks.discard(i)
                    except BlockingIOError:
                        pass
                    finally:
                        s.setblocking(True)
                except OSError:  # reset, or a write after the server shut it
                    open_socks.discard(i)
            sent += 1
            peak_crowd_hwm = max(peak_crowd_hwm, status_kb(p.pid, "VmRSS") or 0)
            time.sleep(1)  # the trickle's rate: one byte a second per socket
        crowd_s = time.monotonic() - start
        print(f"slowloris: {len(crowd) - len(open_socks)}/{len(crowd)} sockets closed by the server "
              f"after {crowd_s:.0f} s; RSS during it up to {peak_crowd_hwm} kB")
        if open_socks:
            failures.append(f"{len(open_socks)} crowd sockets still open after {crowd_s:.0f} s")
        for s in crowd:
            s.close()

        # 4. three pipelined requests on one connection.
        s = connect(port)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n"
                  b"GET /events HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        s.close()
        answers = data.count(b"HTTP/1.1 200 OK")
        print(f"pipelined: {answers} of 3 answered")
        if answers != 3:
            failures.append(f"pipelined: {answers} of 3 requests answered")

        prober.stop.set()
        prober.join()
        print(f"/metrics probes: {prober.ok} answered, {len(prober.failed)} failed {prober.failed[:3]}")
        if prober.failed or prober.ok == 0:
            failures.append(f"/metrics probes failed: {prober.failed[:5]}")
        if p.poll() is not None:
            failures.append(f"the daemon exited ({p.returncode}): {p.stderr.read()}")
        else:
            hwm, rss, anon = (status_kb(p.pid, f) for f in ("VmHWM", "VmRSS", "RssAnon"))
            print(f"daemon: RSS idle {idle_rss} kB, peak (VmHWM) {hwm} kB, after {rss} kB (RssAnon {anon} kB)")
            if hwm > HWM_BOUND_KB:
                failures.append(f"peak RSS {hwm} kB > {HWM_BOUND_KB} kB")
        kills = oom_kills()
        print(f"oom kills in the daemon's {LIMIT // MIB} MiB cgroup: {kills}")
        if kills:
            failures.append(f"{kills} OOM kill(s) in the daemon's cgroup")
    finally:
        if p.poll() is None:
            p.terminate()
            p.wait(timeout=30)
        for _ in range(100):
            try:
                os.rmdir(cg)
                break
            except OSError:
                time.sleep(0.1)
    for f in failures:
        print(f"FAIL: {f}")
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
