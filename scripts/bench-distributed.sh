#!/usr/bin/env bash
# The distributed benchmark: what configDistribution costs and sends, measured
# with mpirun on one machine (docs/runtime.md, "Distributed programs").
#
#   scripts/bench-distributed.sh                     scale 20, all four sections
#   BENCH_SCALE=16 BENCH_GRID=256 scripts/bench-distributed.sh   a quick one
#
# 1. One rank against none: PR (DensePull), BFS and CC (SparsePush-DensePull)
#    and SSSP (SparsePush), each dynamic-vertex-parallel, compiled without
#    configDistribution (run directly) and with it (run directly, which is
#    one rank, and under mpirun -np 1). Ratios: distributed / plain.
# 2. PageRank's DensePull exchange under configMessageCombining mirrors,
#    batched and per-update at each of BENCH_RANKS: bytes and records per
#    edge per round and MPI messages per round (--account-messages), and
#    seconds per iteration (the program's time / 20). Per-update sends one
#    MPI message per cut edge; BENCH_PER_UPDATE_SCALE runs the three on a
#    smaller Kronecker graph too, for when that is too slow at BENCH_SCALE.
# 3. Hybrid against forced directions at BENCH_HYBRID_RANKS: BFS, SSSP and CC
#    under SparsePush-DensePull, SparsePush and DensePull. Ratio: hybrid /
#    the faster forced one.
# 4. Partition strategies for PR (DensePull, mirrors) at BENCH_STRATEGY_RANKS:
#    chunk-alpha, edge-balanced, vertex-balanced (hash cannot run yet):
#    bytes per edge per round and seconds per iteration.
#
# Times are the programs' own (POLYRT_REPORT_TIME=1: `seconds`, main's time
# without graph loading; under mpirun the largest over the ranks), medians of
# BENCH_RUNS interleaved rounds, each round starting one side later than the
# one before. Every side of a ratio runs in the same interleaved loop. Before
# each section the 1-minute load average is checked: above BENCH_MAX_LOAD the
# script waits up to BENCH_LOAD_WAIT seconds for it to drop, then goes on and
# prints the load it started with. Outputs of the first round are checked
# against the plain program's (bench-tool check: BFS a valid tree, PR within
# 1e-5, the rest equal).
#
# Environment (defaults in brackets):
#   BENCH_SCALE [20]            Kronecker graph of 2^SCALE vertices, 16 edges
#                               each, symmetrized (.sg; .wsg for SSSP)
#   BENCH_GRID [1024]           a GRID x GRID grid, symmetrized
#   BENCH_GRAPHS [kron grid]
#   BENCH_RUNS [3]              interleaved rounds per comparison
#   BENCH_SECTIONS [1234]
#   BENCH_RANKS [2 3 4 8]       section 2's rank counts
#   BENCH_PER_UPDATE_SCALE [$BENCH_SCALE], BENCH_PER_UPDATE_DEGREE [16]: when
#                               either differs, per-update runs on kron only on
#                               a Kronecker graph of that scale and degree
#                               (with the other two beside it for the ratio)
#   BENCH_HYBRID_RANKS [2]      BENCH_STRATEGY_RANKS [4]
#   BENCH_THREADS [2]           OpenMP threads of the one-rank runs (section 1)
#   BENCH_RANK_THREADS [1]      OpenMP threads per rank of the multi-rank runs
#   BENCH_TIMEOUT [300]         seconds after which a run is stopped ("timeout")
#   BENCH_MAX_LOAD [1.5]        BENCH_LOAD_WAIT [120]
#   BENCH_BUILD [1]             0: use the build as is
#   POLYC_BUILD_DIR [build]     BENCH_DIR [$POLYC_BUILD_DIR/bench-distributed]
#   BENCH_MPIRUN [mpirun]
# A benchmark, never a test: the exit status is 1 only when something failed
# to build or run or an output disagreed; missed targets are reported.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"
scale="${BENCH_SCALE:-20}"
grid="${BENCH_GRID:-1024}"
graphs="${BENCH_GRAPHS:-kron grid}"
runs="${BENCH_RUNS:-3}"
sections="${BENCH_SECTIONS:-1234}"
rank_counts="${BENCH_RANKS:-2 3 4 8}"
pu_scale="${BENCH_PER_UPDATE_SCALE:-$scale}"
pu_degree="${BENCH_PER_UPDATE_DEGREE:-16}"
hybrid_ranks="${BENCH_HYBRID_RANKS:-2}"
strategy_ranks="${BENCH_STRATEGY_RANKS:-4}"
threads="${BENCH_THREADS:-2}"
rank_threads="${BENCH_RANK_THREADS:-1}"
limit="${BENCH_TIMEOUT:-300}"
max_load="${BENCH_MAX_LOAD:-1.5}"
load_wait="${BENCH_LOAD_WAIT:-120}"
mpirun="${BENCH_MPIRUN:-mpirun}"
work="${BENCH_DIR:-$build/bench-distributed}"
for v in "$scale" "$grid" "$runs" "$pu_scale" "$hybrid_ranks" "$strategy_ranks" "$threads" \
  "$rank_threads" "$limit" "$load_wait" "$pu_degree" $rank_counts; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "bench-distributed.sh: '$v' is not a number" >&2; exit 2; }
