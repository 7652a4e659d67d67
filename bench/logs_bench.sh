#!/usr/bin/env bash
# Benchmark of `oomlens explain` on the logs servers keep (issue 20), callable
# from bench/run.sh:  bash bench/logs_bench.sh [BUILD_DIR]
# Side by side in one run, alternating, median of BENCH_RUNS (default 5):
#  1. syslog-prefixed text (`Dec  1 12:00:00 benchhost kernel: [ts] …`) vs
#     `grep -c -F 'Killed process'` (output to a file);
#  2. the same gzipped (gzip -6, logrotate's default) vs `igzip -dc`
#     (Debian isal) to /dev/null, the decompression floor;
#  3. a 20-file rotated set (kern.log, kern.log.1, kern.log.2.gz … .19.gz)
#     vs the sum of its floors (`cat` of the plain files, `igzip -dc` of the
#     rest, in one shell);
#  4. a journal of BENCH_JOURNAL_ENTRIES kernel entries, and one of the same
#     size where 95 % of the entries are not kernel, vs `journalctl
#     --directory=D -k --grep='Killed process'`. The journals are made here
#     by systemd-journal-remote from an export stream (bench/journal_export.py).
# Sizes: BENCH_LOGS_BYTES (default 1 GiB of text), BENCH_JOURNAL_ENTRIES
# (default 2000000). Inputs live in /tmp/oomlens-bench-logs-SIZE (made once).
# Peak RSS is ru_maxrss (bench/measure_cmd); for journals it includes the
# mapped journal pages, so the anonymous part is sampled from /proc too.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-bench}
SIZE=${BENCH_LOGS_BYTES:-1073741824}
ENTRIES=${BENCH_JOURNAL_ENTRIES:-2000000}
RUNS=${BENCH_RUNS:-5}
D=/tmp/oomlens-bench-logs-$SIZE-$ENTRIES
OUT=bench/out/logs
mkdir -p "$D" "$OUT"
O="$B/oomlens"
for tool in igzip journalctl; do
  command -v $tool >/dev/null || { echo "logs_bench: $tool missing (scripts/install-deps.sh bench)"; exit 1; }
done
REMOTE=/lib/systemd/systemd-journal-remote
[ -x $REMOTE ] || { echo "logs_bench: $REMOTE missing (systemd-journal-remote)"; exit 1; }

RAW=$D/raw.log
# The prefix adds ~45 %: raw text of 0.69 x SIZE gives SIZE of prefixed text.
[ -s "$RAW" ] || "$B/bench/gen_kernel_log" --bytes "$((SIZE * 69 / 100))" --every-mb 10 --seed 42 > "$RAW" 2>/dev/null
TXT=$D/kern.log
[ -s "$TXT" ] || sed 's/^/Dec  1 12:00:00 benchhost kernel: /' "$RAW" > "$TXT"
GZ=$D/kern.log.gz
[ -s "$GZ" ] || gzip -6 -c "$TXT" > "$GZ"
ROT=$D/rotated
if [ ! -s "$ROT/kern.log" ]; then
  mkdir -p "$ROT"
  split -n l/20 -d -a 2 "$TXT" "$ROT/part."
  for i in $(seq 0 19); do
    p=$(printf '%s/part.%02d' "$ROT" $((19 - i)))   # part.19 is the newest: kern.log
    if [ $i -eq 0 ]; then mv "$p" "$ROT/kern.log"; elif [ $i -eq 1 ]; then mv "$p" "$ROT/kern.log.1";
    else gzip -6 -c "$p" > "$ROT/kern.log.$i.gz"; rm "$p"; fi
  done
fi
ROT_FILES=("$ROT"/kern.log.{19..2}.gz "$ROT/kern.log.1" "$ROT/kern.log")
FLOOR="cat $ROT/kern.log.1 $ROT/kern.log; for f in $ROT/kern.log.*.gz; do igzip -dc \$f; done"
for kind in kernel mixed; do
  J=$D/journal-$kind
  [ -d "$J" ] && continue
  mkdir -p "$J.tmp"
  if [ $kind = kernel ]; then n=$ENTRIES; other=0; else n=$((ENTRIES / 20)); other=19; fi
  python3 bench/journal_export.py "$RAW" "$n" "$other" | $REMOTE -o "$J.tmp/bench.journal" - 2>/dev/null
  mv "$J.tmp" "$J"
