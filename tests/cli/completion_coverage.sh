#!/usr/bin/env bash
# Generated completions list every option of every subcommand and work in
# bash, zsh and fish (completion_coverage.py). Usage: completion_coverage.sh OOMLENS SOURCE_DIR
set -euo pipefail
exec python3 "$(dirname "$0")/completion_coverage.py" "$1"
