#!/usr/bin/env bash
# The NUMA benchmark (docs/numa.md): what polyc's NUMA schedules do on this
# machine, measured in one run.
#
#   scripts/bench-numa.sh                  scale 20, everything below
#   BENCH_SCALE=16 scripts/bench-numa.sh   a quick one
#
# 1. Partition balance (polyrt-gen --partition) on the Kronecker graph.
# 2. Access accounting (polyc --account-accesses) of PR, BFS, CC and SSSP on
#    Kronecker and uniform graphs at 2, 4 and 8 emulated nodes (two threads
#    per node): remote and random-remote shares of the benchmark schedule
#    (test/benchmarks/schedules/) against the same schedule plus
#    configApplyNUMA on its pull (merge form where the pull folds).
# 3. Speed: the NUMA schedule against the same schedule without it at one
#    node, and at 2 emulated nodes, interleaved runs, medians (ratios are
#    NUMA time / plain time at one node).
# 4. The barrier microbenchmark (polyrt-barrier-bench).
# 5. Replicated placement: CF (test/benchmarks/programs/cf.gt), whose pull
#    reads the latent vectors of random sources, under its plain pull, the
#    NUMA owner form, and the owner form with latent_vec replicated
#    (examples/schedules/cf_pull_numa.sched): accounting at 2, 4 and 8
#    emulated nodes, then speed at one node and at 2 emulated nodes.
# 6. Update synchronisation: PageRank and PageRank-Delta pushing in parallel
#    (their += shared between threads) and SSSP's push (min=, tracked) under
#    configUpdateSync atomic, lock, htm and merge (htm and merge: reductions
#    only, so not SSSP), at one node and at 2 emulated nodes; ratios to
#    atomic. Without RTM htm is the atomic path plus its probe.
# 7. Per-node frontiers (Polymer's Table 6(a) shape): BFS, CC and SSSP on
#    the 2^(scale/2) x 2^(scale/2) grid and the Kronecker graph under a NUMA
#    hybrid (every variant split over nodes): without configApplyFrontier,
#    with each node's part always a bitmap (Polymer without its adaptive
#    structure), and adaptive, at one node and at 2 and 4 emulated nodes.
# 8. Agents (Polymer's Tables 4 and 5 shape): PR and BFS on the Kronecker
#    graph at 8 emulated nodes (two threads each), the benchmark schedule
#    against its NUMA form on every variant and that plus configApplyAgents:
#    remote / random-remote shares; peak memory (GNU time's maximum RSS) of
#    the NUMA form with and without agents on the Kronecker graph and the
#    grid; speed with and without agents at one node and 2 emulated nodes
#    (every algorithm);
#    agents' rolling walk order against the increasing one at 2 and 8.
#
# Environment: BENCH_SCALE [20], BENCH_RUNS [3], BENCH_ALGOS [pr prdelta bfs
# sssp cc], BENCH_SECTIONS [12345678] (which of the eight to run), BENCH_BUILD [1]
# (0: use the build as is), POLYC_BUILD_DIR [build],
# BENCH_DIR [$POLYC_BUILD_DIR/bench-numa]. A benchmark, never a test: the
# exit status is 1 only when something failed to build or run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"
bench="$root/test/benchmarks"
scale="${BENCH_SCALE:-20}"
runs="${BENCH_RUNS:-3}"
algos="${BENCH_ALGOS:-pr prdelta bfs sssp cc}"
sections="${BENCH_SECTIONS:-12345678}"
section() { [[ "$sections" == *"$1"* ]]; }
work="${BENCH_DIR:-$build/bench-numa}"
[[ "$scale" =~ ^[0-9]+$ && "$runs" =~ ^[0-9]+$ ]] ||
  { echo "bench-numa.sh: BENCH_SCALE and BENCH_RUNS must be numbers" >&2; exit 2; }
if [[ "${BENCH_BUILD:-1}" != 0 ]]; then
  "$root/scripts/build.sh" >/dev/null
