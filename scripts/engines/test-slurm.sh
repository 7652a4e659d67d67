#!/usr/bin/env bash
# make test-slurm: a real single-node Slurm (Debian's slurmctld, slurmd,
# munged, and slurmdbd on a MariaDB server for sacct) started by this script,
# with its own slurm.conf/cgroup.conf/slurmdbd.conf and state, spool, logs,
# the database's data directory and the munge and MariaDB sockets in a
# temporary directory (unix sockets and loopback ports only); every daemon
# stopped and everything removed afterwards; no service enabled. Then:
#   1. `sbatch --mem=128M` of a leak is OOM-killed: `sacct` (slurmdbd's
#      record) says State OUT_OF_MEMORY, and so do `scontrol show job` and
#      jobcomp/filetxt (tests/engines/README.md);
#   2. deploy/slurm/epilog-oomlens.sh writes `oomlens explain` for the job to
#      oomlens-<jobid>.txt next to the job's output, and a pointer into it;
#   3. `oomlens explain` on the node names the job id, step and user;
#   4. `oomlens run` inside a batch script gives the same verdict (oom_killed,
#      same victim pid) as `oomlens explain` does for that job.
# Usage: scripts/engines/test-slurm.sh [BUILD_DIR]   (root; run under
# flock /tmp/oomlens-live.lock, the Makefile does). Skips with the reason when
# the machine cannot run it; under CI=true that is a failure.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
src=$PWD
build=$(cd "${1:-build}" 2>/dev/null && pwd) || { echo "test-slurm: no build directory ${1:-build}" >&2; exit 2; }
. scripts/engines/common.sh
oomlens=$build/oomlens
leaker=$build/oomlens-test-leaker

[ "$(id -u)" -eq 0 ] || cannot "needs root (slurmd and munged are started by the test)"
[ -x "$oomlens" ] && [ -x "$leaker" ] || cannot "$oomlens or $leaker not built"
for t in slurmctld slurmd slurmdbd munged sbatch scontrol sacct sacctmgr runuser mariadbd mariadb-install-db mariadb; do
  command -v "$t" >/dev/null || cannot "$t not installed (scripts/install-deps.sh engines)"
done
ls /usr/lib/*/slurm-wlm/accounting_storage_mysql.so >/dev/null 2>&1 ||
  cannot "slurmdbd's accounting_storage/mysql plugin is not installed (slurm-wlm-mysql-plugin; scripts/install-deps.sh engines)"
if [ -d /sys/fs/cgroup/memory ] && [ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ] ||
   [ -f /sys/fs/cgroup/memory/cgroup.procs ]; then
  cgplugin=cgroup/v1
elif grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  # Slurm 22.05's cgroup/v2 creates its scope through systemd's D-Bus API
  # (slurmd fails without it: "cannot connect to dbus system daemon").
  [ "$(cat /proc/1/comm 2>/dev/null)" = systemd ] ||
    cannot "cgroup v2 here, and Slurm 22.05's cgroup/v2 plugin needs systemd as PID 1 (PID 1 is $(cat /proc/1/comm))"
  cgplugin=cgroup/v2
else
  cannot "no memory cgroup controller (neither /sys/fs/cgroup/memory nor memory in /sys/fs/cgroup/cgroup.controllers)"
fi
id munge >/dev/null 2>&1 || cannot "no munge user (the munge package makes it)"
[ -r /etc/munge/munge.key ] || cannot "no /etc/munge/munge.key (the munge package makes it)"

host=$(hostname -s)
T=$(mktemp -d /tmp/oomlens-slurm.XXXXXX)
chmod 755 "$T"
mkdir -p "$T"/{state,spool,log,out,db} "$T/munge"
chown munge: "$T/munge"; chmod 755 "$T/munge"   # munged: "execute permissions for all required"
pids=()
logs=("$T/log/slurmctld.log" "$T/log/slurmd.log" "$T/munge/munged.log" "$T/log/slurmctld.stderr"
      "$T/log/slurmd.stderr" "$T/jobcomp.txt" "$T/log/epilog.trace" "$T/log/mariadb-install-db.log"
      "$T/log/mariadbd.err" "$T/log/mariadbd.stderr" "$T/log/slurmdbd.log" "$T/log/slurmdbd.stderr" "$T/log/sacctmgr.wait")
passed=0
cleanup() {
  local rc=$?
  if [ $passed -ne 1 ]; then
    if [ $rc -eq 0 ]; then echo "test-slurm: skipped; the engine's logs so far:" >&3
    else echo "test-slurm: failed; the engine's logs:" >&3; fi
    print_logs "${logs[@]}" "$T"/out/*
  fi
  # Stop our daemons (their pids, in reverse order of start) and wait for them.
  local i
  for (( i=${#pids[@]}-1; i>=0; i-- )); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null
  done
  # Slurm's cgroups (slurm_<host>/…) in every v1 hierarchy, once empty.
  for d in /sys/fs/cgroup/*/slurm_"$host" /sys/fs/cgroup/slurm_"$host"; do
    [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} + 2>/dev/null
  done
  rm -rf "$T"
  exit $rc
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# munged as user munge, on a private socket.
sock=$T/munge/munge.socket
runuser -u munge -- munged -F --socket="$sock" --key-file=/etc/munge/munge.key \
  --pid-file="$T/munge/munged.pid" --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed" \
  >"$T/log/munged.stderr" 2>&1 &
