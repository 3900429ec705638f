#!/usr/bin/env bash
# numa_runs.sh ORACLE ALGO PROGRAM GRAPH [SOURCE]: runs PROGRAM on GRAPH with
# POLYRT_NUMA_NODES unset, 1, 2, 3, 4 and 8 and OMP_NUM_THREADS 1, 2 and 5,
# and checks every output with the oracle. Exits 1 at the first failure.
set -u
oracle=$1 algo=$2 program=$3 graph=$4 source=${5:-}
out=$program.numa.out
for nodes in "" 1 2 3 4 8; do
  for threads in 1 2 5; do
    what="POLYRT_NUMA_NODES=${nodes:-unset} OMP_NUM_THREADS=$threads"
    if ! env ${nodes:+POLYRT_NUMA_NODES=$nodes} OMP_NUM_THREADS=$threads \
        "$program" "$graph" $source > "$out"; then
      echo "numa_runs: $program failed with $what" >&2
      exit 1
    fi
    if ! eval "$oracle $algo \"$graph\" \"$out\" ${source:+--source $source}"; then
      echo "numa_runs: wrong answer with $what" >&2
      exit 1
    fi
  done
done