done
section() { [[ "$sections" == *"$1"* ]]; }
if [[ "${BENCH_BUILD:-1}" != 0 ]]; then
  ninja -C "$build" -j2 polyc polyrt polyrt-mpi polyrt-gen >/dev/null
fi
polyc="$build/bin/polyc" gen="$build/bin/polyrt-gen"
mkdir -p "$work"
status=0
fail() { echo "bench-distributed.sh: FAILED: $*" >&2; status=1; }

echo "polyc distributed benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "graphs: kron$scale (16 edges per vertex, symmetrized), grid ${grid}x$grid (symmetrized)"
echo "threads: $threads (one rank), $rank_threads per rank (several); OMP_WAIT_POLICY=passive"

# ---------------------------------------------------------------- helpers
# Waits (up to BENCH_LOAD_WAIT s) for the 1-minute load to fall to
# BENCH_MAX_LOAD, then prints it.
quiet() {
  local waited=0 load
  load="$(cut -d' ' -f1 /proc/loadavg)"
  while awk -v l="$load" -v m="$max_load" 'BEGIN { exit !(l > m) }' && ((waited < load_wait)); do
    sleep 15
    waited=$((waited + 15))
    load="$(cut -d' ' -f1 /proc/loadavg)"
  done
  echo "   (load average $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u '+%H:%M'), after waiting ${waited} s)"
}
graph() { # kind ext [scale [degree]] -> path
  local s="${3:-$scale}" d="${4:-16}" name
  case "$1" in kron) name="kron$s" ;; grid) name="grid$grid" ;; esac
  [[ "$1" == kron && "$d" != 16 ]] && name+="d$d"
  local file="$work/$name.$2" tmp="$work/.tmp-$name.$2"
  if [[ ! -s "$file" ]]; then
    case "$1" in
      kron) "$gen" kron -s "$s" -d "$d" -u -o "$tmp" >/dev/null ;;
      grid) "$gen" grid --rows "$grid" --cols "$grid" -u -o "$tmp" >/dev/null ;;
    esac
    mv "$tmp" "$file"
  fi
  echo "$file"
}
c++ -std=c++20 -O3 -fopenmp -I"$root/runtime/include" "$root/test/benchmarks/tools/bench_tool.cpp" \
  -o "$work/bench-tool" "$build/lib/libpolyrt.a" -lnuma -lz
