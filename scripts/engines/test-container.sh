#!/usr/bin/env bash
# make test-container: Debian's docker.io (dockerd 20.10) started by this
# script on a private socket, with its data root, exec root and containerd
# in a temporary directory (vfs storage, no bridge, no iptables: nothing on
# the host's network changes), every daemon stopped and everything removed
# afterwards. An image is imported from a rootfs the test makes
# (busybox-static, the project's leaker and the shared libraries it and
# oomlens need); no registry. Then:
#   1. `docker run --memory 128m` of the leak is OOM-killed: exit 137 and
#      State.OOMKilled=true in `docker inspect`;
#   2. `oomlens explain` names the container by its name, image and short id
#      (from dockerd's state directory, OOMLENS_DOCKER_ROOT), agreeing with
#      `docker inspect`;
#   3. `oomlens watch --json` on the host reports the kill with the name, and
#      `oomlens daemon`'s oomlens_oom_kills_total is labelled
#      cgroup_owner="<name>";
#   4. `oomlens run --limit 64M` inside a container, the binary mounted in.
# Usage: scripts/engines/test-container.sh [BUILD_DIR]   (root; under
# flock /tmp/oomlens-live.lock). Skips with the reason when the machine cannot
# run it; under CI=true that is a failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
build=$(cd "${1:-build}" 2>/dev/null && pwd) || { echo "test-container: no build directory ${1:-build}" >&2; exit 2; }
. scripts/engines/common.sh
oomlens=$build/oomlens
leaker=$build/oomlens-test-leaker
docker=/usr/bin/docker   # docker.io's client (not another one earlier in PATH)

[ "$(id -u)" -eq 0 ] || cannot "needs root (dockerd is started by the test)"
[ -x "$oomlens" ] && [ -x "$leaker" ] && [ -x "$build/oomlens-daemon" ] || cannot "oomlens, oomlens-daemon or the leaker not built in $build"
for t in dockerd containerd runc "$docker" /bin/busybox; do
  command -v "$t" >/dev/null || cannot "$t not installed (scripts/install-deps.sh engines)"
done

