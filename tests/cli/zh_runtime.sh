#!/usr/bin/env bash
# Simplified Chinese at run time (issue 19): watch's and the daemon's
# messages and event lines, errno texts (oomlens's own catalogue: no zh_CN
# locale is generated here), role names, --help's type names, and the
# source survey: no sentence is printed without the catalogue
# (scripts/untranslated-strings.py). JSON stays English. Each output is
# checked for leaked English sentences (tests/cli/zh_leaks.py).
# usage: zh_runtime.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
SRC=$2
T=$(mktemp -d); wpid=; dpid=
trap '[ -n "$wpid" ] && kill "$wpid" 2>/dev/null; [ -n "$dpid" ] && kill "$dpid" 2>/dev/null; rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
LEAKS="/usr/bin/python3 $(dirname "$0")/zh_leaks.py"
no_leaks() {  # no_leaks NAME FILE [ALLOWED_WORDS...]
  local name=$1 file=$2; shift 2
  if $LEAKS "$name" "$@" < "$file"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $name: English leaked"; fi
}
no_cjk() {  # no_cjk NAME FILE: machine output stays English
  if LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$2"; then fail=$((fail+1)); echo "FAIL $1: Chinese in machine output"
  else pass=$((pass+1)); fi
}
wait_for() {  # wait_for FILE PATTERN: up to 20 s for PATTERN to appear in FILE
  for _ in $(seq 400); do grep -qE -- "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
  return 1
}
# The repository's example report as /dev/kmsg records (`PRI,SEQ,USEC,-;TEXT`).
to_kmsg() {
  awk '{ if (match($0, /^\[ *[0-9]+\.[0-9]+\] /)) { ts = substr($0, 2, RLENGTH - 3); gsub(/ /, "", ts);
         split(ts, p, "."); printf "4,%d,%d%s,-;%s\n", NR + 1000, p[1], p[2], substr($0, RLENGTH + 1) } }' "$1"
}
to_kmsg "$SRC/docs/examples/memcg-v1-kill.log" > "$T/report.kmsg"

# The survey: every sentence written to a terminal goes through the catalogue.
if /usr/bin/python3 "$SRC/scripts/untranslated-strings.py" "$SRC/src" > "$T/survey.txt"; then pass=$((pass+1)); else
  fail=$((fail+1)); echo "FAIL untranslated strings in src/ (scripts/untranslated-strings.py):"; head -20 "$T/survey.txt"; fi

# errno texts: oomlens's own translations (util/strerror_tr.h).
check "zh report ENOENT" 2 "无法读取 $T/none.jsonl：没有那个文件或目录" -- --lang zh_CN report "$T/none.jsonl"
no_leaks "zh report ENOENT" "$T/err"
check_cmd "zh LANGUAGE only: ENOENT" 2 "没有那个文件或目录" -- env -u LC_ALL -u LC_MESSAGES -u LANG LANGUAGE=zh_CN "$BIN" report "$T/none.jsonl"
check "en report ENOENT" 2 "cannot read $T/none.jsonl: No such file or directory" -- --lang en report "$T/none.jsonl"
check "zh sweep cannot create" 125 "无法创建 .*：" -- --lang zh_CN sweep --dir /proc/self/oomlens-no/x --param n=1,2 -- echo {n}
no_leaks "zh sweep cannot create" "$T/err"
check "zh protect cannot run" 127 "无法运行 .*：没有那个文件或目录" -- --lang zh_CN protect --adj 0 -- "$T/no-such-program"
no_leaks "zh protect cannot run" "$T/err"

# Role names in the per-process table and the sites lines (render/ui_strings.h role_text).
REC=$SRC/tests/fixtures/records
check "zh report roles" 0 "主进程 +pid" -- --lang zh_CN report "$REC/torch-oom-killed.jsonl"
check "en report roles" 0 "  main +pid" -- --lang en report "$REC/torch-oom-killed.jsonl"

# --help: CLI11's type names and validator texts in the option column.
for sub in explain run watch top; do
  "$BIN" --lang zh_CN $sub --help > "$T/h.txt" 2>&1
  # (the option column: the name and its type, before the description)
  if sed -E 's/^(  -[^ ]*( [^ ]+)*)  .*/\1/' "$T/h.txt" | grep -nE '\b(TEXT|INT|UINT|FLOAT|BOOLEAN|POSITIVE|NONNEGATIVE)\b|Option Group| in \[' > "$T/h.bad"; then
    fail=$((fail+1)); echo "FAIL zh $sub --help: CLI11 type names untranslated"; head -3 "$T/h.bad"; else pass=$((pass+1)); fi
  no_leaks "zh $sub --help" "$T/h.txt"
