#!/usr/bin/env bash
# `oomlens daemon` execs the sibling executable oomlens-daemon (same pid)
# with its arguments untouched: help, usage errors and statuses are the
# daemon's own; without oomlens-daemon beside oomlens: a message naming the
# path looked for, exit 125. Usage: daemon_exec.sh OOMLENS_BINARY SOURCE_DIR
set -u
BIN=$1
T=$(mktemp -d); dpid=
trap '[ -n "$dpid" ] && kill "$dpid" 2>/dev/null; rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
DAEMON=$(dirname "$BIN")/oomlens-daemon

check "oomlens --help lists daemon" 0 '^ *daemon +Capture every OOM kill' -- --help
check "daemon --help through the exec" 0 'Usage: oomlens daemon \[OPTIONS\]' -- daemon --help
grep -q -- '--listen' "$T/out"; ok "daemon --help lists --listen" $?
cp "$T/out" "$T/help.via-oomlens"
check_cmd "oomlens-daemon --help" 0 '' -- "$DAEMON" --help
cmp -s "$T/out" "$T/help.via-oomlens"; ok "the same help both ways" $?
check "daemon -h" 0 'Usage: oomlens daemon' -- daemon -h
check "daemon unknown option → 2" 2 'bogus' -- daemon --bogus
check "daemon --listen=nonsense (= form arrives whole) → 2" 2 "'nonsense' is not HOST:PORT" -- daemon --listen=nonsense
check "daemon positional → 2" 2 'not expected' -- daemon extra
check "daemon --keep-events 0 → 2" 2 'keep-events' -- daemon --keep-events 0

# Same pid: the daemon serves as the process `oomlens daemon` started as.
: > "$T/kmsg"
"$BIN" daemon --listen 127.0.0.1:0 --no-state --kmsg "$T/kmsg" > "$T/d.out" 2> "$T/d.err" &
dpid=$!
for _ in $(seq 100); do grep -q listening "$T/d.out" && break; sleep 0.05; done
grep -q 'listening on http://127.0.0.1:' "$T/d.out"; ok "daemon started through the exec" $?
[ "$(readlink "/proc/$dpid/exe")" = "$(readlink -f "$DAEMON")" ]; ok "pid $dpid is oomlens-daemon" $?
kill -TERM "$dpid"; wait "$dpid"; st=$?; dpid=
[ "$st" -eq 0 ]; ok "SIGTERM to that pid: clean exit 0 (got $st)" $?
if [ $fail -gt 0 ]; then sed 's/^/  daemon: /' "$T/d.out" "$T/d.err" | head -5; fi

# oomlens alone (no oomlens-daemon beside it): 125 and the path looked for.
mkdir "$T/alone"; cp "$BIN" "$T/alone/oomlens"
check_cmd "no oomlens-daemon → 125" 125 "$T/alone/oomlens-daemon not found" -- "$T/alone/oomlens" daemon --help
check_cmd "oomlens alone: other subcommands work" 0 'explain' -- "$T/alone/oomlens" --help

finish daemon_exec
