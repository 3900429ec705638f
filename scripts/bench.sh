#!/usr/bin/env bash
# The polyc benchmark (docs/benchmarks.md): polyc's best schedule per algorithm
# against hand-written OpenMP kernels (test/benchmarks/baselines/), on a
# Kronecker graph, a uniform-random graph and a 2D grid, plus compile latency.
#
#   scripts/bench.sh                   the full benchmark (scale 22, 5 runs)
#   BENCH_SCALE=18 scripts/bench.sh    a quick one
#   scripts/bench.sh --try-schedules   polyc alone under every schedule of
#                                      examples/schedules/ (to choose the ones
#                                      in test/benchmarks/schedules/)
#   scripts/bench.sh --numa            the NUMA benchmark (scripts/bench-numa.sh:
#                                      NUMA schedules against the same without
#                                      NUMA at one and two nodes, accounting,
#                                      partitions, barrier; docs/numa.md)
#
# Environment (defaults in brackets):
#   BENCH_SCALE [22]      graphs of 2^SCALE vertices: kron and urand with 16
#                         edges per vertex (symmetrized), a 2^(S/2) x 2^(S/2)
#                         grid (rows 2^floor(S/2), columns 2^ceil(S/2)); tc and
#                         kcore_ordered read the same graphs without self-loops and
#                         duplicate edges (GBBS's KCore counts the CSR's repeats and
#                         self-loops in a degree, and answered 221 on kron12 where
#                         polyc's kcore answered 205: on the simple graph they agree)
#   BENCH_RUNS [5]        runs of each side, interleaved (polyc, baseline, peers...; each
#                         round starts one side later than the one before)
#   BENCH_SOURCES [2]     BFS/SSSP sources per graph (seeded random choice
#                         among vertices with out-edges and a non-trivial reach)
#   BENCH_BUDGET [600]    seconds per algorithm x graph: once spent, no new
#                         run pair starts after the third (Bellman-Ford on the
#                         grid takes minutes per source)
#   BENCH_SEED [27491095] that seed
#   BENCH_ALGOS [pr pr_float prdelta bfs sssp sssp_delta cc cc_afforest kcore_ordered tc bc]
#   BENCH_GRAPHS [kron urand grid]
#   BENCH_COMPILE_RUNS [3]  compile-latency runs per example (0: skip)
#   BENCH_CC_SHORTCUT [0] 1: the cc baseline also shortcuts (pointer jumping),
#                         a different algorithm than cc.gt's (see cc.cpp)
#   BENCH_SSSP_DELTAS [kron=2/2/1 urand=4/4/4 grid=128/128/128]
#                         sssp_delta's bucket width per graph, polyc's/the
#                         baseline's[/the peer's, else the baseline's]: each
#                         side's best measured one (docs/benchmark-log/);
#                         polyc's schedule reads it from argv[3], the baseline
#                         from its third argument
#   BENCH_GAPBS_DIR       a GAPBS build of the user's own (github.com/sbeamer/gapbs,
#                         `make`): its kernels run as a third side, interleaved on
#                         the same .sg/.wsg files (GAPBS reads them): bfs, pr, cc,
#                         tc and bc beside polyc's (pr_spmv too, if built; pr and
#                         pr_spmv beside pr_float too), cc (Afforest) beside
#                         cc_afforest too, sssp beside sssp_delta
#                         (`sssp -f G -r SOURCE -d DELTA -n 1 -v`); its time is its
#                         "Trial Time", its answer checked by its own verifier
#   BENCH_LIGRA_DIR       a Ligra build of the user's (github.com/jshun/ligra, `make
#                         OPENMP=1 BFS PageRank PageRankDelta Components Triangle BC` in apps/;
#                         its default 32-bit build): the directory holding those
#                         binaries. They run interleaved beside polyc's bfs, pr and
#                         pr_float (-maxiters 20), prdelta (-maxiters 10), cc and cc_afforest,
#                         tc and bc on each
#                         graph converted to Ligra's binary format (polyrt-gen
#                         convert G.sg -o G.ligra; run with -b -s -rounds 1); the
#                         time is its "Running time". Ligra prints no answers but
#                         Triangle's count (checked with polyc's), so the other
#                         rows say unchecked
#   BENCH_GRAPHIT_DIR     a GraphIt checkout of the user's (github.com/GraphIt-DSL/graphit)
#                         built in its build/ directory as its README says (cmake ..,
#                         make graphitc graphitlib copy_graphitc_py). GraphIt
#                         compiles the same benchmark programs (bfs, pr, pr_float, prdelta, cc,
#                         kcore_ordered, tc, bc) with polyc's schedules, or with
#                         test/benchmarks/graphit/ALGO.sched where GraphIt's schedule
#                         language differs, and they run interleaved as a peer; their
#                         outputs are checked with polyc's and the baseline's
#   BENCH_GBBS_DIR        a directory of GBBS benchmark binaries the user built
#                         (github.com/ParAlg/gbbs; docs/benchmarks.md gives the g++
#                         commands): BFS, PageRank, Connectivity, DeltaStepping,
#                         Triangle, KCore, SSBetweennessCentrality. They run beside
#                         bfs, pr and pr_float (-iters 20 -eps 0: 20 Jacobi rounds),
#                         cc and cc_afforest, sssp_delta (-delta: the peer's delta),
#                         tc, kcore_ordered and bc (single source) on each graph
#                         converted to GBBS's AdjacencyGraph text (polyrt-gen convert
#                         G.sg -o G.adj; -s -rounds 1, PARLAY_NUM_THREADS from
#                         OMP_NUM_THREADS); the time is its "Running Time"; the
#                         component count (-stats), k_max and triangle count are
#                         checked with polyc's answer, the rest unchecked
#   BENCH_GALOIS_DIR      a Galois build of the user's (its CMake build directory,
#                         shared memory only; docs/benchmarks.md): Lonestar's
#                         bfs-directionopt-cpu, pagerank-pull-cpu (-algo=Topo,
#                         -maxIterations=20 -tolerance=0: the same 20 rounds),
#                         connected-components-cpu, sssp-cpu (its own delta),
#                         triangle-counting-cpu and betweennesscentrality-cpu
#                         (-algo=Level -singleSource) beside the same algorithms,
#                         on each graph converted to Galois's binary graph (G.galois,
#                         G.wgalois; -symmetricGraph -t THREADS); the time is its
#                         Timer_0 (milliseconds; for triangles plus its
#                         GraphRelabelTimer, the degree relabelling it does while
#                         loading, which polyc's tc times); the component and triangle counts
#                         are checked with polyc's. Its k-core answers "is v in the
#                         k-core" for one k, not core numbers: not run
#   BENCH_BUILD [1]       0: do not run scripts/build.sh (use the build as is)
#   POLYC_BUILD_DIR [build]  the build; graphs and binaries go to its bench/
#   BENCH_DIR [$POLYC_BUILD_DIR/bench]
#   OMP_NUM_THREADS etc.  passed to both sides unchanged (on a machine others
#                         use at the same time: OMP_WAIT_POLICY=passive)
#
# Exit status: 0 when everything ran and every pair of outputs agreed (missed
# speed or latency targets are reported, not failures); 1 when something failed
# to build or run, or outputs disagreed; 2 for bad usage.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"
bench="$root/test/benchmarks"
scale="${BENCH_SCALE:-22}"
runs="${BENCH_RUNS:-5}"
nsources="${BENCH_SOURCES:-2}"
budget="${BENCH_BUDGET:-600}"
seed="${BENCH_SEED:-27491095}"
algos="${BENCH_ALGOS:-pr pr_float prdelta bfs sssp sssp_delta cc cc_afforest kcore_ordered tc bc}"
graphs="${BENCH_GRAPHS:-kron urand grid}"
compile_runs="${BENCH_COMPILE_RUNS:-3}"
cc_shortcut="${BENCH_CC_SHORTCUT:-0}"
sssp_deltas="${BENCH_SSSP_DELTAS:-kron=2/2/1 urand=4/4/4 grid=128/128/128}"
gapbs_dir="${BENCH_GAPBS_DIR:-}"
ligra_dir="${BENCH_LIGRA_DIR:-}"
graphit_dir="${BENCH_GRAPHIT_DIR:-}"
gbbs_dir="${BENCH_GBBS_DIR:-}"
galois_dir="${BENCH_GALOIS_DIR:-}"
work="${BENCH_DIR:-$build/bench}"
target_ratio=1.10
target_compile=3

