#!/usr/bin/env bash
# Black-box tests of `oomlens sweep` and `oomlens run --restart-on-oom` bad
# input: a table of invocations with the expected exit status and message.
# Nothing here runs a point or a job (each is refused before).
# usage: sweep_cli.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"

D="--dir $T/sweep"
check sweep-name-missing        2 '\{w\} is not in the command'   -- sweep $D --param w=1,2 -- echo hello
check sweep-no-values           2 'no values'                      -- sweep $D --param w= -- echo {w}
check sweep-empty-value         2 'an empty value'                 -- sweep $D --param w=1,,2 -- echo {w}
check sweep-no-equals           2 'give NAME=V1,V2'                -- sweep $D --param w -- echo {w}
check sweep-duplicate           2 'given twice'                    -- sweep $D --param w=1 --param w=2 -- echo {w}
check sweep-no-param            2 'no --param'                     -- sweep $D -- echo hi
check sweep-no-command          2 'no command'                     -- sweep $D --param w=1
check sweep-bad-name            2 'the name must be'               -- sweep $D --param 1w=1 -- echo {1w}
check sweep-65-points           2 '65 points is more than 64: at least 65 min at --for 60s' \
                                                                   -- sweep $D --for 60s --param a=$(seq -s, 1 13) --param b=1,2,3,4,5 -- echo {a} {b}
check sweep-65-without-for      2 'each runs to its end'           -- sweep $D --param a=$(seq -s, 1 65) -- echo {a}
check sweep-predict-unknown     2 'no --param x was swept'         -- sweep $D --param w=1,2 --predict x=3 -- echo {w}
check sweep-output-ext          2 'must end in .svg or .html'      -- sweep $D --param w=1,2 -o $T/x.png -- echo {w}
check sweep-bad-for             2 "--for '5q' has an unknown unit" -- sweep $D --for 5q --param w=1 -- echo {w}
check sweep-grace-without-for   2 '--grace needs --for'            -- sweep $D --grace 5s --param w=1 -- echo {w}
check sweep-bad-limit           2 'share over 100'                 -- sweep $D --limit 150% --param w=1 -- echo {w}
check sweep-bad-budget          2 "^oomlens sweep: --budget '-5' must be above zero$" -- sweep $D --budget -5 --param w=1 -- echo {w}
check sweep-output-ext-case     2 'no --param'                     -- sweep $D -o $T/x.SVG -- echo hi
check sweep-unknown-option      2 "unknown option '--frob'"        -- sweep $D --frob --param w=1
[ ! -e "$T/sweep" ]; ok "no sweep directory is made for bad input" $?

R="--record $T/r.jsonl"
check restart-zero              2 '--restart-on-oom 0: give N of at least 1' -- run $R --restart-on-oom 0 -- true
check restart-negative          2 'at least 1'                     -- run $R --restart-on-oom -2 -- true
check restart-on-without        2 '--restart-on needs --restart-on-oom' -- run $R --restart-on any -- true
check backoff-without           2 '--backoff needs --restart-on-oom' -- run $R --backoff 5s -- true
check limit-step-without        2 '--limit-step needs --restart-on-oom' -- run $R --limit 64M --limit-step 20% -- true
check limit-step-no-limit       2 '--limit-step needs --limit'     -- run $R --restart-on-oom 2 --limit-step 20% -- true
check limit-step-bad            2 'not a percentage'               -- run $R --restart-on-oom 2 --limit 64M --limit-step x -- true
check restart-on-bad            2 "neither 'oom'"                  -- run $R --restart-on-oom 2 --restart-on segv -- true
check restart-with-pid          2 'cannot be used with --restart-on-oom' -- run $R --pid 1 --restart-on-oom 2
[ ! -e "$T/r.jsonl" ]; ok "no record is written for bad input" $?
finish sweep_cli
