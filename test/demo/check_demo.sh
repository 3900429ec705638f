#!/usr/bin/env bash
# ctest `demo`: runs scripts/demo.sh (DEMO_SCALE and POLYC_BUILD_DIR from the
# caller) and checks that it ends with status 0, prints the top-10 table, and
# that the ranks it wrote are PageRank's (test/oracle, NetworkX).
# Usage: check_demo.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src="$1" build="$2"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bash "$src/scripts/demo.sh" > "$out" 2>&1
status=$?
cat "$out"
if ((status != 0)); then
  echo "check_demo: scripts/demo.sh ended with status $status"
  exit 1
fi
rows=$(awk '/== top 10 vertices by rank/ { on = 1; next } on && $1 ~ /^[0-9]+$/' "$out" | wc -l)
if ((rows != 10)); then
  echo "check_demo: expected 10 ranked vertices after the table's heading, found $rows"
  exit 1
fi
graph="$build/demo/kron${DEMO_SCALE:-20}.sg"
python3 "$src/test/oracle/check.py" pr "$graph" "$build/demo/pr.out" || exit 1
echo "check_demo: ok"