mode=bench
case "${1:-}" in
  "") ;;
  --try-schedules) mode=schedules ;;
  --numa) exec "$(dirname "${BASH_SOURCE[0]}")/bench-numa.sh" ;;
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
  *) echo "bench.sh: unknown argument '$1' (--try-schedules, --help)" >&2; exit 2 ;;
esac
for n in "$scale" "$runs" "$nsources" "$compile_runs" "$budget"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "bench.sh: '$n' is not a number" >&2; exit 2; }
done
((runs >= 1 && nsources >= 1 && scale >= 4)) ||
  { echo "bench.sh: BENCH_RUNS and BENCH_SOURCES must be >= 1, BENCH_SCALE >= 4" >&2; exit 2; }

started_at="$(date -u '+%Y-%m-%d %H:%M UTC')"
started_load="$(cut -d' ' -f1-3 /proc/loadavg)"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
git -C "$root" diff --quiet HEAD -- 2>/dev/null || commit+=" plus uncommitted changes"
status=0
failures=()
fail() { # records a failure; the benchmark goes on
  echo "bench.sh: FAILED: $*" >&2
  failures+=("$*")
  status=1
}
note() { echo "== $*" >&2; }

# ---------------------------------------------------------------- build
if [[ "${BENCH_BUILD:-1}" != 0 ]]; then
  note "building (scripts/build.sh)"
  POLYC_BUILD_DIR="$build" "$root/scripts/build.sh"
fi
polyc="$build/bin/polyc"
gen="$build/bin/polyrt-gen"
for f in "$polyc" "$gen" "$build/lib/libpolyrt.a"; do
  [[ -e "$f" ]] || { echo "bench.sh: $f is missing: build first (or BENCH_BUILD=1)" >&2; exit 1; }
done
# The C++ compiler polyc uses by default (the one it was built with).
cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)"
cxx="${cxx:-c++}"
bin="$work/bin"
mkdir -p "$work/graphs" "$bin"

