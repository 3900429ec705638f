//===- SourceRegisterPass.cpp - A push's source priority read once ---------===//
//
// Delta-stepping's relaxation reads the source's distance at every edge:
//     func relax(src : Vertex, dst : Vertex, weight : int)
//         pq.updatePriorityMin(dst, dist[dst], dist[src] + weight);
//     end
// Each update is an atomic compare-and-swap, after which the C++ compiler
// must read dist[src] (and the address of dist's data) again. A hand-written
// delta-stepping reads it once per source (GAPBS's sssp.cc). This pass lets
// polyc do the same: the push reads dist[src] into a register before the
// source's edges and passes it to a copy of the function that reads the
// register instead.
//
// Why the answer does not change. The priority-update pass proved the
// function's repeats harmless (EdgeTraversalExpr::whyRoundsClaim is empty):
// it writes nothing but destinations' priorities, through the queue's
// updatePriorityMin/Max, assigns only its own locals, reads the priorities
// only at the source and calls only pure functions. So, during the
// traversal, the only writes to a vector the function reads at the source
// are those updates, by this thread or by others. Another thread's update
// may land before or after any read of this thread's: reading once is one
// of the orders the per-edge reads allow. This thread's own update reaches
// its source only through a self-loop, and an update that changes the
// source's priority puts the source into the queue again, so it is walked
// again with the new value, and walking a vertex again at a priority it had
// changes nothing (what the harmless repeats mean). Every edge is then
// relaxed with the final value, as it would have been.
//
// Conditions: a push variant (the source is the owner of the loop) without
// NUMA or cache blocking, of an applyUpdatePriority traversal whose repeats
// are harmless, whose function reads exactly one vector at its source
// parameter (directly, not through a called function), not stored in fused
// fields or read from replicas.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"

#include <set>

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// The vectors f's own statements read at its first parameter.
std::set<const VarDecl *> vectorsReadAtSource(FuncDecl &f) {
  std::set<const VarDecl *> vectors;
  if (f.params.empty())
    return vectors;
  const Decl *src = f.params[0].get();
  forEachExprIn(f.body, [&](Expr &x) {
    auto *index = dyn_cast<IndexExpr>(&x);
    auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
    auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
    auto *vector = base ? llvm::dyn_cast_or_null<VarDecl>(base->decl) : nullptr;
    if (vector && at && at->decl == src)
      vectors.insert(vector);
  });
  return vectors;
}

} // namespace

bool polyc::runSourceRegisterPass(Module &module, DiagnosticEngine &) {
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    if (!t->updatesPriority || !t->priorityQueue || !t->priorityRepeatsHarmless() ||
        !t->applyFunc)
      continue;
    std::set<const VarDecl *> read = vectorsReadAtSource(*t->applyFunc);
    // (A vector stored in fused fields or read from replicas is read the way
    // those are; the register would bypass it.)
    if (read.size() != 1 || llvm::is_contained(t->replicaReads, *read.begin()) ||
        fusedGroupOf(module, *read.begin()))
      continue;
    for (VariantPlan &v : t->variants)
      if (v.isPush() && !v.numa && !v.segments && !v.accumulation)
        v.sourceElementInRegister = *read.begin();
  }
  return true;
}

const Pass polyc::sourceRegisterPass = {
    "source-register",
    "a priority push reads the source's priority once per source",
    TargetSet::all(), polyc::runSourceRegisterPass};
