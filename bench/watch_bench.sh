#!/usr/bin/env bash
# Daemon footprint and scrape latency (issue 5), called from bench/run.sh:
#   bash bench/watch_bench.sh BUILD_DIR [IDLE_SECONDS]
# 1. idle `oomlens daemon`: CPU share of one core and RSS/RssAnon over IDLE_SECONDS;
# 2. /metrics latency percentiles at 50 scrapes/s for 10 s (python3 http.client loop);
# 3. detection latency: kernel's kill (oom/mark_victim tracepoint, CLOCK_MONOTONIC
#    in a private tracefs instance) to the /metrics increment, 10 kills in a
#    8 MiB memory cgroup (bench/watch_latency.py; under /tmp/oomlens-oom.lock);
# 4. prometheus-node-exporter's idle footprint in the same run, when installed
#    (started here on a loopback port, stopped after; never as a service).
# Needs root for /dev/kmsg (CAP_SYSLOG), tracefs and cgroups.
set -euo pipefail
build=${1:-build-bench}; idle=${2:-30}
bin=$build/oomlens
tmp=$(mktemp -d); cg=
trap 'kill $dpid $npid 2>/dev/null || true; rm -rf "$tmp"; [ -n "$cg" ] && rmdir "$cg" 2>/dev/null || true' EXIT
dpid=; npid=
tck=$(getconf CLK_TCK)

footprint() {  # pid seconds label
  local pid=$1 secs=$2 label=$3
  local t0 t1
  t0=$(awk '{print $14+$15}' /proc/$pid/stat)
  sleep "$secs"
  t1=$(awk '{print $14+$15}' /proc/$pid/stat)
  local rss anon file
  rss=$(awk '/^VmRSS/{print $2}' /proc/$pid/status)
  anon=$(awk '/^RssAnon/{print $2}' /proc/$pid/status)
  file=$(awk '/^RssFile/{print $2}' /proc/$pid/status)
  awk -v d=$((t1 - t0)) -v s="$secs" -v hz="$tck" -v r="$rss" -v a="$anon" -v f="$file" -v l="$label" \
    'BEGIN{printf "%-28s cpu %.3f %% of one core over %d s; RSS %.1f MiB, RssAnon %.1f MiB, RssFile %.1f MiB\n", l, 100*d/hz/s, s, r/1024, a/1024, f/1024}'
}

top_mappings() {  # pid: the largest resident mappings (smaps), for the record
  awk '/^[0-9a-f]+-[0-9a-f]+ /{n=$6} /^Rss:/{r[n]+=$2} END{for(k in r) if(r[k]>=64) printf "  %6d kB %s\n", r[k], k}' \
    /proc/$1/smaps | sort -rn | head -8
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
top_mappings $dpid

if [ -d /sys/fs/cgroup/memory ] && [ ! -f /sys/fs/cgroup/cgroup.controllers ]; then
  cg=/sys/fs/cgroup/memory/oomlens-bench-$$
  mkdir "$cg" && echo $((8 << 20)) > "$cg/memory.limit_in_bytes"
  [ -f "$cg/memory.memsw.limit_in_bytes" ] && echo $((8 << 20)) > "$cg/memory.memsw.limit_in_bytes"
else
  cg=/sys/fs/cgroup/oomlens-bench-$$
  mkdir "$cg" && echo $((8 << 20)) > "$cg/memory.max" && echo 0 > "$cg/memory.swap.max"
fi
flock /tmp/oomlens-oom.lock /usr/bin/python3 "$(dirname "$0")/watch_latency.py" "$port" "$build/oomlens-test-burst" "$cg" 10 ||
  echo "detection latency: not measured"
kill -TERM $dpid; wait $dpid || true; dpid=
# issue 16: watch with the oom:mark_victim tracepoint, 40 kills in 40 cgroups back to back.
flock /tmp/oomlens-oom.lock /usr/bin/python3 "$(dirname "$0")/watch_trace_latency.py" "$build/oomlens" \
  "$build/oomlens-test-burst" "$cg" 40 || echo "watch kill-to-event latency: not measured"
rmdir "$cg" 2>/dev/null || true; cg=

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