# ---------------------------------------------------------------- graphs
rows=$((1 << (scale / 2)))
cols=$((1 << ((scale + 1) / 2)))
graph_name() { # kind -> file stem
  case "$1" in
    kron) echo "kron$scale" ;;
    urand) echo "urand$scale" ;;
    grid) echo "grid${rows}x${cols}" ;;
    *) echo "bench.sh: unknown graph '$1' (kron, urand, grid)" >&2; exit 2 ;;
  esac
}
make_graph() { # kind ext
  local stem file tmp
  stem="$(graph_name "$1")"
  file="$work/graphs/$stem.$2"
  if [[ -s "$file" ]]; then
    return
  fi
  tmp="$work/graphs/.tmp-$stem.$2"
  note "generating $file"
  local simple=()
  [[ "$2" == simple.* ]] && simple=(--simple)
  case "$1" in
    kron) "$gen" kron -s "$scale" -d 16 -u "${simple[@]}" -o "$tmp" ;;
    urand) "$gen" uniform -s "$scale" -d 16 -u "${simple[@]}" -o "$tmp" ;;
    grid) "$gen" grid --rows "$rows" --cols "$cols" -u "${simple[@]}" -o "$tmp" ;;
  esac
  mv "$tmp" "$file"
}
# Triangle counting needs a simple graph (tc.gt's contract), and k-core is
# defined on one: the same graph without self-loops and duplicate edges, a
# file of its own.
graph_ext() {
  case "$1" in
    sssp*) echo wsg ;;
    tc|kcore_ordered) echo simple.sg ;;
    *) echo sg ;;
  esac
}
# The arguments after the source that side (1: polyc, 2: the baseline) of an
# algorithm takes on a graph kind: sssp_delta's delta.
side_args() { # algo kind side (3: the peer, the baseline's unless given)
  [[ "$1" == sssp_delta ]] || return 0
  local entry deltas
  for entry in $sssp_deltas; do
    if [[ "${entry%%=*}" == "$2" ]]; then
      deltas="${entry#*=}"
      if (($3 == 3)); then
        [[ "$deltas" == */*/* ]] && cut -d/ -f3 <<<"$deltas" || cut -d/ -f2 <<<"$deltas"
      else
        cut -d/ -f"$3" <<<"$deltas"
      fi
      return 0
    fi
  done
  echo "bench.sh: BENCH_SSSP_DELTAS ('$sssp_deltas') has no delta for $2" >&2
  exit 2
}
needs_source() { [[ "$1" == bfs || "$1" == bc || "$1" == sssp* ]]; }
# Betweenness counts shortest paths in doubles: on the grid they overflow (from
# a corner of a 1024x1024 grid to the other, C(2046, 1023), about 10^614), and
# every side's answer holds inf and nan. It runs on the other graphs only.
runs_on() { [[ "$1" != bc || "$2" != grid ]]; }
# The peers' binaries for an algorithm, one "peer binary" line each, from
# BENCH_GAPBS_DIR and BENCH_LIGRA_DIR.
peers_of() { # algo
  if [[ -n "$gapbs_dir" ]]; then
    case "$1" in
      bfs|pr|cc|tc|bc) echo "gapbs $gapbs_dir/$1" ;;&
      pr_float) echo "gapbs $gapbs_dir/pr" ;;&
      pr|pr_float) [[ -x "$gapbs_dir/pr_spmv" ]] && echo "gapbs $gapbs_dir/pr_spmv" ;;
      cc_afforest) echo "gapbs $gapbs_dir/cc" ;;
      sssp_delta) echo "gapbs $gapbs_dir/sssp" ;;
    esac
  fi
  if [[ -n "$ligra_dir" ]]; then
    case "$1" in
      bfs) echo "ligra $ligra_dir/BFS" ;;
      pr|pr_float) echo "ligra $ligra_dir/PageRank" ;;
      prdelta) echo "ligra $ligra_dir/PageRankDelta" ;;
      cc|cc_afforest) echo "ligra $ligra_dir/Components" ;;
      tc) echo "ligra $ligra_dir/Triangle" ;;
      bc) echo "ligra $ligra_dir/BC" ;;
    esac
  fi
  if [[ -n "$gbbs_dir" ]]; then
    case "$1" in
      bfs) echo "gbbs $gbbs_dir/BFS" ;;
      pr|pr_float) echo "gbbs $gbbs_dir/PageRank" ;;
      cc|cc_afforest) echo "gbbs $gbbs_dir/Connectivity" ;;
      sssp_delta) echo "gbbs $gbbs_dir/DeltaStepping" ;;
      tc) echo "gbbs $gbbs_dir/Triangle" ;;
      kcore_ordered) echo "gbbs $gbbs_dir/KCore" ;;
      bc) echo "gbbs $gbbs_dir/SSBetweennessCentrality" ;;
    esac
  fi
  if [[ -n "$galois_dir" ]]; then
    local lonestar="$galois_dir/lonestar/analytics/cpu"
    case "$1" in
      bfs) echo "galois $lonestar/bfs/bfs-directionopt-cpu" ;;
      pr|pr_float) echo "galois $lonestar/pagerank/pagerank-pull-cpu" ;;
      cc|cc_afforest) echo "galois $lonestar/connected-components/connected-components-cpu" ;;
      sssp_delta) echo "galois $lonestar/sssp/sssp-cpu" ;;
      tc) echo "galois $lonestar/triangle-counting/triangle-counting-cpu" ;;
      bc) echo "galois $lonestar/betweennesscentrality/betweennesscentrality-cpu" ;;
    esac
  fi
  # (GraphIt's generated code for sssp_delta.gt does not compile: it has no
  # delete for a priority queue; sssp.gt's schedule sets a hybrid threshold,
  # which GraphIt's schedules cannot; GraphIt's language has neither
  # compareAndSwap nor getOutNeighbor, which cc_afforest.gt uses.)
  if [[ -n "$graphit_dir" ]]; then
    case "$1" in
      bfs|pr|pr_float|prdelta|cc|kcore_ordered|tc|bc) echo "graphit $bin/$1-graphit" ;;
    esac
  fi
}
if [[ -n "$graphit_dir" && ! -f "$graphit_dir/build/bin/graphitc.py" ]]; then
  echo "bench.sh: BENCH_GRAPHIT_DIR=$graphit_dir has no build/bin/graphitc.py (build GraphIt there)" >&2
  exit 2
fi
for algo in $algos; do
  while read -r name exe; do
    [[ "$name" == graphit ]] && continue # (compiled below)
    [[ -z "$exe" || -x "$exe" ]] && continue
    echo "bench.sh: BENCH_${name^^}_DIR has no executable $(basename "$exe") (build it there)" >&2
    exit 2
  done <<<"$(peers_of "$algo")"
done
# Ligra's binary format beside a graph (polyrt-gen convert), made once.
make_ligra_graph() { # graph.sg
  local base="${1%.*}.ligra"
  if [[ ! -s "$base.adj" ]]; then
    note "converting $1 for Ligra"
    "$gen" convert "$1" -o "$base" >/dev/null
  fi
}
# GBBS's text CSR and Galois's binary graph beside a graph (polyrt-gen
# convert), made once; weighted ones from a .wsg.
make_peer_graph() { # graph.sg|graph.wsg adj|galois
  local to="${1%.*}.$2"
  [[ "$1" == *.wsg ]] && to="${1%.*}.w$2"
  if [[ ! -s "$to" ]]; then
    note "converting $1 to $(basename "$to")"
    "$gen" convert "$1" -o "$to.tmp.${to##*.}" >/dev/null && mv "$to.tmp.${to##*.}" "$to"
  fi
}
for kind in $graphs; do
  graph_name "$kind" >/dev/null
  for algo in $algos; do
    runs_on "$algo" "$kind" || continue
    make_graph "$kind" "$(graph_ext "$algo")"
    g="$work/graphs/$(graph_name "$kind").$(graph_ext "$algo")"
    peers_text="$(peers_of "$algo")"
    if [[ "$peers_text" == *ligra* ]]; then make_ligra_graph "$g"; fi
    if [[ "$peers_text" == *"gbbs "* ]]; then make_peer_graph "$g" adj; fi
    if [[ "$peers_text" == *"galois "* ]]; then make_peer_graph "$g" galois; fi
  done
done

# ---------------------------------------------------------------- binaries
for algo in $algos; do
  case "$algo" in
    pr|pr_float|prdelta|bfs|sssp|sssp_delta|cc|cc_afforest|kcore_ordered|tc|bc) ;;
    *) echo "bench.sh: unknown algorithm '$algo' (pr pr_float prdelta bfs sssp sssp_delta cc cc_afforest kcore_ordered tc bc)" >&2
       exit 2 ;;
  esac
done
# The flags polyc compiles its programs with (by the configured compiler,
# $cxx, as below), as polyc prints them, so that a ratio compares the code,
# not the flags.
codegen_text="$("$polyc" --print-cxx-flags)" ||
  { echo "bench.sh: $polyc --print-cxx-flags failed" >&2; exit 1; }
read -ra codegen_flags <<<"$codegen_text"
cxxflags=(-std=c++20 "${codegen_flags[@]}" -I"$root/runtime/include")
cxxlibs=("$build/lib/libpolyrt.a" -lnuma -lz)
note "compiling bench-tool"
"$cxx" "${cxxflags[@]}" "$bench/tools/bench_tool.cpp" -o "$bin/bench-tool" "${cxxlibs[@]}" ||
  { echo "bench.sh: cannot build bench-tool" >&2; exit 1; }
tool="$bin/bench-tool"

# A benchmark program is its example plus lines tagged bench-only (the timer):
# the rest must be identical, in the .gt and in the generated C++.
check_copy() { # algo schedule
  "$bench/tools/check_copy.sh" "$polyc" "$1" "$2" "$work" ||
    { fail "test/benchmarks/programs/$1.gt is not examples/$1.gt plus its timer"; return 1; }
}
compile_program() { # algo schedule output
  check_copy "$1" "$2" &&
    "$polyc" "$bench/programs/$1.gt" -s "$2" --Xcxx="$bench/programs/report.cpp" -o "$3" ||
    { fail "polyc $1 with $(basename "$2")"; return 1; }
}
# GraphIt's compiler on a benchmark program: graphitc.py reads the program and
# its schedule from one file and writes its scratch files where it runs.
compile_graphit() { # algo output
  local sched="$bench/graphit/$1.sched" tmp
  [[ -f "$sched" ]] || sched="$bench/schedules/$1.sched"
  tmp="$(mktemp -d)"
  # (GraphIt's compiler crashes on a var global; its own tc.gt rebinds a
  # const edgeset, which it allows.)
  { sed 's/^var \(.*: edgeset\)/const \1/' "$bench/programs/$1.gt"; echo; cat "$sched"; } \
    >"$tmp/program.gt"
  if (cd "$tmp" && python3 "$graphit_dir/build/bin/graphitc.py" -f program.gt -o program.cpp \
        >graphitc.log 2>&1) &&
      "$cxx" -std=gnu++14 -O3 -fopenmp -DOPENMP -I"$graphit_dir/src/runtime_lib" \
        "$tmp/program.cpp" "$bench/programs/report.cpp" -o "$2" 2>"$tmp/cxx.log"; then
    rm -rf "$tmp"
    return 0
  fi
  fail "GraphIt $1 with $(basename "$sched"): $(grep -m1 -i 'error' "$tmp/graphitc.log" "$tmp/cxx.log" 2>/dev/null || echo 'see its logs') (kept in $tmp)"
  rm -f "$2"
  return 1
}

# ---------------------------------------------------------------- running
# run_once binary graph out err [args...]: runs it, sets seconds (nan on
# failure) and rss_kb, its peak resident memory (bench-tool rss).
seconds=nan rss_kb=0
run_once() {
  local exe="$1" graph="$2" out="$3" err="$4" rc=0
  shift 4
  seconds=nan
  "$tool" rss "$work/rss" "$exe" "$graph" "$@" >"$out" 2>"$err" || rc=$?
  rss_kb="$(cat "$work/rss" 2>/dev/null || echo 0)"
  if ((rc != 0)); then
    fail "$(basename "$exe") $(basename "$graph") $*: exit status $rc ($(tail -n 1 "$err"))"
    return
  fi
  seconds="$(sed -n 's/^kernel_seconds: //p' "$err")"
  if [[ -z "$seconds" ]]; then
    seconds=nan
    fail "$(basename "$exe") $(basename "$graph") $*: no kernel_seconds line on stderr"
  fi
}
# run_peer name binary graph source delta err out polyc_out: a peer's kernel
# once; sets seconds (nan on failure). GAPBS verifies its own answer, except
# PageRank: its pr (Gauss-Seidel) and pr_spmv (Jacobi, as pr.gt) run pr.gt's
# 20 iterations with no early stop (-t 0, which its verifier cannot pass), and
# the ranks of the 5 vertices it prints (-a) are checked against polyc's
# answer of the same run, polyc_out (relative 1e-3: 20 Gauss-Seidel
# iterations come nearer the fixed point than 20 Jacobi ones; 7e-4 apart on
# a 1024x1024 grid); and triangle counting, whose verifier takes minutes at
# scale 20: the count it prints (-a) is checked against polyc's. Ligra prints no answer, and reads the graph's .ligra
# conversion; GraphIt's program prints its answer to out (its loader's "Read
# Time" line left out), checked with polyc's.
run_peer() {
  local name="$1" exe="$2" graph="$3" src="$4" delta="$5" err="$6" out="$7" polyc_out="$8" rc=0 args=()
  seconds=nan rss_kb=0
  if [[ "$name" == graphit ]]; then
    [[ -x "$exe" ]] || return 0 # (it did not compile: reported then)
    run_once "$exe" "$graph" "$out.raw" "$err" $src $delta
    grep -v -e '^Read Time' -e '^Relabel:' "$out.raw" >"$out" || true
    rm -f "$out.raw"
    return
  fi
  case "$name" in
    gapbs)
      args=(-f "$graph" -n 1 -v)
      [[ -n "$src" ]] && args+=(-r "$src")
      [[ -n "$delta" ]] && args+=(-d "$delta")
      [[ "$(basename "$exe")" == pr* ]] && args=(-f "$graph" -n 1 -i 20 -t 0 -a)
      [[ "$(basename "$exe")" == tc ]] && args=(-f "$graph" -n 1 -a) ;;
    gbbs)
      args=(-s -rounds 1)
      case "$(basename "$exe")" in
        PageRank) args+=(-iters 20 -eps 0) ;;
        Connectivity) args+=(-stats) ;;
        DeltaStepping) args+=(-w -delta "$delta") ;;
      esac
      [[ -n "$src" ]] && args+=(-src "$src")
      if [[ "$graph" == *.wsg ]]; then args+=("${graph%.*}.wadj"); else args+=("${graph%.*}.adj"); fi ;;
    galois)
      args=(-symmetricGraph -t "${OMP_NUM_THREADS:-$(nproc)}")
      case "$(basename "$exe")" in
        pagerank-pull-cpu) args+=(-transposedGraph -algo=Topo -maxIterations=20 -tolerance=0) ;;
        betweennesscentrality-cpu) args+=(-algo=Level -singleSource) ;;
      esac
      [[ -n "$src" ]] && args+=(-startNode="$src")
      if [[ "$graph" == *.wsg ]]; then args+=("${graph%.*}.wgalois"); else args+=("${graph%.*}.galois"); fi ;;
    ligra)
      args=(-b -s -rounds 1)
      [[ -n "$src" ]] && args+=(-r "$src")
      case "$(basename "$exe")" in
        PageRank) args+=(-maxiters 20) ;;
        PageRankDelta) args+=(-maxiters 10) ;;
      esac
      args+=("${graph%.*}.ligra") ;;
  esac
  OMP_NUM_THREADS="${OMP_NUM_THREADS:-$(nproc)}" PARLAY_NUM_THREADS="${OMP_NUM_THREADS:-$(nproc)}" \
    "$tool" rss "$work/rss" "$exe" "${args[@]}" >"$err" 2>&1 || rc=$?
  rss_kb="$(cat "$work/rss" 2>/dev/null || echo 0)"
  if ((rc != 0)) || { [[ "$name" == gapbs && "$(basename "$exe")" != pr* &&
                        "$(basename "$exe")" != tc ]] &&
                      ! grep -q 'Verification: *PASS' "$err"; }; then
    fail "$name $(basename "$exe") ${args[*]}: exit status $rc, $(grep -m1 -i 'verification' "$err" || tail -n 1 "$err")"
    return
  fi
  if [[ "$name" == gapbs && "$(basename "$exe")" == pr* ]] &&
      ! awk -F: 'FNR == NR { rank[FNR - 1] = $1; next }
                 /^[0-9]+:/ { n++; d = $2 - rank[$1]; if (d < 0) d = -d
                              if (!($1 in rank) || d > 1e-3 * rank[$1]) bad++ }
                 END { exit !(n == 5 && bad == 0) }' "$polyc_out" "$err"; then
    fail "$name $(basename "$exe") ${args[*]}: its top ranks differ from polyc's ($(grep -m1 '^[0-9]*:' "$err"))"
    return
  fi
  case "$name" in
    gapbs) seconds="$(sed -n 's/^Trial Time: *//p' "$err" | head -n 1)" ;;
    ligra) seconds="$(sed -n 's/^Running time : *//p' "$err" | head -n 1)" ;;
    gbbs) seconds="$(sed -n 's/^### Running Time: *//p' "$err" | head -n 1)" ;;
    # (Galois prints whole milliseconds, and no Timer_0 line at all for 0.
    # Its triangle count relabels by degree while it loads, outside Timer_0;
    # polyc's tc relabels inside its timer, so Galois's GraphRelabelTimer is
    # added to its time.)
    galois) seconds="$(awk -F', *' -v tc="$([[ "$(basename "$exe")" == triangle-counting-cpu ]] &&
                                            echo 1 || echo 0)" '
        $1 == "STAT" && $2 == "(NULL)" && $3 == "Timer_0" { t = $5; found = 1 }
        $1 == "STAT" && $2 == "(NULL)" && $3 == "GraphRelabelTimer" && tc { r = $5 }
        END { if (found) printf "%.3f", (t + r) / 1000 }' "$err")" ;;
  esac
  if [[ -z "$seconds" ]]; then
    seconds=nan
    fail "$name $(basename "$exe"): no time in its output$([[ "$name" == galois ]] &&
      echo ' (Galois prints no Timer_0 for a kernel under 1 ms: a larger BENCH_SCALE)')"
    return
  fi
  # Counts a peer prints, checked with polyc's answer: triangles (its first
  # line), components (its distinct labels), the largest core (its largest
  # core number).
  local count="" want=""
  case "$name/$(basename "$exe")" in
    ligra/Triangle) count="$(sed -n 's/^triangle count = //p' "$err" | head -n 1)" ;;
    gapbs/tc) count="$(sed -n 's/^\([0-9]*\) triangles$/\1/p' "$err" | head -n 1)" ;;
    gbbs/Triangle) count="$(sed -n 's/^### Num triangles = //p' "$err" | head -n 1)" ;;
    galois/triangle-counting-cpu) count="$(sed -n 's/^Num Triangles: //p' "$err" | head -n 1)" ;;
    gbbs/Connectivity) count="$(sed -n 's/^# n_cc = //p' "$err" | head -n 1)"
      want="$(sort -u "$polyc_out" | wc -l)" ;;
    galois/connected-components-cpu) count="$(sed -n 's/^Total components: //p' "$err" | head -n 1)"
      want="$(sort -u "$polyc_out" | wc -l)" ;;
    gbbs/KCore) count="$(sed -n 's/^### rho = [0-9]* k_{max} = //p' "$err" | head -n 1)"
      want="$(sort -g "$polyc_out" | tail -n 1)" ;;
    *) return 0 ;;
  esac
  [[ -n "$want" ]] || want="$(head -n 1 "$polyc_out")"
  if [[ "$count" != "$want" ]]; then
    fail "$name $(basename "$exe"): answers '${count}', polyc ${want}"
    seconds=nan
  fi
}
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a + b }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
  END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2];
        else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# paired_ratio "polyc times" "peer times": the median over rounds of polyc's
