#!/usr/bin/env bash
# Writes the C++ polyc generates for every example and benchmark program
# under every schedule of examples/schedules/ and test/benchmarks/schedules/
# (and under none), one file per pair, so that a back-end change can be
# checked byte for byte: run it before and after, then `diff -r`.
# Pairs polyc rejects (a schedule naming labels the program lacks) are
# recorded as <pair>.rejected with polyc's message, so they are compared too.
#
#   scripts/codegen-corpus.sh OUT_DIR [POLYC]     (POLYC: build/bin/polyc)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/codegen-corpus.sh OUT_DIR [POLYC]}
polyc=${2:-$repo/build/bin/polyc}
mkdir -p "$out"
cd "$repo"
programs=(examples/*.gt test/benchmarks/programs/*.gt)
schedules=(none examples/schedules/*.sched test/benchmarks/schedules/*.sched)
accepted=0 rejected=0
for program in "${programs[@]}"; do
  for schedule in "${schedules[@]}"; do
    name="$(echo "${program%.gt}" | tr / _)__$(basename "${schedule%.sched}")"
    args=("$program" --emit=cpp -o "$out/$name.cpp")
    [[ $schedule == none ]] || args+=(-s "$schedule")
    if "$polyc" "${args[@]}" 2>"$out/$name.rejected"; then
      rm -f "$out/$name.rejected"
      accepted=$((accepted + 1))
    else
      rm -f "$out/$name.cpp"
      rejected=$((rejected + 1))
    fi
  done
done
echo "codegen-corpus: $accepted pairs generated, $rejected rejected, in $out"
