# shellcheck shell=bash
# Shared by scripts/engines/test-*.sh: skip-or-fail, logs on failure, waiting
# on conditions. Sourced, not run.
t_start=$(date +%s)
# fd 3 is the script's stderr: fail, cannot and print_logs write there, so
# that their message and the logs are seen even when they run inside a
# predicate that wait_for/poll runs with its output sent to /dev/null (the
# EXIT trap then runs under that redirection too).
exec 3>&2
fail() { echo "FAIL: $*" >&3; exit 1; }
ok() { echo "ok: $*"; }
# The machine cannot run this engine: say exactly why; under CI=true that
# is a failure (the CI machine must run it), elsewhere a skip.
cannot() {
  if [ "${CI:-}" = true ]; then echo "FAIL (CI=true): $*" >&3; exit 1; fi
  echo "SKIP: $*" >&3; exit 0
}
# poll SECONDS CMD...: runs CMD every 0.2 s until it succeeds (status 0) or
# SECONDS have passed (status 1).
poll() {
  local limit=$1; shift
  local deadline=$(( $(date +%s) + limit ))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}
# wait_for SECONDS DESCRIPTION CMD...: polls CMD (poll); fails after SECONDS.
wait_for() {
  local limit=$1 what=$2; shift 2
  poll "$limit" "$@" || fail "timed out after ${limit}s waiting for $what"
}
# print_logs FILE...: on failure, each log with a header.
print_logs() {
  local f
  for f in "$@"; do
    [ -f "$f" ] || continue
    printf '\n----- %s (last 60 lines)\n' "$f" >&3
    tail -n 60 "$f" >&3
  done
}
# A free loopback TCP port.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
elapsed() { echo $(( $(date +%s) - t_start )); }
# dt T0 T1: seconds from T0 to T1 (both `date +%s.%N`), to 0.1 s.
dt() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