pids+=($!)
logs+=("$T/log/munged.stderr")
munged_up() { test -S "$sock" || { kill -0 "${pids[0]}" || fail "munged exited"; false; }; }
wait_for 10 "munged's socket" munged_up

ctld_port=$(free_port); d_port=$(free_port); dbd_port=$(free_port)
while [ "$d_port" = "$ctld_port" ]; do d_port=$(free_port); done
while [ "$dbd_port" = "$ctld_port" ] || [ "$dbd_port" = "$d_port" ]; do dbd_port=$(free_port); done
node=$(slurmd -C 2>/dev/null | head -1)
case "$node" in NodeName=*) ;; *) fail "slurmd -C printed no node line: $node";; esac
node=${node/NodeName=$host/NodeName=$host NodeAddr=127.0.0.1}
# The epilog from deploy/slurm, run by slurmd as root with the variables a
# packaged install would have (slurm.conf, the oomlens binary).
cat >"$T/epilog.sh" <<EOT
#!/bin/sh
export SLURM_CONF=$T/slurm.conf OOMLENS=$oomlens
exec /bin/bash -x $src/deploy/slurm/epilog-oomlens.sh 2>>$T/log/epilog.trace
EOT
chmod 755 "$T/epilog.sh"
cat >"$T/slurm.conf" <<EOT
ClusterName=oomlens-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobCompType=jobcomp/filetxt
JobCompLoc=$T/jobcomp.txt
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$dbd_port
AccountingStoragePass=$sock
Epilog=$T/epilog.sh
MpiDefault=none
ReturnToService=2
MinJobAge=600
$node State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=10 State=UP
EOT
cat >"$T/cgroup.conf" <<EOT
CgroupPlugin=$cgplugin
ConstrainRAMSpace=yes
ConstrainSwapSpace=yes
AllowedSwapSpace=0
EOT
export SLURM_CONF=$T/slurm.conf