fi
polyc="$build/bin/polyc" gen="$build/bin/polyrt-gen"
mkdir -p "$work"
status=0
fail() { echo "bench-numa.sh: FAILED: $*" >&2; status=1; }

echo "polyc NUMA benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)"
echo "machine: $(nproc) cores, $(grep -c . /sys/devices/system/node/online 2>/dev/null || echo 1) real node(s); graphs 2^$scale vertices, 16 edges each, symmetrized"

# ---------------------------------------------------------------- graphs
graph() { # kind ext -> path
  local file="$work/$1$scale.$2" tmp="$work/.tmp-$1$scale.$2"
  if [[ ! -s "$file" ]]; then
    case "$1" in
      kron) "$gen" kron -s "$scale" -d 16 -u -o "$tmp" >/dev/null ;;
      urand) "$gen" uniform -s "$scale" -d 16 -u -o "$tmp" >/dev/null ;;
      grid) "$gen" grid --rows $((1 << (scale / 2))) --cols $((1 << ((scale + 1) / 2))) -u \
              -o "$tmp" >/dev/null ;;
    esac
    mv "$tmp" "$file"
  fi
  echo "$file"
}
c++ -std=c++20 -O3 -fopenmp -I"$root/runtime/include" "$bench/tools/bench_tool.cpp" \
  -o "$work/bench-tool" "$build/lib/libpolyrt.a" -lnuma -lz
source_of() { "$work/bench-tool" sources "$1" 1 27491095; }
ext_of() { [[ "$1" == sssp ]] && echo wsg || echo sg; }

