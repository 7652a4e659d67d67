#!/usr/bin/env bash
# make bench: how fast a 100-event `explain --html` page opens (issue 19:
# "a page of 100 events opens in under a second"). Headless Chromium (Debian's
# chromium) loads the page from a file, RUNS times at a desktop width; a
# measuring script, added to a copy of the page for this benchmark only,
# writes the Performance API's figures into the DOM at the load event, and
# --dump-dom reads them back:
#   load_ms   navigation start to the load event (PerformanceNavigationTiming.loadEventStart)
#   dcl_ms    navigation start to DOMContentLoaded's end
#   fcp_ms    first contentful paint (when Chromium has painted by then; else null)
#   ready_ms  the page's own script done (its layout check: data-ready-ms)
# and the wall time of the whole chromium run (start-up included) for scale.
# Medians of RUNS runs, the machine's load average noted; English and zh_CN,
# beside an empty page (the floor Chromium sets on this machine).
# usage: bench/html_open.sh BUILD_DIR   (BUILD_DIR/oomlens; RUNS=7 by default)
set -euo pipefail
B=${1:-build}
RUNS=${RUNS:-7}
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || { echo "chromium not installed (scripts/install-deps.sh test): skipped"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for i in 1 2 3; do cat tests/corpus/*.log; done > "$T/many.log"
MEASURE='<script>addEventListener("load",function(){var n=performance.getEntriesByType("navigation")[0],
p=performance.getEntriesByName("first-contentful-paint")[0],b=document.body;
b.setAttribute("data-load-ms",String(Math.round(n.loadEventStart)));
b.setAttribute("data-dcl-ms",String(Math.round(n.domContentLoadedEventEnd)));
b.setAttribute("data-fcp-ms",p?String(Math.round(p.startTime)):"null");});</script>'
# "blank": an empty page through the same steps, the floor Chromium itself sets on this machine.
for lang in blank en zh_CN; do
  if [ "$lang" = blank ]; then printf '<!DOCTYPE html>\n<html><body><p>blank</p></body></html>\n' > "$T/$lang.html"
  else "$B/oomlens" --lang "$lang" explain --html "$T/many.log" > "$T/$lang.html"; fi
  events=$(grep -c '<section class="ev"' "$T/$lang.html" || true)
  size=$(stat -c %s "$T/$lang.html")
  python3 - "$T/$lang.html" "$MEASURE" <<'PY'
import sys
p, m = sys.argv[1], sys.argv[2]
s = open(p, encoding="utf-8").read()
i = s.index("<body")
s = s[:s.index(">", i) + 1] + m + s[s.index(">", i) + 1:]   # first thing in the body
open(p, "w", encoding="utf-8").write(s)
PY
  : > "$T/$lang.rows"
  for r in $(seq "$RUNS"); do
    t0=$(date +%s%N)
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
      --user-data-dir="$T/profile" --window-size=1280,1400 --dump-dom "file://$T/$lang.html" > "$T/dom" 2>/dev/null
    t1=$(date +%s%N)
    a() { local v; v=$(grep -o "data-$1=\"[^\"]*\"" "$T/dom" | head -1 | cut -d'"' -f2 || true); echo "${v:-null}"; }
    echo "$(a load-ms) $(a dcl-ms) $(a fcp-ms) $(a ready-ms) $(( (t1 - t0) / 1000000 ))" >> "$T/$lang.rows"
  done
  python3 - "$lang" "$events" "$size" "$T/$lang.rows" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)" <<'PY'
import statistics, sys
lang, events, size, rows, load, cpus = sys.argv[1:]
cols = list(zip(*[l.split() for l in open(rows) if l.strip()]))
def med(i):
    v = [float(x) for x in cols[i] if x not in ("", "null")]
    return f"{statistics.median(v):.0f}" if v else "null"
def runs(i): return ",".join(cols[i])
print(f"| {lang} | {events} | {int(size)/1e6:.2f} MB | {med(0)} ({runs(0)}) | {med(1)} | {med(2)} | {med(3)} | {med(4)} | {load} on {cpus} CPUs |")
PY
done | { echo "| page | events | size | load event ms: median (runs) | DOMContentLoaded ms | first contentful paint ms | page script done ms | chromium wall ms (start-up included) | load average |"; echo "|---|---|---|---|---|---|---|---|---|"; cat; }
