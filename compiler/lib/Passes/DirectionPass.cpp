//===- DirectionPass.cpp - Push, pull or hybrid --------------------------===//
//
// configApplyDirection picks the direction of an edge traversal; without it a
// traversal is SparsePush, GraphIt's default. The direction fixes the
// variants (the loops) the traversal is made of; a hybrid has a sparse push
// variant and a dense one and picks per call: dense when the frontier's work
// exceeds |E|/threshold or, with configHybridVertexThreshold, when it holds
// more than |V|/n vertices. A hybrid over all vertices (no `from`) would
// always pick its dense variant, so it is resolved to it here.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

Direction denseSide(Direction d) {
  return d == Direction::SparsePushDensePull ? Direction::DensePull : Direction::DensePush;
}

/// Whether the label's statement has a traversal scheduled as a hybrid
/// (including one over all vertices, resolved to its dense side).
bool hasHybrid(const Module &module, const std::string &label) {
  const ApplySchedule *s = module.schedule.find(label);
  return s && s->direction &&
         (s->direction->value == Direction::SparsePushDensePull ||
          s->direction->value == Direction::SparsePushDensePush) &&
         hasEdgeTraversal(module, label);
}

} // namespace

bool polyc::runDirectionPass(Module &module, DiagnosticEngine &diags) {
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    t->direction = s && s->direction ? s->direction->value : Direction::SparsePush;
    if (t->isHybrid() && !t->from) {
      for (const std::optional<ScheduleNumber> *threshold :
           {s ? &s->hybridThreshold : nullptr, s ? &s->hybridVertexThreshold : nullptr})
        if (threshold && *threshold)
          diags.warning((*threshold)->loc,
                        "'" + t->label + "' traverses all vertices, so it always runs its dense "
                        "variant; the threshold has no effect");
      t->direction = denseSide(t->direction);
    }
    if (s && s->hybridThreshold)
      t->hybridThreshold = *s->hybridThreshold;
    if (s && s->hybridVertexThreshold && t->isHybrid())
      t->hybridVertexThreshold = *s->hybridVertexThreshold;
    t->variants.clear();
    for (Variant v : variantsOf(t->direction)) {
      VariantPlan plan;
      plan.variant = v;
      t->variants.push_back(plan);
    }
  }

  bool ok = true;
  for (const auto &[label, s] : module.schedule.byLabel) {
    if (s.hybridVertexThreshold && !hasHybrid(module, label)) {
      reportNotApplicable(diags, s.hybridVertexThreshold->loc, "configHybridVertexThreshold",
                          "hybrid traversals (SparsePush-DensePull, SparsePush-DensePush)",
                          label);
      ok = false;
    }
    if (!s.direction || hasEdgeTraversal(module, label))
      continue;
    // GraphIt ignores a direction given to a vertex apply, and its own
    // published schedules do it (nested_par_for_schedule.gt): the same here,
    // said aloud.
    if (hasVertexTraversal(module, label)) {
      diags.warning(s.direction->loc, "'configApplyDirection' has no effect on '" + label +
                                          "', a vertex apply: only edge traversals have a "
                                          "direction");
      continue;
    }
    reportNotApplicable(diags, s.direction->loc, "configApplyDirection", "edge traversals",
                        label);
    ok = false;
  }
  return ok;
}

const Pass polyc::directionPass = {
    "direction",
    "push, pull or hybrid: the variants each edge traversal is made of",
    TargetSet::all(), polyc::runDirectionPass};