# db_error LOG...: MariaDB's first [ERROR] lines, for a skip's reason.
db_error() { grep -h -m3 -E '\[ERROR\]|ERROR:' "$@" 2>/dev/null | tr '\n' ' '; }
# MariaDB for slurmdbd: a data directory of its own, bootstrapped here, and
# mariadbd in the foreground on a private unix socket, no TCP
# (skip-networking). --no-defaults: nothing from /etc/mysql. mariadbd refuses
# to run as root unless told --user=root. A MariaDB that cannot bootstrap or
# run here is a skip with its reason (a failure under CI=true).
t_db=$(date +%s.%N)
dbsock=$T/mysqld.sock
mariadb-install-db --no-defaults --user=root --datadir="$T/db" --auth-root-authentication-method=normal \
  --skip-test-db >"$T/log/mariadb-install-db.log" 2>&1 ||
  cannot "MariaDB cannot bootstrap a data directory here (mariadb-install-db --datadir=$T/db): $(db_error "$T/log/mariadb-install-db.log")"
t_db_boot=$(date +%s.%N)
mariadbd --no-defaults --user=root --datadir="$T/db" --socket="$dbsock" --skip-networking \
  --pid-file="$T/mysqld.pid" --log-error="$T/log/mariadbd.err" \
  --innodb-buffer-pool-size=32M --innodb-lock-wait-timeout=900 \
  >"$T/log/mariadbd.stderr" 2>&1 &
pids+=($!)
db_pid=$!
sql() { mariadb --no-defaults --socket="$dbsock" -u root -N -B -e "$1"; }
db_up() {
  sql 'SELECT 1' && return
  kill -0 "$db_pid" 2>/dev/null ||
    cannot "mariadbd cannot run here (exited before answering): $(db_error "$T/log/mariadbd.err" "$T/log/mariadbd.stderr")"
  false
}
wait_for 60 "mariadbd to answer on $dbsock" db_up
# The account slurmdbd uses (StorageUser), reached only through the socket.
sql "CREATE USER 'slurm'@'localhost'; GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';" ||
  fail "could not create the database user slurm"
t_db_up=$(date +%s.%N)

# slurmdbd (-D) on a free loopback port. It reads slurmdbd.conf from the
# directory of SLURM_CONF (it has no -f) and must not be readable by others.
# Slurm 22.05's mysql plugin passes no socket to mysql_real_connect(), so for
# StorageHost=localhost the client library takes it from MYSQL_UNIX_PORT.
cat >"$T/slurmdbd.conf" <<EOT
AuthType=auth/munge
AuthInfo=socket=$sock
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$dbd_port
SlurmUser=root
PidFile=$T/slurmdbd.pid
LogFile=$T/log/slurmdbd.log
DebugLevel=info
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StorageLoc=slurm_acct_db
EOT
chmod 600 "$T/slurmdbd.conf"
MYSQL_UNIX_PORT=$dbsock slurmdbd -D >"$T/log/slurmdbd.stderr" 2>&1 &
pids+=($!)
dbd_pid=$!
dbd_up() { sacctmgr -n -P list cluster >"$T/log/sacctmgr.wait" 2>&1 || { kill -0 "$dbd_pid" || fail "slurmdbd exited"; false; }; }
wait_for 60 "slurmdbd to answer sacctmgr on 127.0.0.1:$dbd_port" dbd_up
sacctmgr -n -P list cluster format=cluster | grep -qx oomlens-test ||
  sacctmgr -i add cluster oomlens-test >"$T/log/sacctmgr.out" 2>&1 ||
  fail "sacctmgr add cluster oomlens-test failed: $(cat "$T/log/sacctmgr.out")"
t_dbd_up=$(date +%s.%N)
ok "MariaDB up in $(dt "$t_db" "$t_db_up") s (mariadb-install-db $(dt "$t_db" "$t_db_boot") s, mariadbd start $(dt "$t_db_boot" "$t_db_up") s); slurmdbd up and the cluster registered in $(dt "$t_db_up" "$t_dbd_up") s"

