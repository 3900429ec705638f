//===- OwnerPrefetchPass.cpp - Prefetching a push task's source offsets --===//
//
// A push over a frontier list reads each source's offsets at random (the
// list is in the order the sources were found), one source at a time
// between the previous source's edges and atomic claims (which, being
// locked instructions on x86, likely keep the core from running ahead to
// the next reads). A task of the dynamic loop therefore first prefetches
// the offsets of every source in its chunk, all at once, and then walks
// them, which pays on a grid's thousands of small BFS rounds
// (docs/benchmark-log/2026-11-28-1450-bfs-grid-push-prefetch.md).
//
// Only the owner loop over a frontier list in dynamic chunks gets it (the
// chunks are the tasks); not the ordered loops' rounds in one region or a
// bucket drain, whose loops are written differently.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

bool prefetchesOwnerOffsets(const LoopNest &nest, const LoopOp &loop) {
  return loop.kind == LoopOp::OwnerLoop && loop.owners == OwnerList::FrontierList &&
         loop.shape == LoopShape::Dynamic && !nest.drainsCurrentBucket;
}

} // namespace

bool polyc::runOwnerPrefetchPass(Module &module, DiagnosticEngine & /*diags*/) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants)
      v.nest.forEach([&](LoopOp &loop) {
        loop.prefetchesOwnerOffsets = prefetchesOwnerOffsets(v.nest, loop);
      });
  return true;
}

const Pass polyc::ownerPrefetchPass = {
    "owner-prefetch",
    "pushes over a frontier list prefetch each task's sources' offsets first",
    {Target::CpuOpenMP}, polyc::runOwnerPrefetchPass};
