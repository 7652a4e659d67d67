#!/usr/bin/env bash
# The CLI table in Simplified Chinese (issue 19): the same invocations as
# the English tables, with --lang zh_CN or a zh_CN environment. Every
# human-readable output is checked for leaked English sentences
# (tests/cli/zh_leaks.py: the kernel's names, identifiers, units and paths
# allowed); JSON stays English; usage errors keep their exit status.
# usage: zh_cli.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
SRC=$2
CORPUS=$SRC/../shared/corpus
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
LEAKS="/usr/bin/python3 $(dirname "$0")/zh_leaks.py"

no_leaks() {  # no_leaks NAME FILE [ALLOWED_WORDS...]: no English sentence in FILE
  local name=$1 file=$2; shift 2
  if $LEAKS "$name" "$@" < "$file"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $name: English leaked"; fi
}
live_check() {  # live_check NAME STATUS PATTERN -- CMD...: check_cmd under the live lock; 1 (skipped) when it stays busy 90 s
  local name=$1 want=$2 pattern=$3; shift 4
  flock -E 200 -w 90 /tmp/oomlens-live.lock "$@" >"$T/out" 2>"$T/err" </dev/null
  local got=$?
  if [ "$got" = 200 ]; then echo "SKIP $name: /tmp/oomlens-live.lock busy for 90 s"; return 1; fi
  if [ "$got" != "$want" ]; then echo "FAIL $name: exit $got, want $want"; head -5 "$T/err"; fail=$((fail+1)); return 1; fi
  if ! grep -qE -- "$pattern" "$T/out" "$T/err"; then echo "FAIL $name: output lacks /$pattern/"; fail=$((fail+1)); return 1; fi
  pass=$((pass+1))
}
has_cjk() {  # has_cjk NAME FILE: FILE holds Chinese text
  if grep -qP '[\x{4e00}-\x{9fff}]' "$1.tmp" 2>/dev/null || LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$2"; then
    pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $1: no Chinese in the output"; head -3 "$2"; fi
}

