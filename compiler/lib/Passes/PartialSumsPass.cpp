//===- PartialSumsPass.cpp - A pull's double sum in four registers --------===//
//
// A pull's register fold `x[dst] += value` on doubles waits for each add
// before the next (3-4 cycles each): with four partial sums the adds of four
// edges overlap (docs/schedule.md, "loop-nest and partial-sums"). The sum is
// reassociated, which the unspecified order of a floating-point sum over a
// destination's edges allows. Speed only, and tuned to a CPU core's add
// latency: cpu-openmp only.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

/// Only for the plain walk of a destination's whole in-list with nothing
/// else per edge (no frontier test, filter, early exit, stop, accounting or
/// tracking). Not for float: reassociated float sums moved kron20's PageRank
/// by 1e-5 relative, beyond the 1e-6 within which schedules must agree;
/// doubles move by ~1e-15.
int partialSumsOf(const EdgeTraversalExpr &t, const VariantPlan &v, EdgeStop stop) {
  const std::optional<Accumulation> &a = v.accumulation;
  if (v.isPush() || !a || a->fold->op != AssignOp::Add || a->fold->target->type.kind != Type::Double ||
      a->tracksChange || a->readsFoldedAtSource || a->combinesAtomically || v.numa ||
      v.segments || v.accounting || v.loop.parallelization == Parallelization::EdgeParallel ||
      (t.from && !a->perSource) || t.srcFilter || t.earlyExit || stop != EdgeStop::None)
    return 1;
  return 4;
}

/// The unrolled form is written for whole owners in OwnerLoop's own tasks.
void splitSum(const EdgeTraversalExpr &t, const VariantPlan &v, LoopNest &nest) {
  nest.forEach([&](LoopOp &loop) {
    if (loop.kind != LoopOp::OwnerLoop || !loop.walksVertexTasks())
      return;
    for (LoopOp &edges : loop.ops)
      if (edges.kind == LoopOp::EdgeLoop)
        edges.partialSums = partialSumsOf(t, v, edges.stop);
  });
}

} // namespace

bool polyc::runPartialSumsPass(Module &module, DiagnosticEngine & /*diags*/) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      splitSum(*t, v, v.nest);
      if (v.numa)
        splitSum(*t, oneNodeVariant(v), v.numa->oneNode);
    }
  return true;
}

const Pass polyc::partialSumsPass = {
    "partial-sums",
    "a pull's double += register fold split into four partial sums",
    {Target::CpuOpenMP}, polyc::runPartialSumsPass};