# ---------------------------------------------------------------- schedules
# The benchmark schedule plus NUMA on its pull: the dense pull of a hybrid,
# or the traversal's only variant; a node's threads take chunks of the size
# the schedule gives its pull (the grain), else 64 vertices.
numa_schedule() { # algo -> file
  local base="$bench/schedules/$1.sched" out="$work/$1-numa.sched" dir="" chunk
  grep -q 'SparsePush-DensePull' "$base" && dir=', "DensePull"'
  chunk="$(sed -n 's/.*"dynamic-vertex-parallel", \([0-9][0-9]*\).*/\1/p' "$base" | tail -n 1)"
  { cat "$base"; echo "program->configApplyNUMA(\"s1\", \"dynamic-parallel\"$dir)"
    echo "       ->configNUMAPartition(\"s1\", \"edge-balanced\")"
    echo "       ->configWorkStealing(\"s1\", \"intra-node\", ${chunk:-64});"; } >"$out"
  echo "$out"
}
program() { # algo schedule output [polyc flags...]
  "$polyc" "$bench/programs/$1.gt" -s "$2" --Xcxx="$bench/programs/report.cpp" -o "$3" "${@:4}" ||
    { fail "polyc $1 $(basename "$2") ${*:4}"; return 1; }
}
run() { # env... -- exe graph [source] ; prints kernel seconds
  local envs=() err="$work/err"
  while [[ "$1" != -- ]]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" "$@" >/dev/null 2>"$err" || { fail "$* ($(tail -n 1 "$err"))"; echo nan; return; }
  sed -n 's/^kernel_seconds: //p' "$err"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ---------------------------------------------------------------- 1. partitions
if section 1; then
echo
echo "== 1. Partition balance: the largest node's edges over the mean"
"$gen" --partition "$(graph kron sg)"
fi

# ---------------------------------------------------------------- 2. accounting
if section 2; then
echo
echo "== 2. Access accounting: remote% / random-remote% of all counted accesses"
printf '%-8s %-6s %5s  %-22s %-22s\n' algo graph nodes "plain schedule" "with configApplyNUMA"
for algo in $algos; do
  [[ "$algo" == prdelta ]] && continue # (PR shows the same traversal shape)
  program "$algo" "$bench/schedules/$algo.sched" "$work/$algo-plain-acct" --account-accesses || continue
  program "$algo" "$(numa_schedule "$algo")" "$work/$algo-numa-acct" --account-accesses || continue
  for kind in kron urand; do
    g="$(graph "$kind" "$(ext_of "$algo")")"
    src=()
    [[ "$algo" == bfs || "$algo" == sssp ]] && src=("$(source_of "$g")")
    for nodes in 2 4 8; do
      row=()
      for side in plain numa; do
        env POLYRT_NUMA_NODES="$nodes" OMP_NUM_THREADS=$((2 * nodes)) \
          "$work/$algo-$side-acct" "$g" "${src[@]}" >/dev/null 2>"$work/table" ||
          { fail "$algo $side $kind $nodes"; row+=("failed"); continue; }
        row+=("$(awk '$1 == "program" { printf "%5.1f%% / %5.1f%%", $6, $7 }' "$work/table")")
      done
      printf '%-8s %-6s %5d  %-22s %-22s\n' "$algo" "$kind" "$nodes" "${row[0]}" "${row[1]}"
    done
  done
done

fi

# ---------------------------------------------------------------- 3. speed
if section 3; then
echo
echo "== 3. Speed: kernel seconds, median of $runs interleaved runs, $(nproc) threads"
printf '%-8s %-6s %9s %9s %9s  %-14s %-14s\n' algo graph plain numa numa@2 "numa/plain" "numa@2/plain"
for algo in $algos; do
  program "$algo" "$bench/schedules/$algo.sched" "$work/$algo-plain" || continue
  program "$algo" "$(numa_schedule "$algo")" "$work/$algo-numa" || continue
  for kind in kron urand; do
    g="$(graph "$kind" "$(ext_of "$algo")")"
    src=()
    [[ "$algo" == bfs || "$algo" == sssp ]] && src=("$(source_of "$g")")
    p=() n=() n2=()
    for ((r = 0; r < runs; ++r)); do
      p+=("$(run OMP_WAIT_POLICY=passive -- "$work/$algo-plain" "$g" "${src[@]}")")
      n+=("$(run OMP_WAIT_POLICY=passive -- "$work/$algo-numa" "$g" "${src[@]}")")
      n2+=("$(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=2 -- "$work/$algo-numa" "$g" "${src[@]}")")
    done
    mp="$(median "${p[@]}")" mn="$(median "${n[@]}")" mn2="$(median "${n2[@]}")"
    awk -v a="$algo" -v k="$kind" -v p="$mp" -v n="$mn" -v n2="$mn2" \
      'BEGIN { printf "%-8s %-6s %9.4f %9.4f %9.4f  %-14.2f %-14.2f\n", a, k, p, n, n2, n / p, n2 / p }'
  done
done

fi

# ---------------------------------------------------------------- 4. barrier
if section 4; then
echo
echo "== 4. Barrier: hierarchical against OpenMP's"
"$build/bin/polyrt-barrier-bench"
fi

# ---------------------------------------------------------------- 5. replicated
if section 5; then
echo
echo "== 5. Replicated placement: CF on the uniform graph"
g="$(graph urand wsg)"
owner="$work/cf-owner.sched"
grep -v configDataPlacement "$root/examples/schedules/cf_pull_numa.sched" >"$owner"
variants="plain owner replicated"
schedule_of() { case "$1" in
  plain) echo "$root/examples/schedules/cf_pull_parallel.sched" ;;
  owner) echo "$owner" ;;
  replicated) echo "$root/examples/schedules/cf_pull_numa.sched" ;;
esac; }
printf '%-6s %-22s %-22s %-22s\n' nodes "plain pull" "NUMA owner form" "+ latent_vec replicated"
for v in $variants; do
  program cf "$(schedule_of "$v")" "$work/cf-$v-acct" --account-accesses || continue
done
for nodes in 2 4 8; do
  row=()
  for v in $variants; do
    env POLYRT_NUMA_NODES="$nodes" OMP_NUM_THREADS=$((2 * nodes)) "$work/cf-$v-acct" "$g" \
      >/dev/null 2>"$work/table" || { fail "cf $v $nodes"; row+=("failed"); continue; }
    row+=("$(awk '$1 == "program" { printf "%5.1f%% / %5.1f%%", $6, $7 }' "$work/table")")
  done
  printf '%-6s %-22s %-22s %-22s\n' "$nodes" "${row[@]}"