ext_of() { [[ "$1" == sssp ]] && echo wsg || echo sg; }
args_of() { # algo graph -> the program's arguments after the graph
  [[ "$1" == bfs || "$1" == sssp ]] && "$work/bench-tool" sources "$2" 1 27491095
  return 0
}
schedule() { # name direction [extra schedule calls...] -> file
  local out="$work/$1.sched"
  { echo "schedule:"
    echo "program->configApplyDirection(\"s1\", \"$2\")"
    printf '       ->configApplyParallelization("s1", "dynamic-vertex-parallel")'
    for call in "${@:3}"; do printf '\n       ->%s' "$call"; done
    echo ";"; } >"$out.new"
  # Rewritten only when it changed, so that the programs built from it are kept.
  if cmp -s "$out.new" "$out"; then rm "$out.new"; else mv "$out.new" "$out"; fi
  echo "$out"
}
program() { # algo schedule output [polyc flags...]
  # Kept only when newer than everything it is built from.
  local from
  if [[ -x "$3" ]]; then
    for from in "$polyc" "$build/lib/libpolyrt.a" "$build/lib/libpolyrt-mpi.a" "$2" \
      "$root/examples/$1.gt"; do
      [[ "$3" -nt "$from" ]] || { rm -f "$3"; break; }
    done
    [[ -x "$3" ]] && return 0
  fi
  "$polyc" "$root/examples/$1.gt" -s "$2" -o "$3" "${@:4}" ||
    { fail "polyc $1 $(basename "$2") ${*:4}"; return 1; }
}
# run RANKS THREADS OUT exe graph args... ; prints seconds (the largest over
# the ranks), "timeout" or "failed". RANKS 0: run directly, without mpirun.
run() {
  local ranks="$1" nthreads="$2" out="$3" err="$work/err" rc=0
  shift 3
  local cmd=("$@")
  # Under mpirun each rank writes its standard output to a file of its own:
  # through mpirun's forwarding, rank 0's answer (a line per vertex) took
  # seconds, and the programs' time includes their prints.
  ((ranks > 0)) && cmd=("$mpirun" --allow-run-as-root --oversubscribe --bind-to none -np "$ranks"
    sh -c 'exec "$0" "$@" >"$BENCH_OUT.$OMPI_COMM_WORLD_RANK"' "$@")
  env OMP_NUM_THREADS="$nthreads" OMP_WAIT_POLICY=passive POLYRT_REPORT_TIME=1 BENCH_OUT="$out" \
    timeout "$limit" "${cmd[@]}" >"$out" 2>"$err" || rc=$?
  if ((ranks > 0)); then
    [[ -f "$out.0" ]] && mv "$out.0" "$out"
    rm -f "$out".[0-9]*
  fi
  if ((rc == 124)); then echo timeout; return; fi
  if ((rc != 0)); then fail "${cmd[*]} (exit $rc: $(grep -v '^polyrt-time' "$err" | tail -n 2 | tr '\n' ' '))"; echo failed; return; fi
  sed -n 's/^polyrt-time: seconds=\([0-9.]*\).*/\1/p' "$err" | sort -g | tail -n 1
}
median() { printf '%s\n' "$@" | grep -E '^[0-9.]+$' | sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }
check() { # algo graph args reference other...
  local algo="$1" g="$2" src=()
  [[ -n "$3" ]] && src=(--source "$3")
  local outs=()
  for o in "${@:4}"; do [[ -s "$o" ]] && outs+=("$o"); done
  ((${#outs[@]} >= 2)) || return 0
  "$work/bench-tool" check "$algo" "$g" "${src[@]}" "${outs[@]}" >/dev/null 2>"$work/check" ||
    fail "$algo on $(basename "$g"): outputs disagree: $(tail -n 1 "$work/check")"
}
# interleave RUNS SIDES... : each side is "name|ranks|threads|exe args...";
# fills times[name] with one time per round and keeps each side's first
# output in $work/out-<name>. A timed-out side is left out of later rounds.
declare -A times
interleave() {
  local n="$1" sides=("${@:2}") k r i name spec ranks nthreads
  times=()
  k=${#sides[@]}
  for spec in "${sides[@]}"; do rm -f "$work/out-${spec%%|*}"; done
  for ((r = 0; r < n; ++r)); do
    for ((i = 0; i < k; ++i)); do
      spec="${sides[(i + r) % k]}"
      IFS='|' read -r name ranks nthreads rest <<<"$spec"
      # A side that ran out of time once is not run again.
      if [[ " ${times[$name]:-} " == *" timeout "* ]]; then continue; fi
      # shellcheck disable=SC2086 # the command is words on purpose
      t="$(run "$ranks" "$nthreads" "$work/out-$name.$r" $rest)"
      times[$name]+=" $t"
      if ((r == 0)) && [[ "$t" != timeout && "$t" != failed ]]; then
        mv "$work/out-$name.$r" "$work/out-$name"
      else
        rm -f "$work/out-$name.$r"
      fi
      if [[ "$t" == timeout ]]; then echo "  ($name stopped after $limit s)" >&2; fi
    done
  done
}
med() { # name -> median of its times
  # shellcheck disable=SC2086
  median ${times[$1]:-}
}

# account RANKS exe graph args... ; prints "rounds bytes/edge/round
# records/edge/round messages/round" of traversal s1 from --account-messages
# (the total row over every rank and round, divided by the rounds).
account() {
  local ranks="$1" err="$work/acct" rc=0
  shift
  env OMP_NUM_THREADS="$rank_threads" OMP_WAIT_POLICY=passive timeout "$limit" \
    "$mpirun" --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" "$@" \
    >/dev/null 2>"$err" || rc=$?
  if ((rc == 124)); then echo "timeout"; return; fi
  if ((rc != 0)); then fail "accounting: $* at $ranks ranks (exit $rc)"; echo failed; return; fi
  awk '$1 ~ /s1/ && $2 ~ /^[0-9]+$/ && $3 + 0 > rounds { rounds = $3 + 0 }
       $1 ~ /s1/ && $2 == "all" { records = $5; messages = $6; bytes = $7; bpe = $9 }
       END { edges = bpe > 0 ? bytes / bpe : 0
             if (!rounds || !edges) { print "0 0 0 0"; exit }
             printf "%d %.4f %.4f %.0f\n", rounds, bpe / rounds, records / edges / rounds, messages / rounds }' "$err"
}
note_failures() { # values... : a run that failed failed the benchmark
  [[ " $* " == *" failed "* ]] && status=1
  return 0
}

# ---------------------------------------------------------------- 1. one rank
if section 1; then
echo
echo "== 1. One rank against none: seconds (median of $runs interleaved rounds, $threads threads)"
echo "   plain: without configDistribution; direct: with it, run without mpirun; np1: mpirun -np 1"
printf '%-5s %-9s %-21s %9s %9s %9s  %-12s %-12s\n' algo graph direction plain direct np1 \
  direct/plain np1/plain
for algo in pr bfs cc sssp; do
  case "$algo" in
    pr) dir=DensePull ;; sssp) dir=SparsePush ;; *) dir=SparsePush-DensePull ;;
  esac
  program "$algo" "$(schedule "$algo-plain" "$dir")" "$work/$algo-plain" || continue
  program "$algo" "$(schedule "$algo-dist" "$dir" 'configDistribution("chunk-alpha")')" \
    "$work/$algo-dist" || continue
  for kind in $graphs; do
    quiet
    g="$(graph "$kind" "$(ext_of "$algo")")"
    a="$(args_of "$algo" "$g")"
    interleave "$runs" "plain|0|$threads|$work/$algo-plain $g $a" \
      "direct|0|$threads|$work/$algo-dist $g $a" "np1|1|$threads|$work/$algo-dist $g $a"
    note_failures ${times[plain]} ${times[direct]} ${times[np1]}
    check "$algo" "$g" "$a" "$work/out-plain" "$work/out-direct" "$work/out-np1"
    p="$(med plain)" d="$(med direct)" o="$(med np1)"
    printf '%-5s %-9s %-21s %9s %9s %9s  %-12s %-12s\n' "$algo" "$kind" "$dir" "$p" "$d" "$o" \
      "$(ratio "$d" "$p")" "$(ratio "$o" "$p")"
  done
done
fi

# ---------------------------------------------------------------- 2. combining
if section 2; then
echo
echo "== 2. PageRank's DensePull exchange by message combining ($rank_threads thread(s) per rank)"
echo "   B/e: bytes per edge per round, rec/e: records per edge per round, msgs: MPI messages"
echo "   per round (all ranks, --account-messages); s/it: seconds / 20 iterations, median of"
echo "   $runs interleaved rounds (without accounting); mirrors/pu: mirrors' B/e over per-update's"
printf '%-9s %5s  %-36s %-36s %-36s %s\n' graph ranks "mirrors: B/e rec/e msgs s/it" \
  "batched: B/e rec/e msgs s/it" "per-update: B/e rec/e msgs s/it" "mirrors/pu"
combinings="mirrors batched per-update"
for how in $combinings; do
  s="$(schedule "pr-$how" DensePull 'configDistribution("chunk-alpha")' \
    "configMessageCombining(\"s1\", \"$how\")")"
  program pr "$s" "$work/pr-$how" || continue
  program pr "$s" "$work/pr-$how-acct" --account-messages || continue
done
# Inputs: kind:scale:degree:combinings.
inputs=()
separate=0
[[ "$pu_scale" != "$scale" || "$pu_degree" != 16 ]] && separate=1
for kind in $graphs; do
  if [[ "$kind" == kron && "$separate" == 1 ]]; then
    inputs+=("kron:$scale:16:mirrors batched")
  else
    inputs+=("$kind:$scale:16:$combinings")
  fi
done
[[ "$separate" == 1 ]] && inputs+=("kron:$pu_scale:$pu_degree:$combinings")
declare -A bpe_at
for input in "${inputs[@]}"; do
  IFS=: read -r kind s d hows <<<"$input"
  g="$(graph "$kind" sg "$s" "$d")"
  label="$(basename "${g%.*}")"
  for p in $rank_counts; do
    quiet
    declare -A acct=()
    sides=()
    for how in $hows; do
      acct[$how]="$(account "$p" "$work/pr-$how-acct" "$g")"
      note_failures ${acct[$how]}
      # A combining whose accounting run timed out is not timed.
      [[ "${acct[$how]}" == timeout || "${acct[$how]}" == failed ]] ||
        sides+=("$how|$p|$rank_threads|$work/pr-$how $g")
    done
    interleave "$runs" "${sides[@]}"
    row=()
    for how in $combinings; do
      [[ " $hows " == *" $how "* ]] || { row+=("(not run)"); continue; }
      case "${acct[$how]}" in
        timeout | failed) row+=("${acct[$how]}"); continue ;;
      esac
      read -r rounds b rec msgs <<<"${acct[$how]}"
      [[ "$how" == mirrors ]] && bpe_at[$label:$p]="$b"
      row+=("$(awk -v b="$b" -v r="$rec" -v m="$msgs" -v t="$(med "$how")" \
        'BEGIN { printf "%7.3f %7.4f %9d %8s", b, r, m, t == "-" ? "-" : sprintf("%.4f", t / 20) }')")
    done
    pu="${acct[per-update]:-}"
    printf '%-9s %5d  %-36s %-36s %-36s %s\n' "$label" "$p" "${row[@]}" \
      "$(ratio "$(cut -d' ' -f2 <<<"${acct[mirrors]}")" "$(cut -d' ' -f2 <<<"$pu")")"
  done
  first="${rank_counts%% *}" last="${rank_counts##* }"
  echo "   $label: mirrors' B/e at $last ranks over $first ranks: $(ratio "${bpe_at[$label:$last]:-0}" "${bpe_at[$label:$first]:-0}")"
