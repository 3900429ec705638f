#!/usr/bin/env bash
# The polyc demo: installs what building polyc needs, builds polyc, polyrt and
# polyrt-gen (not the tests or the sanitized tree: scripts/test.sh builds
# those), generates a Kronecker graph (Graph500 parameters, 2^20 vertices,
# undirected), compiles examples/pr.gt with a parallel pull schedule, runs it
# and prints the time and the top 10 vertices.
# DEMO_SCALE overrides the graph's scale (default 20).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"
scale="${DEMO_SCALE:-20}"
schedule="$root/examples/schedules/pr_pull_parallel.sched"

"$root/scripts/install-deps.sh" --build-only
# (A build directory configured before, by scripts/build.sh with its sanitized
# tree, is used as it is: the build below configures it again if it must.)
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPOLYC_SANITIZED_BUILD=OFF >/dev/null
fi
cmake --build "$build" --target polyc polyrt polyrt-gen
demo="$build/demo"
mkdir -p "$demo"
graph="$demo/kron$scale.sg"

echo
if [[ ! -s "$graph" ]]; then
  echo "== polyrt-gen kron -s $scale -u -o $graph"
  "$build/bin/polyrt-gen" kron -s "$scale" -u -o "$graph"
else
  echo "== using $graph (generated earlier)"
fi

echo "== polyc examples/pr.gt -s ${schedule#$root/} -o $demo/pr"
cat "$schedule"
"$build/bin/polyc" "$root/examples/pr.gt" -s "$schedule" -o "$demo/pr"

echo "== POLYRT_VERBOSE=1 $demo/pr $graph  (ranks written to $demo/pr.out)"
TIMEFORMAT="wall time: %3R s (user %3U s, sys %3S s)"
time POLYRT_VERBOSE=1 "$demo/pr" "$graph" > "$demo/pr.out"

echo "== top 10 vertices by rank"
# pr prints one rank per line in vertex order: line i+1 is vertex i.
# (awk stops printing after 10 but reads everything: `head` would close the
# pipe early, and sort's SIGPIPE would fail the script under pipefail.)
awk '{ printf "%d %s\n", NR - 1, $1 }' "$demo/pr.out" | sort -k2,2gr -k1,1n |
  awk 'BEGIN { printf "%6s  %10s  %s\n", "rank#", "vertex", "pagerank" }
       NR <= 10 { printf "%6d  %10d  %s\n", NR, $1, $2 }'