done
echo "kernel seconds, median of $runs interleaved runs (1 node, then 2 emulated nodes):"
for v in $variants; do
  program cf "$(schedule_of "$v")" "$work/cf-$v" || continue
done
declare -A one two
for ((r = 0; r < runs; ++r)); do
  for v in $variants; do
    one[$v]+=" $(run OMP_WAIT_POLICY=passive -- "$work/cf-$v" "$g")"
    two[$v]+=" $(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=2 -- "$work/cf-$v" "$g")"
  done
done
for v in $variants; do
  # shellcheck disable=SC2086 # the lists are words on purpose
  awk -v v="$v" -v a="$(median ${one[$v]})" -v b="$(median ${two[$v]})" \
    -v p="$(median ${one[plain]})" \
    'BEGIN { printf "%-11s %9.4f %9.4f   (/plain at 1 node: %.2f, %.2f)\n", v, a, b, a / p, b / p }'
done
fi

# ---------------------------------------------------------------- 6. update sync
if section 6; then
echo
echo "== 6. Update synchronisation: pushes, kernel seconds, median of $runs interleaved runs"
printf '%-8s %-6s %-7s %9s %9s   %-22s\n' algo graph sync "1 node" "2 nodes" "/atomic (1 node, 2)"
sync_schedule() { # algo how -> file
  local out="$work/$1-push-$2.sched"
  { echo "schedule:"
    echo "program->configApplyDirection(\"s1\", \"SparsePush\")"
    echo "       ->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")"
    echo "       ->configUpdateSync(\"s1\", \"$2\");"; } >"$out"
  echo "$out"
}
for algo in pr prdelta sssp; do
  [[ "$algo" == sssp ]] && syncs="atomic lock" || syncs="atomic lock htm merge"
  for how in $syncs; do
    program "$algo" "$(sync_schedule "$algo" "$how")" "$work/$algo-push-$how" || continue
  done
  for kind in kron urand; do
    g="$(graph "$kind" "$(ext_of "$algo")")"
    src=()
    [[ "$algo" == sssp ]] && src=("$(source_of "$g")")
    declare -A one=() two=()
    for ((r = 0; r < runs; ++r)); do
      for how in $syncs; do
        one[$how]+=" $(run OMP_WAIT_POLICY=passive -- "$work/$algo-push-$how" "$g" "${src[@]}")"
        two[$how]+=" $(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=2 -- "$work/$algo-push-$how" "$g" "${src[@]}")"
      done
    done
    for how in $syncs; do
      # shellcheck disable=SC2086 # the lists are words on purpose
      awk -v al="$algo" -v k="$kind" -v h="$how" -v a="$(median ${one[$how]})" \
        -v b="$(median ${two[$how]})" -v p="$(median ${one[atomic]})" -v q="$(median ${two[atomic]})" \
        'BEGIN { printf "%-8s %-6s %-7s %9.4f %9.4f   %.2f, %.2f\n", al, k, h, a, b, a / p, b / q }'
    done
  done
done
fi

# ---------------------------------------------------------------- 7. frontiers
if section 7; then
echo
echo "== 7. Per-node frontiers: NUMA hybrids, kernel seconds, median of $runs interleaved runs"
echo "   global: no configApplyFrontier; bitmap: each node's part always a bitmap (Polymer"
echo "   without its adaptive structure); adaptive: per node, queues or a bitmap by active edges"
printf '%-6s %-6s %-6s %9s %9s %9s   %s\n' algo graph nodes global bitmap adaptive \
  "adaptive/bitmap adaptive/global"
