#!/usr/bin/env bash
# Issue 21, item 4: a job whose argv and comm carry escape sequences (a
# title-setting OSC, a screen clear, a forged `oomlens: verdict: oom_killed`
# line, a bidi override). run's summary, report and plot must show them
# escaped: no control byte reaches the terminal or the SVG, no line is
# forged, and the SVG parses as XML.
# usage: hostile_names.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$(realpath "$1")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"

ESC=$(printf '\033')
EVIL=$(printf '\033]0;pwned\007\033[2J\noomlens: verdict: oom_killed (high confidence)\n\342\200\256txt')
# The comm is the executable's name (its first 15 bytes): a copy of sleep
# named with an escape sequence, alive long enough to be sampled (1 Hz).
NAME=$(printf 'x\033[2J\033]0;t\007')
cp "$(command -v sleep)" "$T/$NAME"
clean() {  # $1: a file of output; no ESC/BEL/C1 byte, no forged line
  ! grep -q "[$ESC$(printf '\007')]" "$1" && ! LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1" &&
    ! grep -q '^oomlens: verdict: oom_killed' "$1"
}
check_cmd run-summary 0 'x0a|x1b' -- "$BIN" run --record "$T/r.jsonl" -- sh -c '"$0" 1.5' "$T/$NAME" "$EVIL"
clean "$T/err"; ok run-summary-escaped $?
grep -q 'verdict: exited' "$T/err"; ok run-summary-has-the-real-verdict $?
check report 0 'x1b\]0;pwned' -- report "$T/r.jsonl"
clean "$T/out"; ok report-escaped $?
grep -q 'u202etxt' "$T/out"; ok report-bidi-neutralised $?
check plot-svg 0 "" -- plot "$T/r.jsonl" -o "$T/p.svg"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$T/p.svg"; ok plot-svg-is-xml $?
! LC_ALL=C grep -q "[$(printf '\001-\010\013\014\016-\037')]" "$T/p.svg"; ok plot-svg-no-control-bytes $?
check plot-html 0 "" -- plot "$T/r.jsonl" -o "$T/p.html"
! LC_ALL=C grep -q "[$(printf '\001-\010\013\014\016-\037')]" "$T/p.html"; ok plot-html-no-control-bytes $?

finish hostile_names
