//===- StreamPrefetchPass.cpp - Prefetching the neighbour stream ahead ---===//
//
// A loop over every vertex's whole edge list reads the neighbour array as a
// stream and per-vertex data at random through it. On a graph whose random
// reads miss the L2 and hit the L3, the two costs add up instead of
// overlapping, and prefetching the stream polyrt::kStreamDistance edges
// ahead makes the loop much faster (PageRank's pull on urand20: 0.6 of its
// time); on others it only costs (polyrt's stream_prefetch.h). The loop
// therefore times its first calls without and with the prefetches and keeps
// the faster (polyrt::StreamPrefetchChoice).
//
// Timing compares calls, so the pass gives the prefetch only to loops that
// do the same work on every call: an owner loop over every vertex (no
// frontier, no filter, no early exit or stop) of a const global edgeset,
// unweighted (the weights' stream is not prefetched), run in whole-owner
// tasks, not inside a par_for (whose iterations would time each other), not
// segmented, not split over NUMA nodes, and not counting accesses.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

bool sameWorkEveryCall(const EdgeTraversalExpr &t) {
  return !t.from && !t.toFilter && !t.srcFilter && !t.earlyExit && !t.concurrent &&
         constEdgeset(t.edges.get()) && !t.edges->type.isWeightedEdgeSet();
}

bool prefetchesAhead(const EdgeTraversalExpr &t, const VariantPlan &v) {
  const LoopNest &nest = v.nest;
  if (!sameWorkEveryCall(t) || v.numa || v.segments || v.accounting ||
      nest.roundsInOneRegion || nest.drainsCurrentBucket || nest.loops.size() != 2)
    return false;
  const ForLoop &owners = nest.loops[0];
  const ForLoop &edges = nest.loops[1];
  return owners.kind == ForLoop::Owners && owners.owners == OwnerList::AllVertices &&
         owners.walksVertexTasks() && edges.stop == EdgeStop::None;
}

} // namespace

bool polyc::runStreamPrefetchPass(Module &module, DiagnosticEngine & /*diags*/) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants)
      if (prefetchesAhead(*t, v))
        v.nest.loops[1].prefetchesAhead = true;
  return true;
}