frontier_schedule() { # name [extra call] -> file
  local out="$work/frontier-$1.sched"
  { echo "schedule:"
    echo "program->configApplyDirection(\"s1\", \"SparsePush-DensePull\")"
    echo "       ->configApplyParallelization(\"s1\", \"dynamic-vertex-parallel\")"
    echo "       ->configApplyNUMA(\"s1\", \"dynamic-parallel\")"
    echo "       ->configNUMAPartition(\"s1\", \"edge-balanced\")${2:-};"; } >"$out"
  echo "$out"
}
for algo in bfs cc sssp; do
  program "$algo" "$(frontier_schedule global)" "$work/$algo-frontier-global" || continue
  program "$algo" "$(frontier_schedule bitmap '->configApplyFrontier("s1", "bitvector")')" \
    "$work/$algo-frontier-bitmap" || continue
  program "$algo" "$(frontier_schedule adaptive '->configApplyFrontier("s1", "adaptive")')" \
    "$work/$algo-frontier-adaptive" || continue
  for kind in grid kron; do
    g="$(graph "$kind" "$(ext_of "$algo")")"
    src=()
    [[ "$algo" == bfs || "$algo" == sssp ]] && src=("$(source_of "$g")")
    for nodes in 1 2 4; do
      declare -A times=()
      for ((r = 0; r < runs; ++r)); do
        for how in global bitmap adaptive; do
          times[$how]+=" $(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=$nodes -- \
            "$work/$algo-frontier-$how" "$g" "${src[@]}")"
        done
      done
      # shellcheck disable=SC2086 # the lists are words on purpose
      awk -v al="$algo" -v k="$kind" -v n="$nodes" -v a="$(median ${times[global]})" \
        -v b="$(median ${times[bitmap]})" -v c="$(median ${times[adaptive]})" \
        'BEGIN { printf "%-6s %-6s %-6s %9.4f %9.4f %9.4f   %.2f %.2f\n", al, k, n, a, b, c, c / b, c / a }'
    done
  done
done
fi

# ---------------------------------------------------------------- 8. agents
if section 8; then
echo
echo "== 8. Agents: PR and BFS, the NUMA form of every variant with and without configApplyAgents"
# The NUMA form of every variant (section 2's form names a hybrid's pull
# only), so that with agents every traversal walks the node parts and the
# graph's own edges are placed on the nodes at load (edge-placement pass).
numa_everywhere_schedule() { # algo -> file
  local out="$work/$1-numa-everywhere.sched"
  sed 's/"dynamic-parallel", "DensePull")/"dynamic-parallel")/' "$(numa_schedule "$1")" >"$out"
  echo "$out"
}
agents_schedule() { # algo -> file
  local out="$work/$1-agents.sched"
  { cat "$(numa_everywhere_schedule "$1")"; echo 'program->configApplyAgents("s1", "on");'; } >"$out"
  echo "$out"
}
# Sets g to the graph of that kind and src to the program arguments after
# it (BFS's source).
bench_input() { # algo kind
  g="$(graph "$2" "$(ext_of "$1")")"
  src=()
  [[ "$1" == bfs || "$1" == sssp ]] && src=("$(source_of "$g")")
  return 0
}
echo "accounting at 8 emulated nodes, remote% / random-remote%:"
printf '%-6s %-6s %-22s %-22s %-22s\n' algo graph "plain schedule" "NUMA" "NUMA + agents"
for algo in pr bfs; do
  program "$algo" "$bench/schedules/$algo.sched" "$work/$algo-plain-acct" --account-accesses || continue
  program "$algo" "$(numa_everywhere_schedule "$algo")" "$work/$algo-numa-acct" --account-accesses || continue
  program "$algo" "$(agents_schedule "$algo")" "$work/$algo-agents-acct" --account-accesses || continue
  bench_input "$algo" kron
  row=()
  for side in plain numa agents; do
    env POLYRT_NUMA_NODES=8 OMP_NUM_THREADS=16 "$work/$algo-$side-acct" "$g" "${src[@]}" \
      >/dev/null 2>"$work/table" || { fail "$algo $side accounting"; row+=("failed"); continue; }
    row+=("$(awk '$1 == "program" { printf "%5.1f%% / %5.1f%%", $6, $7 }' "$work/table")")
  done
  printf '%-6s %-6s %-22s %-22s %-22s\n' "$algo" kron "${row[@]}"
