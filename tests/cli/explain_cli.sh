#!/usr/bin/env bash
# Black-box tests of `oomlens explain`: a table of invocations with the
# expected exit status and output, on fixtures made here and on the shared
# corpus. Every --json output is validated against docs/schema/event.schema.json.
# usage: explain_cli.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
SRC=$2
CORPUS=$SRC/../shared/corpus
SCHEMA=$SRC/docs/schema/event.schema.json
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
. "$(dirname "$0")/../support/ci.sh"

validate() {  # validate NAME FILE: JSON Schema validation of a --json output
  if /usr/bin/python3 - "$SCHEMA" "$2" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
cls = jsonschema.validators.validator_for(schema)
errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.path))
for e in errors[:5]:
    print("  schema:", list(e.path), e.message[:200])
def big(x):
    if isinstance(x, bool): return False
    if isinstance(x, int): return abs(x) > 2**53
    if isinstance(x, dict): return any(big(v) for v in x.values())
    if isinstance(x, list): return any(big(v) for v in x)
    return False
if big(doc): print("  a number above 2^53 was emitted"); sys.exit(1)
sys.exit(1 if errors else 0)
PY
  then pass=$((pass+1)); else echo "FAIL $1: JSON does not validate"; fail=$((fail+1)); fi
}

# Fixtures made here.
: > "$T/empty.log"
head -c 200000 /dev/urandom > "$T/garbage.bin"
printf '[  459.755164] Memory cgroup out of memory: Killed process 4653 (oomlens-test-le) total-vm:71296kB, anon-rss:65152kB, file-rss:3280kB, shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0\n' > "$T/one.log"
gzip -c "$SRC/docs/examples/memcg-v1-kill.log" > "$T/kill.log.gz"
python3 -c "import sys; sys.stdout.write('x' * 3000000 + '\n')" > "$T/longline.log"
cat "$T/one.log" >> "$T/longline.log"
printf 'Out of memory: Killed process 77 (\xff\xfeweird) total-vm:100kB, anon-rss:50kB, file-rss:0kB, shmem-rss:0kB\n' > "$T/nonutf8.log"

check help 0 'Usage' -- explain --help
check version 0 'oomlens [0-9]' -- --version
check no-subcommand 2 '' -- 
check bad-option 2 '' -- explain --no-such-option x
check missing-file 2 'no-such-file' -- explain "$T/no-such-file.log"
check directory 2 'directory' -- explain "$T"
check empty-file 1 '' -- explain "$T/empty.log"
check garbage 1 '' -- explain "$T/garbage.bin"
check one-kill 0 'oomlens-test-le' -- explain "$T/one.log"
check summary 0 '4653' -- explain --summary "$T/one.log"
check gzip 0 'oomlens-test-le' -- explain "$T/kill.log.gz"
check long-line 0 '4653' -- explain --summary "$T/longline.log"
check non-utf8 0 'weird' -- explain --json "$T/nonutf8.log"
validate non-utf8-json "$T/out"
check sample 0 'memory-cgroup|memcg|cgroup' -- explain "$SRC/docs/examples/memcg-v1-kill.log"
check pid-filter-miss 1 '' -- explain --pid 1 "$T/one.log"
check pid-filter-hit 0 '4653' -- explain --pid 4653 "$T/one.log"
check bad-since 2 'since' -- explain --since 'not a time' "$T/one.log"
check bad-last 2 '' -- explain --last -3 "$T/one.log"
# No kernel report, but userspace text that tells something (corpus 226, 228): said, still exit 1 (no event).
check slurm-count-no-report 1 "slurmstepd counted 1 OOM kill\\(s\\) in the cgroup of step 191.batch" -- \
  explain "$SRC"/tests/corpus/226-*.log
