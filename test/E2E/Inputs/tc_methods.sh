#!/usr/bin/env bash
# tc_methods.sh ORACLE POLYC PROGRAM GRAPH_DIR OUT: compiles PROGRAM once per
# configIntersection method (with a parallel push), runs each on the symmetric
# test graphs and checks every count with the oracle. Exits 1 at the first
# failure.
set -u
oracle=$1 polyc=$2 program=$3 graphs=$4 out=$5
for method in HiroshiIntersection MultiSkipIntersection MultiskipIntersection \
    NaiveIntersection CombinedIntersection BinarySearchIntersection; do
  printf 'program->configApplyParallelization("s1", "dynamic-vertex-parallel")->configIntersection("s2", "%s");\n' \
    "$method" > "$out.$method.sched"
  "$polyc" "$program" -s "$out.$method.sched" -o "$out.$method" || exit 1
  for g in triangles_sym.el simple64_sym.el disconnected_sym.el isolated_sym.el hubs_sym.el; do
    if ! "$out.$method" "$graphs/$g" > "$out.$method.$g.out" ||
        ! eval "$oracle tc \"$graphs/$g\" \"$out.$method.$g.out\""; then
      echo "tc_methods: $method on $g failed" >&2
      exit 1
    fi
  done
done
