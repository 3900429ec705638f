#!/usr/bin/env bash
# Runs PageRank (20 iterations) of polyc (pr_timed: double values;
# polyc-float: pr_float_timed, float values like D-Galois's; polyc-cartesian:
# pr_float_timed under configDistribution("cartesian"), the 2-D cut;
# polyc-metis: under configDistribution("metis"), owners from GRAPH.sg.part.P
# as `polyrt-gen metis` writes them), Gemini and
# D-Galois at 1, 2 and 4
# MPI ranks on the graphs of docs/distributed-peers.md, REPS times,
# interleaved (every system and rank count once per repetition), each run
# under the PMPI byte counter. One log per run in OUT; summarize.py makes the
# doc's table from them. BYTES=1 instead runs each system once at 10 and at 20
# iterations on 2 and 4 ranks (OUT/bytes/SYS.GRAPH.pP.iN.log), whose
# difference is the bytes of the rounds between, and polyc's pr_acct and
# pr_float_acct (--account-messages) at 20 (OUT/bytes/polyc-acct.GRAPH.pP.log,
# polyc-float-acct...); BYTES_RANKS (default "2 4") names the rank counts.
# GALOIS_PARTITION (default: D-Galois's own, oec) is passed as -partition.
#   PEERS=/work/peers REPS=3 OUT=/work/peers/logs scripts/peers/run-pr.sh k20 grid
# PEERS holds pr_timed, pr_float_timed, pr_float_cartesian_timed, pr_float_metis_timed,
# pr_acct, pr_float_acct, pr_float_cartesian_acct, pr_float_metis_acct (polyc's),
# gemini/, galois-build/, pmpi_count.so and
# GRAPH.sg, GRAPH.gemini, GRAPH.gr for each GRAPH given.
set -u
PEERS=${PEERS:-/work/peers}
REPS=${REPS:-3}
OUT=${OUT:-$PEERS/logs}
SYSTEMS=${SYSTEMS:-"polyc polyc-float gemini galois"}
mkdir -p "$OUT"
MPI_PLAIN=(mpirun --allow-run-as-root --oversubscribe --bind-to none -x OMP_WAIT_POLICY=passive)
MPI=("${MPI_PLAIN[@]}" -x LD_PRELOAD="$PEERS/pmpi_count.so")
GALOIS_PR=$PEERS/galois-build/lonestar/analytics/distributed/pagerank/pagerank-pull-dist

# run SYS GRAPH P ITERATIONS: one run, its output on stdout.
run() {
  local sys=$1 graph=$2 p=$3 it=$4 n
  # 2 threads for one rank, 1 for more: the machine has 2 cores. (Gemini
  # takes one thread per configured CPU whatever it is told.)
  local t=$(( p == 1 ? 2 : 1 ))
  n=$(head -c 17 "$PEERS/$graph.sg" | tail -c 8 | od -An -t d8 | tr -d ' ') # .sg: n after m
  case $sys in
    polyc) "${MPI[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_timed" "$PEERS/$graph.sg" $it ;;
    polyc-float) "${MPI[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_float_timed" "$PEERS/$graph.sg" $it ;;
    polyc-cartesian) "${MPI[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_float_cartesian_timed" \
                       "$PEERS/$graph.sg" $it ;;
    polyc-metis) "${MPI[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_float_metis_timed" \
                   "$PEERS/$graph.sg" $it ;;
    # Only its table (stderr): no counter, whose lines and the output would
    # otherwise land inside the table's.
    polyc-acct) "${MPI_PLAIN[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_acct" "$PEERS/$graph.sg" $it \
                  > /dev/null ;;
    polyc-float-acct) "${MPI_PLAIN[@]}" -x OMP_NUM_THREADS=$t -np $p "$PEERS/pr_float_acct" \
                        "$PEERS/$graph.sg" $it > /dev/null ;;
    polyc-cartesian-acct) "${MPI_PLAIN[@]}" -x OMP_NUM_THREADS=$t -np $p \
                            "$PEERS/pr_float_cartesian_acct" "$PEERS/$graph.sg" $it > /dev/null ;;
    polyc-metis-acct) "${MPI_PLAIN[@]}" -x OMP_NUM_THREADS=$t -np $p \
                        "$PEERS/pr_float_metis_acct" "$PEERS/$graph.sg" $it > /dev/null ;;
    gemini) "${MPI[@]}" -np $p "$PEERS/gemini/toolkits/pagerank" "$PEERS/$graph.gemini" "$n" $it ;;
    galois) "${MPI[@]}" -np $p "$GALOIS_PR" "$PEERS/$graph.gr" -symmetricGraph -exec=Sync \
              -maxIterations=$it -tolerance=0 -runs=1 -t=$t \
              ${GALOIS_PARTITION:+-partition=$GALOIS_PARTITION} ;;
  esac 2>&1
}

if [ "${BYTES:-0}" = 1 ]; then
  mkdir -p "$OUT/bytes"
  for graph in "$@"; do
    for p in ${BYTES_RANKS:-2 4}; do
      for sys in $SYSTEMS; do
        for it in 10 20; do
          run $sys $graph $p $it > "$OUT/bytes/$sys.$graph.p$p.i$it.log"
        done
      done
      for sys in $SYSTEMS; do
        case $sys in polyc|polyc-float|polyc-cartesian|polyc-metis) run $sys-acct $graph $p 20 > "$OUT/bytes/$sys-acct.$graph.p$p.log" ;; esac
      done
    done
  done
  exit 0
fi

for rep in $(seq 1 "$REPS"); do
  for graph in "$@"; do
    for p in 1 2 4; do
      for sys in $SYSTEMS; do
        run $sys $graph $p 20 > "$OUT/$sys.$graph.p$p.r$rep.log"
        echo "$sys $graph p$p rep$rep status $?" >> "$OUT/status"
      done
    done
  done
done
