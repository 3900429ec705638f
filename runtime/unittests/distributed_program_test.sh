#!/bin/sh
# distributed_program_test.sh MPIEXEC PROGRAM RANKS: dist::runMain under mpirun.
# An error on one rank ends the whole run within seconds with that rank's
# message; only rank 0's output is kept; the accounting table is printed.
set -u
mpiexec=$1 program=$2 ranks=$3
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
run() { timeout 60 "$mpiexec" --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" "$program" "$@"; }
fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$dir/out"; echo "--- stderr"; cat "$dir/err"; exit 1; }

start=$(date +%s)
run missing "$dir" >"$dir/out" 2>"$dir/err"
status=$? elapsed=$(($(date +%s) - start))
[ "$status" -ne 0 ] || fail "a missing file on one rank did not fail the run"
[ "$status" -ne 124 ] || fail "the run hung"
[ "$elapsed" -lt 30 ] || fail "the run took ${elapsed}s"
last=$((ranks - 1))
if [ "$ranks" -gt 1 ]; then
  grep -q "^distributed-program: error: rank $last: .*missing.sg" "$dir/err" ||
    fail "no error naming rank $last and the file"
else
  grep -q "^distributed-program: error: .*missing.sg" "$dir/err" || fail "no error naming the file"
  grep -q "error: rank" "$dir/err" && fail "one rank is not named"
fi
grep -q loaded "$dir/out" && fail "a rank went on"

run account "$dir" >"$dir/out" 2>"$dir/err" || fail "the accounting run failed"
[ "$(cat "$dir/out")" = "rank 0 says hello
rank 0 printf" ] || fail "stdout is not rank 0's alone"
grep -q "^polyrt message accounting$" "$dir/err" || fail "no accounting table"
grep -q "^traversal  *rank  *round  *mode  *records  *messages  *bytes  *peers  *bytes/edge$" "$dir/err" ||
  fail "no table header"
rows=$(grep -c "^pr  *[0-9]" "$dir/err")
[ "$rows" -eq $((2 * ranks)) ] || fail "expected $((2 * ranks)) rows, got $rows"
grep -q "^pr  *0  *1 sparse " "$dir/err" || fail "round 1 of rank 0 is not sparse"
grep -q "^pr  *0  *2 dense " "$dir/err" || fail "round 2 of rank 0 is not dense"
grep -q "^pr  *all  *total " "$dir/err" || fail "no total row"
echo PASS
