#!/usr/bin/env bash
# usage: check_copy.sh POLYC ALGO SCHEDULE WORKDIR
#
# A benchmark program (test/benchmarks/programs/ALGO.gt) is its example
# (examples/ALGO.gt) plus lines tagged bench-only (the timer). The rest must be
# identical, in the .gt and in the C++ polyc generates from both with SCHEDULE,
# so that the benchmark measures the example users run. scripts/bench.sh calls
# this before compiling each program; ctest runs it on every one (bench-copy-ALGO).
# Exit 0 when they agree; 1 with the difference in WORKDIR/copy.diff otherwise.
set -uo pipefail
(($# == 4)) || { echo "usage: check_copy.sh POLYC ALGO SCHEDULE WORKDIR" >&2; exit 2; }
polyc="$1" algo="$2" sched="$3" work="$4"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
copy="$root/test/benchmarks/programs/$algo.gt" example="$root/examples/$algo.gt"
mkdir -p "$work" || exit 1

if ! grep -v 'bench-only' "$copy" | diff -u "$example" - >"$work/copy.diff"; then
  echo "$copy differs from examples/$algo.gt beyond its bench-only lines ($work/copy.diff)" >&2
  exit 1
fi
"$polyc" "$example" -s "$sched" --emit=cpp -o "$work/example.cpp" &&
  "$polyc" "$copy" -s "$sched" --emit=cpp -o "$work/copy.cpp" ||
  { echo "polyc --emit=cpp $algo with $(basename "$sched") failed" >&2; exit 1; }
# The checked operations quote their source place ("bfs.gt:23:24"), whose line
# moves with the copy's bench-only lines: compare without line:column.
unplace='s/\(\.gt\):[0-9]*:[0-9]*"/\1"/g'
if ! diff -u -B <(sed "$unplace" "$work/example.cpp") \
    <(grep -v -e 'benchReportSeconds' -e 'polyrt::startTimer();' "$work/copy.cpp" | sed "$unplace") \
    >"$work/copy.diff"; then
  echo "the C++ of $copy differs from examples/$algo.gt's beyond its timer ($work/copy.diff)" >&2
  exit 1
fi
rm -f "$work/example.cpp" "$work/copy.cpp" "$work/copy.diff"