slurmctld -D -f "$SLURM_CONF" >"$T/log/slurmctld.stderr" 2>&1 &
pids+=($!)
wait_for 20 "slurmctld to answer" scontrol ping
slurmd -D -f "$SLURM_CONF" >"$T/log/slurmd.stderr" 2>&1 &
pids+=($!)
node_up() { sinfo -h -n "$host" -o %t 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; }
deadline=$(( $(date +%s) + 30 ))
until node_up; do
  if ! kill -0 "${pids[-1]}" 2>/dev/null; then
    why=$(grep -Ei 'cgroup' "$T/log/slurmd.log" "$T/log/slurmd.stderr" 2>/dev/null | grep -Ei 'error|fatal|fail' | head -3)
    [ -n "$why" ] && cannot "slurmd cannot use cgroups here: $why"
    fail "slurmd exited"
  fi
  [ "$(date +%s)" -lt "$deadline" ] || fail "node $host did not become idle in 30 s ($(sinfo -h -n "$host" -o '%t %E' 2>&1))"
  sleep 0.2
done
ok "slurmctld, slurmd (${cgplugin}, task/cgroup ConstrainRAMSpace), slurmdbd, mariadbd and munged up in $(elapsed) s"

# job_done ID: the job has left the queue's active states and its epilog has run.
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }
job_done() {
  local s; s=$(job_state "$1")
  case "$s" in PENDING|RUNNING|CONFIGURING|COMPLETING|"") return 1;; esac
  scontrol show job "$1" | grep -q 'JobState=[A-Z_]* ' || return 1
  ! scontrol show job "$1" | grep -q COMPLETING
}

# 1. A plain leak.
cat >"$T/leak.sh" <<EOT
#!/bin/sh
grep memory /proc/self/cgroup
exec $leaker --chunk-mib 4
EOT
job=$(sbatch --parsable --mem=128M -J oomlens-leak -o "$T/out/slurm-%j.out" "$T/leak.sh") || fail "sbatch: $job"
wait_for 60 "job $job to end" job_done "$job"
state=$(job_state "$job")
[ "$state" = OUT_OF_MEMORY ] || fail "job $job ended $state, not OUT_OF_MEMORY"
ok "job $job OOM-killed: scontrol show job says JobState=$state"
# sacct: slurmdbd's record of the job (slurmctld sends it at job end; poll).
acct_state() { sacct -j "$1" -n -P -o JobID,State,ExitCode 2>/dev/null | awk -F'|' -v j="$1" '$1 == j { print $2 }'; }
acct_oom() { [ "$(acct_state "$1")" = OUT_OF_MEMORY ]; }
t_acct=$(date +%s.%N)
if ! poll 30 acct_oom "$job"; then
  fail "sacct -j $job has no State OUT_OF_MEMORY after 30 s: $(sacct -j "$job" -n -P -o JobID,State,ExitCode 2>&1 | tr '\n' ' ')"
fi
ok "sacct -j $job -o JobID,State,ExitCode ($(dt "$t_acct" "$(date +%s.%N)") s after scontrol's end): $(sacct -j "$job" -n -P -o JobID,State,ExitCode | tr '\n' ' ')"
grep -q "JobId=$job .*JobState=OUT_OF_MEMORY" "$T/jobcomp.txt" || fail "jobcomp/filetxt has no OUT_OF_MEMORY line for $job"
ok "jobcomp/filetxt records JobState=OUT_OF_MEMORY for $job"
out=$T/out/slurm-$job.out
grep -q "oom-kill event" "$out" || fail "the job's output has no 'oom-kill event' line from slurmstepd"
ok "the job's output says: $(grep -m1 'oom-kill event' "$out")"
cg=$(sed -n 's/^[0-9]*:memory://p' "$out" | head -1)
[ -n "$cg" ] || cg=$(sed -n 's/^0:://p' "$out" | head -1)
case "$cg" in */job_"$job"/step_batch*) ok "the job's memory cgroup is $cg";;
  *) fail "the job's memory cgroup '$cg' is not …/job_$job/step_batch…";; esac

