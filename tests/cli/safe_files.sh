#!/usr/bin/env bash
# Issue 21, item 2: files nobody can redirect. A shared, non-sticky record
# directory where another user planted symlinks under the default record
# names of the next seconds (and their first suffixes), all pointing at a
# file root must not overwrite; explicit paths that are symlinks, a
# directory, a FIFO and /dev/null.
# usage: safe_files.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$(realpath "$1")
T=$(mktemp -d)
chmod 777 "$T"  # shared and not sticky: anyone may plant names here
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"

echo precious >"$T/victim"
victim_intact() { [ "$(cat "$T/victim")" = precious ]; }
# The names `oomlens run -- true` will choose during the next 120 s (it names
# the record by the local time it starts; 120 s so a loaded machine that starts
# it late still finds them planted), plus their "-1" suffix. One reading of
# the clock: each `date -d "+N sec"` read it anew, and a second
# boundary between two of them left a second unplanted.
now=$(date +%s)
for n in $(seq 0 120); do
  stamp=$(date -d "@$((now + n))" +%Y%m%d-%H%M%S)
  ln -sf "$T/victim" "$T/oomlens-true-$stamp.jsonl"
  ln -sf "$T/victim" "$T/oomlens-true-$stamp-1.jsonl"
done
check_cmd default-name-planted 0 "recording to oomlens-true-[0-9-]+-2\.jsonl" -- sh -c "cd '$T' && exec '$BIN' run -- true"
victim_intact; ok default-name-victim-intact $?
rec=$(ls "$T"/oomlens-true-*-2.jsonl 2>/dev/null | head -1)
{ [ -n "$rec" ] && [ -f "$rec" ] && [ ! -L "$rec" ] && head -1 "$rec" | grep -q '"type":"header"'; }; ok default-name-took-a-suffix $?

ln -s "$T/victim" "$T/link.jsonl"
check explicit-symlink-refused   125 "symbolic link"   -- run --record "$T/link.jsonl" -- true
victim_intact; ok explicit-symlink-victim-intact $?
check verdict-json-symlink       0   "symbolic link"   -- run --record "$T/r.jsonl" --verdict-json "$T/link.jsonl" -- true
victim_intact; ok verdict-json-victim-intact $?
mkdir "$T/dir"
check record-is-a-directory      125 "not a regular file|Is a directory" -- run --record "$T/dir" -- true
check record-dev-null            0   ""                -- run --record /dev/null -- true
mkfifo "$T/fifo"
timeout 30 cat "$T/fifo" >"$T/from-fifo" &  # bounded: a failed run never opens it
check record-fifo                0   ""                -- run --record "$T/fifo" -- true
wait
head -1 "$T/from-fifo" | grep -q '"type":"header"'; ok record-fifo-carried-the-record $?
check explicit-regular-truncated 0   ""                -- run --record "$T/r.jsonl" -- true
[ "$(grep -c '"type":"header"' "$T/r.jsonl")" = 1 ]; ok explicit-regular-truncated-once $?
printf '%s\n' '{"type":"header","schema_version":1,"command":["x"]}' '{"type":"sample","t_s":0.5,"tree":{"pss_bytes":1000}}' >"$T/s.jsonl"
ln -s "$T/victim" "$T/link.svg"
check plot-output-symlink        2   "symbolic link"   -- plot "$T/s.jsonl" -o "$T/link.svg"
victim_intact; ok plot-victim-intact $?

finish safe_files