# explain: the repository's example and the shared corpus, every event.
check "zh explain example" 0 "被内存 cgroup 的 OOM Killer" -- --lang zh_CN explain "$SRC/docs/examples/memcg-v1-kill.log"
cat "$T/out" "$T/err" > "$T/explain.txt"; has_cjk "zh explain example" "$T/explain.txt"
no_leaks "zh explain example" "$T/explain.txt" oomlens-test-le
check "zh --lang=zh_CN" 0 "OOM Killer" -- --lang=zh_CN explain "$SRC/docs/examples/memcg-v1-kill.log"
check_cmd "zh LANG=zh_CN.UTF-8" 0 "被杀进程" -- env -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 "$BIN" explain "$SRC/docs/examples/memcg-v1-kill.log"
check_cmd "zh LC_MESSAGES=zh_CN" 0 "被杀进程" -- env -u LANGUAGE -u LC_ALL LANG=en_US.UTF-8 LC_MESSAGES=zh_CN.UTF-8 "$BIN" explain "$SRC/docs/examples/memcg-v1-kill.log"
check_cmd "zh LANGUAGE=zh_CN" 0 "被杀进程" -- env -u LC_ALL -u LC_MESSAGES -u LANG LANGUAGE=zh_CN "$BIN" explain "$SRC/docs/examples/memcg-v1-kill.log"
check_cmd "zh LANG=C beats LANGUAGE" 0 "was killed by" -- env -u LC_ALL -u LC_MESSAGES LANG=C LANGUAGE=zh_CN "$BIN" explain "$SRC/docs/examples/memcg-v1-kill.log"
check_cmd "zh --lang en beats the environment" 0 "was killed by" -- env LANG=zh_CN.UTF-8 "$BIN" --lang en explain "$SRC/docs/examples/memcg-v1-kill.log"
if [ -d "$CORPUS" ]; then
  for f in "$CORPUS"/*.log; do
    n=$(basename "$f" .log)
    "$BIN" --lang zh_CN explain "$f" > "$T/c.txt" 2>&1
    # comm names and argv from the reports themselves are not oomlens's text.
    no_leaks "zh explain $n" "$T/c.txt" "npm start"
  done
  "$BIN" --lang zh_CN explain --summary "$CORPUS"/*.log > "$T/s.txt" 2>&1
  no_leaks "zh explain --summary" "$T/s.txt"
fi
# The project's own corpus: a note from the call trace (pagefault_out_of_memory, 190), a negative count of
# reserved pages (77), user-space killers in inputs with no kernel report (429, 193, 238, 128, 80, 114).
for n in 190 77 429 193 238 128 80 114; do
  f=$(ls "$SRC"/tests/corpus/$n-*.log 2>/dev/null | head -1)
  [ -n "$f" ] || continue
  "$BIN" --lang zh_CN explain "$f" > "$T/p.txt" 2>&1
  # the unit's name (its `-55-` hides it from the identifier rule) is the log's, not oomlens's text.
  no_leaks "zh explain corpus $n" "$T/p.txt" "testsuite-55-testbloat.service"
done
check "zh pagefault note" 0 "约束取自调用栈（pagefault_out_of_memory" -- --lang zh_CN explain "$(ls "$SRC"/tests/corpus/190-*.log)"
check "zh user-space killer" 1 "用户态 OOM 杀手 \`systemd-oomd\`" -- --lang zh_CN explain "$(ls "$SRC"/tests/corpus/429-*.log)"
# JSON is never translated.
check "zh explain --json stays English" 0 '"summary": ".* was killed by' -- --lang zh_CN explain --json "$SRC/docs/examples/memcg-v1-kill.log"
if LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$T/out"; then fail=$((fail+1)); echo "FAIL zh explain --json: Chinese in JSON"; else pass=$((pass+1)); fi

# --help of every subcommand.
check "zh --help" 0 "子命令" -- --lang zh_CN --help
no_leaks "zh --help" "$T/out"
for sub in explain check top report plot protect; do
  check "zh $sub --help" 0 "选项" -- --lang zh_CN $sub --help
  no_leaks "zh $sub --help" "$T/out"
done

# Usage errors: the same statuses, in Chinese.
check "zh unknown subcommand" 2 "未知的子命令 'frobnicate'" -- --lang zh_CN frobnicate
check "zh no subcommand" 2 "需要一个子命令" -- --lang zh_CN
check "zh unknown option" 2 "以下参数不在预期之内" -- --lang zh_CN explain --frobnicate
check "zh bad --since" 2 "无法把 'yesterday-ish' 读作时间" -- --lang zh_CN explain --since yesterday-ish "$SRC/docs/examples/memcg-v1-kill.log"
check "zh nothing readable" 2 "什么也读不到" -- --lang zh_CN explain "$T/does-not-exist"
cat "$T/err" > "$T/e.txt"; no_leaks "zh nothing readable" "$T/e.txt"
# check: every finding's reason and fix in Chinese. The fixes are shell
# commands (copied as they are): their words are allowed.
CMDS=(sysctl "sudo " "modprobe zram" zramctl mkswap swapon "apt install systemd-zram-generator" "mount -o remount"
      "docker run" "systemd MemoryMax" update-grub "ulimit -v unlimited" "oomlens protect PID" "oomlens run" "oomlens top"
      "sudo oomlens explain" "oomlens explain" "medium: Memory" earlyoom "systemd-oomd" nohang "echo" "tee")
"$BIN" --lang zh_CN check --color never > "$T/out" 2> "$T/err"; st=$?
if [ $st -le 1 ] && grep -q '项通过' "$T/out"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL zh check: status $st"; fi
no_leaks "zh check (this machine)" "$T/out" "${CMDS[@]}"
# A machine where every finding warns or fails (a fixture root).
R=$T/root-bad
mkdir -p "$R/proc/sys/vm" "$R/proc/sys/kernel" "$R/sys/block/zram1" "$R/proc/4242" "$R/proc/4343"
printf 'MemTotal: 16384000 kB\nMemFree: 100000 kB\nMemAvailable: 200000 kB\nSwapTotal: 102400 kB\nSwapFree: 1024 kB\nCommitLimit: 8292000 kB\nCommitted_AS: 8000000 kB\n' > "$R/proc/meminfo"
for kv in overcommit_memory=2 overcommit_ratio=50 overcommit_kbytes=0 swappiness=0 panic_on_oom=2 oom_kill_allocating_task=1 oom_dump_tasks=0; do
  echo "${kv#*=}" > "$R/proc/sys/vm/${kv%=*}"; done
echo 1 > "$R/proc/sys/kernel/dmesg_restrict"
printf 'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n/swapfile                               file\t\t102400\t\t101376\t\t-2\n' > "$R/proc/swaps"
echo 1073741824 > "$R/sys/block/zram1/disksize"
echo bigdb > "$R/proc/4242/comm"; printf 'bigdb\0--serve\0' > "$R/proc/4242/cmdline"; echo -1000 > "$R/proc/4242/oom_score_adj"
printf 'Name:\tbigdb\nVmRSS:\t 2097152 kB\n' > "$R/proc/4242/status"
echo earlyoom > "$R/proc/4343/comm"; printf '/usr/bin/earlyoom\0-m\0005\0' > "$R/proc/4343/cmdline"; echo 0 > "$R/proc/4343/oom_score_adj"
printf 'Name:\tearlyoom\nVmRSS:\t 2048 kB\n' > "$R/proc/4343/status"
# RLIMIT_AS warns under an 8 GB address-space limit, except for an ASan build,
# whose shadow memory needs far more address space than that (it aborts).
ulimit_v='ulimit -v 8000000;'; rlimit_id=RLIMIT_AS
# (ldd's output is captured first: under pipefail, `ldd | grep -q` fails
# whenever grep exits before ldd has written everything, SIGPIPE.)
case $(ldd "$BIN" 2>/dev/null) in *libasan*) ulimit_v=; rlimit_id= ;; esac
check_cmd "zh check (all warn or fail)" 1 "项失败" -- bash -c "$ulimit_v"' exec "$0" --lang zh_CN check --root "$1"' "$BIN" "$R"
cat "$T/out" > "$T/bad.txt"
no_leaks "zh check (all warn or fail)" "$T/bad.txt" "${CMDS[@]}" bigdb
# libc's strerror() stays English, never '?' for each character it could not print.
if grep -q '??' "$T/bad.txt"; then fail=$((fail+1)); echo "FAIL zh check: '?' in place of text"; grep '??' "$T/bad.txt" | head -2; else pass=$((pass+1)); fi
for id in overcommit_memory "swap 与 zram" vm.swappiness "内存 cgroup 的限制" "/dev/shm 大小" "内核日志可读" PSI vm.panic_on_oom \
          vm.oom_kill_allocating_task vm.oom_dump_tasks "oom_score_adj 为 -1000" "用户态 OOM 杀手" $rlimit_id; do
  if grep -E '^(WARN|FAIL)' "$T/bad.txt" | grep -qF "$id"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL zh check: no WARN/FAIL for $id"; fi
done
# Mode 1 and zram-only swap with pressure: the other reasons.
R2=$T/root-mode1
mkdir -p "$R2/proc/sys/vm" "$R2/proc/pressure" "$R2/dev/shm"
printf 'MemTotal: 16384000 kB\nMemAvailable: 8000000 kB\nSwapTotal: 4194300 kB\nCommitLimit: 12000000 kB\nCommitted_AS: 1000000 kB\n' > "$R2/proc/meminfo"
for kv in overcommit_memory=1 swappiness=60 panic_on_oom=1 oom_kill_allocating_task=0 oom_dump_tasks=1; do
  echo "${kv#*=}" > "$R2/proc/sys/vm/${kv%=*}"; done
printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/zram0 partition\t4194300\t0\t100\n' > "$R2/proc/swaps"
printf 'some avg10=20.00 avg60=5.00 avg300=1.00 total=100\nfull avg10=15.00 avg60=4.00 avg300=1.00 total=90\n' > "$R2/proc/pressure/memory"
"$BIN" --lang zh_CN check --root "$R2" > "$T/m1.txt" 2>&1
no_leaks "zh check (mode 1, zram)" "$T/m1.txt" "${CMDS[@]}"
has_cjk "zh check (mode 1, zram)" "$T/m1.txt"
# JSON stays English.
check "zh check --json stays English" 1 '"reason": "2: every OOM' -- --lang zh_CN check --json --root "$R"
if LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$T/out"; then fail=$((fail+1)); echo "FAIL zh check --json: Chinese in JSON"; else pass=$((pass+1)); fi
# ...the same bytes as in English (libc's strerror text included).
"$BIN" --lang zh_CN check --json --root "$R" > "$T/zh.json" 2>&1; "$BIN" --lang en check --json --root "$R" > "$T/en.json" 2>&1
if cmp -s "$T/zh.json" "$T/en.json"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL zh check --json differs from English"; diff "$T/en.json" "$T/zh.json" | head -4; fi
check "zh check nothing readable" 2 "下没有可读的内容" -- --lang zh_CN check --root "$T/nowhere"

# run: a job that exits, its summary on stderr in Chinese; the record stays English.
check "zh run true" 0 "结论：exited" -- --lang zh_CN run --record "$T/run.jsonl" -- true
no_leaks "zh run true" "$T/err"
if grep -q '"summary": *"The job exited normally' "$T/run.jsonl" && ! LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$T/run.jsonl"; then
  pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL zh run: the record is not English"; fi
check "zh run exit 3" 3 "作业以代码 3 退出" -- --lang zh_CN run --record "$T/run3.jsonl" -- sh -c 'exit 3'
no_leaks "zh run exit 3" "$T/err" "sh -c exit 3"  # the job's own command line

# report: records of an OOM kill and of the guard's stop (real runs, tests/fixtures/records).
REC=$SRC/tests/fixtures/records
check "zh report oom_killed" 0 "作业被内核 OOM Killer 杀死" -- --lang zh_CN report "$REC/torch-oom-killed.jsonl"
# Its advice was written by an older oomlens, in words no msgid has now: English, as stored.
grep -v '建议：forked workers share' "$T/out" > "$T/rep1.txt"
no_leaks "zh report oom_killed" "$T/rep1.txt"
check "zh report stopped_by_guard" 0 "在 OOM 杀进程之前停止了作业" -- --lang zh_CN report "$REC/ramp-stopped-by-guard.jsonl"
no_leaks "zh report stopped_by_guard" "$T/out"
check "zh report warned twice" 0 "结论：exited" -- --lang zh_CN report "$REC/near-twice-warned.jsonl"
no_leaks "zh report warned twice" "$T/out"
check "zh report --json stays English" 0 '"summary":"oomlens.s guard stopped the job' -- --lang zh_CN report --json "$REC/ramp-stopped-by-guard.jsonl"
# --help aligns its columns by display width (CLI11 pads by bytes): every
# description on an option's or a subcommand's own line starts at column 30.
aligned() {  # aligned NAME FILE
  if /usr/bin/python3 - "$2" <<'PY'
import re, sys, unicodedata
def cols(t): return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in t)
bad = 0
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    m = re.match(r"(  \S.*?\S)( {2,})(\S.*)$", line)  # a name, its padding, a description
    if m and cols(m.group(1) + m.group(2)) != 30:
        print("  description at column", cols(m.group(1) + m.group(2)), "not 30:", line[:100]); bad += 1
sys.exit(1 if bad else 0)
PY
  then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $1: --help columns misaligned"; fi
}
for sub in "" explain run sweep check; do
  "$BIN" --lang zh_CN $sub --help > "$T/h.txt" 2>&1
  aligned "zh ${sub:-oomlens} --help aligned" "$T/h.txt"
  no_leaks "zh ${sub:-oomlens} --help" "$T/h.txt"
done

# CLI11's own usage errors (validators, missing values), in Chinese.
check "zh range error" 2 "值 0 不在 1 到 1000000 的范围内" -- --lang zh_CN explain --last 0
no_leaks "zh range error" "$T/err"
check "zh member error" 2 "blue 不在" -- --lang zh_CN explain --color blue
no_leaks "zh member error" "$T/err"
check "zh missing value" 2 "缺少 1 个必需的整数参数" -- --lang zh_CN explain --pid
no_leaks "zh missing value" "$T/err"
# run's and sweep's own usage errors.
check "zh run no command" 2 "没有给出命令" -- --lang zh_CN run
no_leaks "zh run no command" "$T/err"
check "zh run --pid with a command" 2 "不能与命令" -- --lang zh_CN run --pid 1 -- true
no_leaks "zh run --pid with a command" "$T/err"
check "zh run bad --warn" 2 "不是百分比" -- --lang zh_CN run --warn lots -- true
no_leaks "zh run bad --warn" "$T/err"
check "zh run --limit-step alone" 2 "需要 --restart-on-oom N" -- --lang zh_CN run --limit-step 20% -- true
no_leaks "zh run --limit-step alone" "$T/err"
check "zh run bad --limit" 2 "--limit '150%' 的比例超过 100 %" -- --lang zh_CN run --limit 150% -- true
no_leaks "zh run bad --limit" "$T/err"
check "zh sweep bad --budget" 2 "^oomlens sweep: --budget '-5' 必须大于零$" -- --lang zh_CN sweep --budget -5 --param w=1 -- echo {w}
no_leaks "zh sweep bad --budget" "$T/err"
check "zh sweep no --param" 2 "没有给出 --param" -- --lang zh_CN sweep -- true
no_leaks "zh sweep no --param" "$T/err"
check "zh sweep name missing" 2 "命令中没有 \{w\}" -- --lang zh_CN sweep --param w=1,2 -- echo hello
no_leaks "zh sweep name missing" "$T/err"

# A real RLIMIT_AS death: Python's MemoryError under ulimit -v (not for an
# ASan build, whose shadow memory needs more address space than that).
if [ -n "$rlimit_id" ]; then
  check_cmd "zh run RLIMIT_AS" 1 "主进程的 RLIMIT_AS（地址空间，ulimit -v）设为" -- bash -c \
    'ulimit -v 2000000; exec "$0" --lang zh_CN run --record "$1" -- /usr/bin/python3 -c "x = bytearray(3000 * 2**20)"' "$BIN" "$T/ras.jsonl"
  grep '^oomlens:' "$T/err" > "$T/ras.txt"
  no_leaks "zh run RLIMIT_AS" "$T/ras.txt" "bytearray"
  check "zh report RLIMIT_AS" 0 "受 RLIMIT_AS" -- --lang zh_CN report "$T/ras.jsonl"
  no_leaks "zh report RLIMIT_AS" "$T/out" "bytearray"
  if ! LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$T/ras.jsonl" && grep -q 'set to 1.9 GiB' "$T/ras.jsonl"; then
    pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL zh run RLIMIT_AS: the record is not English"; fi
fi

# A real sweep of 2 points: its progress, table, fits and notes.
check "zh sweep 2 points" 0 "拟合：peak_anon_shmem_bytes" -- --lang zh_CN sweep --dir "$T/sw" --param n=8,16 -- \
  /usr/bin/python3 -c 'import time; x = bytearray({n} * 2**20); time.sleep(0.3)'
cat "$T/out" "$T/err" > "$T/sw.txt"
grep -q 'sweep 点 2/2：n=16' "$T/sw.txt"; ok "zh sweep progress" $?
no_leaks "zh sweep 2 points" "$T/sw.txt"
check "zh sweep --json stays English" 0 '"warnings": \[' -- --lang zh_CN sweep --json --dir "$T/sw2" --param n=8,16 -- \
  /usr/bin/python3 -c 'x = bytearray({n} * 2**20)'
if LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$T/out"; then fail=$((fail+1)); echo "FAIL zh sweep --json: Chinese in JSON"; else pass=$((pass+1)); fi

# run --sites: the allocation sites' lines (the job's frames are Python's own source).
check "zh run --sites" 0 "位于 <string>:1" -- --lang zh_CN run --sites --record "$T/sites.jsonl" -- \
  /usr/bin/python3 -c 'import time; x = [bytearray(2**20) for _ in range(24)]; time.sleep(0.3)'
grep -E '^oomlens: (主进程|worker|其他进程|程序进程|辅助进程|未知) +pid [0-9]+：|分配位置' "$T/err" | grep -v '^oomlens:   ' > "$T/sites.txt"
grep -q '，位于' "$T/sites.txt"; ok "zh run --sites lines" $?
# What the frames show is the job's code and libc's/bash's function names.
sed 's/，.*//' "$T/sites.txt" > "$T/sites-head.txt"
no_leaks "zh run --sites" "$T/sites-head.txt"