done
fi

# ---------------------------------------------------------------- 3. hybrid
if section 3; then
echo
echo "== 3. Hybrid against forced directions at $hybrid_ranks ranks ($rank_threads thread(s) per rank):"
echo "   seconds, median of $runs interleaved rounds; hybrid/best: over the faster forced one"
printf '%-5s %-9s %9s %11s %10s  %s\n' algo graph hybrid SparsePush DensePull hybrid/best
for algo in bfs sssp cc; do
  for dir in SparsePush-DensePull SparsePush DensePull; do
    program "$algo" "$(schedule "$algo-$dir" "$dir" 'configDistribution("chunk-alpha")')" \
      "$work/$algo-$dir" || continue 2
  done
  for kind in $graphs; do
    quiet
    g="$(graph "$kind" "$(ext_of "$algo")")"
    a="$(args_of "$algo" "$g")"
    interleave "$runs" "hybrid|$hybrid_ranks|$rank_threads|$work/$algo-SparsePush-DensePull $g $a" \
      "push|$hybrid_ranks|$rank_threads|$work/$algo-SparsePush $g $a" \
      "pull|$hybrid_ranks|$rank_threads|$work/$algo-DensePull $g $a"
    note_failures ${times[hybrid]} ${times[push]} ${times[pull]}
    check "$algo" "$g" "$a" "$work/out-hybrid" "$work/out-push" "$work/out-pull"
    h="$(med hybrid)" sp="$(med push)" dp="$(med pull)"
    best="$(awk -v a="$sp" -v b="$dp" 'BEGIN { print (b + 0 > 0 && (a + 0 <= 0 || b < a)) ? b : a }')"
    printf '%-5s %-9s %9s %11s %10s  %s\n' "$algo" "$kind" "$h" "$sp" "$dp" "$(ratio "$h" "$best")"
  done