done
echo "peak memory at 8 emulated nodes (maximum RSS, MiB):"
printf '%-6s %-6s %9s %9s   %s\n' algo graph NUMA "+ agents" "increase"
for algo in pr bfs; do
  program "$algo" "$(numa_everywhere_schedule "$algo")" "$work/$algo-numa" || continue
  program "$algo" "$(agents_schedule "$algo")" "$work/$algo-agents" || continue
  for kind in kron grid; do
    bench_input "$algo" "$kind"
    mem=()
    for side in numa agents; do
      env POLYRT_NUMA_NODES=8 OMP_NUM_THREADS=16 /usr/bin/time -f "%M" -o "$work/rss" \
        "$work/$algo-$side" "$g" "${src[@]}" >/dev/null 2>/dev/null || fail "$algo $side memory"
      mem+=("$(tail -n 1 "$work/rss")")
    done
    # The agents' share: their lists, as the placement reports them.
    lists="$(env POLYRT_VERBOSE=1 POLYRT_NUMA_NODES=8 OMP_NUM_THREADS=16 "$work/$algo-agents" "$g" \
      "${src[@]}" 2>&1 >/dev/null | sed -n 's/.*lists: .* vertices, .* of them agents; \(.*\)/\1/p')"
    awk -v al="$algo" -v k="$kind" -v a="${mem[0]}" -v b="${mem[1]}" -v l="${lists:-no lists}" \
      'BEGIN { printf "%-6s %-6s %9.1f %9.1f   %+.1f%%   (lists %s)\n", al, k, a / 1024, b / 1024, 100 * (b - a) / a, l }'
  done
done
echo "kernel seconds, median of $runs interleaved runs (1 node, then 2 emulated nodes):"
for algo in $algos; do
  if [[ "$algo" != pr && "$algo" != bfs ]]; then # (built above)
    program "$algo" "$(numa_everywhere_schedule "$algo")" "$work/$algo-numa" || continue
    program "$algo" "$(agents_schedule "$algo")" "$work/$algo-agents" || continue
  fi
  bench_input "$algo" kron
  declare -A one=() two=()
  for ((r = 0; r < runs; ++r)); do
    for side in numa agents; do
      one[$side]+=" $(run OMP_WAIT_POLICY=passive -- "$work/$algo-$side" "$g" "${src[@]}")"
      two[$side]+=" $(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=2 -- "$work/$algo-$side" "$g" "${src[@]}")"
    done
  done
  # shellcheck disable=SC2086 # the lists are words on purpose
  awk -v al="$algo" -v a="$(median ${one[numa]})" -v b="$(median ${one[agents]})" \
    -v c="$(median ${two[numa]})" -v d="$(median ${two[agents]})" \
    'BEGIN { printf "%-6s NUMA %.4f / %.4f, + agents %.4f / %.4f (agents/NUMA: %.2f, %.2f)\n", al, a, c, b, d, b / a, d / c }'
done
echo "agents' walk order, kernel seconds, median of $runs interleaved runs: rolling / increasing (POLYRT_AGENT_ORDER)"
for algo in pr bfs; do
  bench_input "$algo" kron
  for nodes in 2 8; do
    declare -A order=()
    for ((r = 0; r < runs; ++r)); do
      for how in rolling increasing; do
        order[$how]+=" $(run OMP_WAIT_POLICY=passive POLYRT_NUMA_NODES=$nodes POLYRT_AGENT_ORDER=$how \
          -- "$work/$algo-agents" "$g" "${src[@]}")"
      done
    done
    # shellcheck disable=SC2086 # the lists are words on purpose
    awk -v al="$algo" -v n="$nodes" -v a="$(median ${order[rolling]})" -v b="$(median ${order[increasing]})" \
      'BEGIN { printf "%-6s %d nodes: %.4f / %.4f (rolling/increasing: %.2f)\n", al, n, a, b, a / b }'
  done
done
fi
exit "$status"
