//===- StreamPrefetchPass.cpp - Prefetching the neighbour stream ahead ---===//
//
// A loop over every vertex's whole edge list reads the neighbour array as a
// stream and per-vertex data at random through it. On a graph whose random
// reads miss the L2 and hit the L3, the two costs add up instead of
// overlapping, and prefetching the stream polyrt::kStreamDistance edges
// ahead makes the loop much faster; on others it only costs (polyrt's
// stream_prefetch.h, docs/benchmark-log/2026-11-28-1225-pagerank-stream-prefetch.md). The loop
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

/// The variant's owner loop, if it is one the prefetch fits: over every
/// vertex's whole list in whole-owner tasks, last of the variant's ops.
LoopOp *prefetchedLoop(const EdgeTraversalExpr &t, VariantPlan &v) {
  LoopNest &nest = v.nest;
  if (!sameWorkEveryCall(t) || v.numa || v.segments || v.accounting || nest.ops.empty())
    return nullptr;
  LoopOp &owners = nest.ops.back();
  if (owners.kind != LoopOp::OwnerLoop || owners.owners != OwnerList::AllVertices ||
      !owners.walksVertexTasks())
    return nullptr;
  const LoopOp *edges = nest.find(LoopOp::EdgeLoop);
  return edges && edges->stop == EdgeStop::None ? &owners : nullptr;
}

} // namespace

/// The loop becomes two copies, one prefetching, chosen per call.
bool polyc::runStreamPrefetchPass(Module &module, DiagnosticEngine & /*diags*/) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants)
      if (LoopOp *owners = prefetchedLoop(*t, v)) {
        LoopOp prefetching = *owners;
        for (LoopOp &op : prefetching.ops)
          if (op.kind == LoopOp::EdgeLoop)
            op.prefetchesAhead = true;
        LoopOp versioned;
        versioned.kind = LoopOp::Versioned;
        versioned.choice = VersionChoice::PrefetchAhead;
        versioned.ops = {std::move(prefetching), std::move(*owners)};
        *owners = std::move(versioned);
      }
  return true;
}

const Pass polyc::streamPrefetchPass = {
    "stream-prefetch",
    "loops over every vertex's whole list prefetch the neighbour stream ahead",
    {Target::CpuOpenMP}, polyc::runStreamPrefetchPass};