# The record reader's notes: a damaged record (a line that is not a record
# line, a truncated last line), thinned samples and dropped events.
/usr/bin/python3 - "$REC/near-twice-warned.jsonl" "$T/big.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
head = [l for l in lines if json.loads(l)["type"] == "header"]
samples = [json.loads(l) for l in lines if json.loads(l)["type"] == "sample"]
with open(sys.argv[2], "w") as out:
    out.write(head[0] + "\n")
    for i in range(3000):
        s = dict(samples[i % len(samples)]); s["t_s"] = i * 0.1
        out.write(json.dumps(s) + "\n")
    for i in range(4200):
        out.write(json.dumps({"type": "event", "kind": "process_start", "t_s": 1.0, "pid": 100000 + i,
                              "role": "other", "comm": "sh"}) + "\n")
    out.write("this is not a record line\n")
    out.write('{"type": "sample", "t_s": 301.0, "tree')
PY
check "zh report damaged record" 3 "记录：第 7202 行不是记录行；已跳过" -- --lang zh_CN report "$T/big.jsonl"
cat "$T/out" > "$T/big.txt"
for want in "最后一行被截断" "个样本" "个事件"; do
  grep -q "$want" "$T/big.txt"; ok "zh report note: $want" $?; done
no_leaks "zh report damaged record" "$T/big.txt"