T=$(mktemp -d /tmp/oomlens-docker.XXXXXX)
mkdir -p "$T"/{data,exec,log,out,rootfs,cli}
sock=$T/docker.sock
export DOCKER_HOST=unix://$sock DOCKER_CONFIG=$T/cli
pids=()
logs=("$T/log/dockerd.log" "$T/log/watch.err" "$T/log/daemon.log")
passed=0
name=oomlens-leaky-$$
cleanup() {
  local rc=$?
  [ $passed -eq 1 ] || { echo "test-container: failed; the engine's logs:" >&2; print_logs "${logs[@]}" "$T"/out/*; }
  if [ -S "$sock" ]; then
    "$docker" ps -aq 2>/dev/null | xargs -r "$docker" rm -f >/dev/null 2>&1
  fi
  local i
  for (( i=${#pids[@]}-1; i>=0; i-- )); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null
  done
  # dockerd's mounts under our data/exec roots, then the files.
  grep -o " $T[^ ]*" /proc/self/mounts | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
  # dockerd's cgroupfs parent (/docker in each hierarchy), when it made it.
  local d
  for d in /sys/fs/cgroup/*/docker /sys/fs/cgroup/docker; do
    [ -d "$d" ] && ! grep -qxF "$d" "$T/cgroups-before" 2>/dev/null && rmdir "$d" 2>/dev/null
  done
  rm -rf "$T"
  exit $rc
}
trap cleanup EXIT
trap 'exit 1' INT TERM

ls -d /sys/fs/cgroup/*/docker /sys/fs/cgroup/docker 2>/dev/null >"$T/cgroups-before"
echo '{}' >"$T/daemon.json"
dockerd --config-file "$T/daemon.json" --iptables=false --ip-masq=false --bridge=none --storage-driver=vfs \
  --data-root "$T/data" --exec-root "$T/exec" --pidfile "$T/dockerd.pid" -H "unix://$sock" \
  --exec-opt native.cgroupdriver=cgroupfs --userland-proxy=false >"$T/log/dockerd.log" 2>&1 &
pids+=($!)
wait_for 60 "dockerd to answer on $sock" "$docker" version
ok "dockerd $("$docker" version -f '{{.Server.Version}}') up on $sock in $(elapsed) s (vfs, no bridge)"

# The image: busybox-static, the leaker and the libraries it and oomlens load.
r=$T/rootfs
mkdir -p "$r"/{bin,tmp,proc,sys,dev,etc}
cp /bin/busybox "$r/bin/busybox"
for a in sh cat grep sleep ls; do ln -s busybox "$r/bin/$a"; done
cp "$leaker" "$r/leaker"
for bin in "$leaker" "$oomlens"; do
  ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'
done | sort -u >"$T/libs"
[ -s "$T/libs" ] || fail "ldd listed no library for $leaker and $oomlens"
while read -r f; do mkdir -p "$r$(dirname "$f")"; cp -L "$f" "$r$f"; done <"$T/libs"
echo 'root:x:0:0:root:/:/bin/sh' >"$r/etc/passwd"
image=oomlens-test/leaker:1
tar -C "$r" -c . | "$docker" import - "$image" >/dev/null || fail "docker import of the rootfs failed"
ok "imported $image from a $(du -sh "$r" | cut -f1) rootfs"

# oomlens watch (JSON lines) and oomlens daemon on the host, before the kill.
export OOMLENS_DOCKER_ROOT=$T/data
"$oomlens" watch --json >"$T/out/watch.jsonl" 2>"$T/log/watch.err" &
pids+=($!)
"$oomlens" daemon --listen 127.0.0.1:0 --no-state --log "$T/log/daemon.events" >"$T/log/daemon.log" 2>&1 &
pids+=($!)
wait_for 10 "oomlens daemon to listen" grep -q 'listening on' "$T/log/daemon.log"
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$T/log/daemon.log" | head -1)
sleep_until_watching() { [ -s "$T/log/watch.err" ] || kill -0 "${pids[-2]}"; }
wait_for 5 "oomlens watch to start" sleep_until_watching

# 1. The OOM kill.
"$docker" run --name "$name" --network none --memory 128m --memory-swap 128m "$image" /leaker --chunk-mib 4 \
  >"$T/out/run.out" 2>&1
status=$?
[ $status -eq 137 ] || fail "docker run exited $status, not 137: $(tail -3 "$T/out/run.out")"
oomkilled=$("$docker" inspect -f '{{.State.OOMKilled}}' "$name")
[ "$oomkilled" = true ] || fail "docker inspect: State.OOMKilled=$oomkilled"
id=$("$docker" inspect -f '{{.Id}}' "$name")
ok "container $name (${id:0:12}) exited 137, State.OOMKilled=true"

# 2. oomlens explain names it as docker inspect does.
want_name=$("$docker" inspect -f '{{.Name}}' "$name"); want_name=${want_name#/}
want_image=$("$docker" inspect -f '{{.Config.Image}}' "$name")
"$oomlens" explain --cgroup "$id" --color never >"$T/out/explain.txt" 2>&1 || fail "oomlens explain --cgroup $id found nothing"
line="container $want_name (docker, image $want_image, id ${id:0:12})"
grep -qF "$line" "$T/out/explain.txt" || fail "oomlens explain does not say '$line': $(head -3 "$T/out/explain.txt")"
ok "oomlens explain: $(grep -m1 -F "$line" "$T/out/explain.txt" | cut -c1-200)"
"$oomlens" explain --cgroup "$id" --json >"$T/out/explain.json" 2>/dev/null
python3 - "$T/out/explain.json" "$want_name" "$want_image" "$id" <<'PY' || fail "explain --json owner disagrees with docker inspect"
import json, sys
doc = json.load(open(sys.argv[1])); name, image, cid = sys.argv[2:5]
o = [e["memcg"]["owner"] for e in doc["events"] if e.get("memcg") and e["memcg"].get("owner")][-1]
assert (o["kind"], o["name"], o["image"], o["container_id"]) == ("docker", name, image, cid), o
print("ok: explain --json owner agrees with docker inspect:", json.dumps({k: o[k] for k in ("kind", "name", "image", "id")}))
PY
# Without the state directory: named by id alone, and it says so.
OOMLENS_DOCKER_ROOT=$T/nowhere "$oomlens" explain --cgroup "$id" --color never >"$T/out/explain-noroot.txt" 2>&1
grep -q "named by its id alone" "$T/out/explain-noroot.txt" || fail "explain without the state dir does not say it named by id alone"
ok "without the state dir: $(grep -m1 -o 'container [0-9a-f]* is named by its id alone[^(]*' "$T/out/explain-noroot.txt")"

# 3. watch and the daemon's metric.
wait_for 10 "oomlens watch to report $name" grep -q "\"name\": *\"$want_name\"" "$T/out/watch.jsonl"
ok "oomlens watch reported the kill of $want_name"
metric() { python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]+"/metrics").read().decode())' "$url"; }
has_metric() { metric | grep -q "^oomlens_oom_kills_total{.*cgroup_owner=\"$want_name\""; }
wait_for 10 "the daemon's metric labelled $want_name" has_metric
ok "daemon: $(metric | grep -m1 "^oomlens_oom_kills_total{.*cgroup_owner=\"$want_name\"")"

# 4. oomlens run --limit inside a container, the binary mounted in.
"$docker" run --rm --name "$name-run" --network none --memory 256m --memory-swap 256m \
  -v "$oomlens:/oomlens:ro" -v /sys/fs/cgroup:/sys/fs/cgroup:rw "$image" \
  /oomlens run --limit 64M --record /tmp/r.jsonl --verdict-json /dev/stdout -- /leaker --chunk-mib 4 \
  >"$T/out/run-limit.out" 2>&1
status=$?
[ $status -eq 137 ] || fail "oomlens run --limit in the container exited $status, not 137: $(tail -5 "$T/out/run-limit.out")"
python3 - "$T/out/run-limit.out" <<'PY' || fail "oomlens run --limit in the container: not an oom_killed verdict at the 64 MiB limit"
import json, sys
def objs(path):
    for line in open(path, errors="replace"):
        try: yield json.loads(line)
        except ValueError: pass
v = [o for o in objs(sys.argv[1]) if isinstance(o, dict) and o.get("type") == "verdict"][-1]
assert v["cause"] == "oom_killed" and v["limit_bytes"] == 64 << 20, (v["cause"], v["limit_bytes"])
print("ok: oomlens run --limit 64M inside the container: exit 137;", v["summary"][:160])
PY

passed=1
echo "test-container: passed in $(elapsed) s"