# time over the peer's in the same round (the lists are in round order); nan
# when a round of either failed.
paired_ratio() {
  local ratios
  ratios="$(awk -v a="$1" -v p="$2" 'BEGIN {
    n = split(a, at, " "); m = split(p, pt, " ")
    if (n == 0 || n != m) { print "nan"; exit }
    for (i = 1; i <= n; i++) {
      if (at[i] == "nan" || pt[i] == "nan" || pt[i] + 0 == 0) { print "nan"; exit }
      print at[i] / pt[i]
    } }')"
  # shellcheck disable=SC2086 # one ratio per word
  if [[ "$ratios" == *nan* ]]; then echo nan; else median $ratios; fi
}
sources_of() { # graph file -> the sources, cached next to the graph
  local cache="$1.sources-$nsources-$seed"
  if [[ ! -s "$cache" ]]; then
    "$tool" sources "$1" "$nsources" "$seed" >"$cache.tmp" || { rm -f "$cache.tmp"; return 1; }
    mv "$cache.tmp" "$cache"
  fi
  cat "$cache"
}

threads="${OMP_NUM_THREADS:-$(nproc) (all cores)}, OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-default}"
header() {
  echo "polyc benchmark, started $started_at, commit $commit"
  echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $started_load (at start); OpenMP threads: $threads"
  echo "compiler: $("$cxx" --version | head -n 1); both sides ${codegen_flags[*]}"
  echo "graphs: scale $scale (kron, urand: 2^$scale vertices, 16 edges each, symmetrized; grid ${rows}x${cols}, symmetrized)"
  echo "runs: $runs per side, interleaved; BFS/SSSP: $nsources sources per graph (seed $seed), a run's time is the sum over them"
}

