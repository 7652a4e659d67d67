#!/usr/bin/env bash
# deploy/ checks: the systemd unit passes `systemd-analyze verify` pointed at
# the built binary; the Kubernetes manifest parses as YAML with the expected
# kinds; the alert rules pass `promtool check rules`; the Grafana dashboard
# is JSON; the Slurm epilog is valid bash. A missing tool skips its check
# (fails under CI=true).
set -u
bin=$1; src=$2
fail=0; tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../support/ci.sh"

if command -v systemd-analyze >/dev/null; then
  sed "s#/usr/bin/oomlens#$(readlink -f "$bin")#" "$src/deploy/systemd/oomlens.service" > "$tmp/oomlens.service"
  if out=$(systemd-analyze verify "$tmp/oomlens.service" 2>&1) && ! grep -q 'oomlens.service' <<<"$out"; then
    echo "ok: systemd-analyze verify"
  else echo "FAIL: systemd-analyze verify: $out"; fail=1; fi
else skip_check "systemd-analyze missing"; fi

if /usr/bin/python3 -c 'import yaml' 2>/dev/null; then
  if /usr/bin/python3 - "$src/deploy/kubernetes/oomlens-daemonset.yaml" <<'PY'
import sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
kinds = sorted(d["kind"] for d in docs)
assert kinds == ["DaemonSet", "Namespace", "NetworkPolicy", "Service"], kinds
ds = next(d for d in docs if d["kind"] == "DaemonSet")
c = ds["spec"]["template"]["spec"]["containers"][0]
assert any(p["name"] == "metrics" for p in c["ports"]), "no metrics port"
paths = {v["hostPath"]["path"] for v in ds["spec"]["template"]["spec"]["volumes"]}
assert {"/dev/kmsg", "/proc", "/sys/fs/cgroup"} <= paths, paths
# The pod IP from the downward API, never every interface.
args = c["args"]
assert args[args.index("--listen") + 1] == "$(POD_IP):9177" and "--listen-public" in args, args
assert any(e["name"] == "POD_IP" and e["valueFrom"]["fieldRef"]["fieldPath"] == "status.podIP" for e in c["env"])
np = next(d for d in docs if d["kind"] == "NetworkPolicy")
assert np["spec"]["ingress"][0]["from"], "the NetworkPolicy admits everyone"
# The runtimes' state mounts (commented: one per node's runtime), once
# uncommented: read-only, each at its host path under --root /host.
text = open(sys.argv[1]).read().replace("# - {name:", "- {name:").replace("# - name:", "- name:").replace(
    "#   hostPath:", "  hostPath:")
ds = next(d for d in yaml.safe_load_all(text) if d and d["kind"] == "DaemonSet")
spec = ds["spec"]["template"]["spec"]
mounts = {m["name"]: m for m in spec["containers"][0]["volumeMounts"]}
hosts = {v["name"]: v["hostPath"]["path"] for v in spec["volumes"] if "hostPath" in v}
for name, path in [("containerd-tasks", "/run/containerd/io.containerd.runtime.v2.task"),
                   ("crio-containers", "/run/containers/storage/overlay-containers"),
                   ("docker-containers", "/var/lib/docker/containers")]:
    assert hosts.get(name) == path, (name, hosts.get(name))
    assert mounts[name]["readOnly"] is True and mounts[name]["mountPath"] == "/host" + path, mounts[name]
PY
  then echo "ok: kubernetes YAML kinds"; else echo "FAIL: kubernetes YAML"; fail=1; fi
else skip_check "python3-yaml missing"; fi

if command -v promtool >/dev/null; then
  if out=$(promtool check rules "$src/deploy/prometheus/oomlens-alerts.yml" 2>&1); then echo "ok: promtool check rules"
  else echo "FAIL: promtool check rules: $out"; fail=1; fi
else skip_check "promtool missing"; fi

if /usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['panels']" "$src/deploy/grafana/oomlens-dashboard.json"; then
  echo "ok: grafana dashboard JSON"; else echo "FAIL: grafana JSON"; fail=1; fi
if bash -n "$src/deploy/slurm/epilog-oomlens.sh"; then echo "ok: slurm epilog syntax"; else fail=1; fi

# The CLI: bad --listen and --exec are usage errors; so is a public address
# without --listen-public (refused before anything is opened).
"$bin" daemon --listen nonsense >/dev/null 2>&1; [ $? -eq 2 ] && echo "ok: daemon --listen nonsense → 2" || { echo "FAIL: --listen nonsense"; fail=1; }
for a in 0.0.0.0:0 '[::]:0' 10.1.2.3:9177; do
  out=$("$bin" daemon --listen "$a" --no-state 2>&1); rc=$?
  if [ $rc -eq 2 ] && grep -q -- --listen-public <<<"$out"; then echo "ok: daemon --listen $a → 2 (needs --listen-public)"
  else echo "FAIL: daemon --listen $a: $rc $out"; fail=1; fi
done
"$bin" watch --exec /nonexistent/prog >/dev/null 2>&1; [ $? -eq 2 ] && echo "ok: watch --exec missing → 2" || { echo "FAIL: --exec missing"; fail=1; }
exit $fail