check memory-high-no-kill 1 'memory.high event\(s\).*no kill' -- explain "$SRC"/tests/corpus/228-*.log
check memory-high-json 1 'memory.events counts 556267' -- explain --json "$SRC"/tests/corpus/228-*.log
validate memory-high-json-schema "$T/out"
# A kernel report, then (past the first 256 KiB chunk) a user-space killer's kill and systemd's oom-kill result:
# both said beside the report (the sweep after the first report finds the kill words); Slurm's count, which says
# the report is not in the text, is not said when a report is.
{ cat "$T/one.log"
  for i in $(seq 1 4000); do echo "[  500.$i] usb 1-1: new high-speed USB device number $i; Sending cookies; killed its child"; done
  echo '[  900.000000] earlyoom[812]: sending SIGKILL to process 5151 uid 1000 "chrome": badness 950, VmRSS 4096 MiB'
  echo "[  901.000000] systemd[1]: app.service: Failed with result 'oom-kill'."
  echo '[  903.000000] slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch cgroup.'
} > "$T/report-then-earlyoom.log"
check report-then-earlyoom 0 'report-then-earlyoom.log:4002: earlyoom, a user-space OOM killer, sent SIGKILL to chrome \(pid 5151\)' -- \
  explain "$T/report-then-earlyoom.log"