# ---------------------------------------------------------------- --try-schedules
if [[ "$mode" == schedules ]]; then
  header
  echo
  printf '%-11s %-16s %-40s %12s %8s\n' algorithm graph schedule median_s vs_best
  for algo in $algos; do
    # <example>_<direction>_<parallelization>.sched (not cc_sv_... for cc,
    # nor the <example>_options_* ones, which read numbers from argv)
    scheds=()
    for s in "$root"/examples/schedules/"$algo"_*.sched; do
      stem="$(basename "$s" .sched)"
      [[ "${stem%_*_*}" == "$algo" && "$stem" != *_options_* ]] && scheds+=("$s")
    done
    exes=()
    for s in "${scheds[@]}"; do
      exe="$bin/$algo-$(basename "$s" .sched)"
      compile_program "$algo" "$s" "$exe" && exes+=("$exe")
    done
    ((${#exes[@]})) || continue
    for kind in $graphs; do
      runs_on "$algo" "$kind" || continue
      graph="$work/graphs/$(graph_name "$kind").$(graph_ext "$algo")"
      srcs=("")
      if needs_source "$algo"; then
        text="$(sources_of "$graph")" || { fail "sources of $graph"; continue; }
        mapfile -t srcs <<<"$text"
      fi
      declare -A times=()
      for ((r = 0; r < runs; r++)); do
        for exe in "${exes[@]}"; do
          total=0
          for s in "${srcs[@]}"; do
            run_once "$exe" "$graph" "$work/try.out" "$work/try.err" $s
            total="$(add "$total" "$seconds")"
          done
          times[$exe]+="$total "
        done
      done
      best=""
      declare -A med=()
      for exe in "${exes[@]}"; do
        # shellcheck disable=SC2086
        med[$exe]="$(median ${times[$exe]})"
        if [[ -z "$best" ]] || awk -v a="${med[$exe]}" -v b="$best" 'BEGIN { exit !(a < b) }'; then
          best="${med[$exe]}"
        fi
      done
      for exe in "${exes[@]}"; do
        printf '%-11s %-16s %-40s %12.4f %8.2f\n' "$algo" "$(graph_name "$kind")" \
          "$(basename "$exe" | sed "s/^$algo-//")" "${med[$exe]}" \
          "$(awk -v a="${med[$exe]}" -v b="$best" 'BEGIN { print (b > 0 ? a / b : 0) }')"
      done
      unset times med
    done
  done
  rm -f "$work/try.out" "$work/try.err"
  ((${#failures[@]})) && printf 'FAILED: %s\n' "${failures[@]}"
  exit "$status"
fi

# ---------------------------------------------------------------- the benchmark
declare -A polyc_exe=()
for algo in $algos; do
  note "compiling $algo: polyc with test/benchmarks/schedules/$algo.sched, baseline"
  if compile_program "$algo" "$bench/schedules/$algo.sched" "$bin/$algo-polyc"; then
    polyc_exe[$algo]="$bin/$algo-polyc"
  fi
  "$cxx" "${cxxflags[@]}" "$bench/baselines/$algo.cpp" -o "$bin/$algo-baseline" "${cxxlibs[@]}" ||
    fail "the $algo baseline does not compile"
  if [[ "$(peers_of "$algo")" == *graphit* ]]; then
    note "compiling $algo with GraphIt"
    # (A program GraphIt cannot compile is a recorded failure, its column
    # left out; the other sides still run.)
    compile_graphit "$algo" "$bin/$algo-graphit" || true
  fi
done

results="$work/results.txt"
rows_out=() peer_rows=() best_rows=() rss_rows=()
out="$work/out"
mkdir -p "$out"
for algo in $algos; do
  [[ -n "${polyc_exe[$algo]:-}" && -x "$bin/$algo-baseline" ]] || continue
  base_args=()
  [[ "$algo" == cc && "$cc_shortcut" == 1 ]] && base_args=(--shortcut)
  for kind in $graphs; do
    runs_on "$algo" "$kind" || continue
    stem="$(graph_name "$kind")"
    graph="$work/graphs/$stem.$(graph_ext "$algo")"
    srcs=("")
    if needs_source "$algo"; then
      text="$(sources_of "$graph")" || { fail "sources of $graph"; continue; }
      mapfile -t srcs <<<"$text"
    fi
    a_args=($(side_args "$algo" "$kind" 1)) b_args=($(side_args "$algo" "$kind" 2))
    p_delta="$(side_args "$algo" "$kind" 3)"
    peers=()
    text="$(peers_of "$algo")"
    [[ -n "$text" ]] && mapfile -t peers <<<"$text"
    declare -A p_times=()
    note "$algo on $stem: $runs x (polyc, baseline${peers[0]:+, ${peers[*]%% *}})${srcs[0]:+ from sources ${srcs[*]}}${a_args[0]:+; polyc ${a_args[*]}, baseline ${b_args[*]}}"
    a_times=() b_times=()
    declare -A peak=() # side -> the largest rss_kb of its runs
    rm -f "$out/$algo.$stem".* # (a run's answers, from an earlier benchmark's failures)
    started=$SECONDS
    for ((r = 0; r < runs; r++)); do
      if ((r >= 3 && SECONDS - started > budget)); then
        note "$algo on $stem: over BENCH_BUDGET=${budget}s, stopping after $r run pairs"
        break
      fi
      a_total=0 b_total=0
      declare -A p_total=()
      # Each round starts one side later than the last, so that no side
      # always runs first, after the previous round's last (often a long
      # peer run that leaves the machine's caches and memory busy).
      sides=(polyc baseline "${peers[@]}")
      order=()
      for ((k = 0; k < ${#sides[@]}; k++)); do
        order+=("${sides[$(((r + k) % ${#sides[@]}))]}")
      done
      for i in "${!srcs[@]}"; do
        s="${srcs[$i]}"
        for side in "${order[@]}"; do
          case "$side" in
            polyc)
              run_once "${polyc_exe[$algo]}" "$graph" "$out/$algo.$stem.$i.a$r" "$out/err" $s \
                "${a_args[@]}"
              a_total="$(add "$a_total" "$seconds")" ;;
            baseline)
              run_once "$bin/$algo-baseline" "$graph" "$out/$algo.$stem.$i.b$r" "$out/err" $s \
                "${b_args[@]}" "${base_args[@]}"
              b_total="$(add "$b_total" "$seconds")" ;;
            *)
              # (Checked against polyc's answer of this round, or of the last
              # one when polyc has not run yet in this round.)
              polyc_answer="$out/$algo.$stem.$i.a$r"
              [[ -e "$polyc_answer" ]] || polyc_answer="$out/$algo.$stem.$i.a$((r - 1))"
              run_peer "${side% *}" "${side#* }" "$graph" "$s" "$p_delta" "$out/peer.err" \
                "$out/$algo.$stem.$i.g$r" "$polyc_answer"
              p_total[$side]="$(add "${p_total[$side]:-0}" "$seconds")" ;;
          esac
          if ((rss_kb > ${peak[$side]:-0})); then peak[$side]=$rss_kb; fi
        done
      done
      a_times+=("$a_total") b_times+=("$b_total")
      for peer in "${peers[@]}"; do
        p_times[$peer]+="${p_total[$peer]} "
      done
      unset p_total
    done
    # Every output of a source against each other; the work is the sum over sources.
    done_runs=${#a_times[@]}
    work_edges=0 agree=yes
    for i in "${!srcs[@]}"; do
      s="${srcs[$i]}"
      files=()
      for ((r = 0; r < done_runs; r++)); do
        [[ -s "$out/$algo.$stem.$i.a$r" ]] && files+=("$out/$algo.$stem.$i.a$r")
        [[ -s "$out/$algo.$stem.$i.b$r" ]] && files+=("$out/$algo.$stem.$i.b$r")
        [[ -s "$out/$algo.$stem.$i.g$r" ]] && files+=("$out/$algo.$stem.$i.g$r")
      done
      if ((${#files[@]} < 2)); then
        agree=no
        continue
      fi
      if check="$("$tool" check "$algo" "$graph" ${s:+--source "$s"} "${files[@]}")"; then
        w="$(sed -n 's/^work_edges: //p' <<<"$check")"
        work_edges=$((work_edges + w))
        rm -f "${files[@]}"
      else
        agree=no
        fail "$algo on $stem${s:+ from $s}: outputs disagree: $(grep -m1 DISAGREE <<<"$check" || echo "$check") (outputs kept in $out)"
      fi
    done
    a_med="$(median "${a_times[@]}")" b_med="$(median "${b_times[@]}")"
    a_min="$(printf '%s\n' "${a_times[@]}" | sort -g | head -n 1)"
    b_min="$(printf '%s\n' "${b_times[@]}" | sort -g | head -n 1)"
    ran_ok=yes
    [[ " ${a_times[*]} ${b_times[*]} " == *nan* ]] && ran_ok=no
    label="$algo"
    [[ "$algo" == cc && "$cc_shortcut" == 1 ]] && label="cc*"
    rows_out+=("$(awk -v algo="$label" -v g="$stem" -v n="$done_runs" -v a="$a_med" -v b="$b_med" \
      -v amin="$a_min" -v bmin="$b_min" -v w="$work_edges" -v agree="$agree" -v ran="$ran_ok" \
      -v target="$target_ratio" -v at="${a_times[*]}" -v bt="${b_times[*]}" 'BEGIN {
        if (ran != "yes") {
          printf "%-11s %-16s %4d  FAILED  [%s | %s]\n", algo, g, n, at, bt
          exit
        }
        ratio = a / b
        ok = (agree != "yes") ? "DISAGREE" : (ratio <= target) ? "yes" : "no"
        printf "%-11s %-16s %4d %9.4f %9.4f %6.2f %9.4f %9.4f %6.2f %9.1f %9.1f  %-8s  [%s | %s]\n",
          algo, g, n, a, b, ratio, amin, bmin, amin / bmin, w / a / 1e6, w / b / 1e6, ok, at, bt }')")
    best_peer="" best_med="" best_paired=""
    for peer in "${peers[@]}"; do
      # shellcheck disable=SC2086
      p_med="$(median ${p_times[$peer]})"
      # shellcheck disable=SC2086
      p_min="$(printf '%s\n' ${p_times[$peer]} | sort -g | head -n 1)"
      name="${peer% *}/$(basename "${peer#* }" -graphit)"
      case "${peer% *}" in
        gapbs) checked="$(case "$algo" in pr|pr_float) echo top-5 ;; tc) echo agrees ;; *) echo verified ;; esac)" ;;
        graphit) checked="$([[ "$agree" == yes ]] && echo agrees || echo DISAGREE)" ;;
        ligra) checked="$([[ "$algo" == tc ]] && echo agrees || echo unchecked)" ;;
        gbbs) checked="$(case "$algo" in tc|cc|cc_afforest|kcore_ordered) echo count ;; *) echo unchecked ;; esac)" ;;
        galois) checked="$(case "$algo" in tc|cc|cc_afforest) echo count ;; *) echo unchecked ;; esac)" ;;
        *) checked=unchecked ;;
      esac
      d="-"
      [[ "${peer% *}" == gapbs || "${peer% *}" == gbbs ]] && [[ -n "$p_delta" ]] && d="$p_delta"
      # shellcheck disable=SC2086
      paired="$(paired_ratio "${a_times[*]}" "${p_times[$peer]}")"
      peer_rows+=("$(awk -v algo="$label" -v g="$stem" -v peer="$name" -v d="$d" \
        -v a="$a_med" -v p="$p_med" -v amin="$a_min" -v pmin="$p_min" -v c="$checked" \
        -v paired="$paired" -v pt="${p_times[$peer]% }" 'BEGIN {
          ps = (paired == "nan") ? "-" : sprintf("%.2f", paired)
          printf "%-11s %-16s %-20s %6s %9.4f %9.4f %6.2f %9.4f %9.4f %6.2f %6s  %-9s  [%s]\n",
            algo, g, peer, d, a, p, a / p, amin, pmin, amin / pmin, ps, c, pt }')")
      if [[ "$p_med" != nan ]] && { [[ -z "$best_med" ]] ||
          awk -v a="$p_med" -v b="$best_med" 'BEGIN { exit !(a < b) }'; }; then
        best_peer="$name" best_med="$p_med" best_paired="$paired"
      fi
    done
    if [[ -n "$best_peer" ]]; then
      best_rows+=("$(awk -v algo="$label" -v g="$stem" -v peer="$best_peer" -v a="$a_med" \
        -v p="$best_med" -v paired="$best_paired" 'BEGIN {
          ps = (paired == "nan") ? "-" : sprintf("%.2f", paired)
          printf "%-11s %-16s %-20s %9.4f %9.4f %6.2f %6s  %s\n",
            algo, g, peer, a, p, a / p, ps, (a <= p ? "yes" : "no") }')")
    fi
    for side in polyc baseline "${peers[@]}"; do
      name="$side"
      [[ "$side" == *" "* ]] && name="${side% *}/$(basename "${side#* }" -graphit)"
      rss_rows+=("$(printf '%-11s %-16s %-32s %10.1f' "$label" "$stem" "$name" \
        "$(awk -v k="${peak[$side]:-0}" 'BEGIN { print k / 1024 }')")")
    done
    unset p_times peak
  done
done

compile_rows=()
if ((compile_runs > 0)); then
  note "compile latency: each example, $compile_runs times"
  tmp="$(mktemp -d)"
  for example in "$root"/examples/*.gt; do
    name="$(basename "$example" .gt)"
    sched=""
    for candidate in "$bench/schedules/$name.sched" \
        "$root/examples/schedules/${name}_hybrid_parallel.sched" \
        "$root/examples/schedules/${name}_pull_parallel.sched" \
        "$root/examples/schedules/${name}_push_parallel.sched"; do
      [[ -f "$candidate" ]] && { sched="$candidate"; break; }
    done
    times=()
    for ((r = 0; r < compile_runs; r++)); do
      start="$(date +%s.%N)"
      # (an example with extern C++ links it in: set_cover)
      extern="$root/examples/${name}_extern.cpp"
      if ! "$polyc" "$example" ${sched:+-s "$sched"} -o "$tmp/exe" \
          $([[ -f "$extern" ]] && echo "--Xcxx=$extern") 2>"$tmp/err"; then
        fail "polyc examples/$name.gt${sched:+ -s ${sched#$root/}}: $(grep -m 1 'error' "$tmp/err" || tail -n 1 "$tmp/err")"
        times=()
        break
      fi
      end="$(date +%s.%N)"
      times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
    done
    ((${#times[@]})) || continue
    m="$(median "${times[@]}")"
    compile_rows+=("$(printf '%-14s %-50s %8.2f  %-3s  [%s]' "$name" "${sched:+${sched#$root/}}" "$m" \
      "$(awk -v m="$m" -v t="$target_compile" 'BEGIN { print (m <= t ? "yes" : "no") }')" "${times[*]}")")
  done
  rm -rf "$tmp"
fi

{
  header
  echo
  echo "kernel seconds: each side times its algorithm only (no loading, no printing); median and"
  echo "minimum of the runs; ratio = polyc / baseline; Medges/s = work_edges / median seconds, the"
  echo "same work for both sides (docs/benchmarks.md); the target (ratio <= $target_ratio) is judged on medians"
  printf '%-11s %-16s %4s %9s %9s %6s %9s %9s %6s %9s %9s  %-8s  %s\n' algorithm graph runs \
    polyc_s base_s ratio polyc_min base_min ratio polyc_Me/s base_Me/s "<=$target_ratio" \
    "[polyc runs | baseline runs]"
  printf '%s\n' "${rows_out[@]}"
  [[ "$cc_shortcut" == 1 ]] && echo "cc*: the baseline shortcuts (pointer jumping), a different algorithm than cc.gt's"
  if ((${#peer_rows[@]})); then
    echo
    echo "the real peers (built by the user), interleaved with the runs above: ratio = polyc / peer,"
    echo "the peer's time its own kernel timer; verified: by the peer's own verifier (GAPBS),"
    echo "top-5: the 5 ranks GAPBS's PageRank prints (20 iterations, -t 0) within 1e-3 of polyc's,"
    echo "agrees: its output checked with polyc's and the baseline's (GraphIt; the triangle"
    echo "counts of GAPBS and Ligra), count: the count it prints equals polyc's (GBBS, Galois:"
    echo "triangles, components, GBBS's largest core), unchecked: the peer prints no answer we check"
    echo "paired: the median of each round's polyc time over the peer's time in the same round,"
    echo "which a change of the machine's speed between rounds moves less than the medians' ratio"
    printf '%-11s %-16s %-20s %6s %9s %9s %6s %9s %9s %6s %6s  %-9s  %s\n' algorithm graph peer delta \
      polyc_s peer_s ratio polyc_min peer_min ratio paired answer "[peer runs]"
    printf '%s\n' "${peer_rows[@]}"
    echo
    echo "against the best peer (lowest median) per algorithm and graph: ratio = polyc / best peer"
    printf '%-11s %-16s %-20s %9s %9s %6s %6s  %s\n' algorithm graph best_peer polyc_s peer_s ratio \
      paired "<=1.00"
    printf '%s\n' "${best_rows[@]}"
  fi
  if ((${#rss_rows[@]})); then
    echo
    echo "peak memory: each side's largest resident set over its runs (wait4's ru_maxrss), MiB:"
    echo "the whole process, the loaded graph included"
    printf '%-11s %-16s %-32s %10s\n' algorithm graph side peak_MiB
    printf '%s\n' "${rss_rows[@]}"
  fi
  if ((${#compile_rows[@]})); then
    echo
    echo "compile latency: polyc .gt + schedule to executable (-O3), wall seconds, median of $compile_runs"
    printf '%-14s %-50s %8s  %-3s  %s\n' example schedule seconds "<=${target_compile}" "[runs]"
    printf '%s\n' "${compile_rows[@]}"
  fi
  echo
  echo "finished $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  if ((${#failures[@]})); then
    echo
    printf 'FAILED: %s\n' "${failures[@]}"
  fi
} | tee "$results"
echo "(also in $results)" >&2
exit "$status"