done
cat "$TXT" "$GZ" "${ROT_FILES[@]}" > /dev/null  # warm the page cache

json=$(python3 bench/compare.py "$B/bench/measure_cmd" "$RUNS" "$OUT" \
  "grep=grep -c -F 'Killed process' $TXT" \
  "text=$O explain --summary $TXT" \
  "igzip=sh -c 'igzip -dc $GZ > /dev/null'" \
  "gz=$O explain --summary $GZ" \
  "floors=sh -c '($FLOOR) > /dev/null'" \
  "rotated=$O explain --summary ${ROT_FILES[*]}" \
  "jctl_kernel=journalctl --no-pager --directory=$D/journal-kernel -k --grep='Killed process'" \
  "journal_kernel=$O explain --summary $D/journal-kernel" \
  "jctl_mixed=journalctl --no-pager --directory=$D/journal-mixed -k --grep='Killed process'" \
  "journal_mixed=$O explain --summary $D/journal-mixed")
# Reports found: grep's kill lines vs oomlens's victims (one event line each).
kills=$(cat $OUT/grep.out)
# Anonymous peak of the journal read: RssAnon sampled every 20 ms.
anon_peak() {
  "$@" > /dev/null 2>&1 & local pid=$! peak=0 v
  while kill -0 $pid 2>/dev/null; do
    v=$(awk '/^RssAnon/{print $2}' /proc/$pid/status 2>/dev/null || echo 0)
    [ "${v:-0}" -gt $peak ] && peak=$v
    sleep 0.02
  done
  wait $pid || true
  echo $peak
}
anon_text=$(anon_peak "$O" explain --summary "$GZ")
anon_journal=$(anon_peak "$O" explain --summary "$D/journal-kernel")
python3 - "$json" "$kills" "$(du -h "$TXT" | cut -f1)" "$(du -h "$GZ" | cut -f1)" "$ENTRIES" \
  "$(grep -c . $OUT/text.out || true)" "$(grep -c . $OUT/gz.out || true)" "$(grep -c . $OUT/rotated.out || true)" \
  "$(grep -c 'Killed process' $OUT/jctl_kernel.out || true)" "$(grep -c . $OUT/journal_kernel.out || true)" \
  "$(grep -c 'Killed process' $OUT/jctl_mixed.out || true)" "$(grep -c . $OUT/journal_mixed.out || true)" \
  "$anon_text" "$anon_journal" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
kills, txt, gz, entries = sys.argv[2:6]
ev_text, ev_gz, ev_rot, jk, ev_jk, jm, ev_jm = sys.argv[6:13]
anon_text, anon_journal = int(sys.argv[13]), int(sys.argv[14])
def row(name, label, base, goal, found):
    o, b = r[name], r[base]
    print(f"| {label} | {o['median_s']:.3f} | {b['median_s']:.3f} | **{o['median_s']/b['median_s']:.2f}x** (goal <= {goal}) "
          f"| {o['max_rss_kb']/1024:.1f} MiB | {found} |")
print("| input | oomlens s | baseline s | ratio | oomlens peak RSS | reports found / kill lines |")
print("|---|---|---|---|---|---|")
row("text", f"{txt} syslog-prefixed text vs grep -c -F", "grep", "0.8x", f"{ev_text} / {kills}")
row("gz", f"its .gz ({gz}) vs igzip -dc", "igzip", "1.5x", f"{ev_gz} / {kills}")
row("rotated", "20 rotated files vs sum of floors", "floors", "1.5x", f"{ev_rot} / {kills}")
row("journal_kernel", f"journal, {entries} kernel entries vs journalctl -k --grep", "jctl_kernel", "1.0x", f"{ev_jk} / {jk}")
row("journal_mixed", f"journal, {entries} entries, 95 % not kernel vs journalctl", "jctl_mixed", "1.0x", f"{ev_jm} / {jm}")
print(f"\npeak anonymous RSS (RssAnon sampled every 20 ms): .gz {anon_text/1024:.1f} MiB, "
      f"journal {anon_journal/1024:.1f} MiB (goal <= 16 MiB); runs (s): " +
      "; ".join(f"{k} {v['runs_s']}" for k, v in r.items()))
PY