ok report-then-earlyoom-report "$(grep -qc 'oomlens-test-le' "$T/out"; echo $?)"
# (The kill line names no cgroup and ends 4000 lines before: the result is tied to no kill, h-left10.)
ok report-then-earlyoom-result "$(grep -qc "app.service failed with result \`oom-kill\` (line 4003); no kernel OOM kill in this text is tied to it" "$T/err"; echo $?)"
ok report-then-earlyoom-no-slurm "$(grep -qc 'slurmstepd counted' "$T/err"; echo $((1 - $?)))"

# Compressed logs by content (issue 20): xz and zstd, a name that says nothing.
xz -c "$SRC/docs/examples/memcg-v1-kill.log" > "$T/kill.log.3.xz"
zstd -q -c "$SRC/docs/examples/memcg-v1-kill.log" > "$T/kill-rotated"
check xz 0 'oomlens-test-le' -- explain "$T/kill.log.3.xz"
check zstd 0 'oomlens-test-le' -- explain "$T/kill-rotated"
check verbose-decoder 0 'xz data, decoded by liblzma' -- explain --verbose "$T/kill.log.3.xz"
check_cmd gzip-zlib 0 'decoded by zlib inflate' -- env OOMLENS_GZIP=zlib "$BIN" explain -v "$T/kill.log.gz"

# Journals as FILE (issue 20): a journal file by its magic, a directory of
# them; the journal's own host and boot id, not this machine's.
REMOTE=/lib/systemd/systemd-journal-remote
if [ -x $REMOTE ]; then
  mkdir -p "$T/jdir/0123456789abcdef0123456789abcdef"
  python3 "$SRC/bench/journal_export.py" "$SRC/docs/examples/memcg-v1-kill.log" 1000 2 |
    $REMOTE -o "$T/jdir/0123456789abcdef0123456789abcdef/system.journal" - 2>/dev/null
  cp "$T/jdir/0123456789abcdef0123456789abcdef/system.journal" "$T/copied-from-box"
  check journal-file 0 'oomlens-test-le' -- explain "$T/copied-from-box"
  check journal-dir 0 '"host": "benchhost"' -- explain --json "$T/jdir"
  check journal-boot-id 0 '5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b' -- explain --json "$T/jdir"
  check journal-boot-latest 0 'oomlens-test-le' -- explain --boot 0 "$T/jdir"
  check journal-boot-missing 2 'nothing could be read' -- explain --boot -1 "$T/jdir"
  # The user-space killers' and systemd's entries beside the kernel's: their kills are said (no kernel report here).
  {
    printf '__REALTIME_TIMESTAMP=1764547200000000\n_BOOT_ID=5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b\n_HOSTNAME=box\n'
    printf '_TRANSPORT=kernel\nSYSLOG_IDENTIFIER=kernel\nMESSAGE=usb 1-1: new device\n\n'
    printf '__REALTIME_TIMESTAMP=1764547201000000\n_BOOT_ID=5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b\n_HOSTNAME=box\n'
    printf '_TRANSPORT=stdout\nSYSLOG_IDENTIFIER=earlyoom\n_PID=812\n'
    printf 'MESSAGE=sending SIGTERM to process 4242 uid 1000 "python3": badness 812, VmRSS 5012 MiB\n\n'
    printf '__REALTIME_TIMESTAMP=1764547202000000\n_BOOT_ID=5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b\n_HOSTNAME=box\n'
    printf "_TRANSPORT=journal\nSYSLOG_IDENTIFIER=systemd\n_PID=1\nMESSAGE=app.service: Failed with result 'oom-kill'.\n\n"
  } | $REMOTE -o "$T/programs.journal" - 2>/dev/null
  check journal-earlyoom 1 'earlyoom.*4242' -- explain "$T/programs.journal"
  check journal-unit-result 1 'app\.service' -- explain "$T/programs.journal"
  mkdir -p "$T/nojournal"
  check journal-dir-empty 2 'holds no journal files' -- explain "$T/nojournal"
else
  skip_check "journal: $REMOTE missing (systemd-journal-remote)"
fi

# stdin
if "$BIN" explain --summary - < "$T/one.log" | grep -q 4653; then pass=$((pass+1)); else echo "FAIL stdin"; fail=$((fail+1)); fi

# Live log without permission: as nobody under kernel.dmesg_restrict=1 the
# ring is unreadable; the message must say what fixes it, exit 2.
if [ "$(id -u)" = 0 ] && [ "$(cat /proc/sys/kernel/dmesg_restrict 2>/dev/null)" = 1 ] && command -v setpriv >/dev/null; then
  cp "$BIN" "$T/oomlens"; chmod 755 "$T" "$T/oomlens"
  # A world-readable syslog file (a machine with rsyslog, or a stray one) is
  # a source nobody can read, and the default falls back to it: ask for the ring.
  src=(); for f in /var/log/kern.log /var/log/syslog /var/log/messages; do [ -r "$f" ] && src=(--source kmsg); done
  setpriv --reuid=65534 --regid=65534 --clear-groups "$T/oomlens" explain "${src[@]}" >"$T/out" 2>"$T/err"
  st=$?
  if [ $st = 2 ] && grep -q CAP_SYSLOG "$T/err"; then pass=$((pass+1)); else
    echo "FAIL unreadable-kmsg: exit $st"; sed 's/^/  /' "$T/err"; fail=$((fail+1)); fi
fi

# A Kubernetes pod's container named from the runtime's state under --root:
# the cgroup v2 pod-limit kill of corpus 08 (containerd, systemd driver) in a
# node's kern.log, and the OCI spec containerd writes for that container at
# run/containerd/io.containerd.runtime.v2.task/k8s.io/<id>/config.json. No
# Kubernetes runs here: the spec is made after containerd's annotations code.
K8S=$T/k8s
CID=46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63
POD=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice
mkdir -p "$K8S/var/log" "$K8S/run/containerd/io.containerd.runtime.v2.task/k8s.io/$CID"
{
  echo "Dec  1 10:00:00 node-a kernel: [ 2993.661240] Thread-2 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=969"
  echo "Dec  1 10:00:00 node-a kernel: [ 2993.664150] memory: usage 4194304kB, limit 4194304kB, failcnt 1273284"
  echo "Dec  1 10:00:00 node-a kernel: [ 2993.782678] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-$CID.scope,mems_allowed=0,oom_memcg=$POD,task_memcg=$POD/cri-containerd-$CID.scope,task=node,pid=22609,uid=0"
  echo "Dec  1 10:00:00 node-a kernel: [ 2993.794008] Memory cgroup out of memory: Killed process 22609 (node) total-vm:9923620kB, anon-rss:4116684kB, file-rss:23132kB, shmem-rss:0kB, UID:0 pgtables:10964kB oom_score_adj:969"
} > "$K8S/var/log/kern.log"
printf '{"ociVersion":"1.1.0","process":{"args":["node","server.js"],"cwd":"/"},"root":{"path":"rootfs"},"annotations":{"io.kubernetes.cri.container-name":"api","io.kubernetes.cri.container-type":"container","io.kubernetes.cri.image-name":"registry.example.com/shop/api:3","io.kubernetes.cri.sandbox-id":"%s","io.kubernetes.cri.sandbox-name":"api-6c9d7f-5xq2z","io.kubernetes.cri.sandbox-namespace":"shop","io.kubernetes.cri.sandbox-uid":"94eb36cd-29e1-478b-b365-4cb5dfc7d6fb"},"linux":{"cgroupsPath":"kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice:cri-containerd:%s"}}\n' \
  "$(printf '%064d' 7)" "$CID" > "$K8S/run/containerd/io.containerd.runtime.v2.task/k8s.io/$CID/config.json"
check k8s-pod-named 0 'Kubernetes pod shop/api-6c9d7f-5xq2z' -- explain --root "$K8S" --source files
"$BIN" explain --json --root "$K8S" --source files > "$T/k8s.json" 2>"$T/err"
validate k8s-pod-json "$T/k8s.json"
if /usr/bin/python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["events"][0]["memcg"]["owner"]; sys.exit(0 if (o["pod_namespace"],o["pod_name"],o["runtime"],o["name"])==("shop","api-6c9d7f-5xq2z","containerd",None) else 1)' "$T/k8s.json"
then pass=$((pass+1)); else echo "FAIL k8s-owner-json"; head -c 600 "$T/k8s.json"; fail=$((fail+1)); fi
# Without the runtime's state (the DaemonSet without the mount): ids, and a note saying so.
rm -rf "$K8S/run"
check k8s-no-state 0 'Kubernetes pod 94eb36cd-29e1-478b-b365-4cb5dfc7d6fb' -- explain --root "$K8S" --source files -v
check k8s-no-state-note 0 'named by its container id and pod uid alone' -- explain --root "$K8S" --source files -v

# The same process killed again (issue 12): explain keeps the earlier kills, also those --last leaves out.
R232=$(ls "$SRC"/tests/corpus/232-*.log)
check repeat-kill-last 0 'fool-sysrq-f .pid 4803. was killed 4 times in 121 s' -- explain --last 1 "$R232"
check repeat-kill-json 0 '"victim_killed_again"' -- explain --json "$R232"

# An explanation stdout cannot take (a full disk: /dev/full) is status 2 with the reason, never a silent 0 or 1
# (docs/oomlens.md); the HTML page is bigger than stdio's buffer, so its failure is a write's, not the flush's.
for fmt in "" --json --html --summary; do
  "$BIN" explain $fmt "$SRC/docs/examples/memcg-v1-kill.log" >/dev/full 2>"$T/err"; st=$?
  { [ $st = 2 ] && grep -q "cannot write to stdout" "$T/err"; }; ok "explain${fmt:- text}-stdout-unwritable-exits-2 (got $st)" $?
done
# The whole corpus: every file must yield JSON that validates.
if [ -d "$CORPUS" ]; then
  for f in "$CORPUS"/*.log; do
    "$BIN" explain --json "$f" > "$T/c.json" 2>"$T/err"
    st=$?
    if [ $st -gt 1 ]; then echo "FAIL corpus $(basename "$f"): exit $st"; fail=$((fail+1)); continue; fi
    validate "corpus $(basename "$f")" "$T/c.json"
  done
  "$BIN" explain --summary "$CORPUS"/*.log > "$T/all.txt"
  if [ "$(wc -l < "$T/all.txt")" -ge 20 ]; then pass=$((pass+1)); else echo "FAIL corpus summary: $(wc -l < "$T/all.txt") lines"; fail=$((fail+1)); fi
else
  skip_check "corpus: $CORPUS not found"
fi

finish explain_cli