# A real OOM kill in the job's own capped cgroup, restarted once
# (--restart-on-oom): the verdict, the restart's progress and summary.
if [ -d /sys/fs/cgroup/memory ] || grep -q memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  if live_check "zh run OOM kill, restarted" 137 "作业被内核 OOM Killer 杀死" -- \
    "$BIN" --lang zh_CN run --limit 64M --restart-on-oom 1 --backoff 0 --record "$T/oom.jsonl" -- \
    /usr/bin/python3 -c 'x = bytearray(256 * 2**20)'; then
  cat "$T/err" > "$T/oom.txt"
  grep -q '第 1 次尝试结束' "$T/oom.txt"; ok "zh restart progress" $?
  grep -q '共 2 次尝试' "$T/oom.txt"; ok "zh restart summary" $?
  grep '^oomlens:\|^  ' "$T/oom.txt" > "$T/oom-ours.txt"
  no_leaks "zh run OOM kill, restarted" "$T/oom-ours.txt" "bytearray"
  fi
fi
# --py-tracemalloc: a real warning crossing in the job's own 256M cgroup.
if [ -d /sys/fs/cgroup/memory ] || grep -q memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  if live_check "zh run --py-tracemalloc" 0 "Python tracemalloc，[0-9.]+ s 时：tracemalloc 看到了" -- \
    "$BIN" --lang zh_CN run --limit 256M --warn 30% --py-tracemalloc --record "$T/tm.jsonl" -- /usr/bin/python3 -c '