done
fi

# ---------------------------------------------------------------- 4. strategies
if section 4; then
echo
echo "== 4. Partition strategies, PR (DensePull, mirrors) at $strategy_ranks ranks ($rank_threads thread(s) per rank):"
echo "   B/e: bytes per edge per round; s/it: seconds / 20 iterations, median of $runs interleaved rounds"
strategies="chunk-alpha edge-balanced vertex-balanced"
printf '%-9s %-16s %8s %9s %9s\n' graph strategy B/e "msgs/rnd" s/it
for how in $strategies; do
  s="$(schedule "pr-$how" DensePull "configDistribution(\"$how\")")"
  program pr "$s" "$work/pr-$how" || continue
  program pr "$s" "$work/pr-$how-acct" --account-messages || continue
done
for kind in $graphs; do
  quiet
  g="$(graph "$kind" sg)"
  sides=()
  declare -A acct=()
  for how in $strategies; do
    acct[$how]="$(account "$strategy_ranks" "$work/pr-$how-acct" "$g")"
    note_failures ${acct[$how]}
    sides+=("$how|$strategy_ranks|$rank_threads|$work/pr-$how $g")
  done
  interleave "$runs" "${sides[@]}"
  for how in $strategies; do
    read -r rounds b rec msgs <<<"${acct[$how]} 0 0 0"
    note_failures ${times[$how]}
    awk -v k="$kind" -v h="$how" -v b="$b" -v m="$msgs" -v t="$(med "$how")" \
      'BEGIN { printf "%-9s %-16s %8.3f %9d %9s\n", k, h, b, m, t == "-" ? "-" : sprintf("%.4f", t / 20) }'
  done
done
fi
echo
echo "finished $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
