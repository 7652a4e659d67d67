#!/usr/bin/env bash
# The docs name exactly the subcommands and options the binary has
# (docs_match_help.py says how). Usage: docs_match_help.sh OOMLENS SOURCE_DIR
set -euo pipefail
exec python3 "$(dirname "$0")/docs_match_help.py" "$1" "$2"
