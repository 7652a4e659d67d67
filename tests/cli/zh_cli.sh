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
finish zh_cli
