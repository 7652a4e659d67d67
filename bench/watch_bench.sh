#!/usr/bin/env bash
# Daemon footprint and scrape latency (issue 5), called from bench/run.sh:
#   bash bench/watch_bench.sh BUILD_DIR [IDLE_SECONDS]
# 1. idle `oomlens daemon`: CPU share of one core and RSS/RssAnon over IDLE_SECONDS;
# 2. /metrics latency percentiles at 50 scrapes/s for 10 s (python3 http.client loop);
# 3. prometheus-node-exporter's idle footprint in the same run, when installed
#    (started here on a loopback port, stopped after; never as a service).
# Needs root for /dev/kmsg (CAP_SYSLOG).
set -euo pipefail
build=${1:-build-bench}; idle=${2:-30}
bin=$build/oomlens
tmp=$(mktemp -d); trap 'kill $dpid $npid 2>/dev/null || true; rm -rf "$tmp"' EXIT
dpid=; npid=
tck=$(getconf CLK_TCK)

footprint() {  # pid seconds label
  local pid=$1 secs=$2 label=$3
  local t0 t1
  t0=$(awk '{print $14+$15}' /proc/$pid/stat)
  sleep "$secs"
  t1=$(awk '{print $14+$15}' /proc/$pid/stat)
  local rss anon
  rss=$(awk '/^VmRSS/{print $2}' /proc/$pid/status)
  anon=$(awk '/^RssAnon/{print $2}' /proc/$pid/status)
  awk -v d=$((t1 - t0)) -v s="$secs" -v hz="$tck" -v r="$rss" -v a="$anon" -v l="$label" \
    'BEGIN{printf "%-28s cpu %.3f %% of one core over %d s; RSS %.1f MiB, RssAnon %.1f MiB\n", l, 100*d/hz/s, s, r/1024, a/1024}'
}

"$bin" daemon --listen 127.0.0.1:0 --no-state > "$tmp/out" 2> "$tmp/err" & dpid=$!
for _ in $(seq 50); do grep -q listening "$tmp/out" && break; sleep 0.1; done
port=$(grep -o '[0-9]*$' "$tmp/out")
curl -s "127.0.0.1:$port/metrics" > /dev/null
sleep 2
footprint $dpid "$idle" "oomlens daemon (idle)"

/usr/bin/python3 - "$port" <<'PY'
import http.client, sys, time
port = int(sys.argv[1])
c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
lat = []
start = time.monotonic()
n = 500  # 50/s for 10 s
for i in range(n):
    due = start + i / 50.0
    now = time.monotonic()
    if due > now: time.sleep(due - now)
    t = time.monotonic()
    c.request("GET", "/metrics"); r = c.getresponse(); body = r.read()
    lat.append((time.monotonic() - t) * 1000)
lat.sort()
p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
print(f"/metrics at 50/s ({n} scrapes, {len(body)} bytes): p50 {p(0.5):.2f} ms, p99 {p(0.99):.2f} ms, max {lat[-1]:.2f} ms")
PY
footprint $dpid 2 "oomlens daemon (after load)"
kill -TERM $dpid; wait $dpid || true; dpid=

if command -v prometheus-node-exporter >/dev/null; then
  nport=$(/usr/bin/python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  prometheus-node-exporter --web.listen-address=127.0.0.1:$nport > /dev/null 2>&1 & npid=$!
  sleep 2
  curl -s "127.0.0.1:$nport/metrics" > /dev/null
  sleep 2
  footprint $npid "$idle" "node-exporter (idle)"
  kill -TERM $npid; wait $npid || true; npid=
else
  echo "prometheus-node-exporter not installed: comparison skipped"
fi