done

# watch: start-up lines, an event line and the summary at exit, in Chinese,
# from a records file instead of /dev/kmsg; --json stays English.
: > "$T/w.kmsg"
"$BIN" --lang zh_CN watch --no-tracepoints --no-counters --quiet-ms 100 --kmsg "$T/w.kmsg" > "$T/w.out" 2> "$T/w.err" &
wpid=$!
wait_for "$T/w.err" "正在跟踪内核日志"; ok "zh watch start-up line" $?
cat "$T/report.kmsg" >> "$T/w.kmsg"
wait_for "$T/w.out" "OOM Killer"; ok "zh watch event line" $?
kill -TERM "$wpid"; wait "$wpid"; st=$?; wpid=
[ "$st" -eq 0 ]; ok "zh watch SIGTERM: exit 0 (got $st)" $?
grep -qP '[\x{4e00}-\x{9fff}]' "$T/w.out"; ok "zh watch event line is Chinese" $?
cat "$T/w.out" "$T/w.err" > "$T/w.txt"
no_leaks "zh watch" "$T/w.txt" oomlens-test-le
: > "$T/wj.kmsg"
"$BIN" --lang zh_CN watch --json --no-tracepoints --no-counters --quiet-ms 100 --kmsg "$T/wj.kmsg" > "$T/wj.out" 2> "$T/wj.err" &
wpid=$!
wait_for "$T/wj.err" "正在跟踪内核日志"
cat "$T/report.kmsg" >> "$T/wj.kmsg"
wait_for "$T/wj.out" '"summary"'; ok "zh watch --json event" $?
kill -TERM "$wpid"; wait "$wpid"; wpid=
grep -q '"summary": *"[^"]*was killed by' "$T/wj.out"; ok "zh watch --json: English summary" $?
no_cjk "zh watch --json" "$T/wj.out"
check "zh watch bad --exec" 2 "不是可执行程序" -- --lang zh_CN watch --exec "$T/no-such-program" --kmsg "$T/w.kmsg"
no_leaks "zh watch bad --exec" "$T/err"

# daemon: its messages in Chinese, its log and /events in English (the
# records file is replayed from the start).
"$BIN" --lang zh_CN daemon --listen 127.0.0.1:0 --no-state --no-tracepoints --quiet-ms 100 --kmsg "$T/report.kmsg" \
  --log "$T/d.jsonl" > "$T/d.out" 2> "$T/d.err" &
dpid=$!
wait_for "$T/d.out" "正在监听 http://127.0.0.1:[0-9]+"; ok "zh daemon listening line" $?
port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$T/d.out" | head -1 | cut -d: -f2)
for _ in $(seq 400); do grep -q '"summary"' "$T/d.jsonl" 2>/dev/null && break; sleep 0.05; done
/usr/bin/python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' \
  "http://127.0.0.1:$port/events" > "$T/events.json" 2>&1
grep -q 'was killed by' "$T/events.json"; ok "zh daemon /events: English summary" $?
/usr/bin/python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' \
  "http://127.0.0.1:$port/" > "$T/index.txt" 2>&1
grep -q '/metrics  Prometheus 指标' "$T/index.txt"; ok "zh daemon / index in Chinese" $?
no_leaks "zh daemon / index" "$T/index.txt"
no_cjk "zh daemon /events" "$T/events.json"
no_cjk "zh daemon --log" "$T/d.jsonl"
kill -TERM "$dpid"; wait "$dpid"; st=$?; dpid=
[ "$st" -eq 0 ]; ok "zh daemon SIGTERM: exit 0 (got $st)" $?
grep -q "oomlens daemon: 已停止" "$T/d.err"; ok "zh daemon stopped line" $?
cat "$T/d.out" "$T/d.err" > "$T/d.txt"
no_leaks "zh daemon" "$T/d.txt"
check "zh daemon bad --listen" 2 "不是 HOST:PORT 形式" -- --lang zh_CN daemon --listen nonsense
no_leaks "zh daemon bad --listen" "$T/err"
check "zh daemon public --listen" 2 "其他机器可以访问" -- --lang zh_CN daemon --listen 0.0.0.0:9
no_leaks "zh daemon public --listen" "$T/err"

finish zh_runtime