import time
x = []
for i in range(30):
    x.append(bytearray(4 * 2**20)); time.sleep(0.05)
time.sleep(1.5)'; then
  grep -q '个内存块，位于 <string>:5' "$T/err"; ok "zh run --py-tracemalloc sites" $?
  # (not the job's own command line; "<frozen abc>" is Python's name of a frozen module)
  grep '^oomlens:' "$T/err" | grep -v '^oomlens: 作业：' > "$T/tm.txt"
  no_leaks "zh run --py-tracemalloc" "$T/tm.txt" "<frozen "
  fi
fi

# Rarer evidence, as `run` stores it in the record (English: diagnose/verdict*.cpp
# write these sentences; torchrun and the signal trace are not on this
# machine), shown by `report` in Chinese.
/usr/bin/python3 - "$REC/torch-oom-killed.jsonl" "$T/rare.jsonl" <<'PY'
import json, sys
out = open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("type") == "verdict":
        j["evidence"] = [
            "torchrun reported: Signal 9 (SIGKILL) received by PID 4242 rank 1 (local_rank 1), the process the kernel OOM killer killed",
            "torchrun reported: Signal 9 (SIGKILL) received by PID 4243 rank 2; no kernel OOM report names it",
            "the signal trace saw SIGKILL sent to worker process 12 (pt_data_worker) from inside the kernel (si_code SI_KERNEL): the OOM killer's signal, matching its report",
            "the signal trace saw SIGKILL sent to program process 13 (python3) rank 0 by pid 777 (kill): a userspace process, not the kernel OOM killer",
            "OOM kills elsewhere at that moment, not tied to the job: the machine's oom_kill counter (/proc/vmstat) rose by 2; the kernel killed pid 555 (leaker) in memcg /other, pid 556 (hog)",
            "the allocation asked for about 8589934592 bytes (8.0 GiB, from numpy's rounded figure)",
            "the main process had RLIMIT_DATA (ulimit -d) set to 1.0 GiB (1073741824 bytes, /proc/PID/limits): the process's own limit refused it, not the machine running out",
            "the job's last Python exception: `ModuleNotFoundError: No module named 'numpy'`",
            "rebuilt from the record's events (the main process's exit was not recorded) and 1 kill(s) from the live kernel log",
        ]
        j["advice"] = []
        j["summary"] = ("The job exited with code 1; no memory problem was seen. Its worker process 12 rank 3 was "
                        "SIGKILLed by pid 777 (kill), not by the kernel OOM killer.")
    out.write(json.dumps(j) + "\n")
