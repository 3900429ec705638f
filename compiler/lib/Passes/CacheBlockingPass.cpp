//===- CacheBlockingPass.cpp - Segmented subgraphs ------------------------===//
//
// configApplyNumSSG splits a pull traversal's sources into segments small
// enough that the source data a segment reads stays in cache (GraphIt's
// segmented subgraphs). The pull variant then runs once per segment, each
// pass over only the in-edges from that segment. Each destination is still
// updated by one thread at a time (segments run one after the other), so
// writes to it stay plain; an edge-parallel loop, which splits a
// destination's edges between threads, cannot be combined with it.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

bool polyc::runCacheBlockingPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    if (!s)
      continue;
    for (VariantPlan &v : t->variants) {
      v.segments.reset();
      const Located<SegmentOption> *option = optionFor(s->segments, v);
      if (!option)
        continue;
      if (v.loop.parallelization == Parallelization::EdgeParallel) {
        diags.error(option->loc, "cache blocking cannot be combined with an edge-parallel "
                                 "pull loop: segments keep each destination to one thread");
        if (const Located<ParallelOption> *p = optionFor(s->parallelization, v))
          diags.note(p->loc, "edge-parallel is set here");
        ok = false;
        continue;
      }
      v.segments = option->value;
    }
    ok &= checkReachesVariant(module, *t, s->segments, "'configApplyNumSSG'", diags);
  }
  for (const auto &[label, s] : module.schedule.byLabel)
    for (const auto &entry : s.segments)
      if (entry && !hasEdgeTraversal(module, label)) {
        reportNotApplicable(diags, entry->loc, "configApplyNumSSG", "edge traversals", label);
        ok = false;
        break;
      }
  return ok;
}

const Pass polyc::cacheBlockingPass = {
    "cache-blocking",
    "segmented subgraphs for pull variants (configApplyNumSSG)",
    TargetSet::all(), polyc::runCacheBlockingPass};