# 2. The epilog's per-job file next to the output, and the pointer in it.
expl=$T/out/oomlens-$job.txt
wait_for 20 "the epilog's $expl" test -s "$expl"
grep -qF "Slurm job $job (step batch, user root, uid 0)" "$expl" ||
  fail "$expl does not name Slurm job $job (step batch, user root, uid 0): $(head -5 "$expl")"
ok "the epilog wrote $(basename "$expl"): $(grep -m1 -F "Slurm job $job (" "$expl" | cut -c1-200)"
grep -q "oomlens-$job.txt" "$out" || fail "the job's output does not point at oomlens-$job.txt"
ok "the job's output ends: $(tail -1 "$out")"

# 3. oomlens explain on the node names the job, its step and its user.
"$oomlens" explain --cgroup "job_$job/" --json >"$T/out/explain-$job.json" 2>"$T/out/explain-$job.err" ||
  fail "oomlens explain --cgroup job_$job/ found nothing (exit $?)"
python3 - "$T/out/explain-$job.json" "$job" <<'PY' || fail "oomlens explain --json does not name job $job"
import json, sys
doc = json.load(open(sys.argv[1])); job = sys.argv[2]
owners = [e["memcg"]["owner"] for e in doc["events"] if e.get("memcg") and e["memcg"].get("owner")]
o = owners[-1]
assert o["kind"] == "slurm" and o["job_id"] == job and o["step"] == "batch" and o["uid"] == 0 and o["user"] == "root", o
print("ok: oomlens explain --json: owner", json.dumps({k: o[k] for k in ("kind", "id", "job_id", "step", "uid", "user")}))
PY

# 4. oomlens run inside the batch script: the same verdict as explain's.
cat >"$T/run.sh" <<EOT
#!/bin/sh
exec $oomlens run --record "$T/out/run-\$SLURM_JOB_ID.jsonl" --verdict-json "$T/out/verdict-\$SLURM_JOB_ID.json" -- $leaker --chunk-mib 4
EOT
job2=$(sbatch --parsable --mem=128M -J oomlens-run -o "$T/out/slurm-%j.out" "$T/run.sh") || fail "sbatch: $job2"
wait_for 60 "job $job2 to end" job_done "$job2"
state2=$(job_state "$job2")
[ "$state2" = OUT_OF_MEMORY ] || fail "job $job2 (oomlens run) ended $state2, not OUT_OF_MEMORY"
poll 30 acct_oom "$job2" ||
  fail "sacct -j $job2 (oomlens run) has no State OUT_OF_MEMORY after 30 s: $(sacct -j "$job2" -n -P -o JobID,State,ExitCode 2>&1 | tr '\n' ' ')"
ok "job $job2 (oomlens run inside): sacct says $(acct_state "$job2")"
"$oomlens" explain --cgroup "job_$job2/" --json >"$T/out/explain-$job2.json" 2>/dev/null || fail "explain found nothing for $job2"
python3 - "$T/out/verdict-$job2.json" "$T/out/explain-$job2.json" "$job2" <<'PY' || fail "oomlens run's verdict differs from explain's"
import json, sys
v = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2])); job = sys.argv[3]
assert v.get("cause") == "oom_killed", ("run verdict cause", v.get("cause"))
ev = [e for e in doc["events"] if e.get("victims")][-1]
victims = {x["pid"] for x in ev["victims"]}
assert ev["constraint"] == "memcg", ev["constraint"]
run_kills = {k["pid"] for k in v["kernel_kills"]} | ({v["victim_pid"]} if v.get("victim_pid") else set())
assert victims & run_kills, ("explain's victims", victims, "run's kernel kills", run_kills)
o = ev["memcg"]["owner"]
assert o["job_id"] == job and o["step"] == "batch", o
print(f"ok: job {job}: oomlens run says oom_killed ({v['confidence']}: {v['summary'][:120]}); "
      f"explain: memcg kill of pid {sorted(victims & run_kills)} in Slurm job {o['job_id']} step {o['step']}")
PY
passed=1
echo "test-slurm: passed in $(elapsed) s"