PY
check "zh report rare evidence" 0 "信号跟踪看到 SIGKILL 由 pid 777（kill） 发往" -- --lang zh_CN report "$T/rare.jsonl"
grep -c '证据：' "$T/out" | grep -qx 9; ok "zh report rare evidence: all 9 shown" $?
no_leaks "zh report rare evidence" "$T/out" pt_data_worker leaker hog
# oomlens-daemon (its own executable) speaks the language oomlens chose.
check "zh daemon --help" 0 "选项" -- --lang zh_CN daemon --help
no_leaks "zh daemon --help" "$T/out"
aligned "zh daemon --help aligned" "$T/out"
check "zh daemon unknown option" 2 "以下参数不在预期之内：--frob" -- --lang zh_CN daemon --frob
check "en daemon unknown option" 2 "The following argument was not expected" -- --lang en daemon --frob
# protect's and report's own errors.
check "zh protect not a pid" 2 "'abc' 不是 PID" -- --lang zh_CN protect abc --adj 5
no_leaks "zh protect not a pid" "$T/err"
check "zh protect bad --adj" 2 "必须是 -1000 到 1000 之间的整数" -- --lang zh_CN protect 1 --adj 5000
no_leaks "zh protect bad --adj" "$T/err"
check "zh report unreadable" 2 "无法读取 $T/nothing-here" -- --lang zh_CN report "$T/nothing-here"
no_leaks "zh report unreadable" "$T/err"
check "zh plot bad -o" 2 "输出文件名必须以 .svg 或 .html 结尾" -- --lang zh_CN plot -o "$T/x.txt" "$REC/near-twice-warned.jsonl"
no_leaks "zh plot bad -o" "$T/err"
finish zh_cli
